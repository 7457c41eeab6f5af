"""Seeded episodes repeat exactly: every observation, mask and reward, the bots' moves included."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import cardtable.rl

ROOT = Path(__file__).resolve().parents[2]


def gym_trajectory(game: str, opponents: list[str], seed: int, episodes: int = 2) -> str:
    """A digest of `episodes` games from a seeded reset (then unseeded ones), the learner's seat drawn."""
    environment = cardtable.rl.gym_env(game, opponents=opponents, seat=None)
    rng = np.random.default_rng(0)
    digest = hashlib.sha256()
    for episode in range(episodes):
        observation, info = environment.reset(seed=seed if episode == 0 else None)
        digest.update(repr(info).encode())
        done = False
        while not done:
            digest.update(observation["observation"].tobytes() + observation["action_mask"].tobytes())
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, terminated, truncated, _ = environment.step(int(rng.choice(legal)))
            digest.update(repr(reward).encode())
            done = terminated or truncated
    return digest.hexdigest()


@pytest.mark.parametrize(
    ("game", "opponents"),
    [("drump", ["heuristic"]), ("scout", ["heuristic", "random"]), ("fm", ["heuristic"])],
)
def test_a_seeded_gym_run_repeats_and_another_seed_differs(game: str, opponents: list[str]) -> None:
    first = gym_trajectory(game, opponents, seed=11)
    assert gym_trajectory(game, opponents, seed=11) == first
    assert gym_trajectory(game, opponents, seed=12) != first


def test_a_seeded_run_is_the_same_in_another_process_with_another_hash_seed() -> None:
    # Python salts the hashes of strings per process: nothing may depend on the order of a set of them.
    call = "gym_trajectory('scout', ['heuristic'] * 2, 5, 1)"
    script = f"from tests.rl.test_seeding import gym_trajectory; print({call})"
    hash_seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    environment = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    finished = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=environment, capture_output=True, text=True
    )
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.strip() == gym_trajectory("scout", ["heuristic"] * 2, 5, 1)


def test_a_gym_environment_replays_a_seed_against_a_policy_bot(tmp_path: Path) -> None:
    from cardtable.bots.learned import Network, encoding_for

    path = tmp_path / "fm.npz"
    Network.fresh(encoding_for("fm"), (16,), np.random.default_rng(3)).save(path)
    environment = cardtable.rl.gym_env("fm", opponents=[f"policy:{path}"], seat=0, max_steps=300)

    def episode() -> list[bytes]:
        observation, _ = environment.reset(seed=8)
        rng = np.random.default_rng(1)
        seen, done = [], False
        while not done:
            seen.append(observation["observation"].tobytes())
            observation, _, terminated, truncated, _ = environment.step(
                int(rng.choice(np.flatnonzero(observation["action_mask"])))
            )
            done = terminated or truncated
        return seen

    assert episode() == episode()  # the policy bot remembers nothing from the first episode
