"""What the commands share: the game argument, the rule and bot options, and how their values are read.

Nothing here imports a game's rules or a bot: `cardtable --help` stays quick (docs/benchmarks.md).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from cardtable.core.jsonio import MAX_GAMES, MAX_JOBS, MAX_SEED
from cardtable.core.players import HUMANS
from cardtable.games import AnyGame, game_names, get_game

if TYPE_CHECKING:
    from cardtable.sim.backends import LocalPool, RayCluster

# The bounded numbers of the command line (docs/limits.md).
GAMES = click.IntRange(1, MAX_GAMES)
JOBS = click.IntRange(1, MAX_JOBS)
SEED = click.IntRange(0, MAX_SEED)


def bots_help() -> str:
    """`--vs` in `play --help`: the games' bots (grouped when games share them), and what a budget means."""
    from cardtable.bots import bot_names
    from cardtable.bots.levels import LEVELS

    games_by_bots: dict[tuple[str, ...], list[str]] = {}
    for name in game_names():
        kinds = tuple(bot for bot in bot_names(get_game(name)) if bot not in LEVELS)
        games_by_bots.setdefault(kinds, []).append(name)
    listed = "; ".join(
        ", ".join(bots) + ("" if len(games_by_bots) == 1 else f" ({', '.join(games)})")
        for bots, games in games_by_bots.items()
    )
    return (
        f"The opponent: 'human' for two people at one terminal, a level ({', '.join(LEVELS)}: each "
        f"rated in docs/bots.md), or a bot: {listed}. A tree search's budget "
        "is spent on each of its decisions: ismcts:2 thinks 2 seconds (in every spare core), ismcts@500 runs "
        "500 iterations (plain ismcts: 1,000), ismcts@500/4 four searches of 500 (docs/bots.md). "
        "policy:FILE plays a policy trained with cardtable.rl (docs/rl.md). "
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


def read_options(game: AnyGame, preset: str | None, assignments: tuple[str, ...]) -> Any:
    """The game's options from `--rules PRESET` and `--option NAME=VALUE`s (refused, naming the option)."""
    overrides = game.option_table.parse_assignments(assignments)
    return game.option_table.resolve(preset, overrides)


def read_spec(name: str) -> str:
    """A player's name as typed, in lower case (but the path of a `policy:FILE` or `ismcts+net:FILE` as
    written)."""
    name = name.strip()
    return name if name.lower().startswith(("policy:", "ismcts+net")) else name.lower()


def read_players(game: AnyGame, vs: str | None, players: str | None) -> list[str]:
    """Every seat's player from `--vs` or `--players`: each a person or a bot the game has, checked."""
    from cardtable.bots import bot_names, is_search_spec, make_bot

    if players and vs:
        raise click.UsageError("give either --vs or --players, not both")
    names = [read_spec(name) for name in players.split(",")] if players else ["you", vs or "heuristic"]
    if not game.min_seats <= len(names) <= game.max_seats:
        raise click.UsageError(
            f"{game.title} takes {game.seat_range} players, not {len(names)}: {','.join(names)}"
        )
    known = set(bot_names(game)) | HUMANS
    for name in names:
        if (
            name not in known
            and not is_search_spec(name)
            and "~" not in name
            and not name.startswith("policy:")
        ):
            raise click.BadParameter(
                f"unknown player {name!r}; use you (a person) or a bot: {', '.join(bot_names(game))}",
                param_hint="--vs/--players",
            )
        if name not in HUMANS:
            make_bot(name, game)  # refuses a bad search budget before anything runs
    return ["you" if name in HUMANS else name for name in names]


def read_seat_counts(game: AnyGame, text: str | None, bots: int) -> list[int]:
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
                f"{game.title} seats {game.seat_range} players, not {word}",
                param_hint="--seats",
            )
    if len(set(counts)) != len(counts):
        raise click.BadParameter(f"{text!r} names a table size twice", param_hint="--seats")
    return counts


class GameName(click.ParamType):
    """A game's name, any case, among the games known when the command runs (one registered after the
    command line was built counts too); refused naming the games there are."""

    name = "game"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        """The game's own name for `value`."""
        from cardtable.core.errors import UnknownNameError

        try:
            return get_game(str(value)).name
        except UnknownNameError as error:
            self.fail(str(error), param, ctx)


game_argument = click.argument("game_name", metavar="GAME", type=GameName())
_jobs_option = click.option("--jobs", type=JOBS, help="Processes to use (default: all cores).")
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


@dataclass(frozen=True)
class Where:
    """Where a command's many games are played: in `jobs` processes (None: every core) of a backend."""

    jobs: int | None
    backend: str
    address: str | None

    def open(self) -> LocalPool | RayCluster:
        """The backend, for a `with` block (BackendError for an unknown name or a bad address)."""
        from cardtable.sim.backends import open_backend

        return open_backend(self.backend, self.address)


def where_options(command: Callable[..., None]) -> Callable[..., None]:
    """`--jobs`, `--backend` and `--address`: where a command's many games are played, given to the
    command as one `where` (a `Where`)."""

    @functools.wraps(command)
    def given_where(*args: Any, jobs: int | None, backend: str, address: str | None, **kwargs: Any) -> None:
        command(*args, where=Where(jobs, backend, address), **kwargs)

    return _jobs_option(_backend_option(_address_option(given_where)))


def out_option(default: str, holds: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """`--out FOLDER` (the `folder` argument): where a command writes its results, `holds` in words."""
    return click.option(
        "--out",
        "folder",
        type=click.Path(file_okay=False),
        default=default,
        show_default=True,
        help=f"Folder for {holds}.",
    )


rules_option = click.option(
    "--rules", "preset", help="A preset of rule options (each game's: cardtable rules GAME)."
)
option_option = click.option(
    "--option", "assignments", multiple=True, metavar="NAME=VALUE", help="Set one rule option (repeatable)."
)
