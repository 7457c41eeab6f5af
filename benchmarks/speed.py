"""Speed of random self-play, in one process: games/s and decisions/s for each game.

    python benchmarks/speed.py [--game drump] [--games 2000] [--rules PRESET] [--seats N] [--rounds 1]

The three loops play the same games: the ones `cardtable simulate` deals for
random players from the seed (each game's deal and each seat's choices drawn
from the generators the match derives from the game's seed).  "raw" drives
the rules directly (current_seat, legal_actions, apply), as tree search does,
its generators seeded before its clock starts; "match" goes through the
public Match loop (legal_actions, then play, which checks each action's
legality, as front ends do); "runner" plays random bots through `simulate`'s
runner in this process (tasks, bots, timing, records).  What the match and
the runner do beyond the rules, seeding a game's generators included, is
their overhead.  Seconds are CPU seconds (`time.process_time`), so that other
processes on a shared machine count less; "vs raw" is a loop's time per
decision over the raw loop's (the runner's overhead is its figure).  With
`--rounds`, the three loops take turns that many times (seeds SEED, SEED+1,
...; each round in a turned order, after a few untimed games) and each row
adds its turns up.
"""

from __future__ import annotations

import argparse
import platform
import time

from rich.console import Console
from rich.table import Table

from cardtable.core.chance import make_rng
from cardtable.core.match import Match, bot_rngs
from cardtable.games import AnyGame, game_names, get_game
from cardtable.sim.runner import rotation
from cardtable.sim.simulate import simulate, simulation_tasks
from cardtable.sim.tasks import GameTask

#: Games each loop plays untimed before the rounds.
WARM_UP_GAMES = 5


def random_games(game: AnyGame, options: object, seats: int, games: int, seed: int) -> list[GameTask]:
    """The games `simulate` plays between random players from `seed`."""
    return simulation_tasks(game.name, ["random"] * seats, games, game.option_table.to_dict(options), seed)


def raw_games(game: AnyGame, options: object, seats: int, games: int, seed: int) -> tuple[int, float]:
    """Play the random games on the rules alone; returns (decisions, seconds)."""
    # The generators the runner's games draw from, seeded before the clock starts: seeding them is
    # counted in the runner's overhead, not in the rules' time.
    draws = [
        (make_rng(task.seed, "deal"), bot_rngs(task.seed, seats))
        for task in random_games(game, options, seats, games, seed)
    ]
    decisions = 0
    started = time.process_time()
    new_state, current_seat = game.new_state, game.current_seat
    legal_actions, apply = game.legal_actions, game.apply
    for deal, rngs in draws:
        state = new_state(options, seats, deal, None)
        while (seat := current_seat(state)) is not None:
            legal = legal_actions(state)
            state = apply(state, legal[rngs[seat].randrange(len(legal))])
            decisions += 1
    return decisions, time.process_time() - started


def match_games(game: AnyGame, options: object, seats: int, games: int, seed: int) -> tuple[int, float]:
    """Play the random games through the public Match loop; returns (decisions, seconds)."""
    tasks = random_games(game, options, seats, games, seed)
    decisions = 0
    started = time.process_time()
    for task in tasks:
        match = Match(game, options=options, seed=task.seed, seats=seats)
        rngs = bot_rngs(task.seed, seats)
        while (seat := match.current_seat) is not None:
            legal = match.legal_actions()
            match.play(legal[rngs[seat].randrange(len(legal))], seat)
            decisions += 1
    return decisions, time.process_time() - started


def runner_games(game: AnyGame, options: object, seats: int, games: int, seed: int) -> tuple[int, float]:
    """Play the random games through the simulation runner in this process; returns (decisions, seconds)."""
    started = time.process_time()
    summary = simulate(game.name, ["random"] * seats, games, game.option_table.to_dict(options), seed, jobs=1)
    return sum(record.length for record in summary.records), time.process_time() - started


def main() -> None:
    """Run the benchmark and print a table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--game", choices=game_names(), action="append", help="game(s) to measure (default: all)"
    )
    parser.add_argument("--games", type=int, default=2000, help="games per measurement")
    parser.add_argument("--rules", help="a preset of rule options")
    parser.add_argument("--seats", type=int, action="append", help="players per game (default: 2 and 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1, help="turns each loop takes, interleaved")
    args = parser.parse_args()
    console = Console(width=110)
    table = Table(
        title=f"Random self-play, one process ({platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()})"
    )
    for column in (
        "game",
        "players",
        "loop",
        "games",
        "decisions",
        "CPU s",
        "games/s",
        "decisions/s",
        "vs raw",
    ):
        table.add_column(column, justify="left" if column in ("game", "loop") else "right")
    for name in args.game or game_names():
        game = get_game(name)
        options = game.option_table.resolve(args.rules)
        for seats in args.seats or sorted({game.min_seats, min(4, game.max_seats)}):
            if not game.min_seats <= seats <= game.max_seats:
                continue
            loops = {"raw": raw_games, "match": match_games, "runner": runner_games}
            decisions = dict.fromkeys(loops, 0)
            seconds = dict.fromkeys(loops, 0.0)
            for run in loops.values():  # a few games first, untimed: imports and first calls count in none
                run(game, options, seats, WARM_UP_GAMES, args.seed)
            # The loops take turns, round after round, so that a noisy machine slows each alike, in
            # turned order (raw first, then last, ...), so that none always follows the same one.
            for round_number in range(args.rounds):
                for loop in rotation(tuple(loops), -round_number):
                    made, spent = loops[loop](game, options, seats, args.games, args.seed + round_number)
                    decisions[loop] += made
                    seconds[loop] += spent
            if len(set(decisions.values())) != 1:
                raise SystemExit(f"{name}, {seats} players: the loops played different games: {decisions}")
            raw_rate = decisions["raw"] / seconds["raw"]
            games = args.games * args.rounds
            for loop in loops:
                table.add_row(
                    name,
                    str(seats),
                    loop,
                    str(games),
                    str(decisions[loop]),
                    f"{seconds[loop]:.2f}",
                    f"{games / seconds[loop]:,.0f}",
                    f"{decisions[loop] / seconds[loop]:,.0f}",
                    f"{raw_rate * seconds[loop] / decisions[loop]:.2f}x",
                )
    console.print(table)


if __name__ == "__main__":
    main()
