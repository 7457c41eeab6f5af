"""A rule-based DRUMP bot: it scores each legal action from its view and plays the best.

It summons whenever it can, sets force cards to make a stack pay for a part
it holds, bursts stacks that are close to paying, blocks to protect its own
such stacks, recycles parts it cannot use (never one it took from the pile that
turn, so it never swaps parts back and forth), and keeps a high card back to block.
Which parts a stack pays for comes from the rules' own `payable_values`, so
the bot follows every payment option (`ace_pays_any` included).
"""

from __future__ import annotations

from cardtable.core.scoring_bot import ScoringBot
from cardtable.games.drump import actions
from cardtable.games.drump.actions import Action
from cardtable.games.drump.cards import IS_ACE, IS_FORCE, IS_PART, NO_CARD, RANK, SUIT
from cardtable.games.drump.endings import field_score
from cardtable.games.drump.events import Recycled, TurnStarted
from cardtable.games.drump.stacks import STACK_LIMIT, payable_values, stack_total
from cardtable.games.drump.view import DrumpView

#: Below this many cards in the deck, a player behind on points declines an optional draw,
#: to put off the deck out that would decide the game on points.
LOW_DECK = 4
#: The score of a move the bot never makes while any other is legal (ending the turn always is).
NEVER = -1000.0


def _part_zone(view: DrumpView, card: int) -> int:
    return view.options.part_by_suit.index("shdc"[SUIT[card]])


def _needed(view: DrumpView, seat: int, card: int) -> bool:
    """Whether a part card would fill an empty zone of `seat`."""
    return IS_PART[card] and view.zones[seat][_part_zone(view, card)] == NO_CARD


def _taken_this_turn(view: DrumpView) -> set[int]:
    """The parts the turn player took from the pile this turn, read from the log back to the turn's start.

    A state that keeps no log (a tree search's) tells nothing of the turn: every part its owner is
    known to hold counts then, as any of them may have been taken this turn.
    """
    if view.history.length == 0:
        return set(view.known_in_hand[view.turn_seat])
    taken: set[int] = set()
    node = view.history.node
    while node is not None:
        event, node = node
        if isinstance(event, TurnStarted):
            break
        if isinstance(event, Recycled):
            taken.add(event.taken)
    return taken


def _totals(view: DrumpView, seat: int, slot: int) -> tuple[int, int]:
    """A stack's lowest possible total (hidden cards as 1, Aces as 1) and its card count."""
    stack = view.stacks[seat][slot]
    return sum(RANK[card] if card is not None else 1 for card, _ in stack), len(stack)


def _own_stack(view: DrumpView, seat: int, slot: int) -> tuple[int, ...]:
    """One of the bot's own stacks, every card of which it sees."""
    return tuple(card for card, _ in view.stacks[seat][slot] if card is not None)


def _pays(view: DrumpView, stack: tuple[int, ...], value: int) -> bool:
    """Whether a stack pays for a part of `value`, by the rules' payment (options included)."""
    return bool(payable_values(stack, view.options.ace_pays_any) >> value & 1)


class DrumpHeuristicBot(ScoringBot[DrumpView, Action]):
    """Plays DRUMP by simple priorities, from its view alone."""

    #: Recycles a turn at most, so that unlimited recycling (PT) cannot loop.
    max_recycles = 2

    def score(self, view: DrumpView, action: Action) -> float:
        """How much this bot likes an action (higher is better)."""
        seat = view.seat
        assert seat is not None
        if isinstance(action, actions.Summon):
            return 100 + RANK[action.part]
        if isinstance(action, actions.ExtraJack):
            return 90 if view.options.extra_jack_is_summon else 95
        if isinstance(action, actions.SetForce):
            return self._score_set(view, seat, action)
        if isinstance(action, actions.Burst):
            return self._score_burst(view, seat, action)
        if isinstance(action, actions.Recycle):
            return self._score_recycle(view, seat, action)
        if isinstance(action, actions.AceValue):
            return self._score_ace(view, action)
        if isinstance(action, (actions.Block, actions.Counter)):
            return self._score_answer(view, seat, action.card)
        if isinstance(action, actions.Discard):
            return -self._keep_value(view, seat, action.card)
        if isinstance(action, actions.Receive):
            return self._score_receive(view, seat)
        if isinstance(action, actions.DeclineDraw):
            return self._score_decline(view, seat)
        if isinstance(action, actions.DrawCard):
            return 20
        # Pass and end: the fallback.
        return 10

    def _wanted_values(self, view: DrumpView, seat: int) -> set[int]:
        return {RANK[card] for card in view.hand if _needed(view, seat, card)}

    def _score_set(self, view: DrumpView, seat: int, action: actions.SetForce) -> float:
        stack = _own_stack(view, seat, action.slot) + (action.card,)
        new_total = stack_total(stack)
        pays = payable_values(stack, view.options.ace_pays_any)
        wanted = self._wanted_values(view, seat)
        if any(pays >> value & 1 for value in wanted):
            # The stack pays for a part in hand: summon it now, or next turn.
            return 70 if view.summoned else 80
        if self._is_last_blocker(view, action.card):
            return 5
        if pays:
            return 50
        score = 30 + new_total / 2
        if IS_ACE[action.card]:
            score -= 12
        if wanted and not any(new_total <= value for value in wanted):
            score -= 20
        if new_total > 9:
            score -= 10
        return score

    def _is_last_blocker(self, view: DrumpView, card: int) -> bool:
        blockers = [c for c in view.hand if IS_ACE[c] or (IS_FORCE[c] and RANK[c] >= 8)]
        return card in blockers and len(blockers) == 1

    def _score_burst(self, view: DrumpView, seat: int, action: actions.Burst) -> float:
        opponent = 1 - seat
        total, count = _totals(view, opponent, action.slot)
        threatening = count >= 2 and total >= 8
        if IS_ACE[action.card]:
            return 55 + total if threatening and total >= 10 else 0
        if total + RANK[action.card] <= STACK_LIMIT:
            return 0
        # A sure success; cheaper cards first, stacks close to paying first.
        return (40 if threatening else 25) + total - RANK[action.card] / 2

    def _score_recycle(self, view: DrumpView, seat: int, action: actions.Recycle) -> float:
        if action.part in _taken_this_turn(view):
            # A part taken from the pile this turn is kept: giving it back could undo the recycle that
            # took it (take Qd for Kc, then Kc for Qd), the one way a DRUMP turn can return to where it was.
            return NEVER
        if self._useful(view, seat, action.part) or view.recycles >= self.max_recycles:
            return 0
        if action.take is None:
            return 45
        if not _needed(view, seat, action.take):
            return 0
        payable = self._payable_now(view, seat, action.take)
        return (85 if payable and not view.summoned else 50) + RANK[action.take]

    def _useful(self, view: DrumpView, seat: int, part: int) -> bool:
        """A part worth keeping: it fills an empty zone and no better part in hand fills it."""
        if not _needed(view, seat, part):
            return False
        zone = _part_zone(view, part)
        rivals = [card for card in view.hand if IS_PART[card] and _part_zone(view, card) == zone]
        return part == max(rivals, key=lambda card: (self._payable_now(view, seat, card), RANK[card]))

    def _payable_now(self, view: DrumpView, seat: int, part: int) -> bool:
        stacks = range(len(view.stacks[seat]))
        return any(_pays(view, _own_stack(view, seat, slot), RANK[part]) for slot in stacks)

    def _score_receive(self, view: DrumpView, seat: int) -> float:
        """Receive when the sum can be made to fail (the stack's Aces as 1); else blocking is weighed."""
        exchange = view.exchange
        assert exchange is not None
        lowest = RANK[exchange.cards[0]] + stack_total(_own_stack(view, seat, exchange.slot))
        return 40 if lowest <= STACK_LIMIT else 10

    def _score_decline(self, view: DrumpView, seat: int) -> float:
        """Decline an optional draw only to put off a deck out that would lose on points."""
        scores = [field_score(zones, view.options) for zones in view.zones]
        behind = scores[seat] < scores[1 - seat]
        return 30 if behind and view.deck_size <= LOW_DECK else 0

    def _score_ace(self, view: DrumpView, action: actions.AceValue) -> float:
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
