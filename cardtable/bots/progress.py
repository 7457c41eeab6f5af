"""Following a search: how a bot tells a front end how much of its budget is spent.

Kept apart from the search itself (`cardtable.bots.ismcts`), which the
optional compiled build compiles: a runtime-checkable Protocol cannot be
compiled, and front ends ask `isinstance(bot, ReportsProgress)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

#: Iterations between two progress reports (a report costs a call; a search runs thousands a second).
PROGRESS_EVERY = 16

#: Told how much of a search's budget is spent: (spent, budget, unit), unit "iterations" or "seconds".
ProgressReport = Callable[[float, float, str], None]


@runtime_checkable
class ReportsProgress(Protocol):
    """A bot whose search can be followed: set `progress` to be told how much of its budget is spent."""

    progress: ProgressReport | None
