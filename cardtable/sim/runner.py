"""One runner for many games between bots: the chunks, seat rotation, the results.

`simulate` and the arena describe every game they want as a `GameTask`
(plain data, `sim.tasks`: the game's name, its options as data, the players
in seat order, a seed), hand the tasks to `run_games`, and read the
`GameRecord`s back, the same records whatever backend plays them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from cardtable.bots import is_search_spec, make_bot
from cardtable.core.errors import PathError
from cardtable.core.jsonio import JSON
from cardtable.core.paths import make_folder
from cardtable.games import AnyGame
from cardtable.sim.backends import Backend, LocalPool
from cardtable.sim.stats import Rate, mean_and_deviation
from cardtable.sim.tasks import GameRecord, GameTask

T = TypeVar("T")

#: The most games sent to a worker process at once, when games are quick.
MAX_CHUNK = 50


@dataclass
class Results:
    """The players of a run and the records of its games, with the figures every report shows."""

    players: tuple[str, ...]
    records: list[GameRecord] = field(default_factory=list)

    def games_of(self, player: int) -> list[GameRecord]:
        """The games a player took part in."""
        return [record for record in self.records if player in record.seating]

    def wins(self, player: int) -> Rate:
        """How often the player won alone, of the games it played."""
        games = self.games_of(player)
        return Rate(sum(1 for record in games if record.sole_winner() == player), len(games))

    def score(self, player: int) -> Rate:
        """Wins plus a share of each shared win, per game played."""
        games = self.games_of(player)
        return Rate(sum(record.payoff_of(player) for record in games), len(games))

    def length(self) -> tuple[float, float]:
        """Mean and standard deviation of the number of actions in a game."""
        return mean_and_deviation([float(record.length) for record in self.records])

    def seconds_per_move(self, player: int) -> float:
        """Mean seconds the player took to decide."""
        seconds, decisions = 0.0, 0
        for record in self.games_of(player):
            seat = record.seat_of(player)
            seconds += record.seconds[seat]
            decisions += record.decisions[seat]
        return seconds / decisions if decisions else 0.0


def rotation(group: Sequence[T], turn: int) -> tuple[T, ...]:
    """The group moved `turn` places round the table, so that its members take every seat in turn."""
    shift = turn % len(group)
    return (*group[shift:], *group[:shift])


def checked_options(game: AnyGame, options: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """Every option's value for a run, the given ones checked (OptionError naming a bad one)."""
    table = game.option_table
    return table.to_dict(table.from_dict(options or {}))


def check_players(game: AnyGame, players: Sequence[str], seats: int) -> None:
    """Refuse unknown bots and a table size the game does not have, before any game is played."""
    if not game.min_seats <= seats <= game.max_seats:
        low, high = game.min_seats, game.max_seats
        sizes = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"{game.title} takes {sizes} players, not {seats}")
    for spec in set(players):
        make_bot(spec, game)


def chunk_size(tasks: Sequence[GameTask], jobs: int) -> int:
    """Games sent to a process at once.

    Quick games go up to fifty at a time, so that passing them between
    processes costs little, but at least eight chunks a process keep the
    processes evenly busy; a tree-search game takes seconds, so those go one
    at a time and the progress shows every game.
    """
    if any(map(is_search_spec, {spec for task in tasks for spec in task.players})):
        return 1
    return max(1, min(MAX_CHUNK, len(tasks) // (jobs * 8)))


def run_games(
    tasks: Sequence[GameTask],
    jobs: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> list[GameRecord]:
    """Play every task on `jobs` processes of the backend (this machine's cores by default), in order.

    The records come in the tasks' order whatever plays them; `on_progress`
    is told how many more games have finished, as they finish.
    """
    backend = backend or LocalPool()
    processes = backend.processes(jobs)
    for folder in {task.replay_folder for task in tasks if task.replay_folder is not None}:
        make_folder(folder, PathError, "replay folder")
    size = chunk_size(tasks, processes)
    chunks = [tasks[start : start + size] for start in range(0, len(tasks), size)]
    records: list[GameRecord] = []
    for done in backend.play(chunks, processes):
        records.extend(done)
        if on_progress is not None:
            on_progress(len(done))
    return records
