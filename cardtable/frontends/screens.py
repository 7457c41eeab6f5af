"""Each game's board, events in words and rules page, by game name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.core.game import Outcome
from cardtable.frontends.registry import front_end


def render_view(game: str, view: Any, names: Sequence[str]) -> RenderableType:
    """The board of `game` for a view."""
    return front_end(game).render(view, names)


def describe_events(game: str, view: Any, names: Sequence[str], events: Sequence[Any]) -> list[Text]:
    """Events of a view's log in words, with the players' names where the front end can."""
    describe = front_end(game).describe
    if describe is None:
        return [Text(view.describe(event)) for event in events]
    return [Text(describe(event, names)) for event in events]


def outcome_summary(
    outcome: Outcome, names: Sequence[str], facts: Sequence[str], score_label: str = "score"
) -> RenderableType:
    """How a game ended: the result in words, each player's score (winners starred), and some facts.

    `score_label` heads the scores' column (FM's scores are life points: "LP").
    """
    if outcome.is_draw:
        result = Text(f"The game is a draw: {outcome.reason}.", style="bold")
    else:
        result = Text(f"{names[outcome.winners[0]]} wins: {outcome.reason}.", style="bold")
    scores = Table(box=None, padding=(0, 2), show_header=True, header_style="dim")
    scores.add_column("player")
    scores.add_column(score_label, justify="right")
    for seat, name in enumerate(names):
        marker = "★ " if seat in outcome.winners else "  "
        score = outcome.scores[seat] if seat < len(outcome.scores) else 0
        scores.add_row(marker + name, f"{score:g}")
    return Group(result, scores, Text(" · ".join(facts), style="dim"))
