"""What a Crazy Eights log records: one small frozen value per event, read by field name.

Seats count from 0, as in the state; cards are small integers (cards.py).
Two events have a redacted form: a deal shows its cards to the seat dealt
only, and a draw shows the card drawn to the drawer only (`hand`, `card`
None for everyone else).  Every other event is public: cards played lie face
up.  An eight turned as the starter is buried in the stock, so the log
counts it without naming it (the stock is secret).
"""

from __future__ import annotations

from typing import TypeAlias

from cardtable.core.events import Event, event
from cardtable.games.crazy_eights.endings import CrazyEightsEnding


@event
class Dealt(Event):
    """`seat` is dealt its hand (None: not shown to this observer)."""

    seat: int
    hand: tuple[int, ...] | None


@event
class StarterTurned(Event):
    """The starter is turned face up; `buried` eights were turned first and buried in the stock."""

    card: int
    buried: int
    first_seat: int


@event
class Played(Event):
    """`seat` plays `card` onto the discards."""

    seat: int
    card: int


@event
class Named(Event):
    """`seat`, having played an eight, names `suit` to follow."""

    seat: int
    suit: int


@event
class Drew(Event):
    """`seat` draws `card` from the stock (None: not shown to this observer)."""

    seat: int
    card: int | None


@event
class Passed(Event):
    """`seat` passes."""

    seat: int


@event
class Reshuffled(Event):
    """The stock ran out: `count` discards under the top card were shuffled into a new stock."""

    count: int


@event
class GameEnded(Event):
    """The game is over: why, who won, each seat's count of the cards left in hand, and the scores."""

    ending: CrazyEightsEnding
    winners: tuple[int, ...]
    counts: tuple[int, ...]
    scores: tuple[int, ...]


#: Any event of a Crazy Eights log.
CrazyEightsEvent: TypeAlias = Dealt | StarterTurned | Played | Named | Drew | Passed | Reshuffled | GameEnded
