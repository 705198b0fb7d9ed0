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
`choose_action` (keep per-episode memory in `episode.extra`). The protocol
itself (checking payloads, episodes, action forms, flags) is in
mcu_protocol.py, next to this file; this file is the A2A side.

Run:
    python purple_agent.py --host 127.0.0.1 --port 9019
"""

from __future__ import annotations

import logging
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

import mcu_protocol
from mcu_protocol import Episode, MinecraftPlayer, random_action

log = logging.getLogger("purple_agent")

# --------------------------------------------------------------------------
# Your policy.
# --------------------------------------------------------------------------


def choose_action(form: str, episode: Episode, step: int, jpeg: bytes) -> dict[str, Any]:
    """Decide the action for one observation. Replace this with your policy.

    `form` is the --form flag: return one action in that shape (the button
    and camera tables are in mcu_protocol.py; random_action shows all three).
    `jpeg` is the raw JPEG of the current frame (128x128 by default). Decode it
    with Pillow or OpenCV if your policy looks at pixels. `episode` is this
    task: `episode.prompt`, `episode.text`, `episode.rng` (seeded by --seed and
    the task text) and `episode.extra` for your own state.
    """
    return random_action(form, episode.rng)


# --------------------------------------------------------------------------
# A2A glue (a2a-sdk 0.3.x).
# --------------------------------------------------------------------------


def payload_of(context: RequestContext) -> Any:
    """The JSON object the green agent sent: a text part (or a data part).

    Raises ValueError when there is none, so the reply can say why.
    """
    for part in context.message.parts if context.message else []:
        if isinstance(part.root, TextPart):
            return mcu_protocol.json_payload(part.root.text)
        if isinstance(part.root, DataPart):
            return part.root.data
    raise ValueError(mcu_protocol.NO_PAYLOAD)


class PurpleExecutor(AgentExecutor):
    def __init__(self, player: MinecraftPlayer, reply: str) -> None:
        self.player = player
        self.reply = reply

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        context_id = context.context_id or ""
        text = self.player.reply_text(lambda: payload_of(context), context_id)

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
        skills=[AgentSkill(**mcu_protocol.SKILL)],
    )


def main() -> None:
    args = mcu_protocol.parse_args(__doc__, default_port=9019)
    player = MinecraftPlayer(args.form, args.seed, policy=choose_action, log=log)
    handler = DefaultRequestHandler(
        agent_executor=PurpleExecutor(player, args.reply),
        task_store=InMemoryTaskStore(),
    )
    app = A2AStarletteApplication(agent_card=build_card(args.card_url), http_handler=handler).build()
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level.lower())


if __name__ == "__main__":
    main()
