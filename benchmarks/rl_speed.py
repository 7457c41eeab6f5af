"""Environment steps per second: cardtable's PettingZoo environments beside PettingZoo's classic ones.

    python benchmarks/rl_speed.py [--steps 20000] [--rounds 5]

Every environment runs the same loop in this one process (the one over
worker processes steps its games in them): `last()` (which builds the
acting agent's observation and mask), a uniformly random legal id from the
mask, `step()`, and a seeded `reset()` at each game's end.  A step
is one action.  The environments take turns, `--rounds` times, each playing
its share of the steps in a round, and the figure is steps per second of this
process's CPU time: other programs loading the machine slow the wall clock,
not this count, and interleaving spreads what remains evenly.  The vector
environment over worker processes (`process_vector_env`) spends its CPU in
the workers, side by side: its rows count this process's CPU time plus the
slowest worker's (each round), the time the batch takes when each worker has
a core of its own.  `wall steps/s` is the wall clock's figure of every row:
on a machine whose cores other programs keep busy, the workers wait for
them there.  Set `PYTHONPATH`
to a compiled copy of the package (`python tools/build_compiled.py --into
DIR`) to measure the compiled build; the workers inherit it.

PettingZoo 1.27's classic environments all import pygame when their module
loads, though they draw with it only when given a render mode (never here);
when pygame is not installed an empty stand-in module takes its place, so
those needing nothing more (tic-tac-toe, Connect Four, Go) run without it.
Its card games (Leduc Hold'em, Texas Hold'em) also need rlcard: without it
they are listed as not installed.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import platform
import sys
import time
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import gymnasium
import numpy as np
from rich.console import Console
from rich.table import Table

import cardtable.rl
from cardtable.core.chance import make_rng
from cardtable.games import get_game


class Engine:
    """The game itself, played at random as the environment plays it: `legal_actions` then `apply`.

    Its steps/s is the bound issue 24 sets the environment against (a step at most twice this cost).
    """

    def __init__(self, game: str, seats: int) -> None:
        self.game, self.seats = get_game(game), seats
        self.options = self.game.option_table.resolve(None, {})
        self.agents: list[int] = []

    def reset(self, seed: int) -> None:
        self.state = self.game.new_state(self.options, self.seats, make_rng(seed, "deal"), None)
        self.rng = np.random.default_rng(seed)
        self.agents = list(range(self.seats))

    def play(self) -> None:
        """One random legal action (the game over: no agents left)."""
        legal = self.game.legal_actions(self.state)
        self.state = self.game.apply(self.state, legal[self.rng.integers(len(legal))])
        if self.game.current_seat(self.state) is None:
            self.agents = []


#: How many games the vector environments step at once; the one over processes, and its workers.
VECTOR = 64
SPREAD, WORKERS = 256, 2
OURS: list[tuple[str, Callable[[], Any]]] = [
    ("cardtable DRUMP", lambda: cardtable.rl.env("drump")),
    ("cardtable Scout, 4 seats", lambda: cardtable.rl.env("scout", seats=4)),
    ("cardtable dnup, 4 seats", lambda: cardtable.rl.env("dnup", seats=4)),
    ("cardtable Forbidden Memories duel", lambda: cardtable.rl.env("fm")),
]
#: The learner's side: Gymnasium's loop (the opponent's moves inside a step), one game and a batch.
BATCHED: list[tuple[str, Callable[[], Any]]] = [
    ("cardtable DRUMP, Gymnasium (1 game)", lambda: cardtable.rl.gym_env("drump")),
    (f"cardtable DRUMP, vector ({VECTOR} games)", lambda: cardtable.rl.vector_env("drump", VECTOR)),
    ("cardtable duel, Gymnasium (1 game)", lambda: cardtable.rl.gym_env("fm")),
    (f"cardtable duel, vector ({VECTOR} games)", lambda: cardtable.rl.vector_env("fm", VECTOR)),
]
#: The vector environment over worker processes (its CPU time: this process's plus the slowest worker's).
SPREAD_OUT: list[tuple[str, Callable[[], Any]]] = [
    (
        f"cardtable DRUMP, processes ({WORKERS} x {SPREAD // WORKERS} games)",
        lambda: cardtable.rl.process_vector_env("drump", SPREAD, WORKERS),
    ),
    (
        f"cardtable duel, processes ({WORKERS} x {SPREAD // WORKERS} games)",
        lambda: cardtable.rl.process_vector_env("fm", SPREAD, WORKERS),
    ),
]
ENGINES: list[tuple[str, Callable[[], Any]]] = [
    ("engine DRUMP (legal_actions + apply)", lambda: Engine("drump", 2)),
    ("engine Scout, 4 seats", lambda: Engine("scout", 4)),
    ("engine dnup, 4 seats", lambda: Engine("dnup", 4)),
    ("engine Forbidden Memories duel", lambda: Engine("fm", 2)),
]
#: PettingZoo's classic environments: the card games first, then board games for scale.
CLASSIC = [
    ("PettingZoo Leduc Hold'em", "leduc_holdem_v4"),
    ("PettingZoo Texas Hold'em (limit)", "texas_holdem_v4"),
    ("PettingZoo Texas Hold'em no limit", "texas_holdem_no_limit_v6"),
    ("PettingZoo tic-tac-toe", "tictactoe_v3"),
    ("PettingZoo Connect Four", "connect_four_v3"),
    ("PettingZoo Go (19 x 19)", "go_v5"),
]


@dataclass
class Runner:
    """One environment played at random, a round of steps at a time, its CPU time added up."""

    name: str
    environment: Any
    seed: int
    steps: int = 0
    games: int = 0
    seconds: float = 0.0
    wall: float = 0.0

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)
        self.environment.reset(seed=self.seed)

    def play(self, steps: int) -> None:
        """Random legal play for `steps` more actions (a game cut short goes on in the next round)."""
        spread = isinstance(self.environment, cardtable.rl.CardtableProcessVectorEnv)
        before = self.environment.worker_seconds() if spread else []
        started, clock = time.process_time(), time.perf_counter()
        if isinstance(self.environment, Engine):
            self._play_engine(steps)
        elif isinstance(self.environment, gymnasium.vector.VectorEnv):
            steps = self._play_vector(steps)
        elif isinstance(self.environment, gymnasium.Env):
            self._play_gym(steps)
        else:
            self._play_aec(steps)
        self.seconds += time.process_time() - started
        self.wall += time.perf_counter() - clock
        if spread:
            # The workers step side by side: on free cores the batch takes this process's own CPU
            # time (ids, copies, messages) plus its slowest worker's.
            after = self.environment.worker_seconds()
            self.seconds += max(end - start for start, end in zip(before, after, strict=True))
        self.steps += steps

    def _play_engine(self, steps: int) -> None:
        environment = self.environment
        for _ in range(steps):
            if not environment.agents:
                self.games += 1
                environment.reset(self.seed + self.games)
            environment.play()

    def _play_aec(self, steps: int) -> None:
        environment, rng = self.environment, self.rng
        taken = 0
        while taken < steps:
            if not environment.agents:
                self.games += 1
                environment.reset(seed=self.seed + self.games)
                continue
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(legal[rng.integers(len(legal))]))
            taken += 1

    def _play_gym(self, steps: int) -> None:
        environment, rng = self.environment, self.rng
        if not hasattr(self, "observation"):
            self.observation, _ = environment.reset(seed=self.seed)
        for _ in range(steps):
            legal = np.flatnonzero(self.observation["action_mask"])
            self.observation, _, terminated, truncated, _ = environment.step(
                int(legal[rng.integers(len(legal))])
            )
            if terminated or truncated:
                self.games += 1
                self.observation, _ = environment.reset()

    def _play_vector(self, steps: int) -> int:
        # One step plays an id in every game: a uniformly random legal one, drawn for all games at once.
        environment, rng = self.environment, self.rng
        if not hasattr(self, "observation"):
            self.observation, _ = environment.reset(seed=self.seed)
        batches = -(-steps // environment.num_envs)
        for _ in range(batches):
            masks = self.observation["action_mask"]
            ids = np.argmax(masks * rng.random(masks.shape), axis=1)
            self.observation, _, terminated, truncated, _ = environment.step(ids)
            self.games += int(np.count_nonzero(terminated | truncated))
        return int(batches * environment.num_envs)


def classic_environments() -> tuple[list[tuple[str, Callable[[], Any] | None]], bool]:
    """PettingZoo's classic environments that import (None for the others); True if pygame is stood in."""
    stand_in = importlib.util.find_spec("pygame") is None
    if stand_in:
        sys.modules["pygame"] = types.ModuleType("pygame")
    found: list[tuple[str, Callable[[], Any] | None]] = []
    for name, module in CLASSIC:
        try:
            classic = importlib.import_module(f"pettingzoo.classic.{module}")
        except ImportError as missing:
            found.append((f"{name} (not installed: {missing.name})", None))
        else:
            found.append((name, classic.env))
    return found, stand_in


def main() -> None:
    """Measure every environment, interleaved, and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="actions per environment (default 20,000)")
    parser.add_argument("--rounds", type=int, default=5, help="turns each environment takes (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()
    classic, stand_in = classic_environments()
    runners: list[Runner] = []
    missing: list[str] = []
    for name, make in [*OURS, *ENGINES, *BATCHED, *SPREAD_OUT, *classic]:
        if make is None:
            missing.append(name)
        else:
            runners.append(Runner(name, make(), arguments.seed))
    share = -(-arguments.steps // arguments.rounds)
    for _ in range(arguments.rounds):
        for runner in runners:
            runner.play(share)
    table = Table(
        title=f"Environment steps per CPU second, random legal play (Python {platform.python_version()}, "
        f"{platform.machine()})"
    )
    for column in ("environment", "steps/s", "µs/step", "wall steps/s", "steps", "games"):
        table.add_column(column, justify="left" if column == "environment" else "right")
    for runner in runners:
        rate, wall = runner.steps / runner.seconds, runner.steps / runner.wall
        figures = (
            f"{rate:,.0f}",
            f"{1e6 / rate:,.0f}",
            f"{wall:,.0f}",
            f"{runner.steps:,}",
            f"{runner.games:,}",
        )
        table.add_row(runner.name, *figures)
        if isinstance(runner.environment, cardtable.rl.CardtableProcessVectorEnv):
            runner.environment.close()
    for name in missing:
        table.add_row(name, "-", "-", "-", "-", "-")
    Console().print(table)
    if stand_in:
        print("pygame is not installed: an empty stand-in module was imported in its place (nothing drawn).")


if __name__ == "__main__":
    main()
