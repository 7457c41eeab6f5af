"""Many games between the same bots, summarised per player and per seat.

Game i is dealt from a seed derived from the run's seed and i, and the
players move one seat round the table a game, so that every player sits in
every seat equally often; the same run seed gives the same games whatever the
number of processes (the runner's promise).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from cardtable.core.chance import derive_seed
from cardtable.core.jsonio import JSON
from cardtable.games import get_game
from cardtable.sim.backends import Backend
from cardtable.sim.runner import Results, check_players, checked_options, rotation, run_games
from cardtable.sim.stats import Rate
from cardtable.sim.tasks import GameTask


@dataclass
class Summary(Results):
    """Every game of a simulation, in which every player played every game."""

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.records)

    def draws(self) -> Rate:
        """Games whose win was shared."""
        return Rate(sum(1 for record in self.records if len(record.winners) > 1), self.games)

    def first_player_wins(self) -> Rate:
        """How often the seat that moved first won alone."""
        return Rate(sum(1 for record in self.records if record.winners == (record.first_seat,)), self.games)

    def seat_wins(self, seat: int) -> Rate:
        """How often seat `seat` won alone."""
        return Rate(sum(1 for record in self.records if record.winners == (seat,)), self.games)

    def endings(self) -> dict[str, int]:
        """How the games ended: games by the outcome's ending code, the most common first."""
        return dict(Counter(record.ending for record in self.records).most_common())


def simulation_tasks(
    game_name: str, players: Sequence[str], games: int, options: Mapping[str, JSON], seed: int
) -> list[GameTask]:
    """Game i seats the players turned i places round the table and deals from the i-th derived seed."""
    roster = tuple(range(len(players)))
    tasks = []
    for index in range(games):
        seating = rotation(roster, index)
        tasks.append(
            GameTask(
                game=game_name,
                options=options,
                players=tuple(players[player] for player in seating),
                seating=seating,
                seed=derive_seed(seed, "game", index),
                index=index,
            )
        )
    return tasks


def simulate(
    game_name: str,
    players: Sequence[str],
    games: int,
    options: Mapping[str, JSON] | None = None,
    seed: int = 1,
    jobs: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> Summary:
    """Play `games` games between `players` (bot names, seat 1 first) over `jobs` processes.

    The games run on the `backend` (`sim.backends`: this machine's processes by default).

    `options` overrides the game's default options by name; unknown bots,
    bad options and a table size the game lacks are refused before any game.
    """
    game = get_game(game_name)
    resolved = checked_options(game, options)
    check_players(game, players, len(players))
    tasks = simulation_tasks(game.name, players, games, resolved, seed)
    return Summary(tuple(players), run_games(tasks, jobs, on_progress, backend))
