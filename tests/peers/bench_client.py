"""Benchmark a purple agent the way a Python green agent would (a2a-sdk 0.3 client).

    python bench_client.py --url http://127.0.0.1:9019 --steps 200 --warmup 20 --size 128

Resolves the agent card, builds ONE official a2a-sdk 0.3 client (JSON-RPC,
non-streaming `message/send`, long httpx timeout), sends an init message and
then warmup+steps obs messages carrying the init reply's contextId, checks every
reply (ack for init, action for obs; Message or Task), and prints one JSON line:

    {"steps": N, "mean_us": ..., "p50_us": ..., "p95_us": ...}

Latencies cover the measured (post-warmup) steps only: send -> parsed reply.
Any bad reply is an error: a message on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import math
import os
import statistics
import sys
import time
from typing import Any

import httpx
from a2a.client import A2ACardResolver, ClientConfig, ClientFactory, create_text_message_object
from a2a.types import DataPart, Message, Role, Task, TextPart

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tiny_jpeg import test_frame  # noqa: E402


class BadReply(Exception):
    pass


def parts_payloads(parts: list[Any]) -> list[Any]:
    found = []
    for part in parts or []:
        root = part.root
        if isinstance(root, TextPart):
            try:
                found.append(json.loads(root.text))
            except json.JSONDecodeError:
                pass
        elif isinstance(root, DataPart):
            found.append(root.data)
    return found


def reply_payload(event: Any) -> tuple[dict[str, Any], str | None]:
    """The JSON object in a reply and the reply's contextId."""
    if isinstance(event, Message):
        candidates, context_id = parts_payloads(event.parts), event.context_id
    elif isinstance(event, tuple) and isinstance(event[0], Task):
        task: Task = event[0]
        if task.status.state.value != "completed":
            raise BadReply(f"task ended in state {task.status.state.value}")
        candidates = parts_payloads(task.status.message.parts) if task.status.message else []
        for artifact in task.artifacts or []:
            candidates += parts_payloads(artifact.parts)
        context_id = task.context_id
    else:
        raise BadReply(f"unexpected reply {type(event).__name__}")
    for payload in candidates:
        if isinstance(payload, dict) and "type" in payload:
            return payload, context_id
    raise BadReply("reply holds no JSON object with a 'type'")


def percentile(sorted_values: list[float], pct: float) -> float:
    """Nearest-rank percentile."""
    rank = max(1, math.ceil(pct / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    jpeg_b64 = base64.b64encode(test_frame(args.size)).decode("ascii")
    timeout = httpx.Timeout(args.timeout)
    async with httpx.AsyncClient(timeout=timeout) as http:
        card = await A2ACardResolver(http, args.url).get_agent_card()
        # Talk to the endpoint we were given, whatever URL the card advertises.
        card = card.model_copy(update={"url": args.url})
        client = ClientFactory(ClientConfig(streaming=False, httpx_client=http)).create(card)

        async def send(payload: dict[str, Any], context_id: str | None) -> tuple[dict[str, Any], str | None]:
            message = create_text_message_object(Role.user, json.dumps(payload))
            message.context_id = context_id
            replies = [event async for event in client.send_message(message)]
            if len(replies) != 1:
                raise BadReply(f"expected one reply, got {len(replies)}")
            return reply_payload(replies[0])

        init = {"type": "init", "prompt": "bench: play Minecraft", "text": "bench task"}
        ack, context_id = await send(init, None)
        if ack.get("type") != "ack" or ack.get("success") is not True:
            raise BadReply(f"init reply is not a successful ack: {ack}")
        if not context_id:
            raise BadReply("init reply has no contextId")

        latencies_us: list[float] = []
        for step in range(args.warmup + args.steps):
            obs = {"type": "obs", "step": step, "obs": jpeg_b64}
            start = time.perf_counter()
            action, reply_context = await send(obs, context_id)
            elapsed = (time.perf_counter() - start) * 1e6
            if action.get("type") != "action":
                raise BadReply(f"step {step}: reply is not an action: {action}")
            if reply_context not in (None, context_id):
                raise BadReply(f"step {step}: reply context {reply_context} != {context_id}")
            if step >= args.warmup:
                latencies_us.append(elapsed)
        await client.close()

    ordered = sorted(latencies_us)
    return {
        "steps": args.steps,
        "mean_us": round(statistics.fmean(ordered), 1),
        "p50_us": round(percentile(ordered, 50), 1),
        "p95_us": round(percentile(ordered, 95), 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="Benchmark a purple agent over A2A 0.3 JSON-RPC.")
    parser.add_argument("--url", required=True, help="agent base URL, e.g. http://127.0.0.1:9019")
    parser.add_argument("--steps", type=int, default=100, help="measured obs steps")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured obs steps first")
    parser.add_argument("--size", type=int, default=128, help="observation width = height")
    parser.add_argument("--timeout", type=float, default=300.0, help="httpx timeout, seconds")
    args = parser.parse_args()
    if args.steps < 1 or args.warmup < 0 or args.size < 1:
        parser.error("need --steps >= 1, --warmup >= 0, --size >= 1")
    try:
        result = asyncio.run(run(args))
    except BadReply as exc:
        print(f"bench_client: bad reply: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
