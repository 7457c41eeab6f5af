"""dnup notation, positions refused with the reason, and what each seat may see."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from cardtable.core.errors import ActionParseError, PositionError
from cardtable.core.match import Match
from cardtable.games.dnup import GAME
from cardtable.games.dnup.actions import format_action, parse_action
from tests.dnup.helpers import match_from, play, position


def test_legal_actions_round_trip_through_text() -> None:
    match = Match(GAME, seed=1, seats=4)
    for _ in range(40):
        for action in match.legal_actions():
            assert parse_action(format_action(action)) == action
        match.play(match.legal_actions()[0])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("play", "expected play <card>"),
        ("play 5/2 6/1", "show one value"),
        ("play 5/2 5/2", "named twice"),
        ("play 5/5", "'5/5' is not a card"),
        ("add 5/2 3", None),
        ("add 5/2 on 3", "expected add <card> to <seat>"),
        ("take 9", "'9' is not a seat"),
        ("rotate now", "rotate takes nothing"),
        ("swap", "unknown verb 'swap'"),
    ],
)
def test_notation_errors(text: str, reason: str | None) -> None:
    if reason is None:
        assert format_action(parse_action(text)) == "add 5/2 to 3"
        return
    with pytest.raises(ActionParseError, match=re.escape(reason)):
        parse_action(text)


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(position([["9/1", "2/3"], ["6/7"], ["4/5"]], tables=[[], ["8/2"], []]))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hands"][1].append("1/9"), "1/9 appears twice"),
        (lambda d: d["aside"].pop(), "missing"),
        (lambda d: d["tables"][1].append("3/4"), "show one value"),
        (lambda d: d.update(out=[2]), "seats out have empty hands"),
        (lambda d: d.update(scores=[4, 0, 0]), "someone already has 4 points"),
        (lambda d: d.update(tables=[["2/8"], [], []], aside=[*d["aside"], "2/8"]), "appears twice"),
        (lambda d: d.update(hands=[["9/1"]]), "2 to 5 of them, not 1"),
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
        match.play(match.legal_actions()[-2 if len(match.legal_actions()) > 1 else 0])
    data = json.loads(json.dumps(GAME.position_of(match.state)))
    assert GAME.position_of(Match(GAME, position=data, seed=1).state) == data


def test_a_hand_is_secret_but_cards_seen_going_into_it_are_not() -> None:
    data = position([["9/1", "2/3"], ["6/7", "5/1"], ["4/5"]], tables=[[], [], ["8/2", "8/3"]])
    match = match_from(data)
    for seat in (1, 2, None):
        text = json.dumps(match.view(seat).to_json())
        for card in ("9/1", "1/9", "2/3", "3/2"):
            assert f'"{card}"' not in text
    play(match, "take 3")
    for seat in (1, 2, None):
        assert sorted(match.view(seat).to_json()["known_in_hand"][0]) == ["2/8", "3/8"]
    assert match.view(None).to_json()["hand"] == []
