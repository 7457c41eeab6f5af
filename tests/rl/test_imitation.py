"""Imitation of a teacher bot (`cardtable/rl/imitation.py`): its demonstrations, and cloning them."""

from __future__ import annotations

import numpy as np
import pytest

from cardtable.bots.learned import encoding_for
from cardtable.rl.imitation import agreement, clone, demonstrate
from cardtable.rl.training import ActorCritic, Settings


@pytest.mark.parametrize(("game_name", "seats"), [("drump", 2), ("scout", 4), ("dnup", 3), ("fm", 2)])
def test_demonstrations_are_the_teachers_legal_choices_and_rewards(game_name: str, seats: int) -> None:
    shown = demonstrate(game_name, "heuristic", 2, seed=4, seats=seats)
    encoding = encoding_for(game_name)
    assert len(shown) > 10
    decisions = zip(shown.legal, shown.chosen, strict=True)
    assert all(len(legal) > 1 and chosen in legal for legal, chosen in decisions)
    assert all(observation.shape == (encoding.observation_size,) for observation in shown.observations)
    assert set(shown.returns) <= {-1.0, 0.0, 1.0} | {1.0 / k for k in range(2, seats + 1)}
    assert 1.0 in shown.returns and -1.0 in shown.returns  # someone won and someone lost
    again = demonstrate(game_name, "heuristic", 2, seed=4, seats=seats)
    assert again.chosen == shown.chosen  # seeded: the same games


def test_cloning_learns_the_teachers_choices() -> None:
    shown = demonstrate("drump", "heuristic", 3, seed=1)
    settings = Settings(hidden=(64, 64), minibatch=64)
    model = ActorCritic(encoding_for("drump"), settings, np.random.default_rng(0))
    before = agreement(model, shown)
    passes = clone(model, shown, 30, np.random.default_rng(1))
    assert passes[-1][0] < passes[0][0]  # the cross-entropy fell
    assert agreement(model, shown) == pytest.approx(passes[-1][1], abs=0.05)
    assert agreement(model, shown) > max(0.9, before + 0.3)


def test_no_games_of_demonstrations_is_refused() -> None:
    with pytest.raises(ValueError, match="games=0: at least 1"):
        demonstrate("drump", "heuristic", 0, seed=1)
