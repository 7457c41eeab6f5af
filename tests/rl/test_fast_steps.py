"""Faster steps change nothing: every observation, mask, reward and info equals what it was before.

The digests below were taken from the environments as they were before their
steps were made faster (commit bfc4738): random legal play from fixed seeds,
every agent observed at every step, in every game.  Any change to what an
observation, mask, reward or info holds changes a digest.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

import cardtable.rl

GAMES = [("drump", 2), ("scout", 4), ("dnup", 4), ("fm", 2)]


def aec_digest(game: str, seats: int, seed: int = 3, steps: int = 600) -> str:
    """A digest of `steps` actions of random legal play, each agent's observation taken at every step."""
    environment = cardtable.rl.env(game, seats=seats)
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    for _ in range(steps):
        if not environment.agents:
            environment.reset()
            continue
        for agent in environment.possible_agents:
            observation = environment.observe(agent)
            digest.update(observation["observation"].tobytes() + observation["action_mask"].tobytes())
        observation, reward, terminated, truncated, info = environment.last()
        digest.update(repr((reward, terminated, truncated, sorted(info))).encode())
        for value in info.values():
            digest.update(np.asarray(value).tobytes())
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(legal[rng.integers(len(legal))]))
    return digest.hexdigest()


def gym_digest(game: str, seats: int, seed: int = 5, steps: int = 400, bot: str = "heuristic") -> str:
    """A digest of the learner's steps against `bot`s, resets included."""
    environment = cardtable.rl.gym_env(game, opponents=[bot] * (seats - 1), seat=None)
    observation, info = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    for _ in range(steps):
        digest.update(observation["observation"].tobytes() + observation["action_mask"].tobytes())
        digest.update(environment.action_masks().tobytes())
        for value in info.values():
            digest.update(np.asarray(value).tobytes())
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        observation, reward, terminated, truncated, info = environment.step(action)
        digest.update(repr((reward, terminated, truncated)).encode())
        if terminated or truncated:
            observation, info = environment.reset()
    return digest.hexdigest()


AEC_BEFORE = {
    "drump": "9872fa2f1a7ecd448c71653e8201d5c09cd6c36048f1d8d1e92fd9bf9f7bbdd8",
    "scout": "8001907acbe96b256b34cf5a02a550b056487139ff66551afa7641b7cfd2d816",
    "dnup": "4c98cdab2af2a713f14174936d1c7dc4580db595119da433e805ff7743ac9924",
    "fm": "5f6be1b5c207ae3abde44574346f3ee9a26705b957ce0cfd76ea5dc8412357f7",
}
GYM_BEFORE = {
    "drump": "01e9a22dd57f087b29fffe875ea0535c0444ad434cbf3318959f84d37e74a40f",
    "scout": "0b24250ed7e45fa4022bc377404b41d4a80b72443f7bac94db62747e37ec9ca0",
    "dnup": "172151fc13b2aba59cb7f23366fe5597f7f76b827230b9c5c55dd9885315bcad",
    "fm": "9a642d139a02ca9b5d2d4d36faad3e41d4aa75c0b10ea32762f2a9b935995f13",
}


GYM_RANDOM_BEFORE = {
    "drump": "e2cacd4e07de53c4a8f22eb8125424022d9352015222b1d359728ed25b0df1ef",
    "scout": "bd35710f9eb54945a417fdcf4942a72c55a5d39d7e24f061a9096884b0943a35",
    "dnup": "796b0845e696c8894ada6f5aec091967634b9db0319a53ff66877eb456f4d74b",
    "fm": "040d5e28a025c6bcd4563342d3ac3f03adb2768d1dc40a6bd4df9f7a507ace36",
}


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_aec_observations_masks_and_rewards_are_as_before(game: str, seats: int) -> None:
    assert aec_digest(game, seats) == AEC_BEFORE[game]


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_gym_observations_masks_and_rewards_are_as_before(game: str, seats: int) -> None:
    assert gym_digest(game, seats) == GYM_BEFORE[game]


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_random_opponents_draw_as_before(game: str, seats: int) -> None:
    # The random bot is played without building a view for it: its draws must be the same.
    assert gym_digest(game, seats, bot="random") == GYM_RANDOM_BEFORE[game]
