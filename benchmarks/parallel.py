"""Root-parallel ISMCTS figures: iterations per wall second in one process and in K, and strength.

    python benchmarks/parallel.py speed [--game drump] [--seconds 0.5] [--moves 20] [--searches 2]
    python benchmarks/parallel.py strength [--game drump] [--seconds 1] [--games 24] [--searches 2]
    python benchmarks/parallel.py strength --iterations 1000 [--games 48] [--jobs 2]

speed: at each of the first moves of a game, the same view is searched by
`ismcts:S/1` (one process) and by `ismcts:S/K` (K processes), in turns
whose order alternates so that a change in the machine's load falls on both;
it prints the iterations each ran per wall second.  strength: `ismcts:S/K`
against `ismcts:S/1`, seats rotating, every game in this process (the
searches need the spare cores), with a 95% Wilson interval; with
`--iterations N`, `ismcts@N/K` against `ismcts@N` (what K searches give
where there are K cores, measured the same on any machine: the games may
then run over `--jobs` processes, each running its K searches in turn).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from rich.console import Console
from rich.table import Table

from cardtable.bots import make_bot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.parallel import RootParallelBot
from cardtable.core.match import Match
from cardtable.games import game_names, get_game
from cardtable.sim.simulate import simulate


def speed(console: Console, name: str, seconds: float, moves: int, searches: int) -> None:
    """Iterations per wall second of one search and of K searches, on the same views."""
    game = get_game(name)
    match = Match(game, seed=3, seats=game.min_seats)
    single = make_bot(f"ismcts:{seconds}/1", game)
    parallel = make_bot(f"ismcts:{seconds}/{searches}", game)
    assert isinstance(single, ISMCTSBot) and isinstance(parallel, RootParallelBot)
    rng = random.Random(1)
    totals = {"one process": [0, 0.0], f"{searches} processes": [0, 0.0]}
    searched = 0
    while not match.is_over and searched < moves:
        legal = match.legal_actions()
        view = match.view(match.current_seat)
        if len(legal) > 1:
            turns = [("one process", single), (f"{searches} processes", parallel)]
            for label, bot in turns if searched % 2 == 0 else reversed(turns):
                started = time.perf_counter()
                bot.choose(view, legal, random.Random(searched))
                totals[label][1] += time.perf_counter() - started
                totals[label][0] += (
                    bot.tree.last_iterations if isinstance(bot, ISMCTSBot) else bot.last_iterations
                )
            searched += 1
        match.play(single.choose(view, legal, rng) if len(legal) > 1 else legal[0])
    parallel.close()
    table = Table(
        title=f"{game.title}: ISMCTS iterations per wall second, {seconds} s a move, {searched} moves "
        f"({platform.python_version()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})"
    )
    for column in ("search", "iterations", "seconds", "iterations/s"):
        table.add_column(column, justify="left" if column == "search" else "right")
    rates = []
    for label, (iterations, wall) in totals.items():
        rates.append(iterations / wall)
        table.add_row(label, f"{iterations:,}", f"{wall:.1f}", f"{iterations / wall:,.0f}")
    console.print(table)
    console.print(f"ratio: {rates[1] / rates[0]:.2f}x")


def strength(console: Console, name: str, budget: str, games: int, searches: int, jobs: int) -> None:
    """`ismcts:S/K` against `ismcts:S/1` (or `ismcts@N/K` against `ismcts@N`), seats rotating."""
    players = [f"ismcts{budget}/{searches}", f"ismcts{budget}/1"]
    started = time.perf_counter()
    summary = simulate(name, players, games, seed=1, jobs=jobs)
    elapsed = time.perf_counter() - started
    table = Table(title=f"{get_game(name).title}: {games} games, {elapsed / 60:.0f} minutes")
    for column in ("player", "wins [95% CI]", "score [95% CI]", "seconds a move"):
        table.add_column(column)
    for index, spec in enumerate(players):
        pace = f"{summary.seconds_per_move(index):.2f}"
        table.add_row(spec, str(summary.wins(index)), str(summary.score(index)), pace)
    console.print(table)
    console.print(f"draws: {summary.draws()}")


def main() -> None:
    """Run the figures asked for on the command line."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("what", choices=("speed", "strength"))
    parser.add_argument("--game", default="drump", choices=game_names())
    parser.add_argument("--seconds", type=float, default=None, help="budget a move (speed 0.5, strength 1)")
    parser.add_argument("--moves", type=int, default=20, help="moves searched (speed)")
    parser.add_argument("--games", type=int, default=24, help="games played (strength)")
    parser.add_argument("--searches", type=int, default=2, help="searches of the root-parallel bot")
    parser.add_argument("--iterations", type=int, default=None, help="strength at an iteration budget")
    parser.add_argument("--jobs", type=int, default=1, help="processes (strength at an iteration budget)")
    arguments = parser.parse_args()
    console = Console()
    if arguments.what == "speed":
        speed(console, arguments.game, arguments.seconds or 0.5, arguments.moves, arguments.searches)
    else:
        if arguments.iterations is not None:
            budget, jobs = f"@{arguments.iterations}", arguments.jobs
        else:
            budget, jobs = f":{arguments.seconds or 1.0}", 1  # a time budget needs the spare cores
        strength(console, arguments.game, budget, arguments.games, arguments.searches, jobs)


if __name__ == "__main__":
    main()
