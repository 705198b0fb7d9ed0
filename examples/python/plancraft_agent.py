"""A Plancraft purple agent for mcu: any OpenAI-compatible chat model plays.

mcu's Plancraft environment talks to this agent over A2A 0.3 JSON-RPC
(a2a-sdk 0.3.x). Each request is a user Message with one text part holding
a JSON object:

    {"type": "init", "prompt": "<the rules>", "text": "Craft an item of type: X"}
        -> {"type": "ack", "success": true}
    {"type": "obs", "step": N, "text": "<inventory or answer>", "obs": "<base64 PNG>"}
        -> the model's reply, sent back as it is (bare text such as
           "move: from [I2] to [A1] with quantity 1"); mcu reads it the way
           Plancraft's own evaluator does.

Per episode (A2A context) the agent keeps the chat: the rules as the system
message, each observation as a user message, each answer as an assistant
message. Start from here: change SYSTEM_HINT, trim the history, add
few-shot examples, or send the screen image (--images) to a vision model.

Run:
    OPENAI_API_KEY=... python plancraft_agent.py --model gpt-4o-mini --port 9020
    python plancraft_agent.py --base-url http://127.0.0.1:8000/v1 --api-key-env "" --model local
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.apps import A2AStarletteApplication
from a2a.server.events import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.tasks import InMemoryTaskStore
from a2a.types import (
    AgentCapabilities,
    AgentCard,
    AgentSkill,
    DataPart,
    TextPart,
    UnsupportedOperationError,
)
from a2a.utils import new_agent_text_message
from a2a.utils.errors import ServerError

log = logging.getLogger("plancraft_agent")

# Added after mcu's rules in the system message.
SYSTEM_HINT = "Answer with exactly one action and nothing else."


@dataclass
class Chat:
    """One episode's conversation with the model."""

    messages: list[dict[str, Any]] = field(default_factory=list)


class Model:
    """An OpenAI-compatible /chat/completions endpoint."""

    def __init__(self, base_url: str, model: str, api_key: str | None, images: bool) -> None:
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self.api_key = api_key
        self.images = images

    def user_message(self, text: str, image_base64: str | None) -> dict[str, Any]:
        if not (self.images and image_base64):
            return {"role": "user", "content": text}
        return {
            "role": "user",
            "content": [
                {"type": "text", "text": text},
                {"type": "image_url", "image_url": {"url": "data:image/png;base64," + image_base64}},
            ],
        }

    def complete(self, messages: list[dict[str, Any]]) -> str:
        body = json.dumps({"model": self.model, "messages": messages, "temperature": 0}).encode()
        request = urllib.request.Request(self.url, data=body, method="POST")
        request.add_header("Content-Type", "application/json")
        if self.api_key:
            request.add_header("Authorization", "Bearer " + self.api_key)
        with urllib.request.urlopen(request, timeout=120) as response:
            answer = json.load(response)
        return answer["choices"][0]["message"]["content"] or ""


class PlancraftExecutor(AgentExecutor):
    def __init__(self, model: Model) -> None:
        self.model = model
        self.chats: dict[str, Chat] = {}

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        context_id = context.context_id or ""
        try:
            reply = await self.reply(payload_of(context), context_id)
        except (ValueError, KeyError, urllib.error.URLError, OSError) as problem:
            log.warning("could not answer: %s", problem)
            reply = json.dumps({"type": "error", "message": str(problem)})
        await event_queue.enqueue_event(new_agent_text_message(reply, context_id=context_id))

    async def reply(self, payload: dict[str, Any], context_id: str) -> str:
        if payload.get("type") == "init":
            system = f"{payload.get('prompt', '')}\n{SYSTEM_HINT}"
            self.chats[context_id] = Chat([{"role": "system", "content": system},
                                           {"role": "user", "content": payload.get("text", "")}])
            return json.dumps({"type": "ack", "success": True})
        if payload.get("type") != "obs":
            raise ValueError(f"unexpected payload type {payload.get('type')!r}")
        chat = self.chats.setdefault(context_id, Chat())
        chat.messages.append(self.model.user_message(payload.get("text", ""), payload.get("obs")))
        answer = await asyncio.to_thread(self.model.complete, chat.messages)
        chat.messages.append({"role": "assistant", "content": answer})
        return answer.strip()

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        raise ServerError(error=UnsupportedOperationError())


def payload_of(context: RequestContext) -> dict[str, Any]:
    """The JSON object mcu sent, from a text or a data part."""
    for part in context.message.parts if context.message else []:
        if isinstance(part.root, TextPart):
            return json.loads(part.root.text)
        if isinstance(part.root, DataPart):
            return part.root.data
    raise ValueError("the message has no text or data part")


def build_card(url: str) -> AgentCard:
    return AgentCard(
        name="mcu Plancraft chat agent",
        description="Plays mcu's Plancraft environment with an OpenAI-compatible chat model.",
        url=url,
        version="0.1.0",
        capabilities=AgentCapabilities(streaming=True),
        default_input_modes=["text"],
        default_output_modes=["text"],
        skills=[AgentSkill(id="plancraft", name="Plancraft", description="Crafts items at a crafting table",
                           tags=["plancraft", "minecraft", "mcu"])],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9020)
    parser.add_argument("--card-url", help="the URL the agent card advertises (default http://HOST:PORT/)")
    parser.add_argument("--base-url", default="https://api.openai.com/v1", help="the chat API's base URL")
    parser.add_argument("--model", default="gpt-4o-mini")
    parser.add_argument("--api-key-env", default="OPENAI_API_KEY",
                        help="the environment variable holding the API key; '' for servers without keys")
    parser.add_argument("--images", action="store_true", help="send the screen image to the model too")
    parser.add_argument("--log-level", default="warning")
    args = parser.parse_args()
    logging.basicConfig(level=args.log_level.upper())
    api_key = os.environ.get(args.api_key_env) if args.api_key_env else None
    if args.api_key_env and not api_key:
        parser.error(f"set {args.api_key_env} (or pass --api-key-env '' for a server without keys)")
    model = Model(args.base_url, args.model, api_key, args.images)
    card_url = args.card_url or f"http://{args.host}:{args.port}/"
    handler = DefaultRequestHandler(agent_executor=PlancraftExecutor(model), task_store=InMemoryTaskStore())
    app = A2AStarletteApplication(agent_card=build_card(card_url), http_handler=handler).build()
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level.lower())


if __name__ == "__main__":
    main()
