"""The mcu test purple agent on a2a-sdk 1.x, served with A2A 0.3 compatibility.

Same behaviour and flags as examples/python/purple_agent.py (a2a-sdk 0.3.x),
so the Rust tests can check that the green agent also works against a 1.x
server. The JSON-RPC endpoint at `/` answers both the 1.0 methods
(`SendMessage`, ... with header `A2A-Version: 1.0`) and, through the SDK's
`enable_v0_3_compat=True`, the 0.3 methods (`message/send`, `message/stream`,
`tasks/get`, ...) with `kind`-tagged 0.3 shapes. The card lists a 1.0 and a
0.3 JSONRPC interface at the same URL; the SDK adds the 0.3 card fields
(`url`, `preferredTransport`, `protocolVersion`) from the 0.3 interface.

    python sdk1_agent.py --host 127.0.0.1 --port 9020 [--form ...] [--reply ...] [--seed N]
"""

from __future__ import annotations

import argparse
import base64
import binascii
import json
import logging
import random
from collections import OrderedDict
from typing import Any

import uvicorn
from google.protobuf.json_format import MessageToDict
from starlette.applications import Starlette

from a2a.helpers import new_task_from_user_message, new_text_message, new_text_part
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
from a2a.server.tasks import InMemoryTaskStore, TaskUpdater
from a2a.types import (
    AgentCapabilities,
    AgentCard,
    AgentInterface,
    AgentSkill,
    UnsupportedOperationError,
)

log = logging.getLogger("sdk1_agent")

# ---- protocol logic: kept identical to examples/python/purple_agent.py ----

FACTORED_BUTTONS = [
    "attack", "back", "forward", "jump", "left", "right", "sneak", "sprint",
    "use", "drop", "inventory",
    "hotbar.1", "hotbar.2", "hotbar.3", "hotbar.4", "hotbar.5",
    "hotbar.6", "hotbar.7", "hotbar.8", "hotbar.9",
]
COMPACT_BUTTONS_MAX = 8640
COMPACT_CAMERA_MAX = 120
MAX_CAMERA_DEG = 10.0


def choose_action(form: str, rng: random.Random) -> dict[str, Any]:
    if form == "compact":
        return {
            "type": "action",
            "buttons": [rng.randint(0, COMPACT_BUTTONS_MAX)],
            "camera": [rng.randint(0, COMPACT_CAMERA_MAX)],
        }
    pitch = round(rng.uniform(-MAX_CAMERA_DEG, MAX_CAMERA_DEG), 3)
    yaw = round(rng.uniform(-MAX_CAMERA_DEG, MAX_CAMERA_DEG), 3)
    pressed = [1 if rng.random() < 0.2 else 0 for _ in FACTORED_BUTTONS]
    if form == "factored":
        return {"type": "action", "buttons": pressed, "camera": [pitch, yaw]}
    if form == "envdict":
        action: dict[str, Any] = dict(zip(FACTORED_BUTTONS, pressed))
        action["camera"] = [pitch, yaw]
        return {"type": "action", "action_type": "env", "action": action}
    raise ValueError(f"unknown action form {form!r}")


def error(message: str) -> dict[str, Any]:
    return {"type": "error", "message": message}


def decode_jpeg(obs: Any) -> bytes:
    if not isinstance(obs, str) or not obs:
        raise ValueError("'obs' must be a non-empty base64 string")
    try:
        data = base64.b64decode(obs, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ValueError(f"'obs' is not valid base64: {exc}") from exc
    if len(data) < 4 or data[:3] != b"\xff\xd8\xff":
        raise ValueError(f"'obs' is not a JPEG ({len(data)} bytes, starts {data[:4].hex()})")
    return data


class MinecraftPlayer:
    MAX_EPISODES = 1024

    def __init__(self, form: str, seed: int) -> None:
        self.form = form
        self.seed = seed
        self.rngs: OrderedDict[str, random.Random] = OrderedDict()

    def _new_episode(self, context_id: str, text: str) -> random.Random:
        rng = random.Random(f"{self.seed}:{text}")
        self.rngs[context_id] = rng
        while len(self.rngs) > self.MAX_EPISODES:
            self.rngs.popitem(last=False)
        return rng

    def handle(self, payload: Any, context_id: str) -> dict[str, Any]:
        if not isinstance(payload, dict):
            return error("expected a JSON object")
        kind = payload.get("type")
        if kind == "init":
            prompt, text = payload.get("prompt"), payload.get("text")
            if not isinstance(prompt, str) or not isinstance(text, str):
                return error("init needs string fields 'prompt' and 'text'")
            self._new_episode(context_id, text)
            return {"type": "ack", "success": True, "message": f"ready: {text[:60]}"}
        if kind == "obs":
            step = payload.get("step")
            if not isinstance(step, int) or isinstance(step, bool) or step < 0:
                return error("obs needs a non-negative integer 'step'")
            try:
                decode_jpeg(payload.get("obs"))
            except ValueError as exc:
                return error(str(exc))
            rng = self.rngs.get(context_id) or self._new_episode(context_id, f"context:{context_id}")
            return choose_action(self.form, rng)
        return error(f"unknown message type {kind!r}")


# ---- A2A glue (a2a-sdk 1.x: protobuf types) ----


def _ints_back(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _ints_back(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_ints_back(v) for v in value]
    return value


def payload_of(context: RequestContext) -> Any:
    parts = context.message.parts if context.message else []
    for part in parts:
        if part.HasField("text"):
            try:
                return json.loads(part.text)
            except json.JSONDecodeError as exc:
                raise ValueError(f"text part is not JSON: {exc}") from exc
        if part.HasField("data"):
            # protobuf Value holds numbers as doubles: 3 arrives as 3.0. Undo
            # that so a data part behaves as it does on the 0.3 SDK.
            return _ints_back(MessageToDict(part.data))
    raise ValueError("message has no text or data part")


class PurpleExecutor(AgentExecutor):
    def __init__(self, player: MinecraftPlayer, reply: str) -> None:
        self.player = player
        self.reply = reply

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        context_id = context.context_id or ""
        try:
            answer = self.player.handle(payload_of(context), context_id)
        except ValueError as exc:
            answer = error(str(exc))
        text = json.dumps(answer, separators=(",", ":"))

        if self.reply == "message":
            await event_queue.enqueue_event(new_text_message(text, context_id=context_id))
            return

        task = context.current_task or new_task_from_user_message(context.message)
        await event_queue.enqueue_event(task)
        updater = TaskUpdater(event_queue, task.id, task.context_id)
        await updater.add_artifact([new_text_part(text)], name="action")
        await updater.complete(updater.new_agent_message([new_text_part(text)]))

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        raise UnsupportedOperationError()


def build_card(url: str) -> AgentCard:
    return AgentCard(
        name="mcu random purple agent (a2a-sdk 1.x)",
        description="Test purple agent for the mcu Minecraft benchmark on a2a-sdk 1.x with "
        "A2A 0.3 compatibility: acknowledges init and answers each observation with a seeded random action.",
        version="0.1.0",
        supported_interfaces=[
            AgentInterface(url=url, protocol_binding="JSONRPC", protocol_version="1.0"),
            AgentInterface(url=url, protocol_binding="JSONRPC", protocol_version="0.3"),
        ],
        capabilities=AgentCapabilities(streaming=True),
        default_input_modes=["text"],
        default_output_modes=["text"],
        skills=[
            AgentSkill(
                id="play-minecraft",
                name="Play Minecraft",
                description="Plays an mcu task: JSON init/obs messages in, JSON ack/action out.",
                tags=["minecraft", "mcu", "game"],
                examples=['{"type":"init","prompt":"...","text":"chop a tree"}'],
            )
        ],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9020)
    parser.add_argument("--card-url", help="URL advertised in the agent card")
    parser.add_argument("--form", choices=["compact", "factored", "envdict"], default="compact")
    parser.add_argument("--reply", choices=["message", "task"], default="message")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--log-level", default="warning")
    args = parser.parse_args()
    logging.basicConfig(level=args.log_level.upper())

    url = args.card_url or f"http://{args.host}:{args.port}/"
    card = build_card(url)
    handler = DefaultRequestHandler(
        agent_executor=PurpleExecutor(MinecraftPlayer(args.form, args.seed), args.reply),
        task_store=InMemoryTaskStore(),
        agent_card=card,
    )
    routes = [
        *create_agent_card_routes(card),
        *create_jsonrpc_routes(handler, rpc_url="/", enable_v0_3_compat=True),
    ]
    uvicorn.run(Starlette(routes=routes), host=args.host, port=args.port, log_level=args.log_level.lower())


if __name__ == "__main__":
    main()
