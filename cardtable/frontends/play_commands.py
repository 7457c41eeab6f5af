"""`cardtable play` and `cardtable replay`: a game at this terminal, and a saved one stepped through."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING

import click
from rich.console import Console

from cardtable.core.players import HUMANS
from cardtable.frontends.cli_options import (
    SEED,
    HelpWhenShown,
    bots_help,
    game_argument,
    option_option,
    read_options,
    read_players,
    rules_option,
)
from cardtable.games import get_game

if TYPE_CHECKING:
    from cardtable.core.match import Match
    from cardtable.core.players import Bot


@click.command()
@game_argument
@click.option("--vs", cls=HelpWhenShown, write_help=bots_help)
@click.option("--players", help="Every seat in order, comma-separated: you, random, heuristic, ...")
@rules_option
@option_option
@click.option("--seed", type=SEED, help="Seed of the deal (a new one is drawn when left out).")
@click.option("--first", type=click.IntRange(1), help="The seat that plays first (else the seed chooses).")
@click.option(
    "--position", "position_file", type=click.Path(dir_okay=False), help="Start from a JSON position."
)
@click.option("--resume", "resume_file", type=click.Path(dir_okay=False), help="Go on with a saved game.")
@click.option(
    "--deck",
    "deck_files",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="fm: a deck file (JSON list of 40 card numbers or names); twice for two players.",
)
def play(
    game_name: str,
    vs: str | None,
    players: str | None,
    preset: str | None,
    assignments: tuple[str, ...],
    seed: int | None,
    first: int | None,
    position_file: str | None,
    resume_file: str | None,
    deck_files: tuple[str, ...],
) -> None:
    """Play GAME in the terminal against bots or other people.

    For fm, --vs names one of the 39 duelists (number or name), or a bot.
    """
    from cardtable.bots import make_opponent
    from cardtable.core.match import Match
    from cardtable.core.positions import read_position_file
    from cardtable.frontends.registry import PlayRequest, front_end
    from cardtable.frontends.saves import open_game, savers
    from cardtable.frontends.terminal import play_at_terminal

    game = get_game(game_name)
    if resume_file is not None:
        # A saved game goes on as it was set up: an option that would set it up otherwise is refused,
        # not silently left unused.
        given = [
            option
            for option, value in (
                ("--vs", vs),
                ("--players", players),
                ("--rules", preset),
                ("--option", assignments),
                ("--seed", seed),
                ("--first", first),
                ("--position", position_file),
                ("--deck", deck_files),
            )
            if value is not None and value != ()
        ]
        if given:
            raise click.BadParameter(
                f"a resumed game keeps the players, deal and rules it was saved with: leave out "
                f"{', '.join(given)}",
                param_hint="--resume",
            )
    setup = front_end(game.name).setup
    if setup is not None and resume_file is None and not position_file:
        request = PlayRequest(game.name, vs, players, preset, assignments, seed, first, deck_files)
        match, own_bots = setup(request)
        # The seed would rebuild every hidden card: the terminal shows it when the game is over.
        Console().print(f"[bold]{game.title}[/bold]. Type 'help' for the commands.")
        new_request = replace(request, seed=None)
        play_at_terminal(match, own_bots, Console(), new_match=lambda: setup(new_request))
        return
    if deck_files:
        raise click.BadParameter(f"{game.title} is not played with decks of your own", param_hint="--deck")
    console = Console()
    if resume_file is not None:
        saved = open_game(resume_file)
        match = saved.match
        # The people who saved the game take their seats again (two or more: hot-seat, as before).
        people = set(savers(saved))
        if match.game is not game:
            raise click.BadParameter(f"{resume_file!r} is a game of {match.game.name}", param_hint="--resume")
        if match.is_over:
            raise click.BadParameter(
                f"{resume_file!r} is a finished game: watch it with cardtable replay {resume_file}",
                param_hint="--resume",
            )
        for note in saved.notes:
            console.print(note, style="yellow", markup=False)
    else:
        names = read_players(game, vs, players)
        options = read_options(game, preset, assignments)
        position = read_position_file(position_file) if position_file else None
        if first is not None and first > len(names):
            raise click.BadParameter(f"there is no seat {first}", param_hint="--first")
        match = Match(
            game,
            options=options if position is None or preset or assignments else None,
            seed=seed,
            players=names,
            first_seat=None if first is None else first - 1,
            position=position,
        )
        people = {seat for seat, name in enumerate(match.players) if name in HUMANS}
    resume_bot = front_end(game.name).resume_bot if resume_file is not None else None
    bots = {
        seat: resume_bot(name) if resume_bot is not None else make_opponent(name, game)
        for seat, name in enumerate(match.players)
        if seat not in people
    }
    # The seed would rebuild every hidden card: the terminal shows it when the game is over.
    done = len(match.moves)
    resumed = f", resumed after {done} action{'' if done == 1 else 's'}" if resume_file is not None else ""
    console.print(f"[bold]{game.title}[/bold]{resumed}. Type 'help' for the commands.")

    def new_match() -> tuple[Match, dict[int, Bot]]:
        """The same game again, with a new seed."""
        again = Match(
            game,
            options=match.options,
            players=match.players,
            first_seat=match.first_seat,
            position=match.position,
        )
        return again, {seat: make_opponent(match.players[seat], game) for seat in bots}

    play_at_terminal(match, bots, console, save_path=resume_file, new_match=new_match)


@click.command(name="replay")
@click.argument("replay_file", metavar="FILE|NUMBER", type=click.Path(dir_okay=False))
@click.option(
    "--as",
    "observer",
    default=None,
    metavar="SEAT|spectator|all",
    help="Whose eyes to replay with: a seat number, spectator, or all (every card).",
)
@click.option(
    "--step/--no-step", default=None, help="Wait for Enter between actions (default: when interactive)."
)
def replay_command(replay_file: str, observer: str | None, step: bool | None) -> None:
    """Step through a saved game: a file, or the number of a finished game (cardtable history)."""
    from cardtable.frontends.history import replay_file as replay_file_of
    from cardtable.frontends.replay_viewer import ReplayViewer, parse_observer
    from cardtable.frontends.saves import open_game

    saved = open_game(replay_file_of(replay_file))
    seat = parse_observer(observer, saved)
    console = Console()
    for note in saved.notes:
        console.print(note, style="yellow", markup=False)
    interactive = sys.stdin.isatty() if step is None else step
    ReplayViewer(saved.match, seat, console).run(interactive)
