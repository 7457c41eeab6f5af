"""Every illegal DRUMP action is refused with the rule it breaks, never a generic message."""

from __future__ import annotations

import random

import pytest

from cardtable.core import conformance
from cardtable.games.drump import GAME
from cardtable.games.drump.actions import ACTIONS


@pytest.mark.parametrize("preset", [None, "pt", "vi", "en"])
def test_illegal_actions_get_a_specific_reason(preset: str | None) -> None:
    rng = random.Random(5)
    options = GAME.option_table.resolve(preset)
    for seed in range(6):
        for state, action in conformance.random_states(GAME, seed, options):
            if action is None:
                break
            legal = set(GAME.legal_actions(state))
            for candidate in rng.sample(ACTIONS, 25):
                if candidate in legal:
                    continue
                reason = GAME.explain_illegal(state, candidate)
                assert reason and "not among the legal actions" not in reason, (str(candidate), reason)
