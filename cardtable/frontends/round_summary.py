"""A round's summary at the terminal (Scout, dnup): each seat's points for the round, the totals after it,
and why it ended, shown before the next deal and again with `round [N]`.

Everything in it is public: the view's scores of each round and the log's line that ends the round.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

_ENDED = re.compile(r"^Round (\d+) ends(.*?): ")


def rounds_done(view: Any) -> int:
    """How many rounds of the game have ended (0 for a game without rounds)."""
    return len(getattr(view, "round_scores", ()))


def _reason(view: Any, number: int, names: Sequence[str]) -> str:
    """Why round `number` (from 1) ended, in the words of its log line, with the players' names."""
    for event in view.log:
        found = _ENDED.match(view.describe(event))
        if found and int(found.group(1)) == number:
            reason = found.group(2).strip().removeprefix("(").removesuffix(")")
            return re.sub(r"\bPlayer (\d)\b", lambda seat: names[int(seat.group(1)) - 1], reason)
    return ""


def round_summary(view: Any, names: Sequence[str], number: int | None = None) -> RenderableType | None:
    """The summary of round `number` (from 1; the last ended one if None), or None if it has not ended."""
    rounds = getattr(view, "round_scores", ())
    number = len(rounds) if number is None else number
    if not 1 <= number <= len(rounds):
        return None
    points = rounds[number - 1]
    table = Table("Player", "This round", "Total", title=f"Round {number}", title_style="bold")
    for seat, value in enumerate(points):
        total = sum(round_points[seat] for round_points in rounds[:number])
        table.add_row(f"{seat + 1}. {names[seat]}", f"{value:+d}" if value else "0", str(total))
    reason = _reason(view, number, names)
    return Group(table, Text(f"{reason[:1].upper()}{reason[1:]}." if reason else "", style="italic"))


class RoundSummaries:
    """Shows each round's summary once, as it ends while the game goes on; and any round on request."""

    def __init__(self, match: Any, names: Sequence[str]) -> None:
        self.match = match
        self.names = names
        self.shown = rounds_done(match.view(None))

    def after_move(self, page: Any) -> None:
        """After each move: a round that just ended is summed up (`page` waits for a key on a live screen)."""
        view = self.match.view(None)
        # An undo may take a round's end back: it is summed up again when it ends again.
        self.shown = min(self.shown, rounds_done(view))
        if rounds_done(view) > self.shown:
            self.shown = rounds_done(view)
            summary = round_summary(view, self.names)
            if summary is not None and not self.match.is_over:
                page(summary)

    def command(self, argument: str) -> RenderableType:
        """`round [N]`: that round's summary, or why there is none."""
        view = self.match.view(None)
        number = int(argument) if argument.isdigit() else None
        summary = round_summary(view, self.names, number)
        if summary is None:
            done = rounds_done(view)
            return Text(f"No such round has ended: {done} of this game so far.", style="red")
        return summary
