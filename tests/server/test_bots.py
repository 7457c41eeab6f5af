"""Bots think in workers: a long search holds up no other table, and a move waits for its budget or pace."""

from __future__ import annotations

import asyncio
import time

from tests.server.helpers import Client, ServerProcess

#: The thinking time of the slow bot, and the pace of the quick one (seconds).
SEARCH_SECONDS = 4.0
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
    slow = server.create_table("drump", [{"person": "A"}, {"bot": f"ismcts:{SEARCH_SECONDS:g}"}])
    quick = server.create_table("drump", [{"person": "A"}, {"bot": "random", "pace": PACE}])

    async def scenario() -> tuple[float, list[float]]:
        thinker = await Client(server.socket_url).open()
        state = await thinker.join(slow["table"], slow["seats"][0]["token"])
        state, sent = await _until_bot_turn(thinker, state, 2)
        search_began = time.monotonic() if sent is None else sent
        player = await Client(server.socket_url).open()
        other = await player.join(quick["table"], quick["seats"][0]["token"])
        waits = []
        # While the search runs, the quick bot's moves come at its pace.
        while time.monotonic() - search_began < SEARCH_SECONDS - 1.0:
            other, turn_came = await _until_bot_turn(player, other, 2)
            other = await player.next("state")
            if turn_came is not None:
                waits.append(time.monotonic() - turn_came)
            while other["to_act"] == 2:
                other = await player.next("state")
        while state["to_act"] == 2:
            state = await thinker.next("state")
        return time.monotonic() - search_began, waits

    searched, waits = asyncio.run(scenario())
    assert searched >= SEARCH_SECONDS, "the search's move appeared before its budget was spent"
    assert waits and all(PACE <= wait < PACE + 1.5 for wait in waits), waits
