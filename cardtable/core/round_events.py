"""The events that open each round of a game dealt again every round (Scout, dnup).

A round begins, then each seat is dealt its hand; the deal is logged in full
to the seat dealt and with its cards left out (`hand` None) to everyone else.
Seats and rounds count from 0, as in the states.
"""

from __future__ import annotations

from cardtable.core.events import Event, event


@event
class RoundStarted(Event):
    """A round begins (from 0), `start_seat` deciding first."""

    round: int
    start_seat: int


@event
class Dealt(Event):
    """`seat` is dealt its hand, in the order it is held (None: not shown to this observer)."""

    seat: int
    hand: tuple[int, ...] | None
