"""What every game's state shares: its event logs, and (most games) one seat deciding at a time.

A state keeps one log per seat, then the spectators' log (`core.events.LogNode`),
and how many events each holds.  A state that tree search plays on is
`unlogged`: it writes no more events, as nobody takes its views.  The games'
state classes derive from these and copy every field themselves, slot by slot
(docs/compiled.md), these fields included.  Compiled with the rules, so that a
compiled state calls them natively.  (The logs are read through Any: mypyc 2.4.1
crashes on an expression of the recursive LogNode type.)
"""

from __future__ import annotations

from typing import Any

from cardtable.core.events import Event, LogNode
from cardtable.core.game import NOBODY, Outcome
from cardtable.core.tuples import append_event


class LoggedState:
    """A state's event logs: one per seat, then the spectators'; their length; whether it logs."""

    __slots__ = ("log_length", "logs", "unlogged")

    logs: tuple[LogNode, ...]
    log_length: int
    unlogged: bool

    def log(self, event: Event, private_seat: int | None = NOBODY, hidden: Event | None = None) -> None:
        """Record an event (`hidden`: what all but `private_seat` see instead); nothing if unlogged."""
        if self.unlogged:
            return
        logs: tuple[Any, ...] = self.logs
        if len(logs) == 3:
            # Two seats' logs and the spectators' log, written directly (as append_event would):
            # the two-player games log nearly every action, and the general loop measured twice as slow.
            first, second, spectators = logs
            if hidden is None:
                self.logs = ((event, first), (event, second), (event, spectators))
            else:
                self.logs = (
                    (event if private_seat == 0 else hidden, first),
                    (event if private_seat == 1 else hidden, second),
                    (hidden, spectators),
                )
        else:
            self.logs = append_event(logs, event, private_seat, hidden)
        self.log_length += 1

    def start_logs(self, seats: int) -> None:
        """Empty logs for `seats` seats and the spectators, written to: a new game's."""
        self.logs = (None,) * (seats + 1)
        self.log_length = 0
        self.unlogged = False

    def logs_from_view(self, history: Any, seats: int) -> None:
        """Every log the one a view shows (`history`, its `View.history`): a state drawn from the view
        then shows its observer the same log."""
        self.logs = (history.node,) * (seats + 1)
        self.log_length = history.length
        self.unlogged = False


class TurnState(LoggedState):
    """A state in which one seat, `turn_seat`, decides at every step, until the game has a result."""

    __slots__ = ("result", "turn_seat")

    turn_seat: int
    result: Outcome | None

    def current_seat(self) -> int | None:
        """The seat that decides now (None once the game is over: a game's result and its end are set
        together)."""
        return None if self.result is not None else self.turn_seat
