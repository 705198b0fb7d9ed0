"""The mcu purple-agent protocol, without any A2A SDK: plain dicts in, plain dicts out.

What every Python purple agent for the mcu Minecraft benchmark needs whatever
A2A SDK it is built on. examples/python/purple_agent.py (a2a-sdk 0.3.x) and
tests/peers/sdk1_agent.py (a2a-sdk 1.x) both import it, so the two agents
answer the same way: same flags, same replies, same actions for the same
--seed and task text. Standard library only; keep it next to purple_agent.py.

The green agent sends one JSON object per request (in a text or data part):

    {"type": "init", "prompt": "<how to play>", "text": "<task text>"}
        -> {"type": "ack", "success": true, "message": "ready: <task text>"}
    {"type": "obs", "step": N, "obs": "<base64 JPEG>"}
        -> {"type": "action", ...}   in the --form shape (see random_action)
    anything else
        -> {"type": "error", "message": "..."}

What is here:

- the action-form tables (FACTORED_BUTTONS, COMPACT_*_MAX) and
  random_action(), the seeded random policy;
- Episode, an agent's memory of one task (one A2A context);
- MinecraftPlayer, which checks init/obs payloads, keeps the episodes, calls
  the policy and turns the answer into the reply's JSON text;
- json_payload(), error(), decode_jpeg(): the pieces of that;
- parse_args(): the command-line flags both agents take.

What an agent adds: reading the payload out of its SDK's message parts, sending
the reply text back as a Message or a Task, and the agent card.
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
from typing import Any, Callable

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
FORMS = ["compact", "factored", "envdict"]


@dataclass
class Episode:
    """What the agent remembers about one task (one A2A context)."""

    prompt: str
    text: str
    rng: random.Random  # seeded by (--seed, task text)
    steps_seen: int = 0
    extra: dict[str, Any] = field(default_factory=dict)  # your policy's own state


# A policy: (form, episode, step, jpeg) -> an action dict in that form.
Policy = Callable[[str, Episode, int, bytes], dict[str, Any]]


def random_action(form: str, rng: random.Random) -> dict[str, Any]:
    """One random action in `form` ("compact", "factored" or "envdict")."""
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


def random_policy(form: str, episode: Episode, step: int, jpeg: bytes) -> dict[str, Any]:
    """The default policy: a random action from the episode's seeded rng."""
    return random_action(form, episode.rng)


# --------------------------------------------------------------------------
# Protocol handling.
# --------------------------------------------------------------------------


def error(message: str) -> dict[str, Any]:
    return {"type": "error", "message": message}


def json_payload(text: str) -> Any:
    """The JSON in a text part; ValueError (the reply says why) if it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"text part is not JSON: {exc}") from exc


NO_PAYLOAD = "message has no text or data part"


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
    """Turns one green-agent payload into one reply payload.

    `policy` picks the action for each observation; `log`, if given, gets an
    info line for each init.
    """

    MAX_EPISODES = 1024  # forget the oldest contexts beyond this

    def __init__(
        self,
        form: str,
        seed: int,
        policy: Policy = random_policy,
        log: logging.Logger | None = None,
    ) -> None:
        self.form = form
        self.seed = seed
        self.policy = policy
        self.log = log
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
            if self.log:
                self.log.info("init context=%s task=%r", context_id, text[:80])
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
            return self.policy(self.form, episode, step, jpeg)
        return error(f"unknown message type {kind!r}")

    def reply_text(self, read_payload: Callable[[], Any], context_id: str) -> str:
        """The JSON text answering one request.

        `read_payload()` returns what the green agent sent, or raises
        ValueError (no usable part); that, or a ValueError from the policy,
        becomes an error reply.
        """
        try:
            answer = self.handle(read_payload(), context_id)
        except ValueError as exc:
            answer = error(str(exc))
        return json.dumps(answer, separators=(",", ":"))


# --------------------------------------------------------------------------
# Command line and agent card.
# --------------------------------------------------------------------------

# The one skill an mcu purple agent advertises (keyword arguments of AgentSkill).
SKILL = dict(
    id="play-minecraft",
    name="Play Minecraft",
    description="Plays an mcu task: JSON init/obs messages in, JSON ack/action out.",
    tags=["minecraft", "mcu", "game"],
    examples=['{"type":"init","prompt":"...","text":"chop a tree"}'],
)


def parse_args(doc: str, default_port: int) -> argparse.Namespace:
    """The agent's flags; sets up logging and fills in --card-url (http://HOST:PORT/)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=default_port)
    parser.add_argument("--card-url", help="URL advertised in the agent card")
    parser.add_argument("--form", choices=FORMS, default="compact")
    parser.add_argument("--reply", choices=["message", "task"], default="message")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--log-level", default="warning")
    args = parser.parse_args()
    logging.basicConfig(level=args.log_level.upper())
    args.card_url = args.card_url or f"http://{args.host}:{args.port}/"
    return args
