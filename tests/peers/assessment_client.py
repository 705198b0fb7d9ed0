"""Ask a green agent for one assessment the way AgentBeats does, with the official client.

    python assessment_client.py --url http://127.0.0.1:9009 --agent http://127.0.0.1:9019 \
        --mode stream|send [--config '{"max_steps": 10}'] [--request TEXT] [--timeout 300]

Works with a2a-sdk 0.3.x (`.venv/sdk03`) and with a2a-sdk 1.x (`.venv/sdk1`),
whose client talks to a 0.3 card through its 0.3 compatibility transport.
Resolves the green agent's card, sends one message whose text part is
{"participants": {"agent": AGENT}, "config": CONFIG} (or --request verbatim),
streaming (`message/stream`) or not (`message/send`, blocking), follows the
task to its end, fetches it again with `tasks/get`, and prints one JSON
object on stdout:

    {"sdk": "0.3.26", "mode": "stream", "task_id": "...",
     "states": ["submitted", "working", ..., "completed"],   # in order seen
     "texts": ["Running task: ...", ...],                     # status messages
     "artifact_events": 1,                                    # artifact-update events
     "final_state": "completed",
     "artifacts": [{"name": "Result", "texts": ["..."], "data": [{...}]}],
     "fetched_state": "completed", "fetched_artifacts": 1}

States use the 0.3 names on both SDKs. A client-side failure exits 2 with a
message on stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import json
import sys
from typing import Any

import httpx

SDK_VERSION = importlib.metadata.version("a2a-sdk")


def new_report(mode: str) -> dict[str, Any]:
    return {
        "sdk": SDK_VERSION,
        "mode": mode,
        "task_id": None,
        "states": [],
        "texts": [],
        "artifact_events": 0,
        "final_state": None,
        "artifacts": [],
        "fetched_state": None,
        "fetched_artifacts": None,
    }


# ---- a2a-sdk 0.3.x (pydantic types) ----


async def assess_0_3(args: argparse.Namespace, text: str) -> dict[str, Any]:
    from a2a.client import A2ACardResolver, ClientConfig, ClientFactory, create_text_message_object
    from a2a.types import (
        DataPart,
        Message,
        Role,
        TaskArtifactUpdateEvent,
        TaskQueryParams,
        TaskStatusUpdateEvent,
        TextPart,
    )

    def texts_of(parts: Any) -> list[str]:
        return [p.root.text for p in parts or [] if isinstance(p.root, TextPart)]

    report = new_report(args.mode)
    async with httpx.AsyncClient(timeout=httpx.Timeout(args.timeout)) as http:
        card = await A2ACardResolver(http, args.url).get_agent_card()
        config = ClientConfig(streaming=args.mode == "stream", httpx_client=http)
        client = ClientFactory(config).create(card)
        task = None
        async for event in client.send_message(create_text_message_object(Role.user, text)):
            if isinstance(event, Message):
                raise RuntimeError(f"expected a task, got a message: {event}")
            task, update = event
            if isinstance(update, TaskArtifactUpdateEvent):
                report["artifact_events"] += 1
                continue
            status = update.status if isinstance(update, TaskStatusUpdateEvent) else task.status
            report["states"].append(status.state.value)
            if status.message:
                report["texts"] += texts_of(status.message.parts)
        if task is None:
            raise RuntimeError("no reply")
        report["task_id"] = task.id
        report["final_state"] = task.status.state.value
        for artifact in task.artifacts or []:
            report["artifacts"].append(
                {
                    "name": artifact.name,
                    "texts": texts_of(artifact.parts),
                    "data": [p.root.data for p in artifact.parts if isinstance(p.root, DataPart)],
                }
            )
        fetched = await client.get_task(TaskQueryParams(id=task.id))
        report["fetched_state"] = fetched.status.state.value
        report["fetched_artifacts"] = len(fetched.artifacts or [])
        await client.close()
    return report


# ---- a2a-sdk 1.x (protobuf types) ----


def state_name(value: str) -> str:
    """`TASK_STATE_INPUT_REQUIRED` -> `input-required` (the 0.3 name)."""
    return value.removeprefix("TASK_STATE_").lower().replace("_", "-")


async def assess_1_x(args: argparse.Namespace, text: str) -> dict[str, Any]:
    from google.protobuf.json_format import MessageToDict

    from a2a.client import A2ACardResolver, ClientConfig, ClientFactory
    from a2a.helpers import new_text_message
    from a2a.types import GetTaskRequest, Role, SendMessageRequest

    def texts_of(parts: list[dict[str, Any]]) -> list[str]:
        return [p["text"] for p in parts if "text" in p]

    def describe_artifacts(task: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {
                "name": a.get("name"),
                "texts": texts_of(a.get("parts", [])),
                "data": [p["data"] for p in a.get("parts", []) if "data" in p],
            }
            for a in task.get("artifacts", [])
        ]

    report = new_report(args.mode)
    async with httpx.AsyncClient(timeout=httpx.Timeout(args.timeout)) as http:
        card = await A2ACardResolver(http, args.url).get_agent_card()
        config = ClientConfig(streaming=args.mode == "stream", httpx_client=http)
        client = ClientFactory(config).create(card)
        request = SendMessageRequest(message=new_text_message(text, role=Role.ROLE_USER))
        task: dict[str, Any] = {}
        artifacts: list[dict[str, Any]] = []
        async for response in client.send_message(request):
            event = MessageToDict(response)
            if "message" in event:
                raise RuntimeError(f"expected a task, got a message: {event}")
            if "artifactUpdate" in event:
                report["artifact_events"] += 1
                artifacts += describe_artifacts({"artifacts": [event["artifactUpdate"]["artifact"]]})
                continue
            if "task" in event:
                task = event["task"]
                status = task["status"]
                artifacts = describe_artifacts(task)
            else:
                status = event["statusUpdate"]["status"]
                task.setdefault("status", {}).update(status)
            report["states"].append(state_name(status["state"]))
            report["texts"] += texts_of(status.get("message", {}).get("parts", []))
        report["task_id"] = task.get("id")
        report["final_state"] = report["states"][-1] if report["states"] else None
        report["artifacts"] = artifacts
        fetched = MessageToDict(await client.get_task(GetTaskRequest(id=task["id"])))
        report["fetched_state"] = state_name(fetched["status"]["state"])
        report["fetched_artifacts"] = len(fetched.get("artifacts", []))
        await client.close()
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description="Run one assessment against a green agent.")
    parser.add_argument("--url", required=True, help="the green agent's base URL")
    parser.add_argument("--agent", default="", help="the purple agent's URL (participant `agent`)")
    parser.add_argument("--mode", choices=["stream", "send"], default="stream")
    parser.add_argument("--config", default="{}", help="the assessment's config, JSON")
    parser.add_argument("--request", help="send this text instead of the built request")
    parser.add_argument("--timeout", type=float, default=300.0, help="httpx timeout, seconds")
    args = parser.parse_args()
    text = args.request
    if text is None:
        text = json.dumps({"participants": {"agent": args.agent}, "config": json.loads(args.config)})
    assess = assess_0_3 if SDK_VERSION.startswith("0.") else assess_1_x
    try:
        report = asyncio.run(assess(args, text))
    except Exception as exc:  # noqa: BLE001 - any client failure is the test's failure
        print(f"assessment_client: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
