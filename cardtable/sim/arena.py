"""The arena: bots against bots in round-robin or gauntlet, every game kept as a replay.

Each table (a pair of entrants in a 2-seat game, or a set of entrants
filling every seat) plays the same number of games, seats rotating one place
a game.  The runner plays the games over processes and saves each replay in
the output folder; the arena's figures are wins, draws, win rates with 95%
intervals, head-to-head scores, Elo with error bars, game length and seconds
per move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import combinations

from cardtable.core.chance import derive_seed
from cardtable.core.errors import LimitError
from cardtable.core.jsonio import JSON, MAX_GAMES
from cardtable.games import get_game
from cardtable.sim.backends import Backend
from cardtable.sim.elo import error_bars, pairings, ratings
from cardtable.sim.runner import Results, check_players, checked_options, rotation, run_games
from cardtable.sim.stats import Rate
from cardtable.sim.tasks import GameTask

MODES = ("round-robin", "gauntlet")


@dataclass(frozen=True)
class ArenaSettings:
    """What an arena plays: the game and its options, the entrants, the tables and the games at each."""

    game: str
    #: The entrants' bot names (`random`, `heuristic`, `ismcts@500`, ...); one may appear twice.
    entrants: tuple[str, ...]
    #: Games at each table; seats rotate one place a game.
    games: int = 100
    #: Players at a table (None: the game's smallest table).
    seats: int | None = None
    #: `round-robin`: every group of entrants; `gauntlet`: the first entrant against every group of
    #: the others.
    mode: str = "round-robin"
    #: Option values by name, overriding the game's defaults.
    options: Mapping[str, JSON] = field(default_factory=dict)
    seed: int = 1
    #: Where each game's replay is saved (None: no replays).
    replay_folder: str | None = None


def table_count(count: int, seats: int, mode: str) -> int:
    """How many tables `tables` gives, counted without listing them."""
    return math.comb(count - 1, seats - 1) if mode == "gauntlet" else math.comb(count, seats)


def tables(count: int, seats: int, mode: str) -> list[tuple[int, ...]]:
    """The groups of entrants that play: every group of `seats`, or the first entrant against the rest."""
    if mode not in MODES:
        raise ValueError(f"unknown arena mode {mode!r}; modes: {', '.join(MODES)}")
    if count < seats:
        raise ValueError(f"{count} entrants cannot fill {seats} seats")
    if mode == "gauntlet":
        return [(0, *others) for others in combinations(range(1, count), seats - 1)]
    return list(combinations(range(count), seats))


def schedule(settings: ArenaSettings) -> list[GameTask]:
    """Every game of the arena (refusing unknown bots, bad options and impossible tables first)."""
    game = get_game(settings.game)
    seats = settings.seats or game.min_seats
    if settings.mode in MODES and len(settings.entrants) >= seats >= 1:
        # Every group of many entrants is a great many tables: counted before any is listed.
        total = table_count(len(settings.entrants), seats, settings.mode) * settings.games
        if total > MAX_GAMES:
            raise LimitError(
                f"{len(settings.entrants)} entrants at tables of {seats}, {settings.games} games a table, "
                f"make {total:,} games; an arena plays at most {MAX_GAMES:,}"
            )
    groups = tables(len(settings.entrants), seats, settings.mode)
    check_players(game, settings.entrants, seats)
    options = checked_options(game, settings.options)
    tasks: list[GameTask] = []
    for table in groups:
        for round_index in range(settings.games):
            seating = rotation(table, round_index)
            index = len(tasks)
            tasks.append(
                GameTask(
                    game=game.name,
                    options=options,
                    players=tuple(settings.entrants[entrant] for entrant in seating),
                    seating=seating,
                    seed=derive_seed(settings.seed, "arena", index),
                    index=index,
                    replay_folder=settings.replay_folder,
                )
            )
    return tasks


@dataclass
class ArenaResult(Results):
    """Every game of an arena; each entrant played only the games of its tables."""

    @property
    def labels(self) -> list[str]:
        """Entrants' names, numbered from 1, so that a bot entered twice is told apart."""
        return [f"{index + 1}. {spec}" for index, spec in enumerate(self.players)]

    def draws(self, entrant: int) -> int:
        """Games whose win the entrant shared."""
        return sum(1 for record in self.games_of(entrant) if 0.0 < record.payoff_of(entrant) < 1.0)

    def head_to_head(self, entrant: int, other: int) -> Rate:
        """The entrant's score against another at the tables where both sat (draws half)."""
        total, games = 0.0, 0
        for record in self.games_of(entrant):
            if other in record.seating:
                mine, theirs = record.payoff_of(entrant), record.payoff_of(other)
                total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                games += 1
        return Rate(total, games)

    def elo(self, rng: random.Random) -> tuple[list[float], list[float]]:
        """Elo ratings and the half-widths of their 95% intervals."""
        games = [pairings(record.seating, record.payoffs) for record in self.records]
        count = len(self.players)
        return ratings(count, games), error_bars(count, games, rng)


def run_arena(
    settings: ArenaSettings,
    jobs: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> ArenaResult:
    """Play every game of the arena over `jobs` processes of the backend (this machine's by default)."""
    return ArenaResult(settings.entrants, run_games(schedule(settings), jobs, on_progress, backend))
