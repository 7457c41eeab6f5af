"""Train a DRUMP policy on the CPU with numpy alone, against the random bot, and measure it.

    PYTHONPATH=. python examples/train_drump.py                 # 120 batches of 64 games
    PYTHONPATH=. python examples/train_drump.py --batches 10    # a quick look

The learner takes a random seat each game (its seat's view is all it sees)
and is trained by PPO (`cardtable/rl/training.py`).  Every few batches the
greedy policy plays 200 games against random, on deals never used for
training; the learning curve is printed and drawn (PNG), and at the end the
policy plays 1,000 new games against random and is saved as a policy file,
which plays as a bot:

    cardtable simulate drump --players policy:drump-policy.npz,random --games 1000
"""

from __future__ import annotations

import argparse
import math
import os
import time
from pathlib import Path

# Small matrices: one thread is fastest, and several fight over a busy machine's cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from cardtable.bots.learned import encoding_for
from cardtable.rl.gym import CardtableGym
from cardtable.rl.training import ActorCritic, Settings, improve, play_episodes, win_rate

#: Deals for evaluation come from seeds 0 and up, for training from here on: the two never meet.
TRAINING_SEEDS = 10_000_000


def wilson(share: float, count: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share observed over `count` games."""
    centre = (share + z * z / (2 * count)) / (1 + z * z / count)
    spread = z * math.sqrt(share * (1 - share) / count + z * z / (4 * count * count)) / (1 + z * z / count)
    return centre - spread, centre + spread


def main() -> None:
    """Train, print the learning curve, draw it, evaluate on 1,000 games and save the policy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=120, help="training batches (default 120)")
    parser.add_argument("--episodes", type=int, default=64, help="games per batch (default 64)")
    parser.add_argument("--every", type=int, default=5, help="batches between two points of the curve")
    parser.add_argument("--curve-games", type=int, default=200, help="games per point of the curve")
    parser.add_argument("--final-games", type=int, default=1000, help="games of the final measure")
    parser.add_argument("--seed", type=int, default=0, help="seed of the network and of the training deals")
    parser.add_argument("--out", default="drump-policy.npz", help="the policy file to write")
    parser.add_argument("--png", default="drump-learning-curve.png", help="the learning curve to draw")
    arguments = parser.parse_args()

    encoding = encoding_for("drump")
    rng = np.random.default_rng(arguments.seed)
    model = ActorCritic(encoding, Settings(), rng)
    training = CardtableGym("drump", opponents=["random"], seat=None)
    measuring = CardtableGym("drump", opponents=["random"], seat=None)
    seed = TRAINING_SEEDS + arguments.seed * 1_000_000
    curve: list[tuple[int, float, float]] = []
    started = time.perf_counter()

    def measure(batch: int, train_reward: float) -> None:
        wins, draws, losses = win_rate(model.policy(), measuring, arguments.curve_games, seed=0)
        games = batch * arguments.episodes
        curve.append((games, wins, train_reward))
        elapsed = time.perf_counter() - started
        print(
            f"{batch:6d} {games:7d} {elapsed:8.0f} {train_reward:+13.2f} "
            f"{wins:9.1%} {draws:6.1%} {losses:7.1%}",
            flush=True,
        )

    print(f"DRUMP, PPO in numpy, vs random; greedy policy measured on {arguments.curve_games} games")
    print(" batch   games  seconds  train reward  greedy won  drawn    lost")
    measure(0, float("nan"))
    start_rate = model.settings.learning_rate
    for batch in range(1, arguments.batches + 1):
        # The step size falls linearly to nothing, so that the policy settles rather than wanders.
        model.settings.learning_rate = start_rate * (1 - (batch - 1) / arguments.batches)
        played = play_episodes(model, training, arguments.episodes, seed, rng)
        seed += arguments.episodes
        improve(model, played, rng)
        if batch % arguments.every == 0 or batch == arguments.batches:
            measure(batch, float(np.mean(played.rewards)))

    policy = model.policy()
    policy.save(arguments.out)
    count = arguments.final_games
    wins, draws, losses = win_rate(policy, measuring, count, seed=1_000_000)
    low, high = wilson(wins, count)
    print(
        f"\nFinal: {count} new games against random: won {wins:.1%} [{low:.1%}, {high:.1%}], "
        f"drawn {draws:.1%}, lost {losses:.1%}; {time.perf_counter() - started:.0f} s in all"
    )
    print(f"Policy saved to {arguments.out}; play it with --vs policy:{arguments.out}")
    _draw(curve, arguments.png, wins, count)
    print(f"Learning curve drawn in {arguments.png}")


def _draw(curve: list[tuple[int, float, float]], path: str, final: float, count: int) -> None:
    games = [point[0] for point in curve]
    figure, axes = plt.subplots(figsize=(7, 4), dpi=110)
    axes.plot(games, [100 * point[1] for point in curve], marker="o", label="greedy policy's wins vs random")
    axes.axhline(50, color="grey", linestyle=":", label="random vs random")
    axes.axhline(80, color="green", linestyle="--", linewidth=0.8, label="80%")
    axes.set_xlabel("training games")
    axes.set_ylabel("games won (%)")
    axes.set_ylim(0, 100)
    axes.set_title(f"DRUMP: PPO in numpy vs random (final: {final:.1%} of {count:,} games)")
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    plt.close(figure)


if __name__ == "__main__":
    main()
