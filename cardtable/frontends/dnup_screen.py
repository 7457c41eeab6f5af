"""dnup drawn for the terminal with Rich, from a view."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.core.pairs import BOTTOM, TOP, code_name
from cardtable.frontends.registry import FrontEnd, register_front_end
from cardtable.games.dnup.events import DnupEvent
from cardtable.games.dnup.view import DnupView, describe_event


def _cards(codes: Sequence[int]) -> Text:
    text = Text()
    for index, code in enumerate(codes):
        if index:
            text.append("  ")
        text.append(f"{TOP[code]}", style="bold")
        text.append(f"/{BOTTOM[code]}", style="dim")
    return text or Text("—", style="dim")


def render(view: DnupView, names: Sequence[str], recent: Sequence[DnupEvent] = ()) -> RenderableType:
    """The table as `view.seat` sees it, with the events in `recent` listed."""
    table = Table(
        title=f"Round {view.round + 1} — first to {view.options.target} points wins", title_justify="left"
    )
    for column in ("player", "hand", "in front", "score"):
        table.add_column(column, justify="left" if column in ("player", "in front") else "right")
    for seat, name in enumerate(names):
        marker = "▶ " if seat == view.current_seat else "  "
        if seat in view.out:
            marker = f"{'①' if view.out.index(seat) == 0 else '②'} "
        held = f"{view.hand_sizes[seat]}"
        known = view.known_in_hand[seat]
        if known and seat != view.seat:
            held += " (holds " + " ".join(code_name(code) for code in known) + ")"
        table.add_row(marker + name, held, _cards(view.tables[seat]), str(view.scores[seat]))
    parts: list[RenderableType] = [table]
    if view.seat is not None:
        hand = Text("your hand: ", style="bold")
        hand.append_text(_cards(view.hand))
        parts.append(hand)
    if recent:
        lines = [describe_event(event, names) for event in recent]
        parts.append(Panel(Text("\n".join(lines[-12:])), title="what happened", title_align="left"))
    return Group(*parts)


register_front_end(FrontEnd("dnup", render))
