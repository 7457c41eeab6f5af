"""The arena: bots against bots in round-robin or gauntlet, every game kept as a replay.

Each table (a pair of entrants in a 2-seat game, or a set of entrants
filling every seat) plays the same number of games, seats rotating one place
a game.  Games run over processes; each writes its replay into the output
folder, and the arena summarises wins, draws, win rates with 95% intervals,
Elo with error bars, game length and seconds per move.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from cardtable.core.chance import derive_seed
from cardtable.core.match import Match, bot_rngs
from cardtable.core.replay import replay_lines, write_atomic
from cardtable.games import get_game
from cardtable.sim.elo import error_bars, pairings, ratings
from cardtable.sim.stats import Rate, mean_and_deviation

MODES = ("round-robin", "gauntlet")


@dataclass(frozen=True)
class ArenaTask:
    """One arena game to play: which entrants sit where, and its seed."""

    game: str
    options: dict[str, Any]
    index: int
    entrants: tuple[int, ...]
    specs: tuple[str, ...]
    seed: int
    replay_folder: str | None


@dataclass(frozen=True)
class ArenaRecord:
    """One finished arena game."""

    index: int
    entrants: tuple[int, ...]
    payoffs: tuple[float, ...]
    length: int
    #: Seconds spent choosing, and decisions taken, by each seat.
    seconds: tuple[float, ...]
    decisions: tuple[int, ...]
    replay: str | None


def tables(count: int, seats: int, mode: str) -> list[tuple[int, ...]]:
    """The groups of entrants that play: every group of `seats`, or the first entrant against the rest."""
    if mode not in MODES:
        raise ValueError(f"unknown arena mode {mode!r}; modes: {', '.join(MODES)}")
    if count < seats:
        raise ValueError(f"{count} entrants cannot fill {seats} seats")
    if mode == "gauntlet":
        return [(0, *others) for others in combinations(range(1, count), seats - 1)]
    return list(combinations(range(count), seats))


def schedule(
    game: str,
    options: dict[str, Any],
    specs: Sequence[str],
    seats: int,
    games: int,
    mode: str,
    seed: int,
    replay_folder: str | None,
) -> list[ArenaTask]:
    """Every game of the arena, seats rotating one place a game within each table."""
    tasks: list[ArenaTask] = []
    for table in tables(len(specs), seats, mode):
        for round_index in range(games):
            shift = round_index % seats
            entrants = table[shift:] + table[:shift]
            index = len(tasks)
            tasks.append(
                ArenaTask(
                    game,
                    options,
                    index,
                    entrants,
                    tuple(specs[entrant] for entrant in entrants),
                    derive_seed(seed, "arena", index),
                    replay_folder,
                )
            )
    return tasks


def play_task(task: ArenaTask) -> ArenaRecord:
    """Play one arena game, timing every decision, and save its replay."""
    from cardtable.bots import make_bot

    game = get_game(task.game)
    options = game.option_table.from_dict(task.options)
    seats = len(task.entrants)
    match = Match(game, options=options, seed=task.seed, players=list(task.specs), seats=seats)
    bots = [make_bot(spec, game) for spec in task.specs]
    rngs = bot_rngs(task.seed, seats)
    seconds = [0.0] * seats
    decisions = [0] * seats
    while not match.is_over:
        seat = match.current_seat
        assert seat is not None
        started = time.perf_counter()
        action = match.decide(bots[seat], rngs[seat])
        seconds[seat] += time.perf_counter() - started
        decisions[seat] += 1
        match.play(action, seat)
    outcome = match.outcome
    assert outcome is not None
    replay = None
    if task.replay_folder is not None:
        replay = str(Path(task.replay_folder) / f"game-{task.index:05d}.jsonl")
        write_atomic(replay, "".join(json.dumps(line) + "\n" for line in replay_lines(match)))
    return ArenaRecord(
        task.index,
        task.entrants,
        tuple(outcome.payoff(seat) for seat in range(seats)),
        len(match.moves),
        tuple(seconds),
        tuple(decisions),
        replay,
    )


@dataclass
class ArenaResult:
    """Every record of an arena, and the statistics a table of results needs."""

    specs: tuple[str, ...]
    records: list[ArenaRecord] = field(default_factory=list)

    @property
    def labels(self) -> list[str]:
        """Entrants' names, numbered when a bot appears more than once."""
        return [f"{index + 1}. {spec}" for index, spec in enumerate(self.specs)]

    def games_of(self, entrant: int) -> list[ArenaRecord]:
        """The games an entrant played."""
        return [record for record in self.records if entrant in record.entrants]

    def wins(self, entrant: int) -> Rate:
        """Games won outright."""
        games = self.games_of(entrant)
        won = sum(1 for record in games if self._payoff(record, entrant) == 1.0)
        return Rate(won, len(games))

    def draws(self, entrant: int) -> int:
        """Games whose win the entrant shared."""
        return sum(1 for record in self.games_of(entrant) if 0.0 < self._payoff(record, entrant) < 1.0)

    def head_to_head(self, entrant: int, other: int) -> Rate:
        """The entrant's score against another at the tables where both sat (draws half)."""
        total, games = 0.0, 0
        for record in self.records:
            if entrant in record.entrants and other in record.entrants:
                mine, theirs = self._payoff(record, entrant), self._payoff(record, other)
                total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                games += 1
        return Rate(total, games)

    def elo(self, rng: random.Random) -> tuple[list[float], list[float]]:
        """Elo ratings and the half-widths of their 95% intervals."""
        games = [pairings(record.entrants, record.payoffs) for record in self.records]
        count = len(self.specs)
        return ratings(count, games), error_bars(count, games, rng)

    def length(self) -> tuple[float, float]:
        """Mean and standard deviation of the actions in a game."""
        return mean_and_deviation([float(record.length) for record in self.records])

    def seconds_per_move(self, entrant: int) -> float:
        """Mean seconds the entrant took to choose a move."""
        seconds = decisions = 0.0
        for record in self.games_of(entrant):
            seat = record.entrants.index(entrant)
            seconds += record.seconds[seat]
            decisions += record.decisions[seat]
        return seconds / decisions if decisions else 0.0

    def _payoff(self, record: ArenaRecord, entrant: int) -> float:
        return record.payoffs[record.entrants.index(entrant)]


def run_arena(
    game_name: str,
    specs: Sequence[str],
    games: int,
    options: Any,
    seats: int,
    mode: str,
    seed: int,
    jobs: int | None,
    replay_folder: str | None,
    on_progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play every arena game over `jobs` processes and gather the records."""
    game = get_game(game_name)
    if options is None:
        options = game.option_table.default()
    if replay_folder is not None:
        os.makedirs(replay_folder, exist_ok=True)
    tasks = schedule(
        game_name, game.option_table.to_dict(options), specs, seats, games, mode, seed, replay_folder
    )
    result = ArenaResult(tuple(specs))
    jobs = max(1, jobs or os.cpu_count() or 1)
    if jobs == 1:
        for task in tasks:
            result.records.append(play_task(task))
            if on_progress:
                on_progress(1)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for record in pool.map(play_task, tasks, chunksize=1):
                result.records.append(record)
                if on_progress:
                    on_progress(1)
    return result
