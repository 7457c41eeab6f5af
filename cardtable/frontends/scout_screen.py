"""Scout drawn for the terminal with Rich, from a view."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.core.pairs import BOTTOM, TOP, card_name
from cardtable.frontends.registry import FrontEnd, register_front_end
from cardtable.games.scout.events import ScoutEvent
from cardtable.games.scout.view import ScoutView, describe_event


def _cards_row(codes: Sequence[int], numbered: bool) -> Table:
    """Cards side by side: big top number, small bottom number, positions above."""
    table = Table.grid(padding=(0, 1))
    for _ in codes:
        table.add_column(justify="center", min_width=3)
    if numbered:
        table.add_row(*[Text(str(index), style="dim") for index in range(1, len(codes) + 1)])
    table.add_row(*[Text(f"[{TOP[code]:>2}]", style="bold") for code in codes])
    table.add_row(*[Text(f" {BOTTOM[code]:>2} ", style="dim") for code in codes])
    return table


def _players(view: ScoutView, names: Sequence[str]) -> Table:
    table = Table(title=f"Round {view.round + 1} of {view.rounds}", title_justify="left")
    for column in ("player", "cards", "captured", "tokens", "S&S chip", "score"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for seat, name in enumerate(names):
        marker = "▶ " if seat == view.current_seat else "  "
        known = " ".join(card_name(card) for card in view.known_in_hand[seat])
        cards = f"{view.hand_sizes[seat]}" + (f" (holds {known})" if known and seat != view.seat else "")
        chip = "—" if view.seats == 2 else ("yes" if view.chips[seat] else "used")
        table.add_row(
            marker + name,
            cards,
            str(len(view.captured[seat])),
            str(view.tokens[seat]),
            chip,
            str(view.scores[seat]),
        )
    return table


def render(view: ScoutView, names: Sequence[str], recent: Sequence[ScoutEvent] = ()) -> RenderableType:
    """The table as `view.seat` sees it, with the events in `recent` listed."""
    parts: list[RenderableType] = [_players(view, names)]
    if view.active:
        owner = names[view.owner] if view.owner is not None else ""
        parts.append(
            Panel(_cards_row(view.active, numbered=False), title=f"active set of {owner}", title_align="left")
        )
    else:
        parts.append(Text("No active set: any Show may be played.", style="dim"))
    if view.seat is not None:
        parts.append(
            Panel(
                _cards_row(view.hand, numbered=True), title="your hand (positions above)", title_align="left"
            )
        )
    if recent:
        lines = [describe_event(event, names) for event in recent]
        parts.append(Panel(Text("\n".join(lines[-12:])), title="what happened", title_align="left"))
    return Group(*parts)


register_front_end(FrontEnd("scout", render))
