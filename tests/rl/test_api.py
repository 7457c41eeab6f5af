"""PettingZoo's api_test and seed_test, and Gymnasium's check_env, for every game and table size."""

from __future__ import annotations

import warnings

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import cardtable.rl

TABLES = [
    ("drump", 2),
    ("scout", 2),
    ("scout", 3),
    ("scout", 5),
    ("dnup", 2),
    ("dnup", 4),
    ("dnup", 5),
    ("fm", 2),
]
#: Cycles of the API tests: each runs at most this many turns of every agent (a game may end sooner).
CYCLES = 200


@pytest.fixture(autouse=True)
def _quiet_known_warnings() -> None:
    # Observations are dicts of an array and the action mask, as in PettingZoo's classic games; the
    # checkers warn about that shape, and check_env about an environment made without gymnasium.make.
    warnings.filterwarnings("ignore", message=".*probably should be gymnasium.spaces.box.*")
    warnings.filterwarnings("ignore", message=".*Observation is not a NumPy array.*")
    warnings.filterwarnings("ignore", message=".*environment not having a spec.*")


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_pettingzoo_api_test(game: str, seats: int) -> None:
    api_test(cardtable.rl.env(game, seats=seats), num_cycles=CYCLES)


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_pettingzoo_seed_test(game: str, seats: int) -> None:
    seed_test(lambda: cardtable.rl.env(game, seats=seats), num_cycles=CYCLES)


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_gymnasium_check_env(game: str, seats: int) -> None:
    # check_env steps with ids drawn from the whole space, most of them illegal: the penalty mode
    # takes them without raising.
    environment = cardtable.rl.gym_env(game, opponents=["random"] * (seats - 1), illegal_reward=-1.0)
    check_env(environment)


@pytest.mark.parametrize("mode", ["ansi", "human"])
def test_gymnasium_check_env_with_a_render_mode(mode: str) -> None:
    environment = cardtable.rl.gym_env("dnup", opponents=["random"], illegal_reward=-1.0, render_mode=mode)
    check_env(environment)
