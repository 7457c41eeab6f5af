"""Strength: bots against each other over many games, win rates with 95% intervals.

    python benchmarks/strength.py [--game drump] [--games 1000] [--players heuristic,random] [--jobs J]

Seats rotate every game, so each bot plays first as often as second.  Each
preset of the game's rules is measured in turn unless --rules is given.
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.table import Table

from cardtable.games import game_names, get_game
from cardtable.sim.simulate import simulate


def main() -> None:
    """Run the matches and print one table row per game and preset."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=game_names(), default="drump")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", default="heuristic,random")
    parser.add_argument(
        "--rules", action="append", help="preset(s) to measure (default: default and every preset)"
    )
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game(args.game)
    players = args.players.split(",")
    presets = args.rules or [None, *game.option_table.presets]
    table = Table(title=f"{game.title}: {' vs '.join(players)}, {args.games} games each")
    table.add_column("rules")
    for name in players:
        table.add_column(f"{name} wins [95% CI]", justify="right")
    table.add_column("draws", justify="right")
    table.add_column("seconds", justify="right")
    for preset in presets:
        started = time.perf_counter()
        options = game.option_table.to_dict(game.option_table.resolve(preset))
        summary = simulate(args.game, players, args.games, options, args.seed, args.jobs)
        seconds = time.perf_counter() - started
        wins = [str(summary.wins(index)) for index in range(len(players))]
        table.add_row(preset or "default", *wins, str(summary.draws()), f"{seconds:.1f}")
    Console().print(table)


if __name__ == "__main__":
    main()
