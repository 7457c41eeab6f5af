"""Each training library trains a few thousand steps on each game, unmodified, and the figures are printed.

    make interop                       # its own environment: torch (CPU), sb3-contrib, Tianshou, RLlib
    python benchmarks/interop.py [--steps 4096] [--games drump,scout,...] [--libraries sb3,cleanrl,...]

Outside CI: the libraries bring torch.  Every library meets the environments
as the recipes of docs/rl.md give them: sb3-contrib's MaskablePPO on
`gymnasium.make` (it calls `action_masks()`); a CleanRL-style PPO loop on
`gymnasium.make_vec` under the default autoreset with a masked Categorical
(logits of illegal ids at -inf, so an all-zero mask would give NaNs: the loop
stops if it meets one); Tianshou's collector filling its replay buffer with
its NaN checks on (masked random play: Tianshou is not trained here); RLlib's
environment pre-check on the PettingZoo environment through RLlib's wrapper;
and RLlib's PPO on the Gymnasium id, unmasked (its rows give the mean
episode return, first and last iteration, illegal ids charged -1).  The
other rows: the steps trained, the seconds (wall clock on a shared machine),
and the greedy policy's share of 200 new games won against the random bot
(its seat drawn for each), beside the untrained policy's.  A library that is
not installed is listed as such.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from rich.console import Console
from rich.table import Table

import cardtable.rl

GAMES = ("drump", "scout", "dnup", "fm")
#: A duel policy may pick and cancel for ever: its episodes are cut at this many learner steps.
MAX_STEPS = 300
EVALUATION_GAMES = 200


def settings(game: str) -> dict[str, Any]:
    """The environment keywords every library trains with: one random opponent, the learner's seat drawn."""
    return {"opponents": ["random"], "seat": None, "max_steps": MAX_STEPS}


def win_share(game: str, act: Callable[[dict[str, np.ndarray]], int], seed: int) -> float:
    """The share of new games a policy (observation -> id) wins against random."""
    environment = cardtable.rl.gym_env(game, **settings(game))
    wins = 0
    for index in range(EVALUATION_GAMES):
        observation, info = environment.reset(seed=10_000_000 + seed * 1000 + index)
        done = False
        while not done:
            observation, _, terminated, truncated, info = environment.step(act(observation))
            done = terminated or truncated
        wins += int(info["winners"][info["seat"]] == 1 and info["winners"].sum() == 1)
    return wins / EVALUATION_GAMES


def maskable_ppo(game: str, steps: int, seed: int) -> tuple[float, float]:
    """sb3-contrib's MaskablePPO on gymnasium.make: (untrained, trained) win shares."""
    from sb3_contrib import MaskablePPO

    environment = gymnasium.make(cardtable.rl.env_id(game), **settings(game))
    model = MaskablePPO("MultiInputPolicy", environment, n_steps=512, batch_size=128, seed=seed, verbose=0)

    def act(observation: dict[str, np.ndarray]) -> int:
        mask = observation["action_mask"] == 1
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    before = win_share(game, act, seed)
    model.learn(total_timesteps=steps)
    return before, win_share(game, act, seed)


def cleanrl_style(game: str, steps: int, seed: int) -> tuple[float, float]:
    """A CleanRL-style PPO loop on gymnasium.make_vec (default autoreset): (untrained, trained) win shares."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    envs = gymnasium.make_vec(cardtable.rl.env_id(game), num_envs=4, **settings(game))
    encoding = cardtable.rl.encoding_for(game)
    size, count = encoding.observation_size, encoding.action_count
    trunk = nn.Sequential(nn.Linear(size, 128), nn.ReLU(), nn.Linear(128, 128), nn.ReLU())
    policy, value = nn.Linear(128, count), nn.Linear(128, 1)
    parameters = [*trunk.parameters(), *policy.parameters(), *value.parameters()]
    optimizer = torch.optim.Adam(parameters, lr=3e-4)

    def distribution(observation: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
        logits = policy(trunk(observation)).masked_fill(~mask, float("-inf"))
        if torch.isnan(torch.log_softmax(logits, -1)).any():
            raise SystemExit(f"{game}: an all-zero mask reached the policy")
        return torch.distributions.Categorical(logits=logits)

    def act(observation: dict[str, np.ndarray]) -> int:
        with torch.no_grad():
            inputs = torch.as_tensor(observation["observation"])[None]
            illegal = ~torch.as_tensor(observation["action_mask"] == 1)
            logits = policy(trunk(inputs)).masked_fill(illegal, -1e9)
        return int(logits.argmax())

    before = win_share(game, act, seed)
    rollout = 128
    observations, _ = envs.reset(seed=seed)
    for _ in range(max(1, steps // (rollout * envs.num_envs))):
        batch: dict[str, list[Any]] = {key: [] for key in ("obs", "mask", "action", "logp", "reward", "done")}
        for _ in range(rollout):
            observation = torch.as_tensor(observations["observation"])
            mask = torch.as_tensor(observations["action_mask"] == 1)
            with torch.no_grad():
                chosen = distribution(observation, mask).sample()
                logp = distribution(observation, mask).log_prob(chosen)
            observations, reward, terminated, truncated, _ = envs.step(chosen.numpy())
            for key, item in zip(batch, (observation, mask, chosen, logp), strict=False):
                batch[key].append(item)
            batch["reward"].append(torch.as_tensor(reward, dtype=torch.float32))
            batch["done"].append(torch.as_tensor(terminated | truncated, dtype=torch.float32))
        # Returns to the end of each episode (rewards come only at the end; no discount within a game).
        returns, running = [], torch.zeros(envs.num_envs)
        for reward, done in zip(reversed(batch["reward"]), reversed(batch["done"]), strict=True):
            running = reward + running * (1 - done)
            returns.append(running)
        returns.reverse()
        obs, mask = torch.cat(batch["obs"]), torch.cat(batch["mask"])
        action, old_logp, target = torch.cat(batch["action"]), torch.cat(batch["logp"]), torch.cat(returns)
        for _ in range(4):
            hidden = trunk(obs)
            estimate = value(hidden).squeeze(-1)
            advantage = (target - estimate).detach()
            new = distribution(obs, mask)
            ratio = torch.exp(new.log_prob(action) - old_logp)
            clipped = torch.clamp(ratio, 0.8, 1.2) * advantage
            loss = -torch.min(ratio * advantage, clipped).mean() + 0.5 * ((target - estimate) ** 2).mean()
            loss = loss - 0.01 * new.entropy().mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    envs.close()
    return before, win_share(game, act, seed)


def tianshou_collect(game: str, steps: int, seed: int) -> tuple[str, str]:
    """Tianshou's collector fills its replay buffer (NaN checks on) from 4 environments, at random."""
    from tianshou.algorithm.algorithm_base import Policy
    from tianshou.data import Batch, Collector, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv

    rng = np.random.default_rng(seed)

    class MaskedRandom(Policy):
        def forward(self, batch: Any, state: Any = None, **keywords: Any) -> Any:
            masks = batch.obs.action_mask
            return Batch(act=np.array([rng.choice(np.flatnonzero(mask)) for mask in masks]), state=state)

    def make() -> gymnasium.Env[Any, Any]:
        return gymnasium.make(cardtable.rl.env_id(game), **settings(game))

    envs = DummyVectorEnv([make] * 4)
    buffer = VectorReplayBuffer(steps, 4)
    collector = Collector(MaskedRandom(envs.action_space[0]), envs, buffer, raise_on_nan_in_buffer=True)
    collector.reset()
    collected = collector.collect(n_step=steps)
    return f"{collected.n_collected_steps:,} steps collected", f"{collected.n_collected_episodes} episodes"


def rllib_pre_check(game: str, steps: int, seed: int) -> tuple[str, str]:
    """RLlib's own environment pre-check on the PettingZoo environment through RLlib's wrapper."""
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    check_multiagent_environments(PettingZooEnv(cardtable.rl.env(game, illegal_reward=-1.0)))
    return "pre-check passed", "not trained"


Trainer = Callable[[str, int, int], tuple[float, float]]


def rllib_ppo(game: str, steps: int, seed: int) -> tuple[str, str]:
    """RLlib's PPO (new API stack) on gymnasium's id, observations flattened, illegal ids charged -1.

    RLlib's own modules do not mask: its policy learns the legal ids from the charge, so a few thousand
    steps show that it runs, not that it plays (the mean episode return, first and last iteration).
    """
    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.connectors.env_to_module import FlattenObservations

    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    keywords = {**settings(game), "illegal_reward": -1.0}
    config = (
        PPOConfig()
        .environment(cardtable.rl.env_id(game), env_config=keywords)
        .env_runners(num_env_runners=0, env_to_module_connector=lambda *_, **__: FlattenObservations())
        .training(train_batch_size_per_learner=1024, minibatch_size=256, num_epochs=2)
        .debugging(seed=seed)
    )
    algorithm = config.build_algo()
    returns = [algorithm.train()["env_runners"]["episode_return_mean"] for _ in range(max(1, steps // 1024))]
    algorithm.stop()
    ray.shutdown()
    return f"return {returns[0]:.0f}", f"return {returns[-1]:.0f}"


def trained(train: Trainer) -> Callable[[str, int, int], tuple[str, str]]:
    """The win shares a trainer gives, as the table prints them."""

    def shares(game: str, steps: int, seed: int) -> tuple[str, str]:
        before, after = train(game, steps, seed)
        return f"{before:.1%}", f"{after:.1%}"

    return shares


LIBRARIES: dict[str, tuple[str, Callable[[str, int, int], tuple[str, str]]]] = {
    "sb3": ("sb3-contrib MaskablePPO", trained(maskable_ppo)),
    "cleanrl": ("CleanRL-style PPO (torch)", trained(cleanrl_style)),
    "tianshou": ("Tianshou collector", tianshou_collect),
    "rllib": ("RLlib pre-check (PettingZooEnv)", rllib_pre_check),
    "rllib-ppo": ("RLlib PPO (unmasked)", rllib_ppo),
}


def main() -> None:
    """Train every library on every game and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=4096, help="learner steps per library and game")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--libraries", default=",".join(LIBRARIES))
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()
    table = Table(title=f"Training {arguments.steps:,} steps against random, then 200 new games each")
    for column in ("library", "game", "steps", "seconds", "wins untrained", "wins trained"):
        table.add_column(column, justify="left" if column in ("library", "game") else "right")
    console = Console()
    for key in arguments.libraries.split(","):
        name, train = LIBRARIES[key]
        for game in arguments.games.split(","):
            started = time.perf_counter()
            try:
                before, after = train(game, arguments.steps, arguments.seed)
            except ImportError as missing:
                table.add_row(name, game, "-", "-", f"not installed: {missing.name}", "-")
                continue
            seconds = time.perf_counter() - started
            row = (f"{arguments.steps:,}", f"{seconds:,.0f}", before, after)
            table.add_row(name, game, *row)
            console.print(f"{name}, {game}: {', '.join(row)}")
    console.print(table)


if __name__ == "__main__":
    main()
