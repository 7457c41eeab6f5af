"""Each state's copy: every field carried over (copy is written slot by slot, so a new slot must be added)."""

from __future__ import annotations

import pytest

from cardtable.core import conformance
from cardtable.games import game_names, get_game


def fields(state_class: type) -> list[str]:
    """A state class's fields: its slots, or what mypyc keeps of them when the class is compiled."""
    if hasattr(state_class, "__slots__"):
        # Its own slots and its base classes' (`core/state_logs.py`: the logs, the seat deciding).
        return [name for klass in state_class.__mro__ for name in getattr(klass, "__slots__", ())]
    return [name for name in state_class.__mypyc_attrs__ if not name.startswith("__")]


@pytest.mark.parametrize("name", game_names())
def test_a_copy_shares_every_field_and_is_a_new_state(name: str) -> None:
    game = get_game(name)
    for step, (state, _) in enumerate(conformance.random_states(game, 1, seats=game.min_seats)):
        if step % 7:
            continue
        copied = state.copy()
        assert copied is not state
        compiled = not hasattr(type(state), "__slots__")
        for slot in fields(type(state)):
            if compiled:
                # A compiled class stores numbers and tuples natively and boxes them anew when read.
                assert getattr(copied, slot) == getattr(state, slot), slot
            else:
                assert getattr(copied, slot) is getattr(state, slot), slot
