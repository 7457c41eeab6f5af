"""Each state's copy: every field carried over (copy is written slot by slot, so a new slot must be added)."""

from __future__ import annotations

import pytest

from cardtable.core import conformance
from cardtable.games import game_names, get_game


@pytest.mark.parametrize("name", game_names())
def test_a_copy_shares_every_field_and_is_a_new_state(name: str) -> None:
    game = get_game(name)
    for step, (state, _) in enumerate(conformance.random_states(game, 1, seats=game.min_seats)):
        if step % 7:
            continue
        copied = state.copy()
        assert copied is not state
        for slot in type(state).__slots__:
            assert getattr(copied, slot) is getattr(state, slot), slot
