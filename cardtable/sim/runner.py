"""One runner for many games between bots: the task, the game loop, the chunks, seat rotation.

`simulate` and the arena describe every game they want as a `GameTask`
(plain data: the game's name, its options as data, the players in seat
order, a seed), hand the tasks to `run_games`, and read the `GameRecord`s
back.  A game's record depends on its task alone, so the same tasks give the
same records on any number of processes, on this machine or a cluster
(`sim.backends`); only the time each seat took to decide differs from run
to run, and records compare without it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from cardtable.bots import is_search_spec, make_bot
from cardtable.core import replay
from cardtable.core.errors import PathError
from cardtable.core.jsonio import JSON
from cardtable.core.match import MAX_BOT_ACTIONS, Match, bot_rngs
from cardtable.core.paths import make_folder
from cardtable.games import AnyGame, get_game
from cardtable.sim.backends import Backend, LocalPool
from cardtable.sim.stats import Rate, mean_and_deviation

T = TypeVar("T")

#: The most games sent to a worker process at once, when games are quick.
MAX_CHUNK = 50


@dataclass(frozen=True)
class GameTask:
    """One game to play: the game and its options, who sits where, its seed and its place in the run."""

    game: str
    #: Every option's value by name (`OptionTable.to_dict`).
    options: Mapping[str, JSON]
    #: The players' bot names in seat order, seat 0 first.
    players: tuple[str, ...]
    #: The number of each seat's player among the run's players (its roster).
    seating: tuple[int, ...]
    seed: int
    index: int
    #: Where the game's replay is saved (as `game-INDEX.jsonl`), or None for no replay.
    replay_folder: str | None = None
    #: Entries of the spectator's view of the last state for the record to keep (`study` reads rounds).
    view_keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameRecord:
    """One finished game: who sat where and went first, who won and how, how long it took."""

    index: int
    seed: int
    #: The number of each seat's player among the run's players.
    seating: tuple[int, ...]
    first_seat: int
    winners: tuple[int, ...]
    payoffs: tuple[float, ...]
    #: Actions in the game.
    length: int
    #: The outcome's ending code and its reason in words.
    ending: str
    reason: str
    #: Seconds spent deciding by each seat: they differ from run to run, so records compare without them.
    seconds: tuple[float, ...] = field(compare=False)
    #: Decisions taken by each seat.
    decisions: tuple[int, ...]
    replay: str | None
    #: The entries of the spectator's view of the last state that the task asked for, as JSON.
    last_view: Mapping[str, JSON] = field(default_factory=dict)

    def seat_of(self, player: int) -> int:
        """The seat the player sat in (ValueError if it did not play this game)."""
        return self.seating.index(player)

    def payoff_of(self, player: int) -> float:
        """The player's payoff: 1 for a sole win, a share of 1 for a shared one, else 0."""
        return self.payoffs[self.seat_of(player)]

    def sole_winner(self) -> int | None:
        """The player who won alone, or None for a shared win."""
        return self.seating[self.winners[0]] if len(self.winners) == 1 else None

    def to_json(self) -> dict[str, JSON]:
        """The record as plain data for result files, seats and players counted from 1."""
        return {
            "index": self.index,
            "seed": self.seed,
            "seating": [player + 1 for player in self.seating],
            "first_seat": self.first_seat + 1,
            "winners": [seat + 1 for seat in self.winners],
            "payoffs": list(self.payoffs),
            "length": self.length,
            "ending": self.ending,
            "reason": self.reason,
            "seconds": list(self.seconds),
            "decisions": list(self.decisions),
            "replay": self.replay,
        }


def view_entries(game: AnyGame, state: object, keys: Sequence[str]) -> dict[str, JSON]:
    """The entries of a state's spectator view that are named in `keys` (none asked: no view is made)."""
    if not keys:
        return {}
    shown = game.view(state, None).to_json(with_log=False)
    return {key: shown[key] for key in keys if key in shown}


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


def play_game(task: GameTask, options: object | None = None) -> GameRecord:
    """Play one game between bots, timing every decision, and save its replay if asked.

    `options` may give the game's options already read from `task.options`
    (a chunk of games reads them once).
    """
    game = get_game(task.game)
    seats = len(task.players)
    match = Match(
        game,
        options=game.option_table.from_dict(task.options) if options is None else options,
        seed=task.seed,
        players=task.players,
        seats=seats,
    )
    seconds = [0.0] * seats
    first_seat = game.current_seat(match.state)
    if first_seat is None:
        raise ValueError(f"{game.title} seed {task.seed}: the game is over before it starts")
    bots = [make_bot(spec, game) for spec in task.players]
    match.play_out(bots, bot_rngs(task.seed, seats), seconds, MAX_BOT_ACTIONS)
    outcome = match.outcome
    assert outcome is not None  # the loop runs until no seat is to act, which is the end of the game
    path = None
    if task.replay_folder is not None:
        path = str(Path(task.replay_folder) / f"game-{task.index:05d}.jsonl")
        replay.save(match, path)
    acting = match.acting_seats()
    return GameRecord(
        index=task.index,
        seed=task.seed,
        seating=task.seating,
        first_seat=first_seat,
        winners=outcome.winners,
        payoffs=tuple(outcome.payoff(seat) for seat in range(seats)),
        length=len(acting),
        ending=outcome.ending,
        reason=outcome.reason,
        seconds=tuple(seconds),
        decisions=tuple(map(acting.count, range(seats))),
        replay=path,
        last_view=view_entries(game, match.state, task.view_keys),
    )


def play_chunk(tasks: Sequence[GameTask]) -> list[GameRecord]:
    """Play several games in a row (one worker process's share), reading equal options once."""
    records = []
    read: tuple[str, Mapping[str, JSON], object] | None = None
    for task in tasks:
        if read is None or read[0] != task.game or read[1] != task.options:
            table = get_game(task.game).option_table
            read = (task.game, task.options, table.from_dict(task.options))
        records.append(play_game(task, read[2]))
    return records


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
