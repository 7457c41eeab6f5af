"""A rule-based DRUMP bot: it scores each legal action from its view and plays the best.

It summons whenever it can, sets force cards to make a stack pay for a part
it holds, bursts stacks that are close to paying, blocks to protect its own
such stacks, recycles parts it cannot use, and keeps a high card back to block.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.core.players import best_scored
from cardtable.games.drump.actions import (
    AceValue,
    Action,
    Block,
    Burst,
    Counter,
    Discard,
    ExtraJack,
    Recycle,
    SetForce,
    Summon,
)
from cardtable.games.drump.cards import IS_ACE, IS_FORCE, IS_PART, NO_CARD, RANK, SUIT
from cardtable.games.drump.stacks import STACK_LIMIT
from cardtable.games.drump.view import DrumpView


def _part_zone(view: DrumpView, card: int) -> int:
    return view.options.part_by_suit.index("shdc"[SUIT[card]])


def _needed(view: DrumpView, seat: int, card: int) -> bool:
    """Whether a part card would fill an empty zone of `seat`."""
    return IS_PART[card] and view.zones[seat][_part_zone(view, card)] == NO_CARD


def _totals(view: DrumpView, seat: int, slot: int) -> tuple[int, int]:
    """A stack's lowest possible total (hidden cards as 1, Aces as 1) and its card count."""
    stack = view.stacks[seat][slot]
    return sum(RANK[card] if card is not None else 1 for card, _ in stack), len(stack)


def _reaches(total: int, aces: int, value: int) -> bool:
    return any(total + 10 * extra == value for extra in range(aces + 1))


class DrumpHeuristicBot:
    """Plays DRUMP by simple priorities, from its view alone."""

    name = "heuristic"
    #: Recycles a turn at most, so that unlimited recycling (PT) cannot loop.
    max_recycles = 2

    def choose(self, view: DrumpView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The legal action with the best score (ties broken at random)."""
        action: Action = best_scored(legal, lambda candidate: self.score(view, candidate), rng)
        return action

    def score(self, view: DrumpView, action: Action) -> float:
        """How much this bot likes an action (higher is better)."""
        seat = view.seat
        assert seat is not None
        if isinstance(action, Summon):
            return 100 + RANK[action.part]
        if isinstance(action, ExtraJack):
            return 90 if view.options.extra_jack_is_summon else 95
        if isinstance(action, SetForce):
            return self._score_set(view, seat, action)
        if isinstance(action, Burst):
            return self._score_burst(view, seat, action)
        if isinstance(action, Recycle):
            return self._score_recycle(view, seat, action)
        if isinstance(action, AceValue):
            return self._score_ace(view, action)
        if isinstance(action, (Block, Counter)):
            return self._score_answer(view, seat, action.card)
        if isinstance(action, Discard):
            return -self._keep_value(view, seat, action.card)
        # Pass and end: the fallback.
        return 10

    def _wanted_values(self, view: DrumpView, seat: int) -> set[int]:
        return {RANK[card] for card in view.hand if _needed(view, seat, card)}

    def _score_set(self, view: DrumpView, seat: int, action: SetForce) -> float:
        total, count = _totals(view, seat, action.slot)
        aces = sum(1 for card, _ in view.stacks[seat][action.slot] if card is not None and IS_ACE[card])
        aces += IS_ACE[action.card]
        new_total = total + RANK[action.card]
        wanted = self._wanted_values(view, seat)
        if count >= 1 and any(_reaches(new_total, aces, value) for value in wanted):
            # The stack pays for a part in hand: summon it now, or next turn.
            return 70 if view.summoned else 80
        if self._is_last_blocker(view, action.card):
            return 5
        if count >= 1 and any(_reaches(new_total, aces, value) for value in range(10, 14)):
            return 50
        score = 30 + new_total / 2
        if IS_ACE[action.card]:
            score -= 12
        if wanted and not any(new_total <= value for value in wanted):
            score -= 20
        if new_total > 9 and not any(_reaches(new_total, aces, value) for value in range(10, 14)):
            score -= 10
        return score

    def _is_last_blocker(self, view: DrumpView, card: int) -> bool:
        blockers = [c for c in view.hand if IS_ACE[c] or (IS_FORCE[c] and RANK[c] >= 8)]
        return card in blockers and len(blockers) == 1

    def _score_burst(self, view: DrumpView, seat: int, action: Burst) -> float:
        opponent = 1 - seat
        total, count = _totals(view, opponent, action.slot)
        threatening = count >= 2 and total >= 8
        if IS_ACE[action.card]:
            return 55 + total if threatening and total >= 10 else 0
        if total + RANK[action.card] <= STACK_LIMIT:
            return 0
        # A sure success; cheaper cards first, stacks close to paying first.
        return (40 if threatening else 25) + total - RANK[action.card] / 2

    def _score_recycle(self, view: DrumpView, seat: int, action: Recycle) -> float:
        if self._useful(view, seat, action.part) or view.recycles >= self.max_recycles:
            return 0
        if action.take is None:
            return 45
        if not _needed(view, seat, action.take):
            return 0
        payable = any(
            self._pays(view, seat, slot, RANK[action.take]) for slot in range(len(view.stacks[seat]))
        )
        return (85 if payable and not view.summoned else 50) + RANK[action.take]

    def _useful(self, view: DrumpView, seat: int, part: int) -> bool:
        """A part worth keeping: it fills an empty zone and no better part in hand fills it."""
        if not _needed(view, seat, part):
            return False
        zone = _part_zone(view, part)
        rivals = [card for card in view.hand if IS_PART[card] and _part_zone(view, card) == zone]
        return part == max(rivals, key=lambda card: (self._payable_now(view, seat, card), RANK[card]))

    def _payable_now(self, view: DrumpView, seat: int, part: int) -> bool:
        return any(self._pays(view, seat, slot, RANK[part]) for slot in range(len(view.stacks[seat])))

    def _pays(self, view: DrumpView, seat: int, slot: int, value: int) -> bool:
        stack = view.stacks[seat][slot]
        if len(stack) < 2:
            return False
        total, _ = _totals(view, seat, slot)
        aces = sum(1 for card, _ in stack if card is not None and IS_ACE[card])
        return _reaches(total, aces, value)

    def _score_ace(self, view: DrumpView, action: AceValue) -> float:
        # Make the attack fail (attack plus stack at most 13) when a value allows it.
        exchange = view.exchange
        assert exchange is not None
        total = exchange.stack_total + (10 if action.value == 11 else 0)
        fails = RANK[exchange.cards[0]] + total <= STACK_LIMIT
        return 20 if fails else 10 + action.value / 100

    def _score_answer(self, view: DrumpView, seat: int, card: int) -> float:
        exchange = view.exchange
        assert exchange is not None
        defender = 1 - view.turn_seat
        stack_total, _ = _totals(view, defender, exchange.slot)
        worth = stack_total >= 9 or len(view.stacks[defender][exchange.slot]) >= 3
        if not worth:
            return 0
        if IS_ACE[card]:
            return 35 if stack_total >= 10 else 0
        cost = self._keep_value(view, seat, card)
        return 10 + 20 - cost if cost < 20 else 0

    def _keep_value(self, view: DrumpView, seat: int, card: int) -> float:
        """How much a card in hand is worth keeping."""
        if IS_ACE[card]:
            return 25
        if IS_PART[card]:
            return 30 + RANK[card] if _needed(view, seat, card) else 2
        return RANK[card]
