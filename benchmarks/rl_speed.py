"""Environment steps per second: cardtable's PettingZoo environments beside PettingZoo's classic ones.

    python benchmarks/rl_speed.py [--steps 20000]

Every environment runs the same loop in this one process: `last()` (which
builds the acting agent's observation and mask), a uniformly random legal id
from the mask, `step()`, and a seeded `reset()` at each game's end.  A step
is one action.  PettingZoo's classic environments need extra packages
(pygame for all of them, rlcard for the card games: Leduc Hold'em and Texas
Hold'em); those missing are listed as not installed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
from rich.console import Console
from rich.table import Table

import cardtable.rl

OURS: list[tuple[str, Callable[[], Any]]] = [
    ("cardtable DRUMP", lambda: cardtable.rl.env("drump")),
    ("cardtable Scout, 4 seats", lambda: cardtable.rl.env("scout", seats=4)),
    ("cardtable dnup, 4 seats", lambda: cardtable.rl.env("dnup", seats=4)),
    ("cardtable Forbidden Memories duel", lambda: cardtable.rl.env("fm")),
]
#: PettingZoo's classic environments: the card games first, two board games for scale.
CLASSIC = [
    ("PettingZoo Leduc Hold'em", "leduc_holdem_v4"),
    ("PettingZoo Texas Hold'em (limit)", "texas_holdem_v4"),
    ("PettingZoo Texas Hold'em no limit", "texas_holdem_no_limit_v6"),
    ("PettingZoo tic-tac-toe", "tictactoe_v3"),
    ("PettingZoo Connect Four", "connect_four_v3"),
]


def steps_per_second(make: Callable[[], Any], steps: int, seed: int) -> tuple[float, int, int]:
    """Random legal play for `steps` actions; returns (actions a second, actions, games finished)."""
    environment = make()
    rng = np.random.default_rng(seed)
    games, taken = 0, 0
    environment.reset(seed=seed)
    started = time.perf_counter()
    while taken < steps:
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(legal[rng.integers(len(legal))]))
            taken += 1
        games += 1
        environment.reset(seed=seed + games)
    return taken / (time.perf_counter() - started), taken, games


def main() -> None:
    """Measure every environment and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="actions per environment (default 20,000)")
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()
    table = Table(title=f"Environment steps/s, random legal play (Python {platform.python_version()})")
    for column in ("environment", "steps/s", "steps", "games"):
        table.add_column(column, justify="left" if column == "environment" else "right")
    entries: list[tuple[str, Callable[[], Any] | None]] = list(OURS)
    for name, module in CLASSIC:
        try:
            classic = importlib.import_module(f"pettingzoo.classic.{module}")
        except ImportError as missing:
            entries.append((f"{name} (not installed: {missing.name})", None))
        else:
            entries.append((name, classic.env))
    for name, make in entries:
        if make is None:
            table.add_row(name, "-", "-", "-")
            continue
        rate, taken, games = steps_per_second(make, arguments.steps, arguments.seed)
        table.add_row(name, f"{rate:,.0f}", f"{taken:,}", f"{games:,}")
    Console().print(table)


if __name__ == "__main__":
    main()
