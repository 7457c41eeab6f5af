"""The match as the checked entry point: typed errors that name the input, and nothing changed."""

from __future__ import annotations

import json
import re

import pytest

from cardtable.core import replay
from cardtable.core.conformance import fingerprint
from cardtable.core.errors import (
    ActionParseError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    ReplayError,
)
from cardtable.core.match import Match, bot_rngs
from cardtable.core.players import RandomBot
from cardtable.games.drump import GAME
from tests.drump.helpers import match_from, play, position


@pytest.mark.parametrize(
    ("text", "seat", "error", "message"),
    [
        ("set 7z on 1", None, ActionParseError, "cannot read 'set 7z on 1' as an action"),
        ("set 2h on 1", None, IllegalActionError, "'set 2h on 1' is not legal now: 2h is not in your hand"),
        ("end", 1, NotYourTurnError, "seat 2 tried 'end', but seat 1 is to act"),
        ("block 2s", None, IllegalActionError, "no exchange or discard is under way"),
    ],
)
def test_refused_actions_raise_their_own_error_and_change_nothing(
    text: str, seat: int | None, error: type[Exception], message: str
) -> None:
    match = match_from(position(hands=(["2s"], ["3s"])))
    before = fingerprint(GAME, match.state)
    with pytest.raises(error) as raised:
        match.play(text, seat)
    assert message in str(raised.value)
    assert fingerprint(GAME, match.state) == before
    assert match.moves == []


def test_a_finished_game_refuses_every_action() -> None:
    match = match_from(position(deck_size=0))
    play(match, "end")
    assert match.is_over and match.current_seat is None and match.legal_actions() == []
    with pytest.raises(GameOverError, match="'end' refused: the game is over"):
        match.play("end")


def test_undo_rebuilds_the_state_before_the_actions() -> None:
    match = Match(GAME, seed=3)
    states = [fingerprint(GAME, match.state)]
    for _ in range(10):
        match.play(match.legal_actions()[0])
        states.append(fingerprint(GAME, match.state))
    match.undo(4)
    assert fingerprint(GAME, match.state) == states[6]
    match.undo(6)
    assert fingerprint(GAME, match.state) == states[0]
    with pytest.raises(ValueError, match="cannot undo 1 actions; 0 have been taken"):
        match.undo(1)


def test_undo_turn_takes_back_a_seats_last_decision_and_what_followed() -> None:
    match = match_from(position(hands=(["2s", "3s"], ["4s"])))
    play(match, "set 2s on 1", "end", "end")
    assert match.undo_turn(0) == 2
    assert [GAME.format_action(move.action) for move in match.moves] == ["set 2s on 1"]
    assert match.undo_turn(1) == 0


def test_a_game_too_small_for_its_players_is_refused() -> None:
    with pytest.raises(ValueError, match="2 seats, but 3 players"):
        Match(GAME, seed=1, players=["a", "b", "c"], seats=2)


HEADER = '{"format": "cardtable-replay", "version": 2, "game": "drump", "seed": 1'


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('"first_seat": [1]', "the first seat [1] is not a number"),
        ('"players": ["a", 2]', "players should be a list of names"),
        ('"players": "ab"', "players should be a list of names"),
        ('"position": [1, 2]', "the position should be a JSON object"),
    ],
)
def test_a_replay_header_with_a_malformed_field_is_refused_naming_it(extra: str, message: str) -> None:
    with pytest.raises(ReplayError, match=re.escape(f"game line 1: {message}")):
        replay.from_lines([HEADER + ", " + extra + "}"], "game")


def test_a_version_1_replay_counting_winners_from_0_still_loads() -> None:
    match = Match(GAME, seed=5, players=["random", "random"])
    match.play_bots({0: RandomBot(), 1: RandomBot()}, bot_rngs(5, 2))
    lines = replay.replay_lines(match)
    outcome = match.outcome
    assert outcome is not None
    lines[0]["version"] = 1
    # Version 1 wrote the winners from 0 and no ending code.
    old_outcome = {"winners": list(outcome.winners), "scores": list(outcome.scores), "reason": outcome.reason}
    lines[-1] = {"outcome": old_outcome}
    again = replay.from_lines([json.dumps(line) for line in lines])
    assert again.outcome == outcome
    lines[-1] = {"outcome": outcome.to_json()}
    with pytest.raises(ReplayError, match="records outcome"):
        replay.from_lines([json.dumps(line) for line in lines])
