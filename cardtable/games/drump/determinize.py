"""A full DRUMP state drawn from a view: the cards the seat cannot see, dealt at random.

The seat sees its hand, every face-up card, its own face-down cards, the
pile, the parts both know are in a hand, and the counts of everything else.
The cards it has not seen anywhere are dealt to the hidden places (the other
hand, the other side's face-down cards, the deck) uniformly among the deals
that keep every stack within 13 with Aces as 1, which the seat also knows.

Stacks hold force cards only (A-9, drump.md "Set"), so their hidden cards are
drawn first, directly among the choices that keep each stack within its limit:
stack by stack, a set of values is chosen with probability proportional to
the number of whole deals it allows (counted once per view, by value, and
kept), then cards of those values and their order at random.  No deal is
thrown away; the rest of the unseen cards are shuffled into hands and deck.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import combinations_with_replacement
from math import comb

from cardtable.core.chance import below, shuffle
from cardtable.core.game import NOBODY
from cardtable.games.drump.cards import DECK, IS_FORCE, NO_CARD, RANK
from cardtable.games.drump.stacks import FACE_DOWN, STACK_LIMIT, stack_total
from cardtable.games.drump.state import PHASE_NAMES, SEATS, DrumpState, empty_state
from cardtable.games.drump.view import DrumpView, StackCard

#: The values of force cards as a stack counts them (Aces as 1), drump.md "Set".
FORCE_VALUES = range(1, 10)

#: The choices of one hidden stack from one pool: cumulative weights, and (values, pool after).
Choices = tuple[list[int], list[tuple[tuple[int, ...], tuple[int, ...]]]]


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
        # Stacks with a hidden card are left empty here and dealt in `draw`.
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
        base.logs_from_view(view.history, SEATS)
        self.base = base
        # What the hidden stacks need: how many cards, and the room left under the limit.
        self.stack_needs = [
            (template.count(None), STACK_LIMIT - stack_total([code for code in template if code is not None]))
            for _, _, template in self.hidden_stacks
        ]
        self.parts = [card for card in self.pool if not IS_FORCE[card]]
        self.force_by_value = [
            [card for card in self.pool if IS_FORCE[card] and RANK[card] == value] for value in range(10)
        ]
        self.force_counts = tuple(len(cards) for cards in self.force_by_value)
        self.tables: dict[tuple[int, tuple[int, ...]], Choices] = {}
        if self.hidden_stacks:
            self._choices(0, self.force_counts)
        self.unknown_in_hand = [
            0 if owner == view.seat else view.hand_sizes[owner] - len(view.known_in_hand[owner])
            for owner in range(SEATS)
        ]

    def draw(self, rng: random.Random) -> DrumpState:
        """One state consistent with the view, drawn uniformly."""
        view = self.view
        rows = [list(row) for row in self.base.stacks]
        # Unseen force cards by value, in a fixed order; the chosen ones are taken out at random.
        by_value = [list(cards) for cards in self.force_by_value]
        counts = self.force_counts
        for index, (seat, slot, template) in enumerate(self.hidden_stacks):
            weights, options = self._choices(index, counts)
            values, counts = options[bisect_right(weights, below(rng, weights[-1]))]
            hidden = [by_value[value].pop(below(rng, len(by_value[value]))) for value in values]
            shuffle(rng, hidden)
            cards = iter(hidden)
            rows[seat][slot] = tuple(next(cards) | FACE_DOWN if code is None else code for code in template)
        rest = self.parts + [card for cards in by_value for card in cards]
        shuffle(rng, rest)
        index = 0
        hands = []
        for owner in range(SEATS):
            if owner == view.seat:
                hands.append(view.hand)
            else:
                count = self.unknown_in_hand[owner]
                hands.append(view.known_in_hand[owner] + tuple(rest[index : index + count]))
                index += count
        state = self.base.copy()
        state.stacks = (tuple(rows[0]), tuple(rows[1]))
        state.hands = (hands[0], hands[1])
        state.deck = tuple(rest[index:])
        return state

    def _choices(self, index: int, counts: tuple[int, ...]) -> Choices:
        """The value sets hidden stack `index` may take from `counts` (unseen force cards by value).

        Each is weighted by the deals it leaves the stacks after it, times
        the ways to pick its cards (the ways to order them are the same for
        every choice); the weights are cumulative, for a bisection.
        """
        key = (index, counts)
        known = self.tables.get(key)
        if known is not None:
            return known
        weights: list[int] = []
        options: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        total = 0
        size, room = self.stack_needs[index]
        last = index == len(self.hidden_stacks) - 1
        for values in combinations_with_replacement(FORCE_VALUES, size):
            if sum(values) > room:
                continue
            ways = 1
            after = list(counts)
            for value in set(values):
                taken = values.count(value)
                ways *= comb(counts[value], taken)
                after[value] -= taken
            if not ways:
                continue
            left = tuple(after)
            if not last:
                following = self._choices(index + 1, left)[0]
                ways *= following[-1] if following else 0
            if ways:
                total += ways
                weights.append(total)
                options.append((values, left))
        if index == 0 and not weights:
            raise RuntimeError("no deal of the hidden cards keeps every stack within 13")
        self.tables[key] = (weights, options)
        return weights, options


def _codes(stack: tuple[StackCard, ...]) -> tuple[int, ...]:
    """A fully seen stack as the state writes it."""
    return tuple(card if up else card | FACE_DOWN for card, up in stack if card is not None)


def determinize(view: DrumpView, rng: random.Random) -> DrumpState:
    """A state consistent with everything `view` shows, hidden cards drawn uniformly."""
    return Determinizer(view).draw(rng)
