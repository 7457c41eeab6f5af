"""Following a search: how a bot tells a front end how much of its budget is spent.

Kept apart from the search itself (`cardtable.bots.ismcts`), which the
optional compiled build compiles: a runtime-checkable Protocol cannot be
compiled, and front ends ask `isinstance(bot, ReportsProgress)`.  Nor can
a compiled module define what stands for mypyc's class decorator when mypy
is not installed (`mypyc_attr`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    _Class = TypeVar("_Class")

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_Class], _Class]:
        """Read by mypyc when it compiles; at run time it does nothing, as mypy_extensions' own does."""
        return lambda cls: cls


#: Iterations between two progress reports (a report costs a call; a search runs thousands a second).
PROGRESS_EVERY = 16

#: Told how much of a search's budget is spent: (spent, budget, unit), unit "iterations" or "seconds".
ProgressReport = Callable[[float, float, str], None]


@runtime_checkable
class ReportsProgress(Protocol):
    """A bot whose search can be followed: set `progress` to be told how much of its budget is spent."""

    progress: ProgressReport | None
