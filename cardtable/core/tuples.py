"""Small helpers for states built from tuples."""

from __future__ import annotations

from typing import Any, TypeVar

from cardtable.core.events import Event

T = TypeVar("T")


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A tuple with one entry replaced."""
    return values[:index] + (value,) + values[index + 1 :]


def append_event(
    logs: tuple[Any, ...], event: Event, private_seat: int | None = None, hidden: Event | None = None
) -> tuple[Any, ...]:
    """Each observer's log (`core.events.LogNode`) with one more event; `hidden` is what all but
    `private_seat` see instead.

    `logs` holds one log per seat, then the spectators' log.  (Here, compiled with the rules, so that
    a compiled state calls it natively; the logs are typed Any, as mypyc 2.4.1 crashes on an
    expression of the recursive LogNode type.)
    """
    if hidden is None:
        return tuple([(event, node) for node in logs])
    return tuple(
        [(event if observer == private_seat else hidden, node) for observer, node in enumerate(logs)]
    )
