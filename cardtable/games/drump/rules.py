"""DRUMP's rules: the legal actions of a state, and the state an action leads to.

Every rule cites drump.md (the reconciled rules page) by section.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardtable.games.drump import endings
from cardtable.games.drump.actions import (
    ACE_TABLE,
    BLOCK_TABLE,
    BURST_TABLE,
    COUNTER_TABLE,
    DISCARD_TABLE,
    END_ACTION,
    EXTRA_TABLE,
    PASS_ACTION,
    RECYCLE_DRAW,
    RECYCLE_TAKE,
    SET_TABLE,
    SUMMON_TABLE,
    AceValue,
    Action,
    Block,
    Burst,
    Counter,
    Discard,
    End,
    ExtraJack,
    Pass,
    Recycle,
    SetForce,
    Summon,
)
from cardtable.games.drump.cards import DECK, IS_ACE, IS_FORCE, IS_PART, JACK, NO_CARD, RANK
from cardtable.games.drump.options import DrumpOptions
from cardtable.games.drump.state import (
    ACE_CHOICE,
    BLOCKING,
    CARD_MASK,
    COUNTERING,
    DISCARDING,
    FACE_DOWN,
    MAIN,
    SEATS,
    SLOTS,
    STACK_LIMIT,
    STACK_VALUE,
    DrumpState,
    Exchange,
    empty_state,
    new_turn,
    stack_total,
)

#: Bits 10..13: the part values a stack can pay for.
ANY_PART = sum(1 << value for value in range(10, 14))


def payable_values(stack: tuple[int, ...], ace_pays_any: bool) -> int:
    """Bitmask of the part values (10-13) this stack can pay for a summon.

    A summon needs two or more cards (VI) whose total equals the part's value,
    each Ace counted 1 or 11 by its owner (all sources).  With `ace_pays_any`
    (PT, Ex²) a stack holding an Ace and a card 2-9 pays for any part.
    """
    if len(stack) < 2:
        return 0
    total = 0
    aces = 0
    for code in stack:
        total += STACK_VALUE[code]
        if IS_ACE[code & CARD_MASK]:
            aces += 1
    if aces and ace_pays_any and aces < len(stack):
        return ANY_PART
    mask = 0
    for extra in range(aces + 1):
        value = total + 10 * extra
        if 10 <= value <= 13:
            mask |= 1 << value
    return mask


def new_game(
    options: DrumpOptions, seats: int, rng: random.Random, first_seat: int | None = None
) -> DrumpState:
    """Shuffle, deal five each one at a time (PT), and start the first turn."""
    if seats != SEATS:
        raise ValueError(f"DRUMP is played by 2 seats, not {seats}")
    if first_seat is None:
        # VI plays rock-paper-scissors and EN "chooses"; the match's chance decides.
        first_seat = rng.randrange(SEATS)
    deck = list(DECK)
    rng.shuffle(deck)
    state = empty_state(options, first_seat)
    hands: tuple[list[int], list[int]] = ([], [])
    for index in range(2 * 5):
        hands[(first_seat + index) % SEATS].append(deck[index])
    state.hands = (tuple(hands[0]), tuple(hands[1]))
    state.deck = tuple(deck[10:])
    for seat in range(SEATS):
        state.log(("deal", seat, state.hands[seat]), seat, ("deal", seat, None))
    start_turn(state, first_seat)
    return state


# -- legal actions ---------------------------------------------------------------
def legal_actions(state: DrumpState) -> list[Action]:
    """Every action the current seat may take, in a fixed order."""
    phase = state.phase
    if phase == MAIN:
        return _main_actions(state)
    if phase == BLOCKING:
        return _answers(state, 1 - state.turn_seat, BLOCK_TABLE)
    if phase == COUNTERING:
        return _answers(state, state.turn_seat, COUNTER_TABLE)
    if phase == ACE_CHOICE:
        assert state.exchange is not None
        ace = state.exchange.pending_aces[0]
        return [ACE_TABLE[(ace, 1)], ACE_TABLE[(ace, 11)]]
    if phase == DISCARDING:
        return [DISCARD_TABLE[card] for card in state.hands[state.discarding]]
    return []


def _main_actions(state: DrumpState) -> list[Action]:
    seat = state.turn_seat
    hand = state.hands[seat]
    options = state.options
    stacks = state.stacks[seat]
    actions: list[Action] = []
    append = actions.append
    # Set: one card per slot per turn, the stack never over 13 with Aces as 1.
    slots_set = state.slots_set
    room = [STACK_LIMIT - stack_total(stack) for stack in stacks]
    for card in hand:
        if IS_FORCE[card]:
            value = RANK[card]
            row = SET_TABLE[card]
            for slot in range(SLOTS):
                if not slots_set >> slot & 1 and value <= room[slot]:
                    append(row[slot])
    zones = state.zones[seat]
    part_zone = state.part_zone
    # Summon: once per turn, into the part's empty body-part zone.
    if not state.summoned:
        parts = [card for card in hand if IS_PART[card] and zones[part_zone[card]] == NO_CARD]
        if parts:
            payable = [payable_values(stack, options.ace_pays_any) for stack in stacks]
            for card in parts:
                bit = 1 << RANK[card]
                summons = SUMMON_TABLE[card]
                for slot in range(SLOTS):
                    if payable[slot] & bit:
                        append(summons[slot])
    # Extra Jack: once per turn, even after the summon unless it counts as one (EN).
    if not state.extra_jack_used and not (options.extra_jack_is_summon and state.summoned):
        aces = [card for card in hand if IS_ACE[card]]
        if aces:
            for card in hand:
                if RANK[card] == JACK and zones[part_zone[card]] == NO_CARD:
                    for ace in aces:
                        append(EXTRA_TABLE[(card, ace)])
    # Recycle: a part from hand for a draw or another part from the pile.
    limit = options.recycle_limit
    if limit is None or state.recycles < limit:
        parts = [card for card in hand if IS_PART[card]]
        if parts:
            can_draw = bool(state.deck)
            in_pile = [card for card in state.pile if IS_PART[card]]
            for card in parts:
                if can_draw:
                    action = RECYCLE_DRAW[card]
                    assert action is not None
                    append(action)
                row_take = RECYCLE_TAKE[card]
                for taken in in_pile:
                    action = row_take[taken]
                    assert action is not None
                    append(action)
    # Burst: once per turn, a force card against a non-empty opposing stack.
    if not state.burst_used:
        targets = [slot for slot, stack in enumerate(state.stacks[1 - seat]) if stack]
        if targets:
            for card in hand:
                if IS_FORCE[card]:
                    row_burst = BURST_TABLE[card]
                    for slot in targets:
                        append(row_burst[slot])
    append(END_ACTION)
    return actions


def answer_threshold(state: DrumpState, seat: int) -> int:
    """The value a card of `seat` must exceed to answer in the exchange (Aces always may).

    By default each answer must be higher than the other side's last card
    (PT, VI); with `block_adds` (EN) it must put its side's total ahead.
    """
    exchange = state.exchange
    assert exchange is not None
    if state.options.block_adds:
        if seat == state.turn_seat:
            return exchange.defense_total - exchange.attack_total
        return exchange.attack_total - exchange.defense_total
    return RANK[exchange.cards[-1]]


def _answers(state: DrumpState, seat: int, table: list[Block] | list[Counter]) -> list[Action]:
    need = answer_threshold(state, seat)
    actions: list[Action] = [PASS_ACTION]
    for card in state.hands[seat]:
        if IS_ACE[card] or RANK[card] > need:
            actions.append(table[card])
    return actions


# -- applying actions -------------------------------------------------------------
def apply(state: DrumpState, action: Action) -> DrumpState:
    """The state after a legal action; `state` itself is not changed."""
    new = state.copy()
    _HANDLERS[type(action)](new, action)
    return new


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def _from_hand(state: DrumpState, seat: int, card: int) -> None:
    hands = state.hands
    hand = _without(hands[seat], card)
    state.hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
    known = state.known
    if known[seat] >> card & 1:
        mask = known[seat] & ~(1 << card)
        state.known = (mask, known[1]) if seat == 0 else (known[0], mask)


def _to_hand(state: DrumpState, seat: int, card: int) -> None:
    hands = state.hands
    hand = hands[seat] + (card,)
    state.hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)


def _put_stack(state: DrumpState, seat: int, slot: int, stack: tuple[int, ...]) -> None:
    row = state.stacks[seat]
    row = row[:slot] + (stack,) + row[slot + 1 :]
    state.stacks = (row, state.stacks[1]) if seat == 0 else (state.stacks[0], row)


def _put_part(state: DrumpState, seat: int, part: int) -> None:
    zone = state.part_zone[part]
    row = state.zones[seat]
    row = row[:zone] + (part,) + row[zone + 1 :]
    state.zones = (row, state.zones[1]) if seat == 0 else (state.zones[0], row)


def draw(state: DrumpState, seat: int) -> bool:
    """`seat` draws one card; an empty deck ends the game at once (EN, deck out)."""
    deck = state.deck
    if not deck:
        endings.deck_out(state, seat)
        return False
    card = deck[0]
    state.deck = deck[1:]
    _to_hand(state, seat, card)
    state.log(("draw", seat, card), seat, ("draw", seat, None))
    return True


def start_turn(state: DrumpState, seat: int) -> None:
    """Begin `seat`'s turn: counters reset, and the turn player draws 1 (VI, EN)."""
    new_turn(state, seat)
    state.turn_number += 1
    state.log(("turn", seat, state.turn_number))
    draw(state, seat)


def _set(state: DrumpState, action: SetForce) -> None:
    seat, card, slot = state.turn_seat, action.card, action.slot
    stack = state.stacks[seat][slot]
    # The first card of an empty slot lies face up, every later one face down.
    face_up = not stack
    _from_hand(state, seat, card)
    _put_stack(state, seat, slot, stack + ((card,) if face_up else (card | FACE_DOWN,)))
    state.slots_set |= 1 << slot
    hidden = None if face_up else ("set", seat, None, slot, False)
    state.log(("set", seat, card, slot, face_up), seat, hidden)


def _summon(state: DrumpState, action: Summon) -> None:
    seat, part, slot = state.turn_seat, action.part, action.slot
    paid = tuple(code & CARD_MASK for code in state.stacks[seat][slot])
    _from_hand(state, seat, part)
    _put_stack(state, seat, slot, ())
    state.pile += paid
    _put_part(state, seat, part)
    state.summoned = True
    state.log(("summon", seat, part, slot, paid))
    endings.after_part_placed(state, seat)


def _extra_jack(state: DrumpState, action: ExtraJack) -> None:
    seat = state.turn_seat
    _from_hand(state, seat, action.ace)
    _from_hand(state, seat, action.jack)
    state.pile += (action.ace,)
    _put_part(state, seat, action.jack)
    state.extra_jack_used = True
    if state.options.extra_jack_is_summon:
        state.summoned = True
    state.log(("extra", seat, action.jack, action.ace))
    endings.after_part_placed(state, seat)


def _recycle(state: DrumpState, action: Recycle) -> None:
    seat, part, taken = state.turn_seat, action.part, action.take
    _from_hand(state, seat, part)
    state.recycles += 1
    state.log(("recycle", seat, part, taken))
    if taken is None:
        state.pile += (part,)
        draw(state, seat)
        return
    state.pile = _without(state.pile, taken) + (part,)
    _to_hand(state, seat, taken)
    known = state.known
    mask = known[seat] | 1 << taken
    state.known = (mask, known[1]) if seat == 0 else (known[0], mask)


def _burst(state: DrumpState, action: Burst) -> None:
    seat, card, slot = state.turn_seat, action.card, action.slot
    defender = 1 - seat
    _from_hand(state, seat, card)
    state.burst_used = True
    # The attacked stack's face-down cards are revealed (all sources).
    revealed = tuple(code & CARD_MASK for code in state.stacks[defender][slot])
    _put_stack(state, defender, slot, revealed)
    state.log(("burst", seat, card, slot, revealed))
    aces = tuple(code for code in revealed if IS_ACE[code])
    total = stack_total(revealed)
    state.exchange = Exchange(slot, (card,), aces, total, RANK[card], total)
    if IS_ACE[card]:
        # An attacking Ace succeeds at once (PT, VI).
        _attack_wins(state)
    elif aces:
        state.phase = ACE_CHOICE
    else:
        _weigh_attack(state)


def _ace_value(state: DrumpState, action: AceValue) -> None:
    exchange = state.exchange
    assert exchange is not None
    total = exchange.stack_total + (10 if action.value == 11 else 0)
    state.exchange = exchange._replace(
        pending_aces=exchange.pending_aces[1:], stack_total=total, defense_total=total
    )
    state.log(("ace", 1 - state.turn_seat, action.ace, action.value))
    if not state.exchange.pending_aces:
        _weigh_attack(state)


def _weigh_attack(state: DrumpState) -> None:
    """Attack plus stack at most 13: the attack fails and no block is possible (EN, VI)."""
    exchange = state.exchange
    assert exchange is not None
    attacker, slot, card = state.turn_seat, exchange.slot, exchange.cards[0]
    if RANK[card] + exchange.stack_total <= STACK_LIMIT:
        defender = 1 - attacker
        # The attacking card joins the stack face up and now belongs to the defender.
        _put_stack(state, defender, slot, state.stacks[defender][slot] + (card,))
        state.exchange = None
        state.phase = MAIN
        state.log(("fails", attacker, card, slot, RANK[card] + exchange.stack_total))
    else:
        state.phase = BLOCKING


def _block(state: DrumpState, action: Block) -> None:
    _answer(state, 1 - state.turn_seat, action.card)


def _counter(state: DrumpState, action: Counter) -> None:
    _answer(state, state.turn_seat, action.card)


def _answer(state: DrumpState, seat: int, card: int) -> None:
    exchange = state.exchange
    assert exchange is not None
    attacking = seat == state.turn_seat
    _from_hand(state, seat, card)
    state.exchange = exchange._replace(
        cards=exchange.cards + (card,),
        attack_total=exchange.attack_total + (RANK[card] if attacking else 0),
        defense_total=exchange.defense_total + (0 if attacking else RANK[card]),
    )
    state.log(("counter" if attacking else "block", seat, card))
    if IS_ACE[card]:
        # An Ace ends the exchange in its player's favour (PT, VI, EN).
        if attacking:
            _attack_wins(state)
        else:
            _defense_wins(state)
    else:
        state.phase = BLOCKING if attacking else COUNTERING


def _pass(state: DrumpState, action: object) -> None:
    seat = state.current_seat()
    assert seat is not None
    state.log(("pass", seat))
    if state.phase == BLOCKING:
        _attack_wins(state)
    else:
        _defense_wins(state)


def _attack_wins(state: DrumpState) -> None:
    """The stack and every card of the exchange go to the pile; the attacker draws 1."""
    exchange = state.exchange
    assert exchange is not None
    attacker, slot = state.turn_seat, exchange.slot
    defender = 1 - attacker
    state.pile += state.stacks[defender][slot] + exchange.cards
    _put_stack(state, defender, slot, ())
    state.exchange = None
    state.phase = MAIN
    state.log(("wins", attacker, "attack", slot))
    draw(state, attacker)


def _defense_wins(state: DrumpState) -> None:
    """The exchange's cards go to the pile, the stack stays, the defender draws 1."""
    exchange = state.exchange
    assert exchange is not None
    defender = 1 - state.turn_seat
    state.pile += exchange.cards
    state.exchange = None
    state.phase = MAIN
    state.log(("wins", defender, "block", exchange.slot))
    draw(state, defender)


def _discard(state: DrumpState, action: Discard) -> None:
    seat = state.discarding
    _from_hand(state, seat, action.card)
    state.pile += (action.card,)
    state.log(("discard", seat, action.card))
    _close_turn(state)


def _end(state: DrumpState, action: object) -> None:
    seat = state.turn_seat
    state.log(("end", seat))
    if state.last_turn == seat:
        endings.last_turn_over(state)
    else:
        _close_turn(state)


def _close_turn(state: DrumpState) -> None:
    """Hand limit for each player, turn player first (drump.md, "End of turn"); then the next turn."""
    limit = state.options.hand_limit
    turn = state.turn_seat
    for seat in (turn, 1 - turn):
        if len(state.hands[seat]) > limit:
            state.phase = DISCARDING
            state.discarding = seat
            return
    start_turn(state, 1 - turn)


#: Each action's rule, by the action's class.
_HANDLERS: dict[type[Action], Callable[[DrumpState, Any], None]] = {
    SetForce: _set,
    Summon: _summon,
    ExtraJack: _extra_jack,
    Recycle: _recycle,
    Burst: _burst,
    AceValue: _ace_value,
    Block: _block,
    Counter: _counter,
    Pass: _pass,
    Discard: _discard,
    End: _end,
}
