"""`cardtable fm farm CARD [--rank RANK]`: where to farm a card, best first (the game's `farm_plan`)."""

from __future__ import annotations

import click

from cardtable.games.fm.carddata import duelists
from cardtable.games.fm.farm import farm_plan, find_rank
from cardtable.games.fm.finder import find_card
from cardtable.games.fm.view import card_label


def farm_report(text: str, rank: str | None = None) -> str:
    """What `cardtable fm farm` prints: one line per duelist and rank, best first."""
    card_id = find_card(text)
    rows = farm_plan(card_id, rank)
    at = "" if rank is None else f" at rank {find_rank(rank)}"
    if not rows:
        return f"{card_label(card_id)} drops from no duelist{at}."
    lines = [
        f"{card_label(card_id)}: {len(rows)} ways to farm it{at}, best first.",
        "Chance = the chance one won duel at that rank drops it; duels = the expected number of such wins.",
        "",
        f"{'duelist':<22} {'rank':<6} {'chance':>8} {'duels':>8} {'starchips':>9}",
    ]
    for row in rows:
        name, chance = duelists()[row.duelist].name, f"{100 * row.chance:.2f}%"
        lines.append(f"{name:<22} {row.rank:<6} {chance:>8} {row.expected_duels:>8.1f} {row.starchips:>9}")
    return "\n".join(lines)


@click.command(name="farm")
@click.argument("name", metavar="CARD", nargs=-1, required=True)
@click.option("--rank", help="Only this rank (S-POW ... S-TEC), the one you expect to reach.")
def farm_command(name: tuple[str, ...], rank: str | None) -> None:
    """Where to farm a card: every duelist and rank that drops it, the chance a duel gives it, best first."""
    click.echo(farm_report(" ".join(name), rank))
