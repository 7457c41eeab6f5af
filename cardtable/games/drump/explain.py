"""Why a DRUMP action is refused, in a player's words.

`legal_actions` alone decides legality; this module only finds the rule an
illegal action breaks, so that the error can name it.
"""

from __future__ import annotations

from cardtable.games.drump import actions
from cardtable.games.drump.actions import Action
from cardtable.games.drump.cards import BODY_PARTS, IS_ACE, NO_CARD, RANK, card_name
from cardtable.games.drump.exchange import answer_need
from cardtable.games.drump.stacks import STACK_LIMIT, payable_values, stack_total
from cardtable.games.drump.state import (
    ACE_CHOICE,
    BLOCKING,
    COUNTERING,
    DEFENDING,
    DISCARDING,
    DRAW_CHOICE,
    MAIN,
    OVER,
    DrumpState,
)

#: The kinds of action each phase asks for.
_PHASE_ACTIONS: dict[int, tuple[type[Action], ...]] = {
    MAIN: (actions.SetForce, actions.Summon, actions.ExtraJack, actions.Recycle, actions.Burst, actions.End),
    DEFENDING: (actions.Receive, actions.Block),
    ACE_CHOICE: (actions.AceValue,),
    BLOCKING: (actions.Block, actions.Pass),
    COUNTERING: (actions.Counter, actions.Pass),
    DRAW_CHOICE: (actions.DrawCard, actions.DeclineDraw),
    DISCARDING: (actions.Discard,),
}


def explain_illegal(state: DrumpState, action: Action) -> str:
    """The rule that forbids `action` in `state` (which must not be legal)."""
    phase = state.phase
    if phase == OVER:
        return "the game is over"
    waiting = _phase_demand(state)
    if not isinstance(action, _PHASE_ACTIONS[phase]):
        return f"no exchange or discard is under way; {waiting}" if phase == MAIN else waiting
    seat = state.current_seat()
    assert seat is not None
    hand = state.hands[seat]
    for card in _cards_from_hand(action):
        if card not in hand:
            return f"{card_name(card)} is not in your hand"
    reason = _explain(state, seat, action)
    return reason or f"it is not among the legal actions now; {waiting}"


def _phase_demand(state: DrumpState) -> str:
    phase = state.phase
    defender = 1 - state.turn_seat
    if phase == ACE_CHOICE:
        assert state.exchange is not None
        ace = card_name(state.exchange.pending_aces[0])
        return f"seat {defender + 1} must count {ace} of the attacked stack as 1 or 11 (ace {ace} 1|11)"
    if phase == DEFENDING:
        return f"seat {defender + 1} must receive the attack or block it"
    if phase == BLOCKING:
        return f"seat {defender + 1} must block or pass"
    if phase == COUNTERING:
        return f"seat {state.turn_seat + 1} must counter or pass"
    if phase == DRAW_CHOICE:
        return f"seat {state.drawing + 1} won the exchange and must draw or decline"
    if phase == DISCARDING:
        return f"seat {state.discarding + 1} must discard down to {state.options.hand_limit} cards"
    return f"seat {state.turn_seat + 1} is playing a turn (set, summon, extra, recycle, burst, end)"


def _cards_from_hand(action: Action) -> tuple[int, ...]:
    if isinstance(action, (actions.SetForce, actions.Burst, actions.Block, actions.Counter, actions.Discard)):
        return (action.card,)
    if isinstance(action, actions.Summon):
        return (action.part,)
    if isinstance(action, actions.ExtraJack):
        return (action.jack, action.ace)
    if isinstance(action, actions.Recycle):
        return (action.part,)
    return ()


def _explain(state: DrumpState, seat: int, action: Action) -> str | None:
    options = state.options
    if isinstance(action, actions.SetForce):
        if state.slots_set >> action.slot & 1:
            return f"slot {action.slot + 1} already received a card this turn (one per slot per turn)"
        total = stack_total(state.stacks[seat][action.slot]) + RANK[action.card]
        if total > STACK_LIMIT:
            return f"stack {action.slot + 1} would total {total} (Aces as 1), over {STACK_LIMIT}"
    if isinstance(action, (actions.Summon, actions.ExtraJack)):
        part = action.part if isinstance(action, actions.Summon) else action.jack
        zone = state.part_zone[part]
        if state.zones[seat][zone] != NO_CARD:
            return f"your {BODY_PARTS[zone]} zone already holds {card_name(state.zones[seat][zone])}"
    if isinstance(action, actions.Summon):
        if state.summoned:
            return "you have already summoned this turn"
        stack = state.stacks[seat][action.slot]
        if len(stack) < 2:
            count = len(stack)
            return f"a summon is paid by a stack of two or more cards; stack {action.slot + 1} holds {count}"
        if not payable_values(stack, options.ace_pays_any) >> RANK[action.part] & 1:
            return (
                f"stack {action.slot + 1} totals {stack_total(stack)} with Aces as 1, "
                f"and cannot make {RANK[action.part]} for {card_name(action.part)}"
            )
    if isinstance(action, actions.ExtraJack):
        limit = options.extra_jack_limit
        if limit == 0:
            return "these rules allow no Extra Jack (option extra_jack_limit is 0)"
        if limit is not None and state.extra_jacks >= limit:
            made = "an Extra Jack" if state.extra_jacks == 1 else f"{state.extra_jacks} Extra Jacks"
            return f"you have already made {made} this turn, the limit"
        if options.extra_jack_is_summon and state.summoned:
            return "the Extra Jack counts as the turn's summon, and you have summoned"
    if isinstance(action, actions.Recycle):
        limit = options.recycle_limit
        if limit is not None and state.recycles >= limit:
            return f"you have recycled {state.recycles} times this turn, the limit"
        if action.take is None and not state.deck:
            return "the deck is empty: nothing to draw"
        if action.take is not None and action.take not in state.pile:
            return f"{card_name(action.take)} is not in the discard pile"
    if isinstance(action, actions.Burst):
        if state.burst_used:
            return "you have already burst this turn"
        if not state.stacks[1 - seat][action.slot]:
            return f"the opponent's slot {action.slot + 1} is empty"
    if isinstance(action, actions.AceValue):
        assert state.exchange is not None
        return f"the Ace to count now is {card_name(state.exchange.pending_aces[0])}"
    if isinstance(action, (actions.Block, actions.Counter)) and not IS_ACE[action.card]:
        need = answer_need(state, seat)
        if options.block_adds:
            return f"{card_name(action.card)} does not put your side ahead (it needs more than {need})"
        return f"{card_name(action.card)} is not higher than the last card, worth {need}"
    return None
