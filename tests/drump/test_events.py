"""The DRUMP log as typed events: fields by name, secrets as None, the game's end with its facts."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from cardtable.core.events import Event
from cardtable.core.match import Match
from cardtable.games.drump import GAME, events
from cardtable.games.drump.cards import TEN, parse_card
from cardtable.games.drump.endings import DrumpEnding, ending_reason
from cardtable.games.drump.events import (
    Dealt,
    Drew,
    DrumpMade,
    ForceSet,
    GameOver,
    LastTurnGranted,
    TurnEnded,
    TurnStarted,
)
from tests.drump.helpers import match_from, play, position


def card(text: str) -> int:
    found = parse_card(text)
    assert found is not None
    return found


def test_every_event_is_a_small_frozen_value() -> None:
    members = inspect.getmembers(events, inspect.isclass)
    classes = [value for _, value in members if value.__module__ == events.__name__]
    assert len(classes) == 25
    for cls in classes:
        assert issubclass(cls, Event) and dataclasses.is_dataclass(cls) and "__slots__" in vars(cls)
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    event = Drew(seat=1, card=card("7h"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seat = 0  # type: ignore[misc]
    assert event == Drew(1, card("7h")) and hash(event) == hash(Drew(1, card("7h")))


def test_the_deal_is_logged_to_its_owner_and_only_counted_for_the_others() -> None:
    # Seat 2 plays first, so seat 1 still holds exactly the five cards dealt.
    match = Match(GAME, seed=3, first_seat=1)
    for seat in (0, 1, None):
        dealt = [event for event in match.view(seat).log if isinstance(event, Dealt)]
        assert [event.seat for event in dealt] == [0, 1]
        for event in dealt:
            assert (event.cards is not None) == (event.seat == seat)
    assert match.view(0).log[0] == Dealt(0, match.state.hands[0])
    assert match.view(1).log[0] == Dealt(0, None)
    assert match.view(1).describe(match.view(1).log[0]) == "Player 1 is dealt 5 cards"


def test_a_draw_and_a_face_down_set_name_the_card_to_its_owner_only() -> None:
    match = match_from(position(hands=(["4h", "2c"], []), stacks={(1, 1): ["5s"]}, deck_top=["3d", "Kh"]))
    play(match, "set 4h on 1")
    assert match.view(0).log[-1] == ForceSet(0, card("4h"), 0, False)
    assert match.view(1).log[-1] == ForceSet(0, None, 0, False)
    assert match.view(None).log[-1] == ForceSet(0, None, 0, False)
    play(match, "end")
    assert match.view(1).log[-3:] == (TurnEnded(0), TurnStarted(1, 2), Drew(1, card("3d")))
    assert match.view(0).log[-1] == Drew(1, None)
    assert match.view(1).describe(match.view(1).log[-1]) == "Player 2 draws 3d"
    assert match.view(0).describe(match.view(0).log[-1]) == "Player 2 draws a card"


def drump_now(first_seat: int) -> Match:
    """Seat 1 holds three Chimera parts and summons the fourth."""
    zones = {"head": "Xs", "wings": "Xh", "body": "Xd"}
    stacks = {(1, 1): ["4s", "6s"]}
    hands: tuple[list[str], list[str]] = (["Xc"], [])
    data = position(hands=hands, zones=(zones, {}), stacks=stacks, first_seat=first_seat, turn={"seat": 1})
    match = match_from(data)
    play(match, "summon Xc from 1")
    return match


def test_a_drump_ends_the_game_with_the_creature_and_who_made_it() -> None:
    match = drump_now(first_seat=2)
    over = match.view(1).log[-1]
    assert over == GameOver((0,), DrumpEnding.DRUMP, drump_seat=0, creature=TEN, deck_out_seat=None)
    assert match.outcome is not None
    assert match.outcome.reason == over.reason == "DRUMP (Chimera)"
    assert match.outcome.ending == DrumpEnding.DRUMP
    assert match.view(1).describe(over) == "Game over: Player 1 wins (DRUMP (Chimera))"


def test_a_deck_out_names_the_seat_that_had_to_draw() -> None:
    match = match_from(position(hands=(["2s"], []), zones=({"head": "Ks"}, {}), deck_size=0))
    play(match, "end")
    over = match.view(None).log[-1]
    assert over == GameOver((0,), DrumpEnding.DECK_OUT, drump_seat=None, creature=None, deck_out_seat=1)
    assert match.outcome is not None and match.outcome.reason == "the deck ran out when seat 2 had to draw"


def test_a_deck_out_in_the_last_turn_records_who_holds_drump() -> None:
    zones = ({"head": "Xs", "wings": "Xh", "body": "Xd"}, {"head": "Ks", "wings": "Kh", "body": "Kd"})
    data = position(hands=(["Xc"], []), zones=zones, stacks={(1, 1): ["4s", "6s"]}, deck_size=0)
    match = match_from(data)
    play(match, "summon Xc from 1")
    assert match.view(None).log[-2:] == (DrumpMade(0), LastTurnGranted(1))
    play(match, "end")
    over = match.view(None).log[-1]
    assert over == GameOver((0,), DrumpEnding.DECK_OUT, drump_seat=0, creature=TEN, deck_out_seat=1)
    assert match.outcome is not None
    assert match.outcome.reason == "the deck ran out when seat 2 had to draw (Chimera)"


@pytest.mark.parametrize(
    ("ending", "creature", "deck_out_seat", "text"),
    [
        (DrumpEnding.DRUMP, None, None, "DRUMP"),
        (DrumpEnding.DRUMP, 13, None, "DRUMP (Dragon)"),
        (DrumpEnding.LAST_TURN, None, None, "DRUMP; the last turn did not answer it"),
        (DrumpEnding.LAST_TURN, 12, None, "DRUMP; the last turn did not answer it (Pegasus)"),
        (DrumpEnding.BOTH_DRUMP, 11, None, "both players made DRUMP (Hydra)"),
        (DrumpEnding.DECK_OUT, None, 0, "the deck ran out when seat 1 had to draw"),
    ],
)
def test_the_reason_is_made_from_the_ending_and_its_facts(
    ending: DrumpEnding, creature: int | None, deck_out_seat: int | None, text: str
) -> None:
    # These texts are recorded in the golden replays: they must not change.
    assert ending_reason(ending, creature, deck_out_seat) == text


def test_a_deck_out_reason_needs_its_seat() -> None:
    with pytest.raises(ValueError, match="names the seat"):
        ending_reason(DrumpEnding.DECK_OUT)
