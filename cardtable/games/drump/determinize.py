"""A full DRUMP state drawn from a view: the cards the seat cannot see, dealt at random.

The seat sees its hand, every face-up card, its own face-down cards, the
pile, the parts both know are in a hand, and the counts of everything else.
The cards it has not seen anywhere are dealt to the hidden places (the other
hand, the other side's face-down cards, the deck) uniformly among the deals
that keep every stack within 13 with Aces as 1, which the seat also knows.
"""

from __future__ import annotations

import random

from cardtable.core.game import NOBODY
from cardtable.games.drump.cards import DECK, NO_CARD
from cardtable.games.drump.stacks import FACE_DOWN, STACK_LIMIT, stack_total
from cardtable.games.drump.state import PHASE_NAMES, SEATS, DrumpState, empty_state
from cardtable.games.drump.view import DrumpView, StackCard

#: Draws of the hidden cards to try before giving up on the stack limits.
ATTEMPTS = 10_000


class Determinizer:
    """Everything one view fixes, worked out once; `draw` deals the rest at random."""

    def __init__(self, view: DrumpView) -> None:
        seen = set(view.hand) | set(view.pile)
        seen.update(card for row in view.zones for card in row if card != NO_CARD)
        seen.update(card for row in view.stacks for stack in row for card, _ in stack if card is not None)
        seen.update(card for cards in view.known_in_hand for card in cards)
        if view.exchange is not None:
            seen.update(view.exchange.cards)
        self.pool = [card for card in DECK if card not in seen]
        self.view = view
        # Stacks with a hidden card, as (seat, slot, known codes or None per card).
        self.hidden_stacks = [
            (seat, slot, [None if card is None else (card if up else card | FACE_DOWN) for card, up in stack])
            for seat, row in enumerate(view.stacks)
            for slot, stack in enumerate(row)
            if any(card is None for card, _ in stack)
        ]
        base = empty_state(view.options, view.first_seat)
        # Stacks with a hidden card are left empty here and dealt in `_deal`.
        base.stacks = tuple(
            tuple(() if any(card is None for card, _ in stack) else _codes(stack) for stack in row)
            for row in view.stacks
        )
        base.zones = view.zones
        base.pile = view.pile
        base.known = tuple(sum(1 << card for card in known) for known in view.known_in_hand)  # type: ignore[assignment]
        base.turn_seat = view.turn_seat
        base.turn_number = view.turn_number
        base.slots_set = view.slots_set
        base.summoned = view.summoned
        base.extra_jacks = view.extra_jacks
        base.recycles = view.recycles
        base.burst_used = view.burst_used
        base.phase = PHASE_NAMES.index(view.phase)
        base.exchange = view.exchange
        base.discarding = NOBODY if view.discarding is None else view.discarding
        base.drawing = NOBODY if view.drawing is None else view.drawing
        base.last_turn = NOBODY if view.last_turn is None else view.last_turn
        base.result = view.outcome
        # Every log is the observer's own: the state then shows the observer the same log.
        base.logs = (view.history.node,) * (SEATS + 1)
        base.log_length = view.history.length
        self.base = base
        self.unknown_in_hand = [
            0 if owner == view.seat else view.hand_sizes[owner] - len(view.known_in_hand[owner])
            for owner in range(SEATS)
        ]

    def draw(self, rng: random.Random) -> DrumpState:
        """One state consistent with the view, drawn uniformly."""
        pool = self.pool
        for _ in range(ATTEMPTS):
            rng.shuffle(pool)
            state = self._deal(pool)
            if state is not None:
                return state
        raise RuntimeError("no deal of the hidden cards keeps every stack within 13")

    def _deal(self, pool: list[int]) -> DrumpState | None:
        view = self.view
        index = 0
        rows = [list(row) for row in self.base.stacks]
        for seat, slot, template in self.hidden_stacks:
            codes = []
            for code in template:
                if code is None:
                    code = pool[index] | FACE_DOWN
                    index += 1
                codes.append(code)
            stack = tuple(codes)
            if stack_total(stack) > STACK_LIMIT:
                return None
            rows[seat][slot] = stack
        hands = []
        for owner in range(SEATS):
            if owner == view.seat:
                hands.append(view.hand)
            else:
                count = self.unknown_in_hand[owner]
                hands.append(view.known_in_hand[owner] + tuple(pool[index : index + count]))
                index += count
        state = self.base.copy()
        state.stacks = (tuple(rows[0]), tuple(rows[1]))
        state.hands = (hands[0], hands[1])
        state.deck = tuple(pool[index:])
        return state


def _codes(stack: tuple[StackCard, ...]) -> tuple[int, ...]:
    """A fully seen stack as the state writes it."""
    return tuple(card if up else card | FACE_DOWN for card, up in stack if card is not None)


def determinize(view: DrumpView, rng: random.Random) -> DrumpState:
    """A state consistent with everything `view` shows, hidden cards drawn uniformly."""
    return Determinizer(view).draw(rng)
