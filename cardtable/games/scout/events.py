"""What a Scout log records: one small frozen value per event, read by field name.

Seats count from 0 and rounds from 0, as in the state; cards in a hand or on
the table are oriented codes (`cardtable.core.pairs`).  Two events have a
redacted form, written to the logs of every observer but one: a deal shows
its cards to the seat dealt only (`hand` None for the others), and where a
scouted card went and which way up is the scout's secret (`turned` and
`position` None for the others).

A round opens with the events of every game dealt round by round,
`RoundStarted` and `Dealt` (`cardtable.core.round_events`).
"""

from __future__ import annotations

from typing import TypeAlias

from cardtable.core.events import Event, event
from cardtable.core.round_events import Dealt, RoundStarted
from cardtable.games.scout.endings import RoundFacts, ScoutEnding, ScoutRoundEnding


@event
class Oriented(Event):
    """`seat` keeps its hand as dealt, or turns it round."""

    seat: int
    turned: bool


@event
class Shown(Event):
    """`seat` shows `cards`, capturing the `captured` cards of the active set it beat."""

    seat: int
    cards: tuple[int, ...]
    captured: int


@event
class Scouted(Event):
    """`seat` takes `card` from one `end` of the active set (0 left, 1 right).

    `turned` and `position` (where it went in the hand, from 0) are None for
    everyone but the scout; `with_show` says the Scout & Show chip was spent.
    """

    seat: int
    card: int
    end: int
    turned: bool | None
    position: int | None
    with_show: bool


@event
class Declined(Event):
    """Two players, option may_decline: `seat` neither Shows nor Scouts, ending the round."""

    seat: int


@event
class RoundEnded(Event):
    """A round (from 0) ends: why, the facts it was scored from, and each seat's points.

    `went_out` is the seat whose Show emptied its hand (ending HAND_EMPTY), else None.
    """

    round: int
    ending: ScoutRoundEnding
    facts: RoundFacts
    points: tuple[int, ...]
    went_out: int | None


@event
class GameEnded(Event):
    """The last round is over: the winners (more than one share the win), why, and the totals."""

    winners: tuple[int, ...]
    ending: ScoutEnding
    scores: tuple[int, ...]


#: Any event of a Scout log.
ScoutEvent: TypeAlias = RoundStarted | Dealt | Oriented | Shown | Scouted | Declined | RoundEnded | GameEnded
