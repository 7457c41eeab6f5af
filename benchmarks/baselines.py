"""The shipped policies' strength: each one's wins against random, the heuristic and ISMCTS, with intervals.

    python benchmarks/baselines.py [--games 200] [--search-games 200] [--game drump --game scout] [--jobs 1]

For each game the shipped policy (`examples/GAME-policy.npz`, played by the
`policy:FILE` bot) sits at a table whose every other seat is one bot: random,
the heuristic, then ISMCTS at 200 iterations a decision.  Seats rotate every
game (`cardtable.sim.simulate`), so the policy plays each seat equally often;
a win shared counts as none.  The chance share is what a seat wins when every
seat plays alike (1 / seats).  Prints a Markdown table, each cell the share
won with its 95% Wilson interval, and the machine's load average before and
after (the machine is shared: seconds are wall clock).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from pathlib import Path

from cardtable.sim.simulate import simulate

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SEARCH = "ismcts@200"
OPPONENTS = ("random", "heuristic", SEARCH)


@dataclass(frozen=True)
class Baseline:
    """A shipped policy and the table it was trained for."""

    game: str
    seats: int
    title: str

    @property
    def path(self) -> Path:
        return EXAMPLES / f"{self.game}-policy.npz"


BASELINES = (
    Baseline("drump", 2, "DRUMP"),
    Baseline("scout", 4, "Scout"),
    Baseline("dnup", 4, "dnup"),
    Baseline("fm", 2, "FM duel"),
)


def load_average() -> str:
    """The 1, 5 and 15 minute load averages (`/proc/loadavg`), or 'unknown' off Linux."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def main() -> None:
    """Play every cell and print the table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games a cell against random and heuristic")
    parser.add_argument("--search-games", type=int, default=200, help=f"games a cell against {SEARCH}")
    parser.add_argument(
        "--game", action="append", choices=[b.game for b in BASELINES], help="games to measure (default all)"
    )
    parser.add_argument("--opponent", action="append", choices=OPPONENTS, help="opponents (default all)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    chosen = [b for b in BASELINES if arguments.game is None or b.game in arguments.game]
    opponents = arguments.opponent or list(OPPONENTS)
    print(f"load average before: {load_average()}")
    print(f"| game | seats | policy | {' | '.join(f'vs {name}' for name in opponents)} | chance |")
    print(f"|---|---:|---|{'---:|' * len(opponents)}---:|")
    seconds: list[str] = []
    for baseline in chosen:
        cells = []
        for opponent in opponents:
            games = arguments.search_games if opponent == SEARCH else arguments.games
            players = [f"policy:{baseline.path}", *[opponent] * (baseline.seats - 1)]
            started = time.perf_counter()
            summary = simulate(baseline.game, players, games, None, arguments.seed, arguments.jobs)
            seconds.append(f"{baseline.game} vs {opponent}: {time.perf_counter() - started:.0f} s")
            cells.append(f"{summary.wins(0)} of {games}")
        name, games_won = f"`examples/{baseline.path.name}`", " | ".join(cells)
        chance = f"{1 / baseline.seats:.0%}"
        print(f"| {baseline.title} | {baseline.seats} | {name} | {games_won} | {chance} |", flush=True)
    print(f"load average after: {load_average()}")
    print("; ".join(seconds))


if __name__ == "__main__":
    main()
