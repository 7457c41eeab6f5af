"""`cardtable campaign`, `cardtable deck ...` and `cardtable fm ...`: the campaign, deck files, the finder.

The front end registers these commands; the command line adds them to
`cardtable` with every other front end's.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import click
from rich.console import Console

from cardtable.core.chance import fresh_seed, make_rng
from cardtable.core.errors import PathError
from cardtable.core.paths import check_new_file
from cardtable.frontends.cli_options import SEED
from cardtable.games.fm.campaign import Progress, set_deck
from cardtable.games.fm.decks import DeckError, starter_deck
from cardtable.games.fm.terminal.campaign import CampaignScreen
from cardtable.games.fm.terminal.deck_files import read_deck, write_deck
from cardtable.games.fm.terminal.finder import fm
from cardtable.games.fm.terminal.screen import describe_card
from cardtable.games.fm.terminal.store import CampaignStore, campaign_store

_save_option = click.option(
    "--save",
    "save_path",
    type=click.Path(dir_okay=False),
    help="The campaign's save file (default: fm-campaign.sqlite in your data directory).",
)


@click.command()
@_save_option
@click.option(
    "--seed", type=int, help="Seed of the starter deck and the duels (for a reproducible campaign)."
)
def campaign(save_path: str | None, seed: int | None) -> None:
    """The Forbidden Memories campaign: duel the 39 duelists, win cards, build your deck."""
    _check_save_path(save_path)
    store = campaign_store(save_path)
    console = Console()
    console.print(f"Campaign save: {store.path}")
    CampaignScreen(store, console, seed=seed).run()


@click.group()
def deck() -> None:
    """Forbidden Memories decks: check, make and show deck files, or move the campaign's deck."""


@deck.command(name="check")
@click.argument("deck_file", metavar="FILE", type=click.Path(dir_okay=False))
def deck_check(deck_file: str) -> None:
    """Check a deck file against the deck rules (40 cards, 3 copies, one of each Exodia piece)."""
    read_deck(deck_file)
    click.echo(f"{deck_file}: a legal deck of 40 cards.")


_force_option = click.option("--force", is_flag=True, help="Replace FILE if it exists.")


def _check_deck_path(deck_file: str, force: bool) -> None:
    """Refuse, before anything is written, a deck path that cannot be written or holds a deck already
    (a deck built by hand is not replaced without --force)."""
    check_new_file(deck_file, DeckError, "deck")
    if not force and Path(deck_file).exists():
        raise DeckError(f"deck {deck_file!r} exists already: give --force to replace it")


@deck.command(name="new")
@click.argument("deck_file", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--seed", type=SEED, help="Seed of the draw from the starter pools.")
@_force_option
def deck_new(deck_file: str, seed: int | None, force: bool) -> None:
    """Write a new starter deck, drawn from the seven starter pools."""
    _check_deck_path(deck_file, force)
    write_deck(deck_file, starter_deck(make_rng(fresh_seed() if seed is None else seed, "starter")))
    click.echo(f"Wrote a starter deck to {deck_file}.")


@deck.command(name="show")
@click.argument("deck_file", metavar="FILE", type=click.Path(dir_okay=False))
def deck_show(deck_file: str) -> None:
    """List a deck file's cards with their stats."""
    console = Console()
    for card_id, copies in sorted(Counter(read_deck(deck_file)).items()):
        console.print(f"#{card_id:<4} ×{copies} ", describe_card(card_id))


def _check_save_path(save_path: str | None) -> None:
    """Refuse, before the campaign starts, a save path that cannot be written (the store does the rest)."""
    if save_path is not None:
        check_new_file(save_path, PathError, "campaign save", make_folders=True)


def _saved_progress(store: CampaignStore) -> Progress:
    progress = store.load()
    if progress is None:
        raise click.UsageError("there is no campaign yet: start one with cardtable campaign")
    return progress


@deck.command(name="export")
@click.argument("deck_file", metavar="FILE", type=click.Path(dir_okay=False))
@_save_option
@_force_option
def deck_export(deck_file: str, save_path: str | None, force: bool) -> None:
    """Write the campaign's deck to a deck file."""
    _check_deck_path(deck_file, force)
    write_deck(deck_file, _saved_progress(campaign_store(save_path)).deck)
    click.echo(f"Wrote the campaign's deck to {deck_file}.")


@deck.command(name="import")
@click.argument("deck_file", metavar="FILE", type=click.Path(dir_okay=False))
@_save_option
def deck_import(deck_file: str, save_path: str | None) -> None:
    """Make a deck file the campaign's deck: it must be legal and hold only cards you own."""
    _check_save_path(save_path)
    store = campaign_store(save_path)
    store.save(set_deck(_saved_progress(store), read_deck(deck_file)))
    click.echo("The campaign now plays that deck.")


#: The commands the front end adds to `cardtable`.
COMMANDS = (campaign, deck, fm)
