"""A template purple agent for the mcu Minecraft benchmark (a2a-sdk 0.3.x).

The green agent (mcu) talks to this agent over A2A 0.3 JSON-RPC. Every request
is a user Message with one text part holding a JSON object:

    {"type": "init", "prompt": "<how to play>", "text": "<task text>"}
        -> {"type": "ack", "success": true, "message": "..."}
    {"type": "obs", "step": N, "obs": "<base64 JPEG>"}
        -> {"type": "action", ...}          (see choose_action below)

Anything else gets {"type": "error", "message": "..."} so the green agent
records a malformed reply instead of a silently wrong action.

This template plays random actions. To build a real agent, replace
`choose_action` (and, if you keep per-episode memory, `Episode`).

Run:
    python purple_agent.py --host 127.0.0.1 --port 9019
"""

from __future__ import annotations

import argparse
import base64
import binascii
import json
import logging
import random
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.apps import A2AStarletteApplication
from a2a.server.events import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.tasks import InMemoryTaskStore, TaskUpdater
from a2a.types import (
    AgentCapabilities,
    AgentCard,
    AgentSkill,
    DataPart,
    Part,
    TextPart,
    UnsupportedOperationError,
)
from a2a.utils import new_agent_text_message, new_task
from a2a.utils.errors import ServerError

log = logging.getLogger("purple_agent")

# --------------------------------------------------------------------------
# Action forms accepted by the mcu green agent.
# --------------------------------------------------------------------------

# Factored form: 20 buttons in exactly this order, camera [pitch, yaw] degrees.
FACTORED_BUTTONS = [
    "attack", "back", "forward", "jump", "left", "right", "sneak", "sprint",
    "use", "drop", "inventory",
    "hotbar.1", "hotbar.2", "hotbar.3", "hotbar.4", "hotbar.5",
    "hotbar.6", "hotbar.7", "hotbar.8", "hotbar.9",
]
COMPACT_BUTTONS_MAX = 8640  # compact joint button index, 0 = no-op
COMPACT_CAMERA_MAX = 120    # compact camera bin, 60 = no camera move
MAX_CAMERA_DEG = 10.0       # a sensible per-tick camera move


@dataclass
class Episode:
    """What the agent remembers about one task (one A2A context)."""

    prompt: str
    text: str
    rng: random.Random
    steps_seen: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


def choose_action(form: str, episode: Episode, step: int, jpeg: bytes) -> dict[str, Any]:
    """Decide the action for one observation. Replace this with your policy.

    `jpeg` is the raw JPEG of the current frame (128x128 by default). Decode it
    with Pillow or OpenCV if your policy looks at pixels.
    """
    rng = episode.rng
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


# --------------------------------------------------------------------------
# Protocol handling (no A2A types here: plain dicts in, plain dicts out).
# --------------------------------------------------------------------------


def error(message: str) -> dict[str, Any]:
    return {"type": "error", "message": message}


def decode_jpeg(obs: Any) -> bytes:
    """Decode the base64 observation and check that it looks like a JPEG."""
    if not isinstance(obs, str) or not obs:
        raise ValueError("'obs' must be a non-empty base64 string")
    try:
        data = base64.b64decode(obs, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ValueError(f"'obs' is not valid base64: {exc}") from exc
    # A JPEG starts with the SOI marker FF D8 followed by another marker (FF ..).
    if len(data) < 4 or data[:3] != b"\xff\xd8\xff":
        raise ValueError(f"'obs' is not a JPEG ({len(data)} bytes, starts {data[:4].hex()})")
    return data


class MinecraftPlayer:
    """Turns one green-agent payload into one reply payload."""

    MAX_EPISODES = 1024  # forget the oldest contexts beyond this

    def __init__(self, form: str, seed: int) -> None:
        self.form = form
        self.seed = seed
        self.episodes: OrderedDict[str, Episode] = OrderedDict()

    def _new_episode(self, context_id: str, prompt: str, text: str) -> Episode:
        # Seeded by (seed, task text): the same task gets the same actions,
        # whatever order tasks arrive in.
        episode = Episode(prompt=prompt, text=text, rng=random.Random(f"{self.seed}:{text}"))
        self.episodes[context_id] = episode
        while len(self.episodes) > self.MAX_EPISODES:
            self.episodes.popitem(last=False)
        return episode

    def handle(self, payload: Any, context_id: str) -> dict[str, Any]:
        if not isinstance(payload, dict):
            return error("expected a JSON object")
        kind = payload.get("type")
        if kind == "init":
            prompt, text = payload.get("prompt"), payload.get("text")
            if not isinstance(prompt, str) or not isinstance(text, str):
                return error("init needs string fields 'prompt' and 'text'")
            self._new_episode(context_id, prompt, text)
            log.info("init context=%s task=%r", context_id, text[:80])
            return {"type": "ack", "success": True, "message": f"ready: {text[:60]}"}
        if kind == "obs":
            step = payload.get("step")
            if not isinstance(step, int) or isinstance(step, bool) or step < 0:
                return error("obs needs a non-negative integer 'step'")
            try:
                jpeg = decode_jpeg(payload.get("obs"))
            except ValueError as exc:
                return error(str(exc))
            episode = self.episodes.get(context_id)
            if episode is None:  # obs without init in this context: play anyway
                episode = self._new_episode(context_id, "", f"context:{context_id}")
            episode.steps_seen += 1
            return choose_action(self.form, episode, step, jpeg)
        return error(f"unknown message type {kind!r}")


def payload_of(context: RequestContext) -> Any:
    """The JSON object the green agent sent: a text part (or a data part).

    Raises ValueError when there is none, so the reply can say why.
    """
    parts = context.message.parts if context.message else []
    for part in parts:
        if isinstance(part.root, TextPart):
            try:
                return json.loads(part.root.text)
            except json.JSONDecodeError as exc:
                raise ValueError(f"text part is not JSON: {exc}") from exc
        if isinstance(part.root, DataPart):
            return part.root.data
    raise ValueError("message has no text or data part")


# --------------------------------------------------------------------------
# A2A glue (a2a-sdk 0.3.x).
# --------------------------------------------------------------------------


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
            # No task id on the reply: the green agent only continues the context.
            await event_queue.enqueue_event(new_agent_text_message(text, context_id=context_id))
            return

        # --reply task: Task (submitted) -> artifact -> completed (with a status message).
        task = context.current_task or new_task(context.message)
        await event_queue.enqueue_event(task)
        updater = TaskUpdater(event_queue, task.id, task.context_id)
        await updater.add_artifact([Part(root=TextPart(text=text))], name="action")
        await updater.complete(updater.new_agent_message([Part(root=TextPart(text=text))]))

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        raise ServerError(error=UnsupportedOperationError())


def build_card(url: str) -> AgentCard:
    return AgentCard(
        name="mcu random purple agent",
        description="Template purple agent for the mcu Minecraft benchmark: "
        "acknowledges init and answers each observation with a seeded random action.",
        url=url,
        version="0.1.0",
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
    parser.add_argument("--port", type=int, default=9019)
    parser.add_argument("--card-url", help="URL advertised in the agent card")
    parser.add_argument("--form", choices=["compact", "factored", "envdict"], default="compact")
    parser.add_argument("--reply", choices=["message", "task"], default="message")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--log-level", default="warning")
    args = parser.parse_args()
    logging.basicConfig(level=args.log_level.upper())

    url = args.card_url or f"http://{args.host}:{args.port}/"
    handler = DefaultRequestHandler(
        agent_executor=PurpleExecutor(MinecraftPlayer(args.form, args.seed), args.reply),
        task_store=InMemoryTaskStore(),
    )
    app = A2AStarletteApplication(agent_card=build_card(url), http_handler=handler).build()
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level.lower())


if __name__ == "__main__":
    main()
