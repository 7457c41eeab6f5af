"""The `cardtable` command: play, replay, simulate, arena, rules, games, positions, decks, campaign."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console

from cardtable.core.errors import CardtableError, PathError
from cardtable.core.jsonio import MAX_GAMES, MAX_JOBS, MAX_SEED
from cardtable.core.paths import check_output_folder
from cardtable.frontends.registry import FRONT_END_COMMANDS, front_end_command
from cardtable.games import AnyGame, game_names, get_game
from cardtable.games.documents import game_document, rules_page

if TYPE_CHECKING:
    from cardtable.core.match import Match
    from cardtable.core.players import Bot

# `cardtable --help` and the commands import what they use when they run (docs/benchmarks.md, issue 14):
# every game, front end and the server would take most of a second to import, for a help screen.

HUMANS = {"you", "human", "me"}

#: Exit statuses: bad input (as click's own usage errors), a bug, Ctrl-C (128 + SIGINT).
INPUT_FAILURE = 2
BUG = 1
INTERRUPTED = 130
#: The longest error line printed: a message quoting a huge input is cut short.
MAX_MESSAGE = 500
#: The project publishes no issue tracker (pyproject.toml has no [project.urls]): the line names no place.
BUG_REPORT = (
    "This is a bug in cardtable, not a fault of your input: the traceback above shows where it happened."
)

# The bounded numbers of the command line (docs/limits.md).
_GAMES = click.IntRange(1, MAX_GAMES)
_JOBS = click.IntRange(1, MAX_JOBS)
_SEED = click.IntRange(0, MAX_SEED)


def _one_line(message: str) -> str:
    """A message as one line; one quoting a huge input loses its middle, keeping what and why."""
    line = " ".join(message.splitlines())
    if len(line) <= MAX_MESSAGE:
        return line
    half = (MAX_MESSAGE - 3) // 2
    return f"{line[:half]} … {line[-half:]}"


def _refuse_input(message: str, debug: bool) -> None:
    """Report bad input: one line naming the input and the reason (after the traceback, with --debug)."""
    if debug:
        traceback.print_exc()
    click.echo(f"Error: {_one_line(message)}", err=True)


class CardtableGroup(click.Group):
    """The command line's one error boundary.

    Bad input (the engine's own errors, click's usage errors, a path that
    cannot be read or written) ends in one line on stderr naming the input
    and the reason, exit status 2; `--debug` shows the traceback as well.
    Anything else is a bug: its traceback and a line saying so, exit status
    1.  Ctrl-C ends quietly, exit status 130.

    Commands defined elsewhere (the server's, the front ends') are imported
    when they run or show their help; until then `cardtable --help` lists
    them by the first sentence of their help, given with them.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Each command not yet imported: how to import it, and the first sentence of its help.
        self.lazy_commands: dict[str, tuple[Callable[[], click.Command], str]] = {}
        self._listing = False

    def add_lazy_command(self, name: str, summary: str, load: Callable[[], click.Command]) -> None:
        """Add a command that `load` imports when first needed; `summary`: its help's first sentence."""
        self.lazy_commands[name] = (load, summary)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, imported or not, in alphabetical order."""
        return sorted({*self.commands, *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command of that name, imported now if it was not (but not to list it in the help)."""
        if cmd_name in self.lazy_commands and cmd_name not in self.commands:
            load, summary = self.lazy_commands[cmd_name]
            if self._listing:
                return click.Command(cmd_name, help=summary)
            self.add_command(load(), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands, those not yet imported by their summaries (as click shortens any help)."""
        self._listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._listing = False

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        """Read the group's own options: a mistake there, before `invoke`, is one line too."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            _refuse_input(error.format_message(), "--debug" in args)
            raise click.exceptions.Exit(INPUT_FAILURE) from None

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command, turning each kind of failure into its report and exit status."""
        debug = bool(ctx.params.get("debug"))
        try:
            return super().invoke(ctx)
        except click.exceptions.Exit:
            raise
        except click.Abort as abort:
            if isinstance(abort.__context__, KeyboardInterrupt):
                ctx.exit(INTERRUPTED)
            raise
        except KeyboardInterrupt:
            ctx.exit(INTERRUPTED)
        except click.ClickException as error:
            _refuse_input(error.format_message(), debug)
            ctx.exit(INPUT_FAILURE)
        except CardtableError as error:
            _refuse_input(str(error), debug)
            ctx.exit(INPUT_FAILURE)
        except BrokenPipeError:
            raise  # the reader of the output went away (`| head`): click ends quietly
        except Exception as error:
            traceback.print_exc()
            click.echo(f"Error: {_one_line(f'{type(error).__name__}: {error}')}", err=True)
            click.echo(BUG_REPORT, err=True)
            ctx.exit(BUG)


@click.group(cls=CardtableGroup)
@click.version_option(package_name="cardtable")
@click.option("--debug", is_flag=True, help="Show the traceback of any error (for developers).")
def main(debug: bool) -> None:
    """Play, replay, simulate and study card games: DRUMP, Scout, dnup and the Forbidden Memories duel."""


def _bots_help() -> str:
    """`--vs` in `play --help`: the games' bots (grouped when games share them), and what a budget means."""
    from cardtable.bots import bot_names

    games_by_bots: dict[tuple[str, ...], list[str]] = {}
    for name in game_names():
        games_by_bots.setdefault(tuple(bot_names(get_game(name))), []).append(name)
    listed = "; ".join(
        ", ".join(bots) + ("" if len(games_by_bots) == 1 else f" ({', '.join(games)})")
        for bots, games in games_by_bots.items()
    )
    return (
        f"The opponent: 'human' for two people at one terminal, or a bot: {listed}. A tree search's budget "
        "is spent on each of its decisions: ismcts:2 thinks 2 seconds, ismcts@500 runs 500 iterations "
        "(plain ismcts: 1,000). policy:FILE plays a policy trained with cardtable.rl (docs/rl.md). "
        "For fm, also one of the 39 duelists (number or name)."
    )


class HelpWhenShown(click.Option):
    """An option whose help is written when it is shown (`play --vs` lists every game's bots: every game
    would be imported for any command)."""

    def __init__(self, *args: Any, write_help: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.write_help = write_help

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        """The option's line in the help, its text written now."""
        self.help = self.write_help()
        return super().get_help_record(ctx)


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
    from cardtable.bots import bot_names, is_search_spec, make_bot

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
        if name not in HUMANS:
            make_bot(name, game)  # refuses a bad search budget before anything runs
    return ["you" if name in HUMANS else name for name in names]


def _seat_counts(game: AnyGame, text: str | None, bots: int) -> list[int]:
    """The table sizes of `simulate --seats` (else the number of bots): sizes the game has, each once."""
    if not text:
        return [bots]
    words = [word.strip() for word in text.split(",")]
    if not all(word.isascii() and word.isdigit() for word in words):
        raise click.BadParameter(f"{text!r} is not a list of numbers", param_hint="--seats")
    # A size is checked by its length first: Python takes long to read a number of thousands of digits.
    counts = [int(word) if len(word) <= 3 else game.max_seats + 1 for word in words]
    for word, count in zip(words, counts, strict=True):
        if not game.min_seats <= count <= game.max_seats:
            raise click.BadParameter(
                f"{game.title} seats {game.min_seats} to {game.max_seats} players, not {word}",
                param_hint="--seats",
            )
    if len(set(counts)) != len(counts):
        raise click.BadParameter(f"{text!r} names a table size twice", param_hint="--seats")
    return counts


_game_argument = click.argument(
    "game_name", metavar="GAME", type=click.Choice(game_names(), case_sensitive=False)
)
_backend_option = click.option(
    "--backend",
    type=click.Choice(["local", "ray"]),
    default="local",
    show_default=True,
    help="Where the games run: this machine's processes, or Ray (the ray extra; docs/scale.md).",
)
_address_option = click.option(
    "--address", help="A Ray cluster's HOST:PORT (default: a Ray instance on this machine)."
)
_rules_option = click.option("--rules", "preset", help="A preset of rule options (for DRUMP: pt, vi, en).")
_option_option = click.option(
    "--option", "assignments", multiple=True, metavar="NAME=VALUE", help="Set one rule option (repeatable)."
)


@main.command()
@_game_argument
@click.option("--vs", cls=HelpWhenShown, write_help=_bots_help)
@click.option("--players", help="Every seat in order, comma-separated: you, random, heuristic, ...")
@_rules_option
@_option_option
@click.option("--seed", type=_SEED, help="Seed of the deal (a new one is drawn when left out).")
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

    game = _game(game_name)
    setup = front_end(game.name).setup
    if setup is not None and not resume_file and not position_file:
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


@main.command(name="replay")
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


@main.command()
@_game_argument
@click.option("--games", "count", type=_GAMES, default=1000, show_default=True, help="Games to play.")
@click.option(
    "--players", default="heuristic,random", show_default=True, help="Bots, comma-separated, seat 1 first."
)
@_rules_option
@_option_option
@click.option("--jobs", type=_JOBS, help="Processes to use (default: all cores).")
@_backend_option
@_address_option
@click.option("--seed", type=_SEED, default=1, show_default=True, help="Seed of the whole run.")
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
    backend: str,
    address: str | None,
    seed: int,
    seat_counts: str | None,
) -> None:
    """Play many games between bots and print win rates with 95% intervals."""
    from cardtable.frontends.simulate_report import run_and_report
    from cardtable.sim.backends import open_backend

    game = _game(game_name)
    bots = [_spec(name) for name in players.split(",")]
    counts = _seat_counts(game, seat_counts, len(bots))
    options = _options(game, preset, assignments)
    console = Console()
    with open_backend(backend, address) as where:
        for seats in counts:
            names = _players(game, None, ",".join(bots[index % len(bots)] for index in range(seats)))
            if any(name in HUMANS for name in names):
                raise click.BadParameter("simulations are between bots only", param_hint="--players")
            run_and_report(game, names, count, options, seed, jobs, console, where)


@main.command()
@_game_argument
@click.option(
    "--players", required=True, help="Entrants, comma-separated: random, heuristic, ismcts@500, ..."
)
@click.option(
    "--games",
    "count",
    type=_GAMES,
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
@click.option("--jobs", type=_JOBS, help="Processes to use (default: all cores).")
@_backend_option
@_address_option
@click.option("--seed", type=_SEED, default=1, show_default=True, help="Seed of the whole arena.")
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
    backend: str,
    address: str | None,
    seed: int,
    folder: str,
) -> None:
    """Bots against bots: win rates, Elo, speed, a plot, and every game as a replay."""
    from cardtable.bots import make_bot
    from cardtable.frontends.arena_report import run_and_report
    from cardtable.sim.backends import open_backend

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
    # A run of hours must not end in a folder it cannot write to: the folder is checked first.
    check_output_folder(folder, PathError, "arena results")
    with open_backend(backend, address) as where:
        run_and_report(game, specs, count, options, seats, mode, seed, jobs, Path(folder), Console(), where)


@main.command()
@_game_argument
@click.option(
    "--rules",
    "presets",
    metavar="PRESET,PRESET,...",
    help="Variants to compare, comma-separated presets ('default': none), e.g. pt,vi,en. Without --rules "
    "or --variant: every preset of the game.",
)
@click.option(
    "--variant",
    "variants",
    multiple=True,
    metavar="[PRESET,]NAME=VALUE,...",
    help="A variant with options of its own, e.g. pt,recycle_limit=3 (repeatable).",
)
@click.option(
    "--option",
    "assignments",
    multiple=True,
    metavar="NAME=VALUE",
    help="Set one rule option in every variant.",
)
@click.option(
    "--players",
    default="heuristic,heuristic",
    show_default=True,
    help="Bots, comma-separated, seat 1 first; the same in every variant.",
)
@click.option("--seats", type=click.IntRange(2), help="Players per game, bots repeated to fill seats.")
@click.option("--games", "count", type=_GAMES, default=1000, show_default=True, help="Games per variant.")
@click.option("--jobs", type=_JOBS, help="Processes to use (default: all cores).")
@click.option("--seed", type=_SEED, default=1, show_default=True, help="Seed of the whole study.")
@click.option(
    "--out",
    "folder",
    type=click.Path(file_okay=False),
    default="study-results",
    show_default=True,
    help="Folder for study.json, study.csv and study.png.",
)
def study(
    game_name: str,
    presets: str | None,
    variants: tuple[str, ...],
    assignments: tuple[str, ...],
    players: str,
    seats: int | None,
    count: int,
    jobs: int | None,
    seed: int,
    folder: str,
) -> None:
    """Compare rule variants: the same games, seeds and bots under each, side by side (docs/study.md).

    For each variant: how often the first player wins and how far that is
    from 1/seats, shared wins, game lengths and endings, with 95% intervals.
    """
    from cardtable.frontends.study_report import run_and_report
    from cardtable.sim.study import read_variants

    game = _game(game_name)
    chosen = read_variants(game, presets, variants, assignments)
    if count * len(chosen) > MAX_GAMES:
        raise click.BadParameter(
            f"{len(chosen)} variants of {count:,} games: a study plays at most {MAX_GAMES:,} games",
            param_hint="--games",
        )
    bots = [_spec(name) for name in players.split(",")]
    names = _players(game, None, ",".join(bots[index % len(bots)] for index in range(seats or len(bots))))
    if "you" in names:
        raise click.BadParameter("a study is played between bots only", param_hint="--players")
    check_output_folder(folder, PathError, "study results")
    run_and_report(game, chosen, names, count, seed, jobs, Path(folder), Console())


@main.command()
@_game_argument
def rules(game_name: str) -> None:
    """Print the rules of GAME with its options and presets (paged on a terminal)."""
    text = rules_page(game_name)
    console = Console()
    if console.is_terminal:
        from rich.markdown import Markdown

        # The system's pager (PAGER, else less or more): the page does not scroll out of sight.
        with console.pager():
            console.print(Markdown(text))
    else:
        click.echo(text, nl=False)


@main.command()
@click.option("--names", is_flag=True, help="Only the games' names, one a line.")
def games(names: bool) -> None:
    """List the games and their bots."""
    if names:
        for name in game_names():
            click.echo(name)
        return
    from cardtable.bots import bot_names

    for name in game_names():
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


def _imported(module: str, name: str) -> click.Command:
    """A command defined in another module, imported now."""
    command: click.Command = getattr(import_module(module), name)
    return command


# The table server (play online in a browser), and the games played at this terminal.
main.add_lazy_command(
    "serve",
    "Serve tables to play online: people by invitation links, bots in worker processes.",
    partial(_imported, "cardtable.server.command", "serve"),
)
main.add_lazy_command(
    "history",
    "List your finished games, newest last (cardtable replay N opens game N).",
    partial(_imported, "cardtable.frontends.history", "history_command"),
)
# The commands of the games' own applications (a campaign, deck files), from their front ends.
for _name, (_, _summary) in FRONT_END_COMMANDS.items():
    main.add_lazy_command(_name, _summary, partial(front_end_command, _name))


if __name__ == "__main__":  # pragma: no cover
    main()
