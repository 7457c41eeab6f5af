"""The event log: typed events, one persistent log per observer, and the view of one log.

A game's events are small frozen values deriving from `Event`; front ends
read their fields by name.  A state keeps one log per seat and one for
spectators, each a persistent linked list of (newest event, older log):
appending shares the past, so copying a state copies no log, and an event
that names a card some observer may not see is written to that observer's
log in its redacted form, so that a hidden card is never stored where a
view could read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias


class Event:
    """Base of every game's log events (frozen dataclasses with slots)."""

    __slots__ = ()


#: A persistent event log: (newest event, the older log), or None when empty.
LogNode: TypeAlias = "tuple[Any, LogNode] | None"


def log_entries(node: LogNode, count: int | None = None) -> tuple[Any, ...]:
    """The last `count` events of a log (all of them by default), oldest first."""
    entries: list[Any] = []
    while node is not None and (count is None or len(entries) < count):
        entries.append(node[0])
        node = node[1]
    entries.reverse()
    return tuple(entries)


def append_event(
    logs: tuple[LogNode, ...], event: Any, private_seat: int | None = None, hidden: Any = None
) -> tuple[LogNode, ...]:
    """Each observer's log with one more event; `hidden` is what all but `private_seat` see instead.

    `logs` holds one log per seat, then the spectators' log.
    """
    if hidden is None:
        return tuple([(event, node) for node in logs])
    return tuple(
        [(event if observer == private_seat else hidden, node) for observer, node in enumerate(logs)]
    )


@dataclass(frozen=True, slots=True)
class ViewLog:
    """The events one seat saw: the log, its length, and where the current deal's events begin.

    Games dealt again each round (Scout, dnup) start a new deal part way
    through the log; events before `deal_start` tell of earlier deals.
    """

    node: LogNode
    length: int
    deal_start: int = 0

    def entries(self) -> tuple[Any, ...]:
        """Every event, oldest first."""
        return log_entries(self.node)

    def since(self, index: int) -> tuple[Any, ...]:
        """The events from `index` on, oldest first."""
        return log_entries(self.node, max(0, self.length - index))
