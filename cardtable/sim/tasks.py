"""A game between bots as plain data: the task that asks for it, the game loop, the record it leaves.

A game's record depends on its task alone, so the same tasks give the same
records on any number of processes, on this machine or a cluster
(`sim.backends` plays the runner's chunks with `play_chunk`); only the time
each seat took to decide differs from run to run, and records compare
without it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.bots import make_bot
from cardtable.core import replay
from cardtable.core.jsonio import JSON
from cardtable.core.match import MAX_BOT_ACTIONS, Match, bot_rngs
from cardtable.games import AnyGame, get_game


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
