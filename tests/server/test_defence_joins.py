"""A flood of spectators joining a table costs one frame a version, not one each (issue 20)."""

from __future__ import annotations

import dataclasses
import json
import random
import time

from cardtable.games import get_game
from cardtable.server.limits import Limits
from cardtable.server.setup import read_table_request
from cardtable.server.storage import TableRecord
from cardtable.server.tables import Connection, LiveTable


def _table(actions: int) -> LiveTable:
    request = {"protocol": 1, "game": "scout", "seats": [{"person": "A"}, {"person": "B"}, {"person": "C"}]}
    # A fixed deal: a fresh seed's game could end before the test's moves are made.
    setup = dataclasses.replace(read_table_request(request, Limits()), seed=1)
    match = setup.start_match()
    game = get_game("scout")
    rng = random.Random(5)
    played = []
    while not match.is_over and len(played) < actions:
        seat = match.current_seat
        assert seat is not None
        text = game.format_action(rng.choice(match.legal_actions()))
        match.play(text, seat)
        played.append((seat, text))
    return LiveTable(
        TableRecord("0123456789", setup, ("a", "b", "c"), "127.0.0.1", time.time(), tuple(played))
    )


def _spectator() -> Connection:
    return Connection("127.0.0.1", Limits())


def test_spectators_joining_share_one_frame_a_version_and_it_is_theirs() -> None:
    table = _table(30)
    first, second = _spectator(), _spectator()
    frame = table.first_state_frame(first)
    assert table.first_state_frame(second) is frame, "built once for every spectator of this version"
    fresh = _spectator()
    assert json.loads(frame) == json.loads(table.state_frame(fresh, table.match.view(None)))
    assert first.log_sent == second.log_sent == fresh.log_sent > 0
    # A move later, the frame is the new version's.
    seat = table.match.current_seat
    assert seat is not None
    table.match.play(table.match.legal_actions()[0], seat)
    later = table.first_state_frame(_spectator())
    assert json.loads(later)["version"] == json.loads(frame)["version"] + 1


def test_a_seat_joining_gets_its_own_view_never_the_spectators_frame() -> None:
    table = _table(10)
    watching = table.first_state_frame(_spectator())
    holder = _spectator()
    holder.seat = 0
    own = json.loads(table.first_state_frame(holder))
    assert own["seat"] == 1 and own != json.loads(watching)
    assert own["view"] == json.loads(table.state_frame(_spectator(), table.match.view(0)))["view"]
