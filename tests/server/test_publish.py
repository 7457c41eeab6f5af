"""A table's state frames: built once for connections alike (same seat, same log sent), each seat its view."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from cardtable.server.limits import Limits
from cardtable.server.setup import SeatSpec, TableSetup
from cardtable.server.storage import TableRecord
from cardtable.server.tables import Connection, LiveTable

SETUP = TableSetup("drump", 5, {}, (SeatSpec("Robin"), SeatSpec("Sasha")))


def _sent(connection: Connection) -> list[dict[str, Any]]:
    frames = []
    while not connection.outbox.empty():
        text = connection.outbox.get_nowait()
        assert text is not None
        frames.append(json.loads(text))
    return frames


def test_connections_alike_share_one_frame_and_each_seat_gets_its_own_view() -> None:
    async def scenario() -> tuple[int, dict[str, list[dict[str, Any]]]]:
        table = LiveTable(TableRecord("t1", SETUP, (None, None), "test", 0.0))
        seats = {"first": 0, "first again": 0, "second": 1, "watcher": None, "another watcher": None}
        connections = {}
        for name, seat in seats.items():
            connection = Connection("127.0.0.1", Limits())
            connection.table, connection.seat = table, seat
            table.connections.add(connection)
            connections[name] = connection
        rng = random.Random(3)
        for _ in range(6):
            table.match.play(rng.choice(list(table.match.legal_actions())), table.match.current_seat)
        # A watcher who came later was sent the log up to here already: its frame is its own.
        late = Connection("127.0.0.1", Limits())
        late.table, late.seat, late.log_sent = table, None, 4
        table.connections.add(late)
        connections["late watcher"] = late
        built = 0
        build = table.state_frame

        def counted(*arguments: Any) -> str:
            nonlocal built
            built += 1
            return build(*arguments)

        table.state_frame = counted  # type: ignore[method-assign,assignment]
        table.publish()
        return built, {name: _sent(connection) for name, connection in connections.items()}

    built, sent = asyncio.run(scenario())
    # One frame for each seat, the watchers', and the late watcher's.
    assert built == 4
    assert sent["first"] == sent["first again"]
    assert sent["watcher"] == sent["another watcher"]
    first, second, watcher, late = (sent[name][0] for name in ("first", "second", "watcher", "late watcher"))
    assert first["view"]["hand"] != second["view"]["hand"]
    assert watcher["view"]["hand"] == [] and first["view"]["hand"] and second["view"]["hand"]
    assert late["log"]["from"] == 4 and watcher["log"]["from"] == 0
    assert late["log"]["entries"] == watcher["log"]["entries"][4:]


def test_a_frame_is_the_compact_json_the_standard_library_writes() -> None:
    # Every game's state frames, seats and spectators alike, through a game played at random.
    from cardtable.games import get_game

    for name in ("drump", "scout", "dnup", "fm"):
        game = get_game(name)
        setup = TableSetup(name, 7, {}, (SeatSpec("Robin"), SeatSpec("Sasha (bot)", bot="random")))
        table = LiveTable(TableRecord("t1", setup, (None, None), "test", 0.0))
        rng = random.Random(7)
        for _ in range(40):
            if table.match.is_over:
                break
            for seat in (0, 1, None):
                connection = Connection("127.0.0.1", Limits())
                connection.table, connection.seat = table, seat
                text = table.state_frame(connection, table.match.view(seat))
                assert text == json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":")), game
            table.match.play(rng.choice(list(table.match.legal_actions())), table.match.current_seat)


def test_a_named_tuple_in_a_frame_is_a_list_as_json_writes_it() -> None:
    from collections import namedtuple

    from cardtable.server.protocol import frame

    Pair = namedtuple("Pair", "left right")
    assert json.loads(frame("x", pair=Pair(1, "♥"), nested={"in": [Pair(2, 3)]})) == {
        "type": "x",
        "pair": [1, "♥"],
        "nested": {"in": [[2, 3]]},
    }
