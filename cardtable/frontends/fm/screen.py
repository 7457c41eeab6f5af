"""The Forbidden Memories duel drawn for the terminal with Rich, from a view."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.core.events import Event
from cardtable.games.fm.carddata import TERRAINS, card
from cardtable.games.fm.view import FmView, SeenMonster, describe_event


def describe_card(card_id: int) -> Text:
    """A card for the player: name, and for a monster ATK/DEF, type and guardian stars."""
    data = card(card_id)
    text = Text(data.name, style="bold")
    if data.is_monster:
        stars = "/".join(data.stars or ())
        text.append(f"  {data.atk}/{data.defence}  {data.type}  {stars}", style="dim")
    else:
        text.append(f"  ({data.kind})", style="dim")
    return text


def _monster(monster: SeenMonster | None) -> Text:
    if monster is None:
        return Text("—", style="dim")
    position = "ATK" if monster.attack else "DEF"
    if monster.card is None:
        return Text(f"face-down monster ({position})", style="blue")
    text = Text(card(monster.card).name, style="bold" if monster.face_up else "italic")
    text.append(f"  {monster.atk}/{monster.defence} {position} {monster.star}", style="dim")
    if not monster.face_up:
        text.append("  (face down)", style="blue")
    return text


def _side(view: FmView, seat: int, title: str) -> Panel:
    table = Table.grid(padding=(0, 2))
    table.add_column(justify="right", style="dim")
    table.add_column()
    for zone, monster in enumerate(view.monsters[seat]):
        table.add_row(f"m{zone + 1}", _monster(monster))
    magic = Text()
    for zone, (known, used) in enumerate(zip(view.magic[seat], view.magic_used[seat], strict=True)):
        magic.append(f"s{zone + 1} ", style="dim")
        magic.append(card(known).name if known is not None else ("set card" if used else "—"))
        magic.append("   ")
    table.add_row("magic", magic)
    info = f"LP {view.lp[seat]}   hand {view.hand_sizes[seat]}   deck {view.deck_sizes[seat]}"
    if view.locks[seat]:
        info += f"   cannot attack for {view.locks[seat]} turn(s)"
    table.add_row("", Text(info, style="cyan"))
    return Panel(table, title=title, title_align="left")


def render(view: FmView, names: Sequence[str], recent: Sequence[Event] = ()) -> RenderableType:
    """The duel as `view.seat` sees it, with the events in `recent` listed."""
    me = view.seat if view.seat is not None else 0
    parts: list[RenderableType] = [_side(view, 1 - me, names[1 - me])]
    parts.append(Text(f"terrain: {TERRAINS[view.terrain]}", style="magenta"))
    parts.append(_side(view, me, names[me]))
    if view.seat is not None:
        hand = Table(
            title="your hand" + (" and hand window" if len(view.window) > view.hand_sizes[me] else ""),
            title_justify="left",
            show_header=False,
            box=None,
        )
        picked = view.picks if isinstance(view.picks, tuple) else ()
        for index, card_id in enumerate(view.window):
            mark = f" picked {picked.index(index) + 1}" if index in picked else ""
            hand.add_row(
                Text(f"h{index + 1}", style="bold cyan"), describe_card(card_id), Text(mark, style="yellow")
            )
        parts.append(hand)
        if view.pending is not None:
            pending = Text("to place: ", style="yellow")
            pending.append_text(describe_card(view.pending.card))
            if view.pending.bonus:
                pending.append(f"  ({view.pending.bonus:+d})")
            parts.append(pending)
    if recent:
        lines = [describe_event(event, names) for event in recent]
        parts.append(Panel(Text("\n".join(lines[-12:])), title="what happened", title_align="left"))
    return Group(*parts)
