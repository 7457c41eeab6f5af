"""A full Scout state drawn from a view: hidden cards, orders and orientations drawn at random.

The seat knows its own hand, the table, the captured cards, the cards it
saw others scout and the set-aside cards it has seen (two players, from the
second round).  The other cards in play are dealt to the other hands and the
set-aside pile; every other hand gets a random order and orientation (which
the seat never sees), and later rounds a fresh seed.  What the other seats
saw of the set-aside cards is kept as far as the view tells it: no rule
depends on the rest.
"""

from __future__ import annotations

import random

from cardtable.core.chance import shuffle
from cardtable.core.game import NOBODY
from cardtable.core.unseen import dealt_hands, take_last
from cardtable.games.scout.rules import deck_for
from cardtable.games.scout.state import PHASE_NAMES, ScoutState
from cardtable.games.scout.view import ScoutView


class Determinizer:
    """Everything one view fixes, worked out once; `draw` deals the rest at random."""

    def __init__(self, view: ScoutView) -> None:
        seen = {code >> 1 for code in view.hand} | {code >> 1 for code in view.active}
        seen.update(card for cards in view.captured for card in cards)
        seen.update(card for cards in view.known_in_hand for card in cards)
        self.aside_seen = sorted({card for cards in view.aside_seen for card in cards})
        seen.update(self.aside_seen)
        self.pool = [card for card in deck_for(view.seats) if card not in seen]
        self.view = view
        base = ScoutState.__new__(ScoutState)
        base.options = view.options
        base.seats = view.seats
        base.rounds = view.rounds
        base.round = view.round
        base.start_seat = view.start_seat
        base.turn_seat = view.current_seat if view.current_seat is not None else view.start_seat
        base.phase = PHASE_NAMES.index(view.phase)
        base.known = tuple(sum(1 << card for card in known) for known in view.known_in_hand)
        base.active = view.active
        base.owner = NOBODY if view.owner is None else view.owner
        base.captured = view.captured
        base.tokens = view.tokens
        base.chips = view.chips
        base.scouts_in_row = view.scouts_in_row
        base.scores = view.scores
        base.round_scores = view.round_scores
        base.result = view.outcome
        base.hands = ()
        base.aside = ()
        base.aside_seen = tuple(sum(1 << card for card in cards) for cards in view.aside_seen)
        base.chance_seed = 0
        base.logs_from_view(view.history, view.seats)
        base.round_log_start = view.history.deal_start
        self.base = base

    def draw(self, rng: random.Random) -> ScoutState:
        """One state consistent with the view, drawn uniformly."""
        view = self.view
        pool = self.pool[:]
        shuffle(rng, pool)

        def deal(owner: int) -> tuple[int, ...]:
            # A random order and orientation, which the seat never sees.
            known = view.known_in_hand[owner]
            cards = [*known, *take_last(pool, view.hand_sizes[owner] - len(known))]
            shuffle(rng, cards)
            turns = rng.getrandbits(len(cards)) if cards else 0
            return tuple(card * 2 + (turns >> index & 1) for index, card in enumerate(cards))

        hands = dealt_hands(view.seats, view.seat, view.hand, deal)
        state = self.base.copy()
        state.hands = tuple(hands)
        state.aside = (*self.aside_seen, *pool)
        state.chance_seed = rng.getrandbits(63)
        return state


def determinize(view: ScoutView, rng: random.Random) -> ScoutState:
    """A state consistent with everything `view` shows, hidden cards drawn uniformly."""
    return Determinizer(view).draw(rng)
