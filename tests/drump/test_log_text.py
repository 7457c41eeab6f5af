"""Every DRUMP log line, pinned word for word: each event class, as its owner and as others see it.

These texts are what players read and what replays show; a change to one is
a change a player would notice, so it must be made on purpose here.
"""

from __future__ import annotations

import inspect

import pytest

from cardtable.core.events import Event
from cardtable.games.drump import events
from cardtable.games.drump.cards import KING, TEN, card_label, parse_card
from cardtable.games.drump.endings import DrumpEnding
from cardtable.games.drump.events import (
    AceCounted,
    AttackFailed,
    AttackGoesOn,
    Blocked,
    BlockWon,
    BurstMade,
    BurstWon,
    Countered,
    Dealt,
    Discarded,
    DrawDeclined,
    Drew,
    DrumpMade,
    ExtraJackPlaced,
    ForceSet,
    GameOver,
    LastTurnGranted,
    Passed,
    Received,
    Recycled,
    RecycledAndDrew,
    StackRevealed,
    Summoned,
    TurnEnded,
    TurnStarted,
)
from cardtable.games.drump.view import describe_event
from tests.drump.helpers import match_from, play, position


def c(text: str) -> int:
    card = parse_card(text)
    assert card is not None
    return card


def cs(text: str) -> tuple[int, ...]:
    return tuple(c(word) for word in text.split())


#: One line per event class and form (the redacted forms carry None where a card is hidden).
LINES: list[tuple[Event, str]] = [
    (Dealt(0, cs("2s 3h 4d 5c Kh")), "Player 1 is dealt 2s 3h 4d 5c Kh"),
    (Dealt(1, None), "Player 2 is dealt 5 cards"),
    (TurnStarted(1, 7), "Turn 7: Player 2"),
    (Drew(0, c("Qd")), "Player 1 draws Qd"),
    (Drew(1, None), "Player 2 draws a card"),
    (ForceSet(0, c("7h"), 2, True), "Player 1 sets 7h face up on slot 3"),
    (ForceSet(0, c("4c"), 0, False), "Player 1 sets 4c face down on slot 1"),
    (ForceSet(1, None, 3, False), "Player 2 sets a face-down card on slot 4"),
    (Summoned(0, c("Kd"), 1, cs("9h 4s")), "Player 1 summons Kd, paying 9h 4s from slot 2"),
    (ExtraJackPlaced(1, c("Jc"), c("Ah")), "Player 2 places Jc by Extra Jack, discarding Ah"),
    (RecycledAndDrew(0, c("Qs"), c("7s")), "Player 1 recycles Qs and draws 7s"),
    (RecycledAndDrew(0, c("Qs"), None), "Player 1 recycles Qs and draws a card"),
    (Recycled(0, c("Qs"), c("Xd")), "Player 1 recycles Qs and takes Xd from the pile"),
    (BurstMade(0, c("8c"), 0, cs("5s 4h")), "Player 1 bursts 8c on slot 1, revealing 5s 4h"),
    (BurstMade(1, c("6c"), 3, None), "Player 2 bursts 6c on slot 4"),
    (Received(1), "Player 2 receives the attack"),
    (StackRevealed(1, 2, cs("As 9d")), "Player 2's slot 3 is revealed: As 9d"),
    (AceCounted(1, c("As"), 11), "Player 2 counts As as 11"),
    (Blocked(1, c("Qh")), "Player 2 blocks with Qh"),
    (Countered(0, c("Kc")), "Player 1 counters with Kc"),
    (Passed(0), "Player 1 passes"),
    (AttackFailed(0, c("3c"), 1, 12), "The attack fails (12 is 13 or less): 3c joins slot 2"),
    (AttackGoesOn(0, 1), "Player 1 beats the block: the attack on slot 2 goes on"),
    (DrawDeclined(1), "Player 2 declines to draw"),
    (BurstWon(0, 2), "Player 1 wins the Burst: slot 3 goes to the pile"),
    (BlockWon(1, 0), "Player 2 wins the block: the stack on slot 1 stays"),
    (Discarded(1, c("2h")), "Player 2 discards 2h to the hand limit"),
    (TurnEnded(0), "Player 1 ends the turn"),
    (DrumpMade(1), "Player 2: DRUMP!"),
    (LastTurnGranted(0), "Player 1 plays one last turn"),
    (
        GameOver((0,), DrumpEnding.DRUMP, 0, TEN, None),
        "Game over: Player 1 wins (DRUMP (Chimera))",
    ),
    (
        GameOver((1,), DrumpEnding.LAST_TURN, 1, None, None),
        "Game over: Player 2 wins (DRUMP; the last turn did not answer it)",
    ),
    (
        GameOver((1,), DrumpEnding.BOTH_DRUMP, 0, KING, None),
        "Game over: Player 2 wins (both players made DRUMP (Dragon))",
    ),
    (
        GameOver((0, 1), DrumpEnding.DECK_OUT, None, None, 1),
        "Game over: a draw (the deck ran out when seat 2 had to draw)",
    ),
]


@pytest.mark.parametrize(("event", "text"), LINES, ids=lambda value: type(value).__name__)
def test_each_log_line_reads_as_pinned(event: Event, text: str) -> None:
    assert describe_event(event) == text


def test_every_event_class_has_its_line_pinned() -> None:
    members = inspect.getmembers(events, inspect.isclass)
    declared = {value for _, value in members if value.__module__ == events.__name__}
    assert declared == {type(event) for event, _ in LINES}


def test_names_and_card_labels_are_the_callers() -> None:
    names = ("Ana", "Bo")
    event = Summoned(1, c("Kd"), 1, cs("9h 4s"))
    assert describe_event(event, names, card_label) == "Bo summons K♦, paying 9♥ 4♠ from slot 2"
    assert describe_event(BlockWon(0, 3), names) == "Ana wins the block: the stack on slot 4 stays"
    over = GameOver((1,), DrumpEnding.DRUMP, 1, None, None)
    assert describe_event(over, names) == "Game over: Bo wins (DRUMP)"


def test_an_event_of_another_game_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown DRUMP event"):
        describe_event(Event())


def test_a_recycle_and_draw_is_one_line_naming_the_card_to_its_owner_only() -> None:
    # Issue 27: the log read "recycles Kc and draws a card", then "draws 7s", for one action.
    match = match_from(position(hands=(["Kc", "2s"], []), deck_top=["7s"]))
    before = {seat: len(match.view(seat).log) for seat in (0, 1, None)}
    play(match, "recycle Kc draw")
    lines = {
        seat: [match.view(seat).describe(event) for event in match.view(seat).log[before[seat] :]]
        for seat in (0, 1, None)
    }
    assert lines[0] == ["Player 1 recycles Kc and draws 7s"]
    assert lines[1] == lines[None] == ["Player 1 recycles Kc and draws a card"]
    assert sorted(match.view(0).hand) == sorted(cs("2s 7s"))


def test_a_recycle_that_takes_from_the_pile_is_one_line() -> None:
    match = match_from(position(hands=(["Kc", "2s"], []), pile=["Qd"]))
    before = len(match.view(1).log)
    play(match, "recycle Kc take Qd")
    assert [match.view(1).describe(event) for event in match.view(1).log[before:]] == [
        "Player 1 recycles Kc and takes Qd from the pile"
    ]
