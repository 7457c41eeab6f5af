"""What a dnup log records: one small frozen value per event, read by field name.

Seats count from 0 and rounds from 0, as in the state; cards are oriented
codes (`cardtable.core.pairs`).  One event has a redacted form: a deal shows
its cards to the seat dealt only (`hand` None for everyone else).  Every
other event is public: cards on the table, taken or beaten back are seen by all.

A round opens with the events of every game dealt round by round,
`RoundStarted` and `Dealt` (`cardtable.core.round_events`).
"""

from __future__ import annotations

from typing import TypeAlias

from cardtable.core.events import Event, event
from cardtable.core.round_events import Dealt, RoundStarted
from cardtable.games.dnup.endings import DnupEnding, DnupRoundEnding


@event
class Played(Event):
    """`seat` plays `cards` of one value in front of itself."""

    seat: int
    cards: tuple[int, ...]


@event
class Added(Event):
    """`seat` adds `card` to the cards in front of seat `target`."""

    seat: int
    card: int
    target: int


@event
class Took(Event):
    """`seat` takes the cards in front of seat `target` into its hand, turned round as `cards`."""

    seat: int
    target: int
    cards: tuple[int, ...]


@event
class Rotated(Event):
    """`seat` turns its whole hand round."""

    seat: int


@event
class Beaten(Event):
    """`seat` is beaten: its cards go turned round (`cards`) back into its hand, or, if it is out, away."""

    seat: int
    cards: tuple[int, ...]
    back_to_hand: bool


@event
class Discarded(Event):
    """At the start of its turn `seat` discards the cards in front of it."""

    seat: int
    cards: tuple[int, ...]


@event
class WentOut(Event):
    """`seat` has emptied its hand, in `place` (1 first, 2 second, ...)."""

    seat: int
    place: int


@event
class RoundEnded(Event):
    """A round (from 0) ends: why, who went out (first first), the hands, and each seat's points.

    At the turn limit (ending TURN_LIMIT) `by_hand_size` lists the seats that
    took the places left by holding the fewest cards, in place order; the
    hand sizes (each seat's cards in hand at the end) decided it.
    """

    round: int
    ending: DnupRoundEnding
    out: tuple[int, ...]
    by_hand_size: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    points: tuple[int, ...]


@event
class GameEnded(Event):
    """Someone reached the target: the winner, why, and the totals."""

    winner: int
    ending: DnupEnding
    scores: tuple[int, ...]


#: Any event of a dnup log.
DnupEvent: TypeAlias = (
    RoundStarted
    | Dealt
    | Played
    | Added
    | Took
    | Rotated
    | Beaten
    | Discarded
    | WentOut
    | RoundEnded
    | GameEnded
)
#: The events that are a player's own move.
MOVES = (Played, Added, Took, Rotated)
