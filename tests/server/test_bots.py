"""Bots think in workers: a long search holds up no other table, and a move waits for its budget or pace."""

from __future__ import annotations

import asyncio
import time

from tests.server.helpers import Client, ServerProcess

#: The thinking time of the slow bot, and the pace of the quick one (seconds).
SEARCH_SECONDS = 5.0
PACE = 0.5


async def _until_bot_turn(client: Client, state: dict, bot_seat: int) -> tuple[dict, float | None]:
    """Play the first legal action until the bot is to act; returns it and when we last acted."""
    sent = None
    while state["to_act"] != bot_seat:
        if state["legal"]:
            sent = time.monotonic()
            await client.send({"type": "action", "id": 0, "version": state["version"]})
        state = await client.next("state")
    return state, sent


def test_a_search_holds_up_no_other_table_and_moves_show_after_their_budget(server: ServerProcess) -> None:
    created_at = time.monotonic()
    slow = server.create_table("drump", [{"person": "A"}, {"bot": f"ismcts:{SEARCH_SECONDS:g}"}])
    quick = server.create_table("drump", [{"person": "A"}, {"bot": "random", "pace": PACE}])

    async def scenario() -> tuple[float, list[float]]:
        thinker = await Client(server.socket_url).open()
        state = await thinker.join(slow["table"], slow["seats"][0]["token"])
        state, sent = await _until_bot_turn(thinker, state, 2)
        # When the bot plays first, its search began when the table was made.
        search_began = created_at if sent is None else sent
        player = await Client(server.socket_url).open()
        other = await player.join(quick["table"], quick["seats"][0]["token"])
        waits = []
        # While the search runs, the quick bot's moves come at its pace: each wait runs from the frame
        # (or our action) that gave the bot its turn to the frame of its move.
        last = time.monotonic()
        while time.monotonic() - search_began < SEARCH_SECONDS - 1.0:
            if other["legal"]:
                last = time.monotonic()
                await player.send({"type": "action", "id": 0, "version": other["version"]})
            following = await player.next("state")
            arrived = time.monotonic()
            if other["to_act"] == 2:
                waits.append(arrived - last)
            other, last = following, arrived
        # The search's first move (a bot's turn may hold several).
        await thinker.next("state")
        return time.monotonic() - search_began, waits

    searched, waits = asyncio.run(scenario())
    assert searched >= SEARCH_SECONDS, "the search's move appeared before its budget was spent"
    assert len(waits) >= 2 and all(wait < PACE + 1.5 for wait in waits), waits
    assert sorted(waits)[len(waits) // 2] >= PACE * 0.8, f"the quick bot moved before its pace: {waits}"
