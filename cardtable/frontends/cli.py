"""The `cardtable` command: play, replay, simulate, rules, games."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markdown import Markdown

from cardtable.bots import bot_names, is_search_spec, make_opponent
from cardtable.core.errors import CardtableError, PositionError
from cardtable.core.jsonio import read_json_file
from cardtable.core.match import Match
from cardtable.frontends.registry import PlayRequest, all_front_ends, front_end
from cardtable.frontends.saves import open_game, savers
from cardtable.frontends.screens import game_document, rules_page
from cardtable.games import AnyGame, game_names, get_game
from cardtable.server.command import serve

HUMANS = {"you", "human", "me"}


class CardtableGroup(click.Group):
    """Turns the engine's own errors into a clear message and exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CardtableError as error:
            click.echo(f"Error: {error}", err=True)
            ctx.exit(2)


@click.group(cls=CardtableGroup)
@click.version_option(package_name="cardtable")
def main() -> None:
    """Play, replay and simulate card games: DRUMP (and more to come)."""


def _game(name: str) -> AnyGame:
    return get_game(name)


def _options(game: AnyGame, preset: str | None, assignments: tuple[str, ...]) -> Any:
    overrides = game.option_table.parse_assignments(assignments)
    return game.option_table.resolve(preset, overrides)


def _spec(name: str) -> str:
    """A player's name as typed, in lower case (but the path of a `policy:FILE` as written)."""
    name = name.strip()
    return name if name.lower().startswith("policy:") else name.lower()


def _players(game: AnyGame, vs: str | None, players: str | None) -> list[str]:
    if players and vs:
        raise click.UsageError("give either --vs or --players, not both")
    names = [_spec(name) for name in players.split(",")] if players else ["you", vs or "heuristic"]
    if not game.min_seats <= len(names) <= game.max_seats:
        seats = f"{game.min_seats} to {game.max_seats}"
        raise click.UsageError(f"{game.title} takes {seats} players, not {len(names)}: {','.join(names)}")
    known = set(bot_names(game)) | HUMANS
    for name in names:
        if name not in known and not is_search_spec(name) and not name.startswith("policy:"):
            raise click.BadParameter(
                f"unknown player {name!r}; use you (a person) or a bot: {', '.join(bot_names(game))}",
                param_hint="--vs/--players",
            )
    return ["you" if name in HUMANS else name for name in names]


def _read_position(path: str) -> Any:
    """A position file: JSON, with `//` comments allowed (as in `cardtable position template`)."""
    return read_json_file(path, PositionError, what="position", comments=True)


_game_argument = click.argument(
    "game_name", metavar="GAME", type=click.Choice(game_names(), case_sensitive=False)
)
_rules_option = click.option("--rules", "preset", help="A preset of rule options (for DRUMP: pt, vi, en).")
_option_option = click.option(
    "--option", "assignments", multiple=True, metavar="NAME=VALUE", help="Set one rule option (repeatable)."
)


@main.command()
@_game_argument
@click.option(
    "--vs", help="The opponent: a bot (random, heuristic) or 'human' for two people at one terminal."
)
@click.option("--players", help="Every seat in order, comma-separated: you, random, heuristic, ...")
@_rules_option
@_option_option
@click.option("--seed", type=int, help="Seed of the deal (a new one is drawn when left out).")
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
    from cardtable.frontends.terminal import TerminalGame

    game = _game(game_name)
    setup = front_end(game.name).setup
    if setup is not None and not resume_file and not position_file:
        request = PlayRequest(game.name, vs, players, preset, assignments, seed, first, deck_files)
        match, own_bots = setup(request)
        # The seed would rebuild every hidden card: the terminal shows it when the game is over.
        Console().print(f"[bold]{game.title}[/bold]. Type 'help' for the commands.")
        TerminalGame(match, own_bots, Console()).run()
        return
    if deck_files:
        raise click.BadParameter(f"{game.title} is not played with decks of your own", param_hint="--deck")
    console = Console()
    if resume_file:
        saved = open_game(resume_file)
        match = saved.match
        # The people who saved the game take their seats again (two or more: hot-seat, as before).
        people = set(savers(saved))
        if match.game is not game:
            raise click.BadParameter(f"{resume_file!r} is a game of {match.game.name}", param_hint="--resume")
        for note in saved.notes:
            console.print(note, style="yellow", markup=False)
    else:
        names = _players(game, vs, players)
        options = _options(game, preset, assignments)
        position = _read_position(position_file) if position_file else None
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
    resume_bot = front_end(game.name).resume_bot if resume_file else None
    bots = {
        seat: resume_bot(name) if resume_bot is not None else make_opponent(name, game)
        for seat, name in enumerate(match.players)
        if seat not in people
    }
    # The seed would rebuild every hidden card: the terminal shows it when the game is over.
    done = len(match.moves)
    resumed = f", resumed after {done} action{'' if done == 1 else 's'}" if resume_file else ""
    console.print(f"[bold]{game.title}[/bold]{resumed}. Type 'help' for the commands.")
    TerminalGame(match, bots, console, save_path=resume_file).run()


@main.command(name="replay")
@click.argument("replay_file", metavar="FILE", type=click.Path(dir_okay=False))
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
    """Step through a saved game."""
    from cardtable.frontends.replay_viewer import ReplayViewer, parse_observer

    saved = open_game(replay_file)
    seat = parse_observer(observer, saved)
    console = Console()
    for note in saved.notes:
        console.print(note, style="yellow", markup=False)
    interactive = sys.stdin.isatty() if step is None else step
    ReplayViewer(saved.match, seat, console).run(interactive)


@main.command()
@_game_argument
@click.option(
    "--games", "count", type=click.IntRange(1), default=1000, show_default=True, help="Games to play."
)
@click.option(
    "--players", default="heuristic,random", show_default=True, help="Bots, comma-separated, seat 1 first."
)
@_rules_option
@_option_option
@click.option("--jobs", type=click.IntRange(1), help="Processes to use (default: all cores).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the whole run.")
@click.option(
    "--seats",
    "seat_counts",
    help="Players per game, comma-separated (e.g. 3,4,5): a run for each, bots repeated to fill seats.",
)
def simulate(
    game_name: str,
    count: int,
    players: str,
    preset: str | None,
    assignments: tuple[str, ...],
    jobs: int | None,
    seed: int,
    seat_counts: str | None,
) -> None:
    """Play many games between bots and print win rates with 95% intervals."""
    from cardtable.frontends.simulate_report import run_and_report

    game = _game(game_name)
    bots = [_spec(name) for name in players.split(",")]
    counts = [len(bots)]
    if seat_counts:
        try:
            counts = [int(text) for text in seat_counts.split(",")]
        except ValueError:
            raise click.BadParameter(
                f"{seat_counts!r} is not a list of numbers", param_hint="--seats"
            ) from None
    options = _options(game, preset, assignments)
    console = Console()
    for seats in counts:
        names = _players(game, None, ",".join(bots[index % len(bots)] for index in range(seats)))
        if any(name in HUMANS for name in names):
            raise click.BadParameter("simulations are between bots only", param_hint="--players")
        run_and_report(game, names, count, options, seed, jobs, console)


@main.command()
@_game_argument
@click.option(
    "--players", required=True, help="Entrants, comma-separated: random, heuristic, ismcts@500, ..."
)
@click.option(
    "--games",
    "count",
    type=click.IntRange(1),
    default=100,
    show_default=True,
    help="Games per table (seats rotate within a table).",
)
@click.option(
    "--seats", type=click.IntRange(2), help="Players per game (default: the game's smallest table)."
)
@click.option(
    "--mode",
    type=click.Choice(["round-robin", "gauntlet"]),
    default="round-robin",
    show_default=True,
    help="Every group of entrants, or the first entrant against every group of the others.",
)
@_rules_option
@_option_option
@click.option("--jobs", type=click.IntRange(1), help="Processes to use (default: all cores).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the whole arena.")
@click.option(
    "--out",
    "folder",
    type=click.Path(file_okay=False),
    default="arena-results",
    show_default=True,
    help="Folder for results.csv, results.json, arena.png and the replays.",
)
def arena(
    game_name: str,
    players: str,
    count: int,
    seats: int | None,
    mode: str,
    preset: str | None,
    assignments: tuple[str, ...],
    jobs: int | None,
    seed: int,
    folder: str,
) -> None:
    """Bots against bots: win rates, Elo, speed, a plot, and every game as a replay."""
    from cardtable.bots import make_bot
    from cardtable.frontends.arena_report import run_and_report

    game = _game(game_name)
    specs = [_spec(name) for name in players.split(",") if name.strip()]
    for spec in specs:
        make_bot(spec, game)  # refuses unknown names and bad budgets before anything runs
    seats = seats or game.min_seats
    if not game.min_seats <= seats <= game.max_seats:
        raise click.BadParameter(
            f"{game.title} seats {game.min_seats} to {game.max_seats}", param_hint="--seats"
        )
    if len(specs) < seats:
        raise click.BadParameter(f"{len(specs)} entrants cannot fill {seats} seats", param_hint="--players")
    options = _options(game, preset, assignments)
    run_and_report(game, specs, count, options, seats, mode, seed, jobs, Path(folder), Console())


@main.command()
@_game_argument
def rules(game_name: str) -> None:
    """Print the rules of GAME with its options and presets."""
    text = rules_page(game_name)
    console = Console()
    if console.is_terminal:
        console.print(Markdown(text))
    else:
        click.echo(text, nl=False)


@main.command()
@click.option("--names", is_flag=True, help="Only the games' names, one a line.")
def games(names: bool) -> None:
    """List the games and their bots."""
    for name in game_names():
        if names:
            click.echo(name)
            continue
        game = get_game(name)
        seats = (
            f"{game.min_seats}" if game.min_seats == game.max_seats else f"{game.min_seats}-{game.max_seats}"
        )
        click.echo(f"{name:8} {game.title} ({seats} players); bots: {', '.join(bot_names(game))}")


@main.group()
def position() -> None:
    """Positions: describe a game's state in JSON to start from it (play GAME --position FILE)."""


@position.command(name="schema")
@_game_argument
def position_schema(game_name: str) -> None:
    """Print the JSON Schema of GAME's positions."""
    click.echo(game_document(game_name, "position.schema.json"), nl=False)


@position.command(name="template")
@_game_argument
def position_template(game_name: str) -> None:
    """Print a commented example position of GAME, to copy and edit."""
    click.echo(game_document(game_name, "position.template.jsonc"), nl=False)


# The table server: play online in a browser.
main.add_command(serve)

# The commands of the games' own applications (a campaign, deck files), from their front ends.
for _front_end in all_front_ends():
    for _command in _front_end.commands:
        main.add_command(_command)


if __name__ == "__main__":  # pragma: no cover
    main()
