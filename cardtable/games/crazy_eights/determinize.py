"""A full Crazy Eights state drawn from a view: the cards the seat has not seen, dealt at random.

The seat knows its hand and the discards; every other card is in another
hand or in the stock, in an order nobody knows.  Later reshuffles get a
fresh seed.
"""

from __future__ import annotations

import random

from cardtable.core.chance import shuffle
from cardtable.core.unseen import dealt_hands, take_last
from cardtable.games.crazy_eights.cards import DECK
from cardtable.games.crazy_eights.state import PHASE_NAMES, CrazyEightsState
from cardtable.games.crazy_eights.view import CrazyEightsView


def determinize(view: CrazyEightsView, rng: random.Random) -> CrazyEightsState:
    """A state consistent with everything `view` shows, hidden cards drawn uniformly."""
    seen = set(view.hand) | set(view.discards)
    pool = [card for card in DECK if card not in seen]
    shuffle(rng, pool)
    hands = dealt_hands(
        view.seats, view.seat, view.hand, lambda owner: tuple(sorted(take_last(pool, view.hand_sizes[owner])))
    )
    state = CrazyEightsState()
    state.options = view.options
    state.seats = view.seats
    state.first_seat = view.first_seat
    state.turn_seat = view.current_seat if view.current_seat is not None else view.first_seat
    state.phase = PHASE_NAMES.index(view.phase)
    state.hands = tuple(hands)
    state.stock = tuple(pool)
    state.discards = view.discards
    state.suit = view.suit
    state.draws = view.draws
    state.passes = view.passes
    state.plays = view.plays
    state.reshuffles = 0
    state.chance_seed = rng.getrandbits(63)
    state.result = view.outcome
    state.logs_from_view(view.history, view.seats)
    return state
