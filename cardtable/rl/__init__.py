"""Reinforcement learning: every cardtable game behind PettingZoo's and Gymnasium's interfaces.

    import cardtable.rl
    env = cardtable.rl.env("scout", seats=4)            # PettingZoo AEC: every seat an agent
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        mask = observation["action_mask"]
        action = None if terminated or truncated else env.action_space(agent).sample(mask)
        env.step(action)

    single = cardtable.rl.gym_env("drump", opponents=["heuristic"], seat=0)   # Gymnasium
    single = gymnasium.make("cardtable/drump-v0", opponents=["heuristic"])   # the same, by id

Each game has a fixed discrete action space (one id per possible action) and
a float32 observation built from the seat's view alone; docs/rl.md lists the
ids and the layouts.  Needs the `rl` extra (pettingzoo, gymnasium, numpy).
This package sits on top of the others (it draws the terminal's screens for
`render()`); nothing in cardtable imports it.
"""

from __future__ import annotations

from typing import Any

from cardtable.bots.learned import Encoding, encoding_for
from cardtable.games import AnyGame
from cardtable.rl.aec import CardtableAEC
from cardtable.rl.gym import CardtableGym
from cardtable.rl.processes import CardtableProcessVectorEnv
from cardtable.rl.registration import env_id, register_games
from cardtable.rl.table import FINAL_ID, outcome_rewards
from cardtable.rl.vector import CardtableVectorEnv

register_games()


def env(game: str | AnyGame, **options: Any) -> CardtableAEC:
    """A PettingZoo AEC environment for `game`.

    Keywords: `seats` (the table size; the game's least by default), `preset`,
    `reward` ("outcome": win 1, loss -1, draw 0; or "score"), `illegal_reward`
    (None: an illegal id raises IllegalActionError with the engine's reason; a
    number: the agent is charged it and nothing changes), `max_steps` (steps,
    illegal ids tried included, before the game is truncated; None: the
    game's own end), `render_mode`
    ("human" or "ansi"), `info_words` (True: the infos hold the outcome and
    refusals in words too), and any of the game's rule options by name.
    """
    return CardtableAEC(game, **options)


def gym_env(game: str | AnyGame, **options: Any) -> CardtableGym:
    """A Gymnasium environment: one seat of `game` learns against named bots.

    Keywords: `opponents` (one per other seat: bot names, `random`,
    `heuristic`, `ismcts@200`, `policy:FILE`, ...; or policies of this
    process, `opponent(observation, action_mask) -> id` or an object with
    such a method `act`), `seat` (the learner's seat from 0, or None to draw
    it each episode), and those of `env`.
    """
    return CardtableGym(game, **options)


def vector_env(game: str | AnyGame, num_envs: int, **options: Any) -> CardtableVectorEnv:
    """A Gymnasium vector environment: `num_envs` games of `gym_env(game, **options)` stepped together,
    observations and masks as (num_envs, ...) arrays, autoreset at the next step (docs/rl.md)."""
    return CardtableVectorEnv(game, num_envs, **options)


def process_vector_env(
    game: str | AnyGame, num_envs: int, workers: int = 2, **options: Any
) -> CardtableProcessVectorEnv:
    """`vector_env` with the games shared out over `workers` processes (observations and masks in shared
    memory, one message per worker a step): up to `workers` times the steps/s on as many free cores.
    The options must pickle (opponents as module functions); `close()` stops the workers."""
    return CardtableProcessVectorEnv(game, num_envs, workers, **options)


__all__ = [
    "FINAL_ID",
    "CardtableAEC",
    "CardtableGym",
    "CardtableProcessVectorEnv",
    "CardtableVectorEnv",
    "Encoding",
    "encoding_for",
    "env",
    "env_id",
    "gym_env",
    "outcome_rewards",
    "process_vector_env",
    "vector_env",
]
