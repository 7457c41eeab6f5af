"""Training a policy with numpy alone: an actor-critic network and proximal policy optimisation (PPO).

Small on purpose, for the CPU: two dense ReLU layers shared by a policy head
(one score per action id, illegal ids masked out) and a value head (the
expected reward).  Episodes are played in the Gymnasium environment against
named bots; each batch of episodes updates the network for a few epochs with
PPO's clipped objective.  The trunk and the policy head are exactly a
`Network`, saved as a policy file that `policy:FILE` plays.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.bots.learned import Encoding, Network
from cardtable.rl.gym import CardtableGym

Array = npt.NDArray[np.float32]
#: A score low enough that an illegal id gets no probability.
MASKED = -1e9


@dataclass
class Settings:
    """The knobs of a training run, with values that train DRUMP in minutes."""

    hidden: tuple[int, int] = (128, 128)
    learning_rate: float = 1e-3
    episodes_per_batch: int = 64
    epochs: int = 4
    minibatch: int = 512
    clip: float = 0.2
    value_weight: float = 0.5
    entropy_weight: float = 0.01


class ActorCritic:
    """A shared trunk of two ReLU layers, a policy head and a value head; trained by Adam."""

    NAMES = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")

    def __init__(self, encoding: Encoding, settings: Settings, rng: np.random.Generator) -> None:
        first, second = settings.hidden
        inputs, actions = encoding.observation_size, encoding.action_count

        def dense(rows: int, columns: int, scale: float) -> Array:
            return (rng.standard_normal((rows, columns)) * scale).astype(np.float32)

        self.encoding = encoding
        self.settings = settings
        self.params: dict[str, Array] = {
            "w1": dense(inputs, first, np.sqrt(2 / inputs)),
            "b1": np.zeros(first, np.float32),
            "w2": dense(first, second, np.sqrt(2 / first)),
            "b2": np.zeros(second, np.float32),
            "wp": dense(second, actions, 0.01),
            "bp": np.zeros(actions, np.float32),
            "wv": dense(second, 1, 0.01),
            "bv": np.zeros(1, np.float32),
        }
        self._moments = {
            name: (np.zeros_like(value), np.zeros_like(value)) for name, value in self.params.items()
        }
        self._updates = 0

    def forward(self, observations: Array) -> tuple[Array, Array, dict[str, Array]]:
        """Action scores, values, and what the backward pass needs."""
        p = self.params
        hidden1 = np.maximum(observations @ p["w1"] + p["b1"], 0.0)
        hidden2 = np.maximum(hidden1 @ p["w2"] + p["b2"], 0.0)
        scores = hidden2 @ p["wp"] + p["bp"]
        values = (hidden2 @ p["wv"] + p["bv"])[..., 0]
        return scores, values, {"x": observations, "h1": hidden1, "h2": hidden2}

    def policy(self) -> Network:
        """The trunk and the policy head as a `Network` (what a policy file holds)."""
        p = self.params
        return Network(self.encoding.game, [p["w1"], p["w2"], p["wp"]], [p["b1"], p["b2"], p["bp"]])

    def backward(self, cache: dict[str, Array], score_grads: Array, value_grads: Array) -> dict[str, Array]:
        """Gradients of the parameters from those of the scores and the values."""
        p = self.params
        hidden1, hidden2 = cache["h1"], cache["h2"]
        grads = {
            "wp": hidden2.T @ score_grads,
            "bp": score_grads.sum(axis=0),
            "wv": hidden2.T @ value_grads[:, None],
            "bv": value_grads.sum(keepdims=True),
        }
        back2 = (score_grads @ p["wp"].T + value_grads[:, None] @ p["wv"].T) * (hidden2 > 0)
        grads["w2"], grads["b2"] = hidden1.T @ back2, back2.sum(axis=0)
        back1 = (back2 @ p["w2"].T) * (hidden1 > 0)
        grads["w1"], grads["b1"] = cache["x"].T @ back1, back1.sum(axis=0)
        return grads

    def adam(self, grads: dict[str, Array], beta1: float = 0.9, beta2: float = 0.999) -> None:
        """One Adam step down the gradients."""
        self._updates += 1
        rate = self.settings.learning_rate
        correction1, correction2 = 1 - beta1**self._updates, 1 - beta2**self._updates
        for name, grad in grads.items():
            first, second = self._moments[name]
            first *= beta1
            first += (1 - beta1) * grad
            second *= beta2
            second += (1 - beta2) * grad * grad
            step = rate * (first / correction1) / (np.sqrt(second / correction2) + 1e-8)
            self.params[name] -= step.astype(np.float32)

    def descend(
        self,
        cache: dict[str, Array],
        score_grads: npt.NDArray[np.floating[Any]],
        values: Array,
        returns: Array,
    ) -> None:
        """One Adam step of both heads: the policy head down `score_grads` (already averaged over the
        rows), the value head down its squared error to `returns`, weighted by `value_weight`."""
        value_grads = self.settings.value_weight * (values - returns) / len(returns)
        self.adam(self.backward(cache, score_grads.astype(np.float32), value_grads.astype(np.float32)))


def masked_softmax(scores: Array, masks: npt.NDArray[np.int8]) -> Array:
    """Probabilities over the legal ids of each row."""
    legal_scores = np.where(masks > 0, scores, MASKED)
    legal_scores = legal_scores - legal_scores.max(axis=-1, keepdims=True)
    weights = np.exp(legal_scores) * (masks > 0)
    probabilities: Array = weights / weights.sum(axis=-1, keepdims=True)
    return probabilities


def minibatches(count: int, size: int, rng: np.random.Generator) -> Iterator[npt.NDArray[np.int64]]:
    """One epoch over `count` samples: their indices shuffled, in slices of `size` (the last shorter)."""
    order = rng.permutation(count)
    for begin in range(0, count, size):
        yield order[begin : begin + size]


@dataclass
class Batch:
    """The learner's decisions over some episodes, and how each episode ended for it."""

    observations: list[Array] = field(default_factory=list)
    masks: list[npt.NDArray[np.int8]] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    probabilities: list[float] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    rewards: list[float] = field(default_factory=list)


def play_episodes(
    model: ActorCritic, environment: CardtableGym, episodes: int, seed: int, rng: np.random.Generator
) -> Batch:
    """Episodes played by sampling the policy; every decision's return is the episode's final reward."""
    batch = Batch()
    for episode in range(episodes):
        observation, _ = environment.reset(seed=seed + episode)
        start = len(batch.actions)
        reward, done = 0.0, False
        while not done:
            mask = observation["action_mask"]
            scores, _, _ = model.forward(observation["observation"])
            probabilities = masked_softmax(scores, mask)
            # Inverse transform sampling: far cheaper than Generator.choice for one draw.
            action = min(int(np.searchsorted(np.cumsum(probabilities), rng.random())), len(mask) - 1)
            batch.observations.append(observation["observation"])
            batch.masks.append(mask)
            batch.actions.append(action)
            batch.probabilities.append(float(probabilities[action]))
            observation, reward, terminated, truncated, _ = environment.step(action)
            done = terminated or truncated
        batch.returns += [float(reward)] * (len(batch.actions) - start)
        batch.rewards.append(float(reward))
    return batch


def improve(model: ActorCritic, batch: Batch, rng: np.random.Generator) -> dict[str, float]:
    """PPO epochs over the batch; returns the mean losses of the last epoch."""
    settings = model.settings
    observations = np.stack(batch.observations)
    masks = np.stack(batch.masks)
    actions = np.asarray(batch.actions)
    old = np.log(np.asarray(batch.probabilities, dtype=np.float32) + 1e-12)
    returns = np.asarray(batch.returns, dtype=np.float32)
    _, values, _ = model.forward(observations)
    advantages = returns - values
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    count = len(actions)
    report: dict[str, float] = {}
    for _ in range(settings.epochs):
        losses: list[tuple[float, float, float]] = []
        for chosen in minibatches(count, settings.minibatch, rng):
            losses.append(
                _minibatch_step(
                    model,
                    observations[chosen],
                    masks[chosen],
                    actions[chosen],
                    old[chosen],
                    advantages[chosen],
                    returns[chosen],
                )
            )
        report = dict(zip(("policy", "value", "entropy"), np.mean(losses, axis=0).tolist(), strict=True))
    return report


def _minibatch_step(
    model: ActorCritic,
    observations: Array,
    masks: npt.NDArray[np.int8],
    actions: npt.NDArray[np.int64],
    old_log_probabilities: Array,
    advantages: Array,
    returns: Array,
) -> tuple[float, float, float]:
    settings = model.settings
    size = len(actions)
    rows = np.arange(size)
    scores, values, cache = model.forward(observations)
    probabilities = masked_softmax(scores, masks)
    log_probabilities = np.log(probabilities + 1e-12)
    ratio = np.exp(log_probabilities[rows, actions] - old_log_probabilities)
    clipped = np.clip(ratio, 1 - settings.clip, 1 + settings.clip)
    objective = np.minimum(ratio * advantages, clipped * advantages)
    # The gradient flows only where the unclipped term is the smaller one.
    active = (ratio * advantages <= clipped * advantages).astype(np.float32)
    chosen = np.zeros_like(probabilities)
    chosen[rows, actions] = 1.0
    log_gradient = chosen - probabilities  # d log p(action) / d scores, over the legal ids
    policy_grads = -(active * ratio * advantages)[:, None] * log_gradient
    legal = masks > 0
    entropy = -(probabilities * log_probabilities * legal).sum(axis=1)
    entropy_grads = -probabilities * (log_probabilities + entropy[:, None]) * legal
    model.descend(cache, (policy_grads - settings.entropy_weight * entropy_grads) / size, values, returns)
    value_loss = float(0.5 * np.mean((values - returns) ** 2))
    return float(-objective.mean()), value_loss, float(entropy.mean())


def win_rate(
    network: Network, environment: CardtableGym, games: int, seed: int
) -> tuple[float, float, float]:
    """The greedy policy's wins, draws and losses as shares of `games` seeded games."""
    results: list[float] = []
    for game in range(games):
        observation, _ = environment.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            action = network.best(observation["observation"], legal)
            observation, reward, terminated, truncated, _ = environment.step(action)
            done = terminated or truncated
        results.append(reward)
    wins = sum(result > 0 for result in results) / games
    draws = sum(result == 0 for result in results) / games
    return wins, draws, 1.0 - wins - draws
