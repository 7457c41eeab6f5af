"""Crazy Eights brings no front end of its own: the generic ones play it at the terminal and in RL.

Its folder holds rules only; the terminal screen and the learning encoding it gets are the defaults
(docs/new-game.md, "Front ends of a game").
"""

from __future__ import annotations

import warnings

import gymnasium
import pytest
from click.testing import CliRunner
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import cardtable.rl
from cardtable.bots import make_bot
from cardtable.core.match import Match
from cardtable.core.registry import get_game
from cardtable.frontends.cli import main
from cardtable.frontends.generic_screen import render
from cardtable.frontends.registry import front_end
from tests.test_fifth_game import terminal_session

GAME = get_game("crazy_eights")


def test_the_terminal_plays_crazy_eights_to_its_end_on_the_generic_screen() -> None:
    assert front_end("crazy_eights").render is render
    match = Match(GAME, seed=11, players=["you", "random"])
    text = terminal_session(match, ["1"] * 3000, {1: make_bot("random", GAME)})
    assert match.is_over, text[-2000:]
    assert "Players: 1 " in text


def test_cardtable_play_starts_crazy_eights_against_a_bot() -> None:
    result = CliRunner().invoke(
        main, ["play", "crazy_eights", "--vs", "heuristic", "--seed", "4"], input="1\nhelp\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "This is a bug" not in result.output and "You left the game" in result.output


@pytest.fixture
def _quiet_known_warnings() -> None:
    warnings.filterwarnings("ignore", message=".*probably should be gymnasium.spaces.box.*")
    warnings.filterwarnings("ignore", message=".*Observation is not a NumPy array.*")
    warnings.filterwarnings("ignore", message=".*environment not having a spec.*")


@pytest.mark.usefixtures("_quiet_known_warnings")
@pytest.mark.parametrize("seats", [2, 4])
def test_the_pettingzoo_and_gymnasium_checks_pass(seats: int) -> None:
    api_test(cardtable.rl.env("crazy_eights", seats=seats), num_cycles=100)
    seed_test(lambda: cardtable.rl.env("crazy_eights", seats=seats), num_cycles=100)
    check_env(cardtable.rl.gym_env("crazy_eights", opponents=["random"] * (seats - 1), illegal_reward=-1.0))


def test_gymnasium_makes_crazy_eights_and_a_game_plays_out_on_its_masks() -> None:
    environment = gymnasium.make("cardtable/crazy_eights-v0", opponents=["heuristic"])
    observation, info = environment.reset(seed=3)
    terminated = truncated = False
    steps = 0
    while not (terminated or truncated):
        legal = [index for index, allowed in enumerate(observation["action_mask"]) if allowed]
        assert legal, "a position to act in has at least one legal id"
        observation, _reward, terminated, truncated, info = environment.step(legal[steps % len(legal)])
        steps += 1
    assert terminated and not truncated and steps > 1
    # The final info holds fixed-shape numbers only (docs/rl.md): a winner flag and a score per seat.
    assert info["winners"].shape == (2,) and info["scores"].shape == (2,) and info["winners"].sum() >= 1
