"""The numpy trainer: its gradients are right, and an update moves the policy towards what paid."""

from __future__ import annotations

import numpy as np

from cardtable.bots.learned import encoding_for
from cardtable.rl.training import ActorCritic, Batch, Settings, improve, masked_softmax


def small_model(seed: int = 0) -> ActorCritic:
    settings = Settings(hidden=(8, 6), learning_rate=0.05, minibatch=64, epochs=1)
    return ActorCritic(encoding_for("fm"), settings, np.random.default_rng(seed))


def test_the_backward_pass_matches_finite_differences() -> None:
    model = small_model()
    rng = np.random.default_rng(1)
    for params in model.params.values():
        params += (rng.standard_normal(params.shape) * 0.1).astype(np.float32)
    observations = rng.random((5, model.encoding.observation_size)).astype(np.float32)
    score_weights = rng.standard_normal((5, model.encoding.action_count)).astype(np.float32)
    value_weights = rng.standard_normal(5).astype(np.float32)

    def loss() -> float:
        scores, values, _ = model.forward(observations.astype(np.float64))
        return float((scores * score_weights).sum() + (values * value_weights).sum())

    _, _, cache = model.forward(observations)
    grads = model.backward(cache, score_weights, value_weights)
    for name in ("w1", "b2", "wp", "bv"):
        params = model.params[name]
        index = tuple(rng.integers(0, size) for size in params.shape)
        original = params[index]
        params[index] = original + 1e-2
        above = loss()
        params[index] = original - 1e-2
        below = loss()
        params[index] = original
        assert np.isclose(grads[name][index], (above - below) / 2e-2, rtol=0.05, atol=1e-3), name


def test_an_update_makes_the_rewarded_action_likelier_and_the_punished_rarer() -> None:
    model = small_model(2)
    encoding = model.encoding
    observation = np.random.default_rng(3).random(encoding.observation_size).astype(np.float32)
    mask = np.zeros(encoding.action_count, dtype=np.int8)
    mask[[5, 9, 40]] = 1

    def probabilities() -> np.ndarray:
        return masked_softmax(model.forward(observation)[0], mask)

    before = probabilities()
    batch = Batch()
    for action, result in [(5, 1.0), (9, -1.0)] * 20:
        batch.observations.append(observation)
        batch.masks.append(mask)
        batch.actions.append(action)
        batch.probabilities.append(float(before[action]))
        batch.returns.append(result)
    for _ in range(5):
        improve(model, batch, np.random.default_rng(4))
    after = probabilities()
    # PPO's clip keeps each ratio to the batch's own probabilities near 1 +- 0.2.
    assert after[5] > 1.1 * before[5] and after[9] < 0.9 * before[9]
    assert after[[5, 9, 40]].sum() > 0.999  # illegal ids never get any probability


def test_the_policy_network_is_the_trunk_and_the_policy_head() -> None:
    model = small_model(5)
    observation = np.random.default_rng(6).random(model.encoding.observation_size).astype(np.float32)
    assert np.allclose(model.policy().scores(observation), model.forward(observation)[0])
