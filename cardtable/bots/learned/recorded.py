"""A bot's games against itself, decision by decision: what imitation and value fitting learn from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from cardtable.bots import make_opponent
from cardtable.core.game import Outcome
from cardtable.core.match import Match, bot_rngs
from cardtable.games import AnyGame


class Decision(NamedTuple):
    """One choice of a recorded game: who chose, from what view, among which actions, and what."""

    seat: int
    view: Any
    legal: Sequence[Any]
    action: Any


class RecordedGame(NamedTuple):
    """A recorded game: its decisions of more than one legal action, how it ended, its table size."""

    decisions: list[Decision]
    outcome: Outcome
    seats: int


def self_play(
    game: AnyGame, bot: str, seed: int, seats: int | None = None, options: Any = None
) -> RecordedGame:
    """A game dealt from `seed`, `bot` at every seat (each drawing from the generator the match gives
    its seat), recorded; `seats` players (the game's fewest if None), its rule `options` (resolved;
    the defaults if None)."""
    match = Match(game, seed=seed, seats=seats, options=options)
    count = game.seats(match.state)
    bots = [make_opponent(bot, game) for _ in range(count)]
    rngs = bot_rngs(match.seed, count)
    decisions: list[Decision] = []
    while not match.is_over:
        seat = match.current_seat
        assert seat is not None
        legal = match.legal_actions()
        view = match.view(seat)
        action = bots[seat].choose(view, legal, rngs[seat])
        if len(legal) > 1:
            decisions.append(Decision(seat, view, legal, action))
        match.play(action, seat)
    outcome = match.outcome
    assert outcome is not None
    return RecordedGame(decisions, outcome, count)
