"""What every game's view holds: whose it is, the options, the phase, who decides, the outcome, the log.

A game's view class extends `SeatView` with what its seat may see of the
table, defines `describe` (an event in words) and writes its JSON through
`view_json`, which puts the parts every view's JSON shares around the game's.
Its `view(state, seat)` takes the shared parts from the state with
`seat_parts`.  A bot or encoding that needs a seat asks `own_seat` (a
spectator's view has none); a board of two sides asks `sides`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from cardtable.core.events import ViewLog
from cardtable.core.game import Outcome, seat_number

OptionsT = TypeVar("OptionsT")
EventT = TypeVar("EventT")


@dataclass(frozen=True, slots=True)
class SeatView(Generic[OptionsT, EventT]):
    """A state as `seat` (None: a spectator) may know it: the parts common to every game."""

    seat: int | None
    options: OptionsT
    phase: str
    current_seat: int | None
    outcome: Outcome | None
    history: ViewLog

    @property
    def log(self) -> tuple[EventT, ...]:
        """The events this seat saw, oldest first."""
        # A state logs only its own game's events.
        return cast(tuple[EventT, ...], self.history.entries())

    def own_seat(self, need: str) -> int:
        """The seat whose view this is; ValueError, saying `need` wants a seat, for a spectator's view."""
        if self.seat is None:
            raise ValueError(f"{need} is of a seat's view, not a spectator's")
        return self.seat

    def sides(self) -> tuple[int, int]:
        """In a game of two seats: the viewer's seat (the first, for a spectator's view) and the other."""
        near = 0 if self.seat is None else self.seat
        return near, 1 - near

    def describe(self, event: EventT) -> str:
        """One event in words."""
        raise NotImplementedError(f"{type(self).__name__} does not describe its events")

    def view_json(self, game: str, parts: dict[str, Any], with_log: bool) -> dict[str, Any]:
        """Plain data: the game's `parts` after its name, seat and phase, and before outcome and log."""
        return {
            "game": game,
            "seat": seat_number(self.seat),
            "phase": self.phase,
            "current_seat": seat_number(self.current_seat),
            **parts,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "log": [self.describe(event) for event in self.log] if with_log else None,
        }


def seat_parts(
    state: Any, seat: int | None, phase_names: Sequence[str], deal_start: int = 0
) -> dict[str, Any]:
    """The `SeatView` parts of `seat`'s view of `state`, from what every game's state keeps alike.

    Its `options`, `phase` (a number `phase_names` names), `current_seat()`,
    `result`, and `logs`: one a seat, the spectators' last; `deal_start` is
    where the current deal's events begin in them.
    """
    return {
        "seat": seat,
        "options": state.options,
        "phase": phase_names[state.phase],
        "current_seat": state.current_seat(),
        "outcome": state.result,
        "history": ViewLog(state.logs[-1 if seat is None else seat], state.log_length, deal_start),
    }
