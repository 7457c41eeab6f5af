"""Tree search figures: ISMCTS iterations per second, and its strength against the heuristic bots.

    python benchmarks/search.py speed [--game scout]  # iterations per CPU second, one core, every game
    python benchmarks/search.py points [--rounds 5]   # the same as versus.py measures it: DRUMP, Scout 4p
    python benchmarks/search.py strength [--games 200] [--jobs 2] [--game drump ...]

Strength is measured with an iteration budget, so the figures do not depend
on the machine: DRUMP, ISMCTS with 1,000 iterations a move against the
heuristic (seats alternating); Scout and dnup, ISMCTS with 500 iterations a
move against three heuristics at 4 players (a quarter is chance).  The
cheating MCTS, which sees every card, is measured at the same tables and
budgets over fewer games, as a reference.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import time

from rich.console import Console
from rich.table import Table
from versus import Contender, measure, our_search  # benchmarks/versus.py, beside this file

from cardtable.bots.ismcts import ISMCTSBot
from cardtable.core.match import Match
from cardtable.games import game_names, get_game
from cardtable.sim.simulate import simulate

#: The tables the strength figures are measured at, and the iterations a move.
MATCHES = {
    "drump": (["{bot}", "heuristic"], 1000),
    "scout": (["{bot}", "heuristic", "heuristic", "heuristic"], 500),
    "dnup": (["{bot}", "heuristic", "heuristic", "heuristic"], 500),
}


def build() -> str:
    """Which build runs: the pure Python modules, or the compiled ones (tools/build_compiled.py)."""
    search = importlib.import_module("cardtable.bots.ismcts")
    return "pure" if str(search.__file__).endswith(".py") else "compiled"


def speed(console: Console, moves: int, names: list[str]) -> None:
    """ISMCTS iterations per CPU second over the first moves of a game, one process."""
    table = Table(
        title=f"ISMCTS iterations per CPU second, one process "
        f"({platform.python_version()}, {platform.machine()}, {build()} build)"
    )
    for column in ("game", "players", "moves", "iterations", "CPU seconds", "iterations/s"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for name in names:
        game = get_game(name)
        seats = min(4, game.max_seats)
        match = Match(game, seed=3, seats=seats)
        bot = ISMCTSBot(game, iterations=1000)
        rng = random.Random(1)
        iterations, seconds, played = 0, 0.0, 0
        while not match.is_over and played < moves:
            legal = match.legal_actions()
            view = match.view(match.current_seat)
            started = time.process_time()
            action = bot.choose(view, legal, rng)
            seconds += time.process_time() - started
            iterations += bot.tree.last_iterations
            match.play(action)
            played += 1
        table.add_row(
            name, str(seats), str(played), str(iterations), f"{seconds:.1f}", f"{iterations / seconds:,.0f}"
        )
    console.print(table)


def points(console: Console, rounds: int) -> None:
    """ISMCTS iterations per CPU second as versus.py measures them, without the other contenders."""
    table = Table(
        title=f"ISMCTS iterations per CPU second, 300 a decision, the first 30 decisions of a random game "
        f"({platform.python_version()}, {platform.machine()}, {build()} build)"
    )
    for column in ("game", "players", "iterations", "CPU seconds", "iterations/s"):
        table.add_column(column, justify="left" if column == "game" else "right")
    entries = [
        Contender("cardtable", name, seats, our_search(get_game(name), seats, 300))
        for name, seats in (("drump", 2), ("scout", 4))
    ]
    measure(entries, rounds, 1.0, 1)
    for entry in entries:
        table.add_row(
            entry.game, str(entry.players), f"{entry.steps:,}", f"{entry.seconds:.1f}", f"{entry.rate:,.0f}"
        )
    console.print(table)


def strength(console: Console, games: int, reference_games: int, jobs: int | None, names: list[str]) -> None:
    """Win rates of ISMCTS and of the cheating reference at the benchmark tables."""
    table = Table(title="Strength: the searcher's wins, seats rotating")
    for column in ("game", "table", "games", "searcher wins [95% CI]", "chance", "seconds"):
        table.add_column(column, justify="left" if column in ("game", "table") else "right")
    for name in names:
        seats, iterations = MATCHES[name]
        for bot, count in ((f"ismcts@{iterations}", games), (f"cheat@{iterations}", reference_games)):
            if not count:
                continue
            players = [spec.format(bot=bot) for spec in seats]
            started = time.perf_counter()
            summary = simulate(name, players, count, seed=11, jobs=jobs)
            seconds = time.perf_counter() - started
            row = (
                name,
                " vs ".join(players),
                str(count),
                str(summary.wins(0)),
                f"{1 / len(players):.0%}",
                f"{seconds:.0f}",
            )
            table.add_row(*row)
            console.print("  " + " | ".join(row))
    console.print(table)


def main() -> None:
    """Run the chosen measurement."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("what", choices=("speed", "points", "strength"))
    parser.add_argument("--rounds", type=int, default=5, help="CPU seconds each game is searched (points)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--reference-games", type=int, default=50, help="games for the cheating reference")
    parser.add_argument("--moves", type=int, default=30, help="moves timed per game (speed)")
    parser.add_argument(
        "--game", action="append", choices=game_names(), help="(strength: drump, scout, dnup)"
    )
    args = parser.parse_args()
    console = Console()
    if args.what == "speed":
        speed(console, args.moves, args.game or game_names())
    elif args.what == "points":
        points(console, args.rounds)
    else:
        unknown = sorted(set(args.game or ()) - set(MATCHES))
        if unknown:
            parser.error(
                f"no strength table for {', '.join(unknown)}; there are: {', '.join(sorted(MATCHES))}"
            )
        strength(console, args.games, args.reference_games, args.jobs, args.game or sorted(MATCHES))


if __name__ == "__main__":
    main()
