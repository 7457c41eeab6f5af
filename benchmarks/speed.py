"""Speed of random self-play, in one process: games/s and decisions/s for each game.

    python benchmarks/speed.py [--game drump] [--games 2000] [--rules PRESET] [--seats N] [--rounds 1]

"raw" drives the rules directly (legal_actions + apply), as tree search
does; "match" goes through Match.play, which also checks each action's
legality, as front ends do; "runner" plays random bots through the runner of
`cardtable simulate` and the arena (bots, views, timing, records) in this
process.  Seconds are CPU seconds (`time.process_time`), so that other
processes on a shared machine count less; "vs raw" is a loop's time per
decision over the raw loop's (the runner's overhead is its figure).  With
`--rounds`, the three loops take turns that many times (seeds SEED, SEED+1,
...) and each row adds its turns up.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from rich.console import Console
from rich.table import Table

from cardtable.core.match import Match
from cardtable.games import AnyGame, game_names, get_game
from cardtable.sim.simulate import simulate


def raw_games(game: AnyGame, options: object, seats: int, games: int, seed: int) -> tuple[int, float]:
    """Play random games on the rules alone; returns (decisions, seconds)."""
    rng = random.Random(seed)
    decisions = 0
    started = time.process_time()
    legal_actions, apply, outcome = game.legal_actions, game.apply, game.outcome
    for _ in range(games):
        state = game.new_state(options, seats, rng, None)
        while outcome(state) is None:
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions, time.process_time() - started


def match_games(game: AnyGame, options: object, seats: int, games: int, seed: int) -> tuple[int, float]:
    """Play random games through Match.play; returns (decisions, seconds)."""
    rng = random.Random(seed)
    decisions = 0
    started = time.process_time()
    for index in range(games):
        match = Match(game, options=options, seed=seed + index, seats=seats)
        while not match.is_over:
            legal = match.legal_actions()
            match.play(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions, time.process_time() - started


def runner_games(game: AnyGame, options: object, seats: int, games: int, seed: int) -> tuple[int, float]:
    """Play random bots through the simulation runner in this process; returns (decisions, seconds)."""
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
            totals = {loop: [0, 0.0] for loop in loops}
            # The loops take turns, round after round, so that a noisy machine slows each alike.
            for round_number in range(args.rounds):
                for loop, run in loops.items():
                    decisions, seconds = run(game, options, seats, args.games, args.seed + round_number)
                    totals[loop][0] += decisions
                    totals[loop][1] += seconds
            raw_rate = totals["raw"][0] / totals["raw"][1]
            for loop, (decisions, seconds) in totals.items():
                games = args.games * args.rounds
                table.add_row(
                    name,
                    str(seats),
                    loop,
                    str(games),
                    str(decisions),
                    f"{seconds:.2f}",
                    f"{games / seconds:,.0f}",
                    f"{decisions / seconds:,.0f}",
                    f"{raw_rate * seconds / decisions:.2f}x",
                )
    console.print(table)


if __name__ == "__main__":
    main()
