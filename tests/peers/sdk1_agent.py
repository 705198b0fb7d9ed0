"""The mcu test purple agent on a2a-sdk 1.x, served with A2A 0.3 compatibility.

Same behaviour and flags as examples/python/purple_agent.py (a2a-sdk 0.3.x),
so the Rust tests can check that the green agent also works against a 1.x
server; the SDK-independent part (payload checks, episodes, the seeded random
policy, flags) is the module both import, examples/python/mcu_protocol.py.
The JSON-RPC endpoint at `/` answers both the 1.0 methods
(`SendMessage`, ... with header `A2A-Version: 1.0`) and, through the SDK's
`enable_v0_3_compat=True`, the 0.3 methods (`message/send`, `message/stream`,
`tasks/get`, ...) with `kind`-tagged 0.3 shapes. The card lists a 1.0 and a
0.3 JSONRPC interface at the same URL; the SDK adds the 0.3 card fields
(`url`, `preferredTransport`, `protocolVersion`) from the 0.3 interface.

    python sdk1_agent.py --host 127.0.0.1 --port 9020 [--form ...] [--reply ...] [--seed N]
"""

from __future__ import annotations

import os
import sys
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

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "examples", "python")
)
import mcu_protocol  # noqa: E402
from mcu_protocol import MinecraftPlayer  # noqa: E402


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
    for part in context.message.parts if context.message else []:
        if part.HasField("text"):
            return mcu_protocol.json_payload(part.text)
        if part.HasField("data"):
            # protobuf Value holds numbers as doubles: 3 arrives as 3.0. Undo
            # that so a data part behaves as it does on the 0.3 SDK.
            return _ints_back(MessageToDict(part.data))
    raise ValueError(mcu_protocol.NO_PAYLOAD)


class PurpleExecutor(AgentExecutor):
    def __init__(self, player: MinecraftPlayer, reply: str) -> None:
        self.player = player
        self.reply = reply

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        context_id = context.context_id or ""
        text = self.player.reply_text(lambda: payload_of(context), context_id)

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
        skills=[AgentSkill(**mcu_protocol.SKILL)],
    )


def main() -> None:
    args = mcu_protocol.parse_args(__doc__, default_port=9020)
    card = build_card(args.card_url)
    handler = DefaultRequestHandler(
        # The default policy: the seeded random one, as the unedited template plays.
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
