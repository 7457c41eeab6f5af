"""`cardtable fm fusions CARD...` and `cardtable fm card NAME|ID`: the fusion finder and the card sheet.

The `fm` group also holds `cardtable fm farm CARD`, the farm planner (`farm.py`).

The finding is the game's (`cardtable.games.fm.finder`); this module writes
it for a person.  Cards are named by number or name, in any case; a typo
gets the names it is close to.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from cardtable.core.errors import LimitError
from cardtable.games.fm.carddata import card, card_text, duelists, rituals
from cardtable.games.fm.combination import StepKind
from cardtable.games.fm.finder import (
    POOL_NAMES,
    Hint,
    drops_of,
    equips_for,
    failures,
    find_card,
    fusions_with,
    hints,
    recipes_for,
    rituals_with,
)
from cardtable.games.fm.state import ZONES
from cardtable.games.fm.terminal.farm import farm_command

#: How many entries of a long list `fm card` shows unless asked for all.
SHOWN = 15


def card_line(card_id: int) -> str:
    """A card in one line: number, name, and ATK/DEF and type for a monster, else its kind."""
    data = card(card_id)
    if data.is_monster:
        return f"#{card_id:03d} {data.name} {data.atk}/{data.defence} {data.type}"
    return f"#{card_id:03d} {data.name} ({data.kind})"


def _hint_lines(hint: Hint, given: Sequence[int]) -> list[str]:
    made = card(hint.result)
    atk, defence = hint.strength()
    head = f"{made.name}  {atk}/{defence} {made.type}" if made.is_monster else f"{made.name} ({made.kind})"
    order = " → ".join(f"{source.index + 1}. {card(given[source.index]).name}" for source in hint.sources)
    steps = []
    for step in hint.combination.steps:
        if step.kind is StepKind.FUSION:
            steps.append(
                f"{card(step.current).name} + {card(step.following).name} = {card(step.result).name}"
            )
        else:
            steps.append(f"{card(step.used[0]).name} equips {card(step.result).name} ({step.gain:+d})")
    return [head, f"    play {order}", f"    {'; '.join(steps)}"]


def most_cards() -> int:
    """The most cards one play may be picked from: the widest duelist's hand window and the five
    monster zones (the search for results grows fast with the count: 30 cards took 3.5 s, 80 ran on
    past 200 s and a gigabyte)."""
    return max(int(duelist.ai["hand_window"]) for duelist in duelists().values()) + ZONES


def fusions_report(texts: Sequence[str], padding_fusions: bool = True) -> str:
    """What `cardtable fm fusions` prints for these cards (LimitError if no play could hold them)."""
    if len(texts) > most_cards():
        raise LimitError(
            f"{len(texts)} cards: a play is picked from at most {most_cards()} "
            f"(a hand window of up to {most_cards() - ZONES} cards and the {ZONES} monster zones)"
        )
    given = [find_card(text) for text in texts]
    lines = ["Your cards:"] + [f"  {position}. {card_line(c)}" for position, c in enumerate(given, 1)]
    found = hints(given, padding_fusions=padding_fusions)
    if found:
        lines.append(f"They can make {len(found)} result(s), strongest first (play the cards in this order):")
        for hint in found:
            first, *rest = _hint_lines(hint, given)
            lines += [f"  {first}", *rest]
    else:
        lines.append("They make nothing together.")
    lost = failures(given, padding_fusions)
    if lost:
        lines.append("Pairs that make nothing (in either order), and the card the game keeps:")
        lines += [
            f"  {card(f.first).name} + {card(f.second).name}: {card(f.kept).name} stays, the other is lost"
            for f in lost
        ]
    return "\n".join(lines)


def _section(title: str, entries: list[str], show_all: bool) -> list[str]:
    if not entries:
        return []
    shown = entries if show_all else entries[:SHOWN]
    lines = [f"{title} ({len(entries)}):", *(f"  {entry}" for entry in shown)]
    if len(shown) < len(entries):
        lines.append(f"  ... and {len(entries) - len(shown)} more (--all shows them)")
    return lines


def card_report(text: str, show_all: bool = False, padding_fusions: bool = True) -> str:
    """What `cardtable fm card` prints for a card."""
    card_id = find_card(text)
    data = card(card_id)
    lines = [f"#{card_id:03d} {data.name}"]
    if data.is_monster:
        stars = " / ".join(data.stars or ())
        lines.append(f"{data.type} monster, {data.attribute}, level {data.level}, {data.atk}/{data.defence}")
        lines.append(f"guardian stars: {stars}")
    else:
        lines.append(f"{data.kind} card")
    price = f"costs {data.cost} starchips" if data.password else "cannot be bought"
    lines.append(f"password: {data.password or 'none'}, {price}")
    lines.append(f'"{card_text(card_id)}"')
    lines += _section(
        "Fusions it takes part in",
        [
            f"+ {card(other).name} = {card_line(result)}"
            for other, result in fusions_with(card_id, padding_fusions)
        ],
        show_all,
    )
    lines += _section(
        "Made by fusing",
        [
            f"{card(first).name} + {card(second).name}"
            for first, second in recipes_for(card_id, padding_fusions)
        ],
        show_all,
    )
    equips = equips_for(card_id)
    title = "Monsters it equips" if data.kind == "equip" else "Equips that fit it"
    lines += _section(title, [card(other).name for other in equips], show_all)
    ritual_lines = []
    for ritual in rituals_with(card_id):
        tributes, result = rituals()[ritual]
        names = " + ".join(card(t).name for t in tributes)
        ritual_lines.append(f"{card(ritual).name}: {names} → {card(result).name}")
    lines += _section("Rituals", ritual_lines, show_all)
    drop_lines = [
        f"{duelists()[d.duelist].name} ({POOL_NAMES[d.pool]}): {d.weight}/2048 = {100 * d.weight / 2048:.2f}%"
        for d in drops_of(card_id)
    ]
    lines += _section("Dropped by", drop_lines, show_all) or ["Dropped by no duelist."]
    return "\n".join(lines)


@click.group(name="fm")
def fm() -> None:
    """Forbidden Memories tools: the fusion finder, the card sheet and the farm planner."""


fm.add_command(farm_command)


_disc_option = click.option(
    "--disc", is_flag=True, help="Only the 25,131 fusions of the disc table (leave out the 15 padding pairs)."
)


@fm.command(name="fusions")
@click.argument("names", metavar="CARD...", nargs=-1, required=True)
@_disc_option
def fusions_command(names: tuple[str, ...], disc: bool) -> None:
    """Every result the given cards (numbers or names, any order) can make, and the order to play them."""
    click.echo(fusions_report(names, padding_fusions=not disc))


@fm.command(name="card")
@click.argument("name", metavar="NAME|ID", nargs=-1, required=True)
@click.option("--all", "show_all", is_flag=True, help="List every fusion, equip and drop, not the first 15.")
@_disc_option
def card_command(name: tuple[str, ...], show_all: bool, disc: bool) -> None:
    """A card: its text, stars, type, attribute, level, fusions, equips and who drops it."""
    click.echo(card_report(" ".join(name), show_all, padding_fusions=not disc))
