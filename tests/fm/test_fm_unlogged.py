"""An unlogged duel (`Game.unlogged`, what tree search plays) writes nothing to its logs and plays on."""

from __future__ import annotations

import random

from cardtable.core.events import log_entries
from cardtable.games.fm import GAME
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.state import FmState

#: The default rules, and a set that brings the other readings into play (traps as shields, timed
#: weakening, a battle on the first turn, fewer life points: more of the duel's events).
OPTIONS = (
    FmOptions(),
    FmOptions(fake_trap="shield", weakening_turns=2, first_turn_battle=True, starting_lp=3000),
)


def twin_games(seed: int, options: FmOptions) -> tuple[list[FmState], list[FmState]]:
    """One random duel played twice by the same actions: logged, and unlogged from its start."""
    rng = random.Random(seed)
    logged = GAME.new_state(options, 2, rng, None)
    quiet = GAME.unlogged(logged)
    logged_states, quiet_states = [logged], [quiet]
    while GAME.outcome(logged) is None:
        legal = GAME.legal_actions(logged)
        action = legal[rng.randrange(len(legal))]
        logged, quiet = GAME.apply(logged, action), GAME.apply(quiet, action)
        logged_states.append(logged)
        quiet_states.append(quiet)
    return logged_states, quiet_states


def test_an_unlogged_duel_writes_no_log_entry() -> None:
    written: set[str] = set()
    for options in OPTIONS:
        for seed in range(12):
            logged_states, quiet_states = twin_games(seed, options)
            start = quiet_states[0]
            for step, quiet in enumerate(quiet_states):
                assert quiet.unlogged, f"seed {seed} step {step}: the copy lost its flag"
                assert quiet.log_length == start.log_length, f"seed {seed} step {step}: an entry was written"
                assert quiet.logs is start.logs, f"seed {seed} step {step}: a log changed"
            # The same duel, logged, wrote the events the unlogged one skipped.
            events = log_entries(logged_states[-1].logs[2])
            assert len(events) == logged_states[-1].log_length > start.log_length
            written |= {type(event).__name__ for event in events}
    # The random duels reach every hot path that builds an event only when logging.
    hot = {
        "CardDrawn",
        "CardsPlayed",
        "PlayResulted",
        "Fused",
        "CardLost",
        "MonsterPlaced",
        "MonsterRevealed",
        "MonsterDestroyed",
        "LifePointsChanged",
    }
    assert hot <= written, f"not reached: {sorted(hot - written)}"


def test_an_unlogged_duel_plays_the_same_game() -> None:
    for options in OPTIONS:
        for seed in range(6):
            logged_states, quiet_states = twin_games(seed, options)
            for logged, quiet in zip(logged_states, quiet_states, strict=True):
                assert GAME.position_of(quiet) == GAME.position_of(logged)
                assert GAME.outcome(quiet) == GAME.outcome(logged)


def test_unlogged_leaves_its_input_logging() -> None:
    state = GAME.new_state(FmOptions(), 2, random.Random(3), None)
    length = state.log_length
    quiet = GAME.unlogged(state)
    assert quiet is not state and quiet.unlogged and not state.unlogged
    # Pick the first hand card and play it face up: the play is logged.
    for action in (GAME.parse_action("pick h1"), GAME.parse_action("play")):
        state, quiet = GAME.apply(state, action), GAME.apply(quiet, action)
    assert state.log_length > length
    assert quiet.log_length == length
