"""A full dnup state drawn from a view: the cards the seat has not seen, dealt at random.

The seat knows its hand, the table, the discards, and the faces of the cards
it saw go into other hands.  The rest are dealt to the other hands, each way
up at random, and to the cards not dealt; later rounds get a fresh seed.
"""

from __future__ import annotations

import random

from cardtable.core.chance import below, shuffle
from cardtable.core.pairs import CARDS
from cardtable.core.unseen import dealt_hands, take_last
from cardtable.games.dnup.state import PHASE_NAMES, DnupState
from cardtable.games.dnup.view import DnupView


def determinize(view: DnupView, rng: random.Random) -> DnupState:
    """A state consistent with everything `view` shows, hidden cards drawn uniformly."""
    seen = {code >> 1 for code in view.hand} | {code >> 1 for code in view.discards}
    seen.update(code >> 1 for cards in view.tables for code in cards)
    seen.update(code >> 1 for cards in view.known_in_hand for code in cards)
    pool = [card for card in CARDS if card not in seen]
    shuffle(rng, pool)

    def deal(owner: int) -> tuple[int, ...]:
        # The cards come off the pool's end last first, each way up at random.
        known = view.known_in_hand[owner]
        drawn = [
            card * 2 + below(rng, 2)
            for card in reversed(take_last(pool, view.hand_sizes[owner] - len(known)))
        ]
        return tuple(sorted(known + tuple(drawn)))

    hands = dealt_hands(view.seats, view.seat, view.hand, deal)
    state = DnupState.__new__(DnupState)
    state.options = view.options
    state.seats = view.seats
    state.round = view.round
    state.start_seat = view.start_seat
    state.turn_seat = view.current_seat if view.current_seat is not None else view.start_seat
    state.turns = view.turns
    state.phase = PHASE_NAMES.index(view.phase)
    state.hands = tuple(hands)
    state.known = tuple(sum(1 << (code >> 1) for code in known) for known in view.known_in_hand)
    state.tables = view.tables
    state.discards = view.discards
    state.aside = tuple(pool)
    state.out = view.out
    state.scores = view.scores
    state.round_scores = view.round_scores
    state.chance_seed = rng.getrandbits(63)
    state.result = view.outcome
    state.logs_from_view(view.history, view.seats)
    state.round_log_start = view.history.deal_start
    return state
