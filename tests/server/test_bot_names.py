"""Bots are named apart at every table: in its seats, its frames and its log."""

from __future__ import annotations

from cardtable.server.limits import Limits
from cardtable.server.setup import read_table_request


def _names(seats: list[dict[str, str]]) -> list[str]:
    setup = read_table_request({"protocol": 1, "game": "scout", "seats": seats}, Limits())
    return [seat.name for seat in setup.seats]


def test_bots_without_a_name_get_first_names_no_other_seat_has() -> None:
    seats = [
        {"person": "Robin"},
        {"bot": "heuristic"},
        {"bot": "heuristic"},
        {"bot": "random", "name": "Kim (bot)"},
    ]
    names = _names(seats + [{"bot": "random", "name": "random"}])
    assert names == ["Robin", "Sasha (bot)", "Alex (bot)", "Kim (bot)", "Jo (bot)"]


def test_a_named_bot_keeps_its_name_and_the_replay_names_each_bot() -> None:
    setup = read_table_request(
        {
            "protocol": 1,
            "game": "scout",
            "seats": [{"bot": "heuristic", "name": "Deep"}, {"bot": "heuristic"}, {"bot": "heuristic"}],
        },
        Limits(),
    )
    assert [seat.name for seat in setup.seats] == ["Deep", "Robin (bot)", "Sasha (bot)"]
    # The names the log's "Player N" is read with, in the browser and in the replay.
    assert setup.start_match().players == ["Deep", "Robin (bot)", "Sasha (bot)"]
