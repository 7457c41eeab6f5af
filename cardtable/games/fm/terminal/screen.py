"""The Forbidden Memories duel drawn for the terminal with Rich, from a view: nothing hidden is drawn.

The full board takes 18 lines at 100 columns (each side a panel: its five
monster zones side by side, two lines a zone, and its magic zones; the
terrain and the cards being played; your hand, a line a card); the compact
one takes 12, for terminals under 30 lines.  A card's whole story is one
`info` away, so the zones may shorten a long name.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.games.fm.carddata import TERRAINS, card
from cardtable.games.fm.state import FIELD_PICK
from cardtable.games.fm.view import FmView, SeenMonster

ZONES = 5


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


def monster_strength(monster: SeenMonster) -> str:
    """A seen monster's ATK/DEF now, its position (A or D) and its guardian star: `1100/800 A Sun`."""
    position = "A" if monster.attack else "D"
    if monster.card is None:
        return f"?/? {position}"
    return f"{monster.atk}/{monster.defence} {position} {monster.star}"


def _zone_lines(zone: int, monster: SeenMonster | None) -> Text:
    """A monster zone in two lines: its number and name, then its strength now."""
    text = Text(f"m{zone + 1} ", style="dim", no_wrap=True, overflow="ellipsis")
    if monster is None:
        text.append("—", style="dim")
        return text
    if monster.card is None:
        text.append("face down", style="blue")
    else:
        text.append(card(monster.card).name, style="bold" if monster.face_up else "italic")
    text.append("\n")
    text.append(monster_strength(monster), style="cyan" if monster.attack else "green")
    if not monster.face_up:
        text.append(" ▼", style="blue")
    if monster.weakened:
        text.append(f" -{monster.weakened}", style="red")
    return text


def _magic_text(view: FmView, seat: int, zone: int) -> Text:
    known, used = view.magic[seat][zone], view.magic_used[seat][zone]
    text = Text(f"s{zone + 1} ", style="dim", no_wrap=True, overflow="ellipsis")
    if known is not None:
        text.append(card(known).name)
    else:
        text.append("set card" if used else "—", style="blue" if used else "dim")
    return text


def _counts(view: FmView, seat: int) -> str:
    info = f"LP {view.lp[seat]} · hand {view.hand_sizes[seat]} · deck {view.deck_sizes[seat]}"
    if view.locks[seat]:
        info += f" · cannot attack for {view.locks[seat]} turn(s)"
    return info


def _title(view: FmView, seat: int, name: str) -> Text:
    title = Text(f"{'▶ ' if seat == view.turn_seat else ''}{name} ", style="bold")
    title.append(f"· {_counts(view, seat)} ", style="cyan")
    return title


def _side(view: FmView, seat: int, name: str) -> Panel:
    table = Table.grid(padding=(0, 1), expand=True)
    for _ in range(ZONES):
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    table.add_row(*(_zone_lines(zone, monster) for zone, monster in enumerate(view.monsters[seat])))
    table.add_row(*(_magic_text(view, seat, zone) for zone in range(ZONES)))
    return Panel(table, title=_title(view, seat, name), title_align="left", padding=(0, 1))


def _middle_line(view: FmView) -> Text:
    """The terrain, and on your turn the cards picked so far, in order, and the monster to place."""
    line = Text(f"terrain: {TERRAINS[view.terrain]}", style="magenta")
    picked = view.picks if isinstance(view.picks, tuple) else ()
    if picked:
        line.append("   playing: ", style="yellow")
        line.append(" → ".join(_pick_name(view, source) for source in picked), style="yellow")
    elif isinstance(view.picks, int) and view.picks:
        line.append(f"   {view.picks} card(s) picked", style="yellow")
    if view.pending is not None:
        line.append("   to place: ", style="yellow")
        line.append_text(describe_card(view.pending.card))
        if view.pending.bonus:
            line.append(f" ({view.pending.bonus:+d})")
        line.append(" face up" if view.pending.face_up else " face down", style="dim")
    return line


def _pick_name(view: FmView, source: int) -> str:
    """A picked card: `h3 Name` from the hand, `m2 Name` from the field."""
    if source >= FIELD_PICK:
        zone = source - FIELD_PICK
        monster = view.monsters[view.seat or 0][zone]
        name = card(monster.card).name if monster is not None and monster.card is not None else "?"
        return f"m{zone + 1} {name}"
    return f"h{source + 1} {card(view.window[source]).name}"


def _hand(view: FmView, compact: bool) -> list[Text]:
    """Your hand (and the top of your deck your window reaches), a line a card, picks marked."""
    seat = view.seat
    if seat is None:
        return []
    picked = view.picks if isinstance(view.picks, tuple) else ()
    lines = []
    for index, card_id in enumerate(view.window):
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(f"h{index + 1} ", style="bold cyan")
        line.append_text(describe_card(card_id))
        if index >= view.hand_sizes[seat]:
            line.append("  (deck top)", style="dim")
        if index in picked:
            line.append(f"  picked {picked.index(index) + 1}", style="yellow")
        lines.append(line)
    if not compact:
        head = Text("your hand", style="bold", no_wrap=True, overflow="ellipsis")
        if len(view.window) > view.hand_sizes[seat]:
            head.append(" and the top of your deck", style="bold")
        lines.insert(0, head)
    return lines


def render(view: FmView, names: Sequence[str]) -> RenderableType:
    """The duel as `view.seat` sees it: the opponent above, the terrain and play, you and your hand below."""
    me, other = view.sides()
    parts: list[RenderableType] = [_side(view, other, names[other]), _middle_line(view)]
    parts.append(_side(view, me, names[me]))
    parts += _hand(view, compact=False)
    return Group(*parts)


def _compact_zone(monster: SeenMonster | None) -> Text:
    """A monster zone in one line: ATK/DEF and position (its star left to `info`), then its name."""
    if monster is None:
        return Text("—", style="dim")
    strength = monster_strength(monster)
    text = Text(strength if monster.card is None else strength.rsplit(" ", 1)[0])
    text.append(" ")
    if monster.card is None:
        text.append("face down", style="blue")
        return text
    if not monster.face_up:
        text.append("▼", style="blue")
    text.append(card(monster.card).name, style="bold" if monster.face_up else "italic")
    return text


def _compact_side(view: FmView, seat: int, name: str) -> list[RenderableType]:
    head = Text(
        ("▶ " if seat == view.turn_seat else "") + name, style="bold", no_wrap=True, overflow="ellipsis"
    )
    head.append(f"  {_counts(view, seat)}", style="cyan")
    zones = Table.grid(padding=(0, 1), expand=True)
    for _ in range(ZONES):
        zones.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    zones.add_row(*(_compact_zone(monster) for monster in view.monsters[seat]))
    zones.add_row(*(_magic_text(view, seat, zone) for zone in range(ZONES)))
    return [head, zones]


def render_compact(view: FmView, names: Sequence[str]) -> RenderableType:
    """The same duel without panels: a line for each side's name and counts, its monsters, its magic."""
    me, other = view.sides()
    parts: list[RenderableType] = [*_compact_side(view, other, names[other]), _middle_line(view)]
    parts += _compact_side(view, me, names[me])
    parts += _hand(view, compact=True)
    return Group(*parts)


def stage(view: FmView) -> str:
    """The duel's turn and phase: `turn 3 · battle`."""
    return f"turn {sum(view.turn_number)} · {view.phase}"
