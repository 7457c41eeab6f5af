"""Scout positions refused with the reason, notation, and what each seat may see."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from cardtable.core.errors import ActionParseError, PositionError
from cardtable.core.match import Match
from cardtable.games.scout import GAME
from cardtable.games.scout.actions import ACTIONS, format_action, parse_action
from tests.scout.helpers import match_from, play, position


def test_every_action_round_trips() -> None:
    for action in ACTIONS:
        assert parse_action(format_action(action)) == action


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("show", "expected show <position>"),
        ("show 0", "'0' is not a hand position"),
        ("show 5-3", "first <= last"),
        ("scout up at 1", "left or right"),
        ("scout left 3", "expected scout left|right [turned] at <position>"),
        ("keep it", "keep takes nothing after it"),
        ("jump", "unknown verb 'jump'"),
    ],
)
def test_bad_notation_is_refused(text: str, reason: str) -> None:
    with pytest.raises(ActionParseError, match=reason):
        parse_action(text)


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(position([["9/1", "2/3"], ["6/7"], ["4/5"]], active=["8/2"], owner=2))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hands"][1].append("9/1"), "9/1 appears twice"),
        (lambda d: d["hands"][1].append("1/9"), "1/9 appears twice"),
        (lambda d: d["hands"][1].append("7/7"), "'7/7' is not a card"),
        (lambda d: d["hands"][2].append("10/3"), "that card is not in play here"),
        (lambda d: d["aside"].pop(), "missing"),
        (lambda d: d.update(owner=None), "an active set needs its owner"),
        (lambda d: d.update(hands=[["9/1"]]), "give one hand per player, 2 to 5 of them, not 1"),
        (lambda d: d.update(tokens=[0, -1, 0]), "tokens are counts"),
        (lambda d: d.update(phase="dance"), "'dance' is not one of"),
        (lambda d: d.update(turn_seat=4), "4 is not a seat (1 to 3)"),
        (lambda d: d.update(known_in_hand=[["6/7"], [], []]), "is not a card of that hand"),
    ],
)
def test_impossible_positions_are_refused(change: Any, message: str) -> None:
    with pytest.raises(PositionError, match=re.escape(message)):
        match_from(broken(change))


def test_a_position_giving_its_chance_seed_draws_nothing() -> None:
    # The OpenSpiel bridge makes every draw a chance node: a seed the position gives is read, not drawn.
    match = Match(GAME, seed=3, seats=2)
    data = json.loads(json.dumps(GAME.position_of(match.state)))
    rng = random.Random(5)
    before = rng.getstate()
    state = GAME.state_from_position(data, rng, None)
    assert rng.getstate() == before and state.chance_seed == data["chance_seed"]
    del data["chance_seed"]
    assert GAME.state_from_position(data, rng, None).chance_seed == random.Random(5).getrandbits(63)


def test_a_position_round_trips() -> None:
    match = Match(GAME, seed=3, seats=4)
    for _ in range(30):
        match.play(match.legal_actions()[-1])
    data = json.loads(json.dumps(GAME.position_of(match.state)))
    again = Match(GAME, position=data, seed=1)
    assert GAME.position_of(again.state) == data


def test_a_hands_order_and_orientation_are_its_owners_secret() -> None:
    data = position([["9/1", "2/3", "7/8"], ["6/7", "5/1"], ["4/5"]], active=["8/2", "8/3"], owner=2)
    match = match_from(data)
    for seat in (1, 2, None):
        text = json.dumps(match.view(seat).to_json())
        for card in ("9/1", "1/9", "2/3", "3/2", "7/8", "8/7"):
            assert f'"{card}"' not in text
    assert match.view(0).to_json()["hand"] == ["9/1", "2/3", "7/8"]
    play(match, "scout left turned at 1")
    spectator = match.view(None).to_json()
    assert spectator["known_in_hand"][0] == ["2/8"]
    assert spectator["hand"] == []
    assert "turned" not in json.dumps(spectator["log"])
