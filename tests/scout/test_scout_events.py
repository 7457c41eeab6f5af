"""Scout's log: typed events read by name, redacted for other seats, round ends with their code and facts."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from cardtable.core.events import Event
from cardtable.core.match import Match
from cardtable.games.scout import GAME, RoundFacts, ScoutEnding, ScoutRoundEnding, events
from cardtable.games.scout.events import Dealt, GameEnded, RoundEnded, RoundStarted, Scouted, Shown
from tests.scout.helpers import match_from, play, position

EVENT_CLASSES = [
    value for value in vars(events).values() if inspect.isclass(value) and value.__module__ == events.__name__
]


@pytest.mark.parametrize("event_class", EVENT_CLASSES, ids=lambda cls: cls.__name__)
def test_events_are_frozen_slotted_dataclasses(event_class: type) -> None:
    assert issubclass(event_class, Event) and dataclasses.is_dataclass(event_class)
    assert event_class.__dataclass_params__.frozen
    assert "__slots__" in vars(event_class) and "__dict__" not in dir(event_class)


def test_a_new_game_logs_its_first_round_and_deals_each_hand_to_its_owner_only() -> None:
    match = Match(GAME, seed=3, seats=3, first_seat=1)
    own = match.view(2).log
    assert own[0] == RoundStarted(round=0, start_seat=1)
    assert own[3] == Dealt(seat=2, hand=match.state.hands[2])
    assert match.view(0).log[3] == Dealt(seat=2, hand=None)
    assert match.view(None).describe(match.view(None).log[0]) == "Round 1 begins; Player 2 starts"
    with pytest.raises(dataclasses.FrozenInstanceError):
        own[0].round = 5  # type: ignore[misc]


def test_where_a_scouted_card_went_is_written_for_the_scout_alone() -> None:
    data = position([["9/1", "8/1"], ["2/7"], ["6/7"]], active=["3/1", "4/2"], owner=2)
    match = match_from(data)
    play(match, "scout right turned at 2")
    mine = match.view(0).log[-1]
    theirs = match.view(1).log[-1]
    assert mine == Scouted(seat=0, card=mine.card, end=1, turned=True, position=1, with_show=False)
    assert theirs == dataclasses.replace(mine, turned=None, position=None)
    assert match.view(None).log[-1] == theirs
    assert match.view(0).describe(mine) == "Player 1 scouts 4/2 from the right end, turned, to position 2"
    assert match.view(1).describe(theirs) == "Player 1 scouts 4/2 from the right end"


def test_a_round_ended_by_an_empty_hand_names_who_went_out_and_exempts_nobody() -> None:
    data = position(
        [["9/1"], ["2/7", "3/7"], ["6/7"]],
        active=["4/1"],
        owner=2,
        captured=[["1/5"], [], []],
        tokens=[1, 2, 0],
    )
    match = match_from(data)
    play(match, "show 1")
    log = match.view(None).log
    shown = next(event for event in log if isinstance(event, Shown))
    assert (shown.seat, shown.captured) == (0, 1)
    end = next(event for event in log if isinstance(event, RoundEnded))
    assert end == RoundEnded(
        round=0,
        ending=ScoutRoundEnding.HAND_EMPTY,
        facts=RoundFacts(captured=(2, 0, 0), tokens=(1, 2, 0), hand_sizes=(0, 2, 1), exempt=None),
        points=(3, 0, -1),
        went_out=0,
    )
    assert (
        match.view(None).describe(end)
        == "Round 1 ends (a hand is empty): Player 1 +3, Player 2 +0, Player 3 -1"
    )


def test_a_round_ended_by_everyone_scouting_exempts_the_owner() -> None:
    data = position(
        [["9/1", "3/2"], ["2/7", "4/7"], ["6/7", "5/1"]], active=["8/2", "8/3"], owner=1, turn_seat=2
    )
    match = match_from(data)
    play(match, "scout left at 1", "scout left at 1")
    end = next(event for event in match.view(None).log if isinstance(event, RoundEnded))
    assert end.ending is ScoutRoundEnding.EVERYONE_SCOUTED
    assert end.facts.exempt == 0 and end.went_out is None and end.points == (2, -3, -3)
    assert "(everyone else scouted)" in match.view(None).describe(end)


def test_a_two_player_round_ended_by_no_show_or_scout_exempts_who_showed_last() -> None:
    data = position([["9/1", "2/1"], ["3/7", "6/1"]], active=["8/2"], owner=2, tokens=[1, 0])
    match = match_from(data)
    play(match, "show 1")
    end = next(event for event in match.view(None).log if isinstance(event, RoundEnded))
    assert end.ending is ScoutRoundEnding.NO_SHOW_OR_SCOUT and end.facts.exempt == 0
    assert end.facts == RoundFacts(captured=(1, 0), tokens=(1, 0), hand_sizes=(1, 2), exempt=0)
    assert "(no Show or Scout)" in match.view(None).describe(end)


def test_the_game_ends_with_the_most_points_as_its_code_and_reason() -> None:
    data = position([["9/1"], ["2/7", "3/7"]], active=["4/1"], owner=2, round=2, tokens=[0, 0], scores=[3, 6])
    match = match_from(data)
    play(match, "show 1")
    outcome = match.outcome
    assert outcome is not None
    assert outcome.ending is ScoutEnding.MOST_POINTS and outcome.reason == "the most points"
    assert outcome.to_json()["ending"] == "most_points"
    over = match.view(1).log[-1]
    assert over == GameEnded(winners=(0, 1), ending=ScoutEnding.MOST_POINTS, scores=(4, 4))
    assert match.view(1).describe(over) == "Game over: Player 1, Player 2 won"


def test_describe_refuses_what_is_not_a_scout_event() -> None:
    with pytest.raises(ValueError, match="not a Scout event"):
        Match(GAME, seed=1, seats=2).view(0).describe(("show", 0, (), 0))  # type: ignore[arg-type]
