"""The DRUMP heuristic bot, played for real: it never turns back within a turn.

Issue 27: it swapped the same two parts with the pile, back and forth, in one
turn (recycle Kc take Qd, recycle Qd take Kc).  A position here is where every
card lies (hands and pile as sets, the deck in order, stacks and zones); the
turn's counters are left out, as a player sees no progress in them.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.bots import make_bot
from cardtable.core.match import Match, bot_rngs
from cardtable.games.drump import GAME
from cardtable.games.drump.options import OPTION_TABLE
from cardtable.games.drump.state import DrumpState

GAMES = 100


def where_the_cards_lie(state: DrumpState) -> tuple[Any, ...]:
    return (
        tuple(tuple(sorted(hand)) for hand in state.hands),
        tuple(sorted(state.pile)),
        state.deck,
        state.stacks,
        state.zones,
        state.phase,
        state.exchange,
    )


def repeats_within_a_turn(match: Match[Any, Any, Any, Any], opponent: str) -> list[str]:
    """Each move of a heuristic (seat 1 is one) that brings its turn back to a position it held."""
    bots = {0: make_bot("heuristic", GAME), 1: make_bot(opponent, GAME)}
    rngs = bot_rngs(match.seed, 2)
    found: list[str] = []
    turn: tuple[int, int] | None = None
    held: set[tuple[Any, ...]] = set()
    while not match.is_over:
        state = match.state
        if (state.turn_seat, state.turn_number) != turn:
            turn, held = (state.turn_seat, state.turn_number), set()
        held.add(where_the_cards_lie(state))
        seat = match.current_seat
        assert seat is not None
        action = match.decide(bots[seat], rngs[seat])
        match.play(action, seat)
        mover_is_heuristic = seat == 0 or opponent == "heuristic"
        same_turn = (match.state.turn_seat, match.state.turn_number) == turn
        back = where_the_cards_lie(match.state) in held
        if mover_is_heuristic and seat == state.turn_seat and same_turn and back:
            found.append(f"seed {match.seed}, turn {state.turn_number}: {GAME.format_action(action)}")
    return found


@pytest.mark.parametrize("preset", [None, *OPTION_TABLE.presets])
@pytest.mark.parametrize("opponent", ["heuristic", "random"])
def test_the_heuristic_never_brings_its_turn_back_to_a_position_it_held(
    preset: str | None, opponent: str
) -> None:
    options = OPTION_TABLE.resolve(preset)
    found: list[str] = []
    for seed in range(GAMES):
        found += repeats_within_a_turn(Match(GAME, seed=seed, options=options), opponent)
    assert found == []
