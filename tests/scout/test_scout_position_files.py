"""Scout positions as files: the shipped template, the schema's refusals, seats from 1, round scores.

What every game's position files share is tested in tests/test_position_files.py.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cardtable.core.errors import PositionError
from cardtable.core.jsonio import parse_json
from cardtable.games.scout import GAME
from tests.scout.helpers import match_from, position

PACKAGE = Path(__file__).parents[2] / "cardtable" / "games" / "scout"
SCHEMA = json.loads((PACKAGE / "position.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def template() -> Any:
    text = (PACKAGE / "position.template.jsonc").read_text(encoding="utf-8")
    return parse_json(text, "position.template.jsonc", PositionError, comments=True)


def test_the_schema_refuses_what_the_reader_refuses() -> None:
    data = position([["9/1", "2/3"], ["6/7"], ["4/5"]], active=["8/2"], owner=2)
    assert VALIDATOR.is_valid(data)
    for change in (
        {"turn_seat": 0},
        {"phase": "dance"},
        {"active": ["7/7"]},
        {"active": ["11/2"]},
        {"options": {"speed": 1}},
    ):
        assert not VALIDATOR.is_valid({**data, **change}), change
        with pytest.raises(PositionError):
            match_from({**data, **change})


def test_the_template_is_three_players_in_the_second_round_written_back_whole() -> None:
    data = template()
    state = GAME.state_from_position(data, random.Random(0), None)
    assert (state.seats, state.round, state.turn_seat) == (3, 1, 2)
    assert GAME.position_of(state) == {key: value for key, value in data.items() if key != "preset"}


def test_seats_count_from_1_in_positions() -> None:
    data = position([["9/1", "2/3"], ["6/7"], ["4/5"]], active=["8/2"], owner=3, turn_seat=2, start_seat=2)
    state = match_from(data).state
    assert (state.turn_seat, state.start_seat, state.owner) == (1, 1, 2)
    written = GAME.position_of(state)
    assert (written["turn_seat"], written["start_seat"], written["owner"]) == (2, 2, 3)
    with pytest.raises(PositionError, match=re.escape("position owner: 0 is not a seat (1 to 3)")):
        match_from({**data, "owner": 0})


@pytest.mark.parametrize(
    ("round_scores", "where"),
    [([[1, 2]], "round_scores[0]"), ([[1, 2, "3"]], "round_scores[0]"), ([[0, 0, 0], 5], "round_scores[1]")],
)
def test_round_scores_hold_one_whole_number_per_seat(round_scores: list[Any], where: str) -> None:
    data = position([["9/1", "2/3"], ["6/7"], ["4/5"]], active=["8/2"], owner=2, round_scores=round_scores)
    with pytest.raises(
        PositionError, match=re.escape(f"position {where}: should hold one whole number per seat (3)")
    ):
        match_from(data)
    state = match_from({**data, "round": 2, "round_scores": [[3, 0, 1]]}).state
    assert state.round_scores == ((3, 0, 1),)
