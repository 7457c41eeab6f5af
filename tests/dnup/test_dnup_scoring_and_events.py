"""dnup's scoring for study (dnup.md), used by the engine; its log of typed events, read by name."""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

from cardtable.core.conformance import random_states
from cardtable.core.events import Event
from cardtable.core.match import Match
from cardtable.games.dnup import (
    GAME,
    DnupEnding,
    DnupRoundEnding,
    events,
    game_winner,
    round_points,
    turn_limit_places,
)
from cardtable.games.dnup.bots import DnupHeuristicBot
from cardtable.games.dnup.events import Dealt, GameEnded, Rotated, RoundEnded, RoundStarted, Took, WentOut
from cardtable.games.dnup.rules import ROTATE_ACTION
from tests.dnup.helpers import match_from, play, position


def test_the_first_out_scores_2_and_the_second_1() -> None:
    assert round_points([2, 0], 4) == (1, 0, 2, 0)
    assert round_points([1], 2) == (0, 2)
    assert round_points([], 3) == (0, 0, 0)
    assert round_points([3, 1, 0], 4) == (0, 1, 0, 2)


@pytest.mark.parametrize(
    ("out", "seats", "reason"),
    [
        ([1, 1], 3, r"\[1, 1\] should list different seats from 0 to 2"),
        ([3], 3, r"\[3\] should list different seats from 0 to 2"),
        ([-1], 3, "should list different seats"),
        ([0], 0, "0 seats is not a number of players"),
    ],
)
def test_impossible_places_are_refused(out: list[int], seats: int, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        round_points(out, seats)


def test_the_winner_has_the_most_points_once_someone_reaches_the_target() -> None:
    assert game_winner([3, 2, 1], 4, first_out=0) is None
    assert game_winner([5, 4, 0], 4, first_out=1) == 0
    # Two reach the target in the same round: the one who scored 2 that round wins (dnup.md).
    assert game_winner([4, 4, 0], 4, first_out=1) == 1
    assert game_winner([4, 4, 0], 4, first_out=0) == 0
    with pytest.raises(ValueError, match=r"seats \[0, 1\] tie on 4 points and none of them went out first"):
        game_winner([4, 4, 0], 4, first_out=2)


@pytest.mark.parametrize("turn_limit", [60, 2])
def test_every_round_is_scored_by_the_study_functions_and_the_game_by_game_winner(turn_limit: int) -> None:
    # A limit of 2 turns a player makes most rounds end at the limit; 60 lets random players go out.
    options = GAME.option_table.resolve(overrides={"turn_limit": turn_limit})
    endings = set()
    for seats in (2, 3, 4, 5):
        state = list(random_states(GAME, seed=20 + seats, options=options, seats=seats))[-1][0]
        assert state.result is not None
        log = GAME.view(state, None).log
        starts = [event.start_seat for event in log if isinstance(event, RoundStarted)]
        ends = [event for event in log if isinstance(event, RoundEnded)]
        assert [event.points for event in ends] == list(state.round_scores)
        needed = 1 if seats == 2 else 2
        for start_seat, event in zip(starts, ends, strict=True):
            endings.add(event.ending)
            if event.ending is DnupRoundEnding.TURN_LIMIT:
                assert len(event.out) < needed
                placed = turn_limit_places(event.out, event.hand_sizes, start_seat, needed)
                assert event.by_hand_size == placed
            else:
                assert len(event.out) == needed and event.by_hand_size == ()
                by_places = {1: DnupRoundEnding.FIRST_OUT, 2: DnupRoundEnding.SECOND_OUT}
                assert event.ending is by_places[needed]
            assert event.points == round_points(event.out + event.by_hand_size, seats)
        over = log[-1]
        assert isinstance(over, GameEnded)
        last = ends[-1]
        assert over.winner == game_winner(state.scores, 4, (last.out + last.by_hand_size)[0])
        assert state.result.winners == (over.winner,) and state.result.ending is DnupEnding.TARGET
        assert state.result.reason == "reached the target"
    if turn_limit == 2:
        assert DnupRoundEnding.TURN_LIMIT in endings
    else:
        assert endings == {DnupRoundEnding.FIRST_OUT, DnupRoundEnding.SECOND_OUT}


@pytest.mark.parametrize(
    "event_class",
    [
        value
        for value in vars(events).values()
        if inspect.isclass(value) and value.__module__ == events.__name__
    ],
    ids=lambda cls: cls.__name__,
)
def test_events_are_frozen_slotted_dataclasses(event_class: type) -> None:
    assert issubclass(event_class, Event) and dataclasses.is_dataclass(event_class)
    assert event_class.__dataclass_params__.frozen
    assert "__slots__" in vars(event_class) and "__dict__" not in dir(event_class)


def test_a_hand_is_dealt_to_its_owner_only_and_moves_are_read_by_name() -> None:
    match = Match(GAME, seed=3, seats=3, first_seat=2)
    assert match.view(1).log[:2] == (RoundStarted(round=0, start_seat=2), Dealt(seat=0, hand=None))
    assert match.view(0).log[1] == Dealt(seat=0, hand=match.state.hands[0])
    match = match_from(position([["2/1"], ["4/1"], ["6/1"]], tables=[[], ["7/3", "7/5"], []]))
    play(match, "take 2")
    took = match.view(2).log[-1]
    assert isinstance(took, Took) and (took.seat, took.target) == (0, 1)
    assert match.view(2).describe(took) == "Player 1 takes Player 2's cards, turned round: 3/7 5/7"


def test_going_out_and_the_round_end_are_logged_with_their_facts() -> None:
    match = match_from(position([["2/1"], ["4/1", "4/3"], ["6/1"], ["7/1"]], scores=[0, 0, 1, 0]))
    play(match, "play 2/1", "play 4/1 4/3")
    log = match.view(None).log
    assert [event for event in log if isinstance(event, WentOut)] == [WentOut(0, 1), WentOut(1, 2)]
    end = next(event for event in log if isinstance(event, RoundEnded))
    assert end == RoundEnded(
        round=0,
        ending=DnupRoundEnding.SECOND_OUT,
        out=(0, 1),
        by_hand_size=(),
        hand_sizes=(0, 0, 1, 1),
        points=(2, 1, 0, 0),
    )
    assert (
        match.view(None).describe(end)
        == "Round 1 ends (Player 1 and Player 2 went out): Player 1 +2, Player 2 +1"
    )
    match = match_from(position([["2/1"], ["4/1"], ["6/1"]]), round_end="first")
    play(match, "play 2/1")
    end = next(event for event in match.view(None).log if isinstance(event, RoundEnded))
    assert (end.ending, end.out, end.points) == (DnupRoundEnding.FIRST_OUT, (0,), (2, 0, 0))


def test_the_game_end_names_the_winner_and_its_code() -> None:
    match = match_from(position([["2/1"], ["4/1"], ["6/1"]], scores=[2, 3, 0], start_seat=1))
    play(match, "play 2/1", "play 4/1")
    assert match.view(2).log[-1] == GameEnded(winner=0, ending=DnupEnding.TARGET, scores=(4, 4, 0))
    assert match.view(2).describe(match.view(2).log[-1]) == "Game over: Player 1 wins"
    assert match.outcome is not None and match.outcome.to_json()["ending"] == "target"


def test_the_bot_reads_its_own_last_move_from_the_log_by_name() -> None:
    # A hand whose other ends make one large group: the bot turns it round, then will not turn it back.
    match = match_from(position([["1/5", "2/5", "3/5", "9/1"], ["4/1"]], tables=[[], ["8/2"]]))
    bot = DnupHeuristicBot()
    rng = random.Random(0)
    assert bot.choose(match.view(0), match.legal_actions(), rng) == ROTATE_ACTION
    play(match, "rotate", "rotate")
    assert Rotated(seat=0) in match.view(0).log
    assert bot.score(match.view(0), ROTATE_ACTION) == -100.0
    assert bot.choose(match.view(0), match.legal_actions(), rng) != ROTATE_ACTION
