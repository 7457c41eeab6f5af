"""An unlogged Scout state (Game.unlogged, for tree search) plays on without writing a log entry."""

from __future__ import annotations

import random

import pytest

from cardtable.games.scout import GAME


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_an_unlogged_state_writes_no_log_entry_to_the_end_of_the_game(seats: int) -> None:
    rng = random.Random(seats)
    for _ in range(3):
        state = GAME.new_state(GAME.option_table.default(), seats, rng, None)
        logs, length = state.logs, state.log_length
        quiet = GAME.unlogged(state)
        steps = 0
        # Whole games: every kind of event, the deals and round ends included, would be written.
        while GAME.outcome(quiet) is None:
            legal = GAME.legal_actions(quiet)
            quiet = GAME.apply(quiet, legal[rng.randrange(len(legal))])
            assert quiet.logs is logs, f"step {steps}: an unlogged state wrote to its logs"
            assert quiet.log_length == length, f"step {steps}: an unlogged state counted an event"
            steps += 1
        assert steps > 0
        assert state.logs is logs and state.log_length == length and not state.unlogged


def test_a_logged_state_still_writes_its_log() -> None:
    # The flag is the state's own: the state unlogged was made from goes on logging.
    rng = random.Random(1)
    state = GAME.new_state(GAME.option_table.default(), 3, rng, None)
    GAME.unlogged(state)
    after = GAME.apply(state, GAME.legal_actions(state)[0])
    assert after.log_length == state.log_length + 1
    assert all(node is not None and node[1] is old for node, old in zip(after.logs, state.logs, strict=True))
