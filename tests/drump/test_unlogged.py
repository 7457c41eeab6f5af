"""An unlogged DRUMP state (`GAME.unlogged`, for tree search) plays on and writes nothing to its logs."""

from __future__ import annotations

import random

import pytest

from cardtable.core.events import log_entries
from cardtable.games.drump import GAME
from cardtable.games.drump.options import OPTION_TABLE
from cardtable.games.drump.state import DrumpState


@pytest.mark.parametrize("preset", [None, *OPTION_TABLE.presets])
def test_an_unlogged_state_writes_no_log_entry(preset: str | None) -> None:
    options = OPTION_TABLE.resolve(preset)
    written: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        logged = GAME.new_state(options, 2, rng, None)
        quiet = GAME.unlogged(logged)
        logs, length = quiet.logs, quiet.log_length
        while GAME.outcome(logged) is None:
            legal = GAME.legal_actions(logged)
            action = legal[rng.randrange(len(legal))]
            logged, quiet = GAME.apply(logged, action), GAME.apply(quiet, action)
            assert quiet.logs is logs and quiet.log_length == length, f"seed {seed}: {action} was logged"
        assert GAME.outcome(quiet) == GAME.outcome(logged)
        written.update(type(event).__name__ for node in logged.logs for event in log_entries(node))
    # The games went through the rules that log (the logged twin wrote these), the game's end included.
    assert {"Drew", "ForceSet", "Summoned", "BurstMade", "Blocked", "TurnEnded", "GameOver"} <= written


def test_unlogged_copies_and_leaves_its_input_logging() -> None:
    state = GAME.new_state(OPTION_TABLE.default(), 2, random.Random(1), None)
    quiet = GAME.unlogged(state)
    assert quiet is not state and not state.unlogged and quiet.unlogged
    assert GAME.unlogged(quiet) is quiet
    # Apart from the flag, the copy is the state (its logs so far included).
    quiet.unlogged = False
    assert isinstance(quiet, DrumpState) and quiet == state
