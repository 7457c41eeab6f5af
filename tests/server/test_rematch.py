"""A rematch everyone joins: proposed by one seat, accepted by the others, one new table for them all."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from cardtable.server.limits import Limits
from cardtable.server.rematch import next_setup
from cardtable.server.setup import TableSetup, read_table_request
from cardtable.server.storage import TableRecord
from cardtable.server.tables import LiveTable
from tests.server.helpers import Client, ServerProcess, play_randomly


async def _finished_table(server: ServerProcess) -> tuple[dict[str, Any], dict[int, Client], int]:
    """A DRUMP table of two people played to its end; returns it, the seats' clients and who acted first."""
    created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bo"}])
    clients = {seat: await Client(server.socket_url).open() for seat in (0, 1)}
    first = {
        seat: await clients[seat].join(created["table"], created["seats"][seat]["token"]) for seat in (0, 1)
    }
    await play_randomly(clients, first, random.Random(4))
    return created, clients, first[0]["to_act"]


def test_a_rematch_proposed_by_one_and_accepted_by_the_other_seats_both_at_one_new_table(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        created, clients, first_to_act = await _finished_table(server)
        ann, bo = clients[0], clients[1]
        spectator = await Client(server.socket_url).open()
        await spectator.join(created["table"])
        await ann.send({"type": "rematch"})
        for client in (ann, bo, spectator):
            shown = await client.next("rematch")
            assert shown["by"] == 1 and shown["accepted"] == [1] and shown["waiting"] == [2], shown
        # A spectator has no say.
        await spectator.send({"type": "rematch"})
        refused = await spectator.next("error")
        assert refused["code"] == "spectator", refused
        await bo.send({"type": "rematch"})
        made = await ann.next("rematch")
        assert made["accepted"] == [1, 2] and made["new_table"], made
        tickets = [await client.next("rematch_table") for client in (ann, bo)]
        assert {ticket["new_table"] for ticket in tickets} == {made["new_table"]}
        assert [ticket["seat"] for ticket in tickets] == [1, 2]
        # Each seat's token went to that seat alone.
        assert tickets[0]["token"] not in "".join(bo.texts) and tickets[1]["token"] not in "".join(ann.texts)
        assert not any("rematch_table" in text for text in spectator.texts)
        states = [await Client(server.socket_url).open() for _ in range(2)]
        again = [await states[seat].join(made["new_table"], tickets[seat]["token"]) for seat in (0, 1)]
        assert [state["seat"] for state in again] == [1, 2]
        # The first player is passed on to the next seat.
        assert again[0]["to_act"] == first_to_act % 2 + 1
        for client in (ann, bo, spectator, *states):
            await client.close()

    asyncio.run(scenario())


def test_a_rematch_is_refused_while_the_game_goes_on_and_without_a_proposal(server: ServerProcess) -> None:
    async def scenario() -> list[str]:
        created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bo"}])
        ann = await Client(server.socket_url).open()
        await ann.join(created["table"], created["seats"][0]["token"])
        await ann.send({"type": "rematch"})
        codes = [(await ann.next("error"))["code"]]
        await ann.send({"type": "rematch", "accept": "yes"})
        codes.append((await ann.next("error"))["code"])
        _, clients, _ = await _finished_table(server)
        await clients[1].send({"type": "rematch", "accept": False})
        codes.append((await clients[1].next("error"))["code"])
        for client in (ann, *clients.values()):
            await client.close()
        return codes

    assert asyncio.run(scenario()) == ["playing", "malformed", "no_rematch"]


def test_a_seat_whose_person_did_not_come_is_played_by_a_bot_and_the_first_player_moves_on() -> None:
    request = {
        "protocol": 1,
        "game": "scout",
        "seats": [{"person": "Ann"}, {"person": "Bo"}, {"bot": "random"}],
    }
    setup = read_table_request(request, Limits())
    record = TableRecord("t1", setup, ("a", "b", None), "127.0.0.1", 1.0)
    table = LiveTable(record)
    first = table.game.current_seat(table.match.initial)
    following = next_setup(table, {0, 2})
    assert [(seat.name, seat.bot) for seat in following.seats] == [
        ("Ann", None),
        ("Bo (bot)", "heuristic"),
        ("Robin (bot)", "random"),
    ]
    assert following.first_seat == (first + 1) % 3 and following.seed != setup.seed
    # Stored and read back, the set-up keeps its first player, and its match starts with that seat.
    assert TableSetup.from_json(following.to_json()) == following
    assert following.start_match().current_seat == following.first_seat
