"""The conformance checks under the options no preset sets: a reshuffled stock, other draw limits."""

from __future__ import annotations

import pytest

from cardtable.core import conformance
from cardtable.games.crazy_eights import GAME
from cardtable.games.crazy_eights.events import Reshuffled

VARIANTS = [
    {"reshuffle": True, "play_limit": 150},
    {"reshuffle": True, "play_limit": 150, "max_draws": 1, "pass_when_able": True},
    {"max_draws": 2, "block": "seats_and_one", "scoring": "openspiel", "hand_size": 8},
]


@pytest.mark.parametrize("overrides", VARIANTS)
@pytest.mark.parametrize("seats", [2, 5])
def test_random_games_of_other_variants_keep_every_invariant(
    overrides: dict[str, object], seats: int
) -> None:
    options = GAME.option_table.resolve(overrides=overrides)
    for seed in range(2):
        assert conformance.check_game(GAME, seed, options, seats, views_every=2) > 0
        conformance.check_unlogged(GAME, seed, options, seats)
        conformance.check_replay(GAME, seed, options, seats)


def test_random_games_with_a_reshuffle_do_reshuffle() -> None:
    options = GAME.option_table.resolve(overrides={"reshuffle": True, "play_limit": 150})
    reshuffled = 0
    for seed in range(20):
        final, _ = list(conformance.random_states(GAME, seed, options, 2))[-1]
        reshuffled += any(isinstance(event, Reshuffled) for event in GAME.view(final, None).history.entries())
    assert reshuffled >= 5
