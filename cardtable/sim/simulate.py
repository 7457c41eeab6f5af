"""Many games between bots, spread over processes, summarised per player and per seat.

Game i is dealt from a seed derived from the run's seed and i, and seats are
rotated so that every player sits in every seat equally often; the same run
seed gives the same games whatever the number of processes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.chance import derive_seed
from cardtable.core.match import Match, bot_rngs
from cardtable.games import get_game
from cardtable.sim.stats import Rate, mean_and_deviation


@dataclass(frozen=True)
class GameRecord:
    """One finished game: who sat where, who went first, who won, how long it was."""

    index: int
    seed: int
    players: tuple[str, ...]
    first_seat: int
    winners: tuple[int, ...]
    payoffs: tuple[float, ...]
    length: int
    reason: str


@dataclass(frozen=True)
class Task:
    """A chunk of games for one worker process."""

    game: str
    players: tuple[str, ...]
    options: dict[str, Any]
    seed: int
    indices: tuple[int, ...]


def seating(players: Sequence[str], index: int) -> tuple[str, ...]:
    """The players of game `index`, rotated one seat per game."""
    shift = index % len(players)
    return tuple(players[shift:]) + tuple(players[:shift])


def play_one(game_name: str, players: Sequence[str], options: Any, seed: int, index: int) -> GameRecord:
    """Play one game between bots and record it."""
    from cardtable.bots import make_bot

    game = get_game(game_name)
    seated = seating(players, index)
    game_seed = derive_seed(seed, "game", index)
    match = Match(game, options=options, seed=game_seed, players=list(seated))
    first = match.current_seat
    assert first is not None
    bots = {seat: make_bot(spec, game) for seat, spec in enumerate(seated)}
    match.play_bots(bots, bot_rngs(game_seed, len(seated)))
    outcome = match.outcome
    assert outcome is not None
    payoffs = tuple(outcome.payoff(seat) for seat in range(len(seated)))
    return GameRecord(
        index, game_seed, seated, first, outcome.winners, payoffs, len(match.moves), outcome.reason
    )


def _run_task(task: Task) -> list[GameRecord]:
    game = get_game(task.game)
    options = game.option_table.from_dict(task.options)
    return [play_one(task.game, task.players, options, task.seed, index) for index in task.indices]


@dataclass
class Summary:
    """Statistics of a finished simulation."""

    players: tuple[str, ...]
    records: list[GameRecord] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.records)

    def wins(self, player: int) -> Rate:
        """How often player number `player` (in the order given) won outright."""
        won = sum(1 for record in self.records if self._sole_winner(record) == player)
        return Rate(won, self.games)

    def score(self, player: int) -> Rate:
        """Wins plus a share of each draw, per game."""
        total = sum(self._payoff(record, player) for record in self.records)
        return Rate(total, self.games)

    def draws(self) -> Rate:
        """Games whose win was shared."""
        return Rate(sum(1 for record in self.records if len(record.winners) > 1), self.games)

    def first_player_wins(self) -> Rate:
        """How often the seat that moved first won outright."""
        won = sum(1 for record in self.records if record.winners == (record.first_seat,))
        return Rate(won, self.games)

    def seat_wins(self, seat: int) -> Rate:
        """How often seat `seat` won outright."""
        return Rate(sum(1 for record in self.records if record.winners == (seat,)), self.games)

    def length(self) -> tuple[float, float]:
        """Mean and standard deviation of the number of actions in a game."""
        return mean_and_deviation([float(record.length) for record in self.records])

    def reasons(self) -> dict[str, int]:
        """How the games ended, counted by reason."""
        counts: dict[str, int] = {}
        for record in self.records:
            reason = record.reason.split(" (")[0].split(" when ")[0]
            counts[reason] = counts.get(reason, 0) + 1
        return dict(sorted(counts.items(), key=lambda item: -item[1]))

    def _player_seat(self, record: GameRecord, player: int) -> int:
        # Players are rotated one seat per game (see `seating`).
        return (player - record.index) % len(self.players)

    def _sole_winner(self, record: GameRecord) -> int | None:
        if len(record.winners) != 1:
            return None
        return (record.winners[0] + record.index) % len(self.players)

    def _payoff(self, record: GameRecord, player: int) -> float:
        return record.payoffs[self._player_seat(record, player)]


def simulate(
    game_name: str,
    players: Sequence[str],
    games: int,
    options: Any,
    seed: int,
    jobs: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play `games` games over `jobs` processes (all cores by default)."""
    game = get_game(game_name)
    jobs = max(1, jobs or os.cpu_count() or 1)
    options_data = game.option_table.to_dict(options)
    chunk = max(1, min(50, games // (jobs * 8) or 1))
    tasks = [
        Task(game_name, tuple(players), options_data, seed, tuple(range(start, min(games, start + chunk))))
        for start in range(0, games, chunk)
    ]
    summary = Summary(tuple(players))
    if jobs == 1:
        for task in tasks:
            summary.records += _run_task(task)
            if on_progress:
                on_progress(len(task.indices))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for records in pool.map(_run_task, tasks):
                summary.records += records
                if on_progress:
                    on_progress(len(records))
    summary.records.sort(key=lambda record: record.index)
    return summary
