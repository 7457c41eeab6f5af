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

from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeAlias, TypeVar, cast, dataclass_transform


class Event:
    """Base of every game's log events, each declared with `@event`."""

    __slots__ = ()


EventT = TypeVar("EventT", bound=Event)


@dataclass_transform(frozen_default=True)
def event(cls: type[EventT]) -> type[EventT]:
    """Declare a log event: a frozen dataclass with slots, whose fields are its facts, by name.

    Its `__init__` fills the slots through their descriptors: a frozen
    dataclass's own `__init__` goes through `object.__setattr__` once a
    field, which measured 60% slower, and about two events are logged per
    action.  The instance is the same: frozen, compared and hashed by its
    fields.  Event fields take no defaults.
    """
    made = dataclass(frozen=True, slots=True)(cls)
    declared = fields(cast(Any, made))
    if any(field.default is not MISSING or field.default_factory is not MISSING for field in declared):
        raise TypeError(f"{cls.__name__}: an event's fields take no defaults")
    names = [field.name for field in declared]
    namespace: dict[str, Any] = {f"set_{name}": getattr(made, name).__set__ for name in names}
    lines = [f"def __init__(self, {', '.join(names)}):"]
    lines += [f"    set_{name}(self, {name})" for name in names]
    exec("\n".join(lines), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{made.__qualname__}.__init__"
    init.__doc__ = made.__init__.__doc__
    made.__init__ = init  # type: ignore[method-assign]
    return made


#: A persistent event log: (newest event, the older log), or None when empty.
LogNode: TypeAlias = "tuple[Event, LogNode] | None"


def log_entries(node: LogNode, count: int | None = None) -> tuple[Event, ...]:
    """The last `count` events of a log (all of them by default), oldest first."""
    entries: list[Event] = []
    while node is not None and (count is None or len(entries) < count):
        entries.append(node[0])
        node = node[1]
    entries.reverse()
    return tuple(entries)


@dataclass(frozen=True, slots=True)
class ViewLog:
    """The events one seat saw: the log, its length, and where the current deal's events begin.

    Games dealt again each round (Scout, dnup) start a new deal part way
    through the log; events before `deal_start` tell of earlier deals.
    """

    node: LogNode
    length: int
    deal_start: int = 0

    def entries(self) -> tuple[Event, ...]:
        """Every event, oldest first."""
        return log_entries(self.node)

    def since(self, index: int) -> tuple[Event, ...]:
        """The events from `index` on, oldest first."""
        return log_entries(self.node, max(0, self.length - index))
