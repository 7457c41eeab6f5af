"""A bot's move never appears sooner than the server's least answer time, whatever its pace."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.server.helpers import FAST, Client, ServerProcess

LEAST = 0.3


def test_a_bot_at_pace_0_answers_no_sooner_than_the_least_time(tmp_path: Path) -> None:
    limits = (
        *(limit for limit in FAST if not limit.startswith("min_bot")),
        f"min_bot_answer_seconds={LEAST}",
    )
    server = ServerProcess(tmp_path / "tables.sqlite", limits=limits).start()
    try:
        created = server.create_table("drump", [{"person": "A"}, {"bot": "random", "pace": 0}])

        async def scenario() -> list[float]:
            client = await Client(server.socket_url).open()
            state = await client.join(created["table"], created["seats"][0]["token"])
            waits: list[float] = []
            while len(waits) < 5:
                if not state["legal"]:
                    state = await client.next("state")
                    continue
                # The bot's turn can begin only once the server has our action: after we sent it.
                sent = time.monotonic()
                await client.send({"type": "action", "id": 0, "version": state["version"]})
                state = await client.next("state")
                if state["to_act"] == 2:
                    state = await client.next("state")
                    waits.append(time.monotonic() - sent)
            await client.close()
            return waits

        waits = asyncio.run(scenario())
    finally:
        server.stop()
    assert min(waits) >= LEAST, f"a bot's move appeared before the least time: {waits}"
