"""DRUMP's rules: the legal actions of a state, and the state an action leads to.

The turn's own actions are here; the Burst's exchange is in `exchange`, the
draw, the turns and the game's end in `turns`.  Every rule cites drump.md
(the reconciled rules page) by section.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from cardtable.core.chance import below, shuffle
from cardtable.games.drump import actions as action_tables
from cardtable.games.drump import events, exchange
from cardtable.games.drump.actions import (
    DISCARD_TABLE,
    AceValue,
    Action,
    Block,
    Burst,
    Counter,
    DeclineDraw,
    Discard,
    DrawCard,
    End,
    ExtraJack,
    Pass,
    Receive,
    Recycle,
    SetForce,
    Summon,
)
from cardtable.games.drump.cards import DECK, IS_ACE, IS_FORCE, IS_PART, JACK, NO_CARD, RANK
from cardtable.games.drump.events import Dealt, Discarded, ExtraJackPlaced, RecycledAndDrew, Summoned
from cardtable.games.drump.options import DrumpOptions
from cardtable.games.drump.stacks import (
    CARD_MASK,
    FACE_DOWN,
    MIN_PAYING_CARDS,
    STACK_LIMIT,
    STACK_VALUE,
    STACKED_ACE,
    payable_mask,
)
from cardtable.games.drump.state import (
    ACE_CHOICE,
    BLOCKING,
    COUNTERING,
    DEFENDING,
    DISCARDING,
    DRAW_CHOICE,
    MAIN,
    SEATS,
    SLOTS,
    DrumpState,
    add_to_hand,
    empty_state,
    put_part,
    put_stack,
    take_from_hand,
    without,
)
from cardtable.games.drump.turns import (
    after_part_placed,
    close_turn,
    last_turn_over,
    start_turn,
    take_top,
)

# The tables the main phase reads, as Final names of this module: actions.py is not compiled, and the
# compiled build reads a Final name of its own module directly, not through the module's dictionary.
SET_TABLE: Final = action_tables.SET_TABLE
SUMMON_TABLE: Final = action_tables.SUMMON_TABLE
BURST_TABLE: Final = action_tables.BURST_TABLE
EXTRA_TABLE: Final = action_tables.EXTRA_TABLE
RECYCLE_DRAW: Final = action_tables.RECYCLE_DRAW
#: RECYCLE_TAKE_ROWS[part][taken]: recycle `part` and take `taken` from the pile (None where no such
#: action exists: `taken` a force card or `part` itself), rows and entries by card number.
RECYCLE_TAKE_ROWS: Final[tuple[tuple[Recycle | None, ...], ...]] = tuple(
    tuple(action_tables.RECYCLE_TAKE.get(part, {}).get(taken) for taken in DECK) for part in DECK
)
END_ACTION: Final = action_tables.END_ACTION
# The events built once, likewise (events.py is not compiled).
FORCE_SET: Final = events.FORCE_SET
FORCE_SET_HIDDEN: Final = events.FORCE_SET_HIDDEN
RECYCLED: Final = events.RECYCLED
RECYCLED_DREW_HIDDEN: Final = events.RECYCLED_DREW_HIDDEN
TURN_ENDED: Final = events.TURN_ENDED


def new_game(
    options: DrumpOptions, seats: int, rng: random.Random, first_seat: int | None = None
) -> DrumpState:
    """Shuffle, deal five each one at a time (PT), and start the first turn."""
    if seats != SEATS:
        raise ValueError(f"DRUMP is played by 2 seats, not {seats}")
    if first_seat is None:
        # VI plays rock-paper-scissors and EN "chooses"; the match's chance decides.
        first_seat = below(rng, SEATS)
    deck = list(DECK)
    # The order rng.shuffle gives, drawn natively in the compiled build (cardtable.core.chance).
    shuffle(rng, deck)
    state = empty_state(options, first_seat)
    hands: tuple[list[int], list[int]] = ([], [])
    for index in range(2 * 5):
        hands[(first_seat + index) % SEATS].append(deck[index])
    state.hands = (tuple(hands[0]), tuple(hands[1]))
    state.deck = tuple(deck[10:])
    for seat in range(SEATS):
        state.log(Dealt(seat, state.hands[seat]), seat, Dealt(seat, None))
    start_turn(state, first_seat)
    return state


# -- legal actions ---------------------------------------------------------------
def legal_actions(state: DrumpState) -> list[Action]:
    """Every action the current seat may take, in a fixed order."""
    phase = state.phase
    if phase == MAIN:
        return _main_actions(state)
    if phase in (BLOCKING, COUNTERING, DEFENDING):
        return exchange.answers(state)
    if phase == ACE_CHOICE:
        return exchange.ace_choices(state)
    if phase == DRAW_CHOICE:
        return exchange.draw_choices(state)
    if phase == DISCARDING:
        return [DISCARD_TABLE[card] for card in state.hands[state.discarding]]
    return []


def _main_actions(state: DrumpState) -> list[Action]:
    seat = state.turn_seat
    hand = state.hands[seat]
    options = state.options
    summoned = state.summoned
    ace_pays_any = options.ace_pays_any
    # Each own stack read once: the room under the limit of 13 with Aces as 1 (for sets) and, before
    # the turn's summon, the part values it pays for (as `payable_values` reads them).
    room: list[int] = []
    payable: list[int] = []
    any_payable = 0
    for stack in state.stacks[seat]:
        total = 0
        aces = 0
        for code in stack:
            total += STACK_VALUE[code]
            aces += STACKED_ACE[code]
        room.append(STACK_LIMIT - total)
        if not summoned:
            size = len(stack)
            mask = payable_mask(total, aces, size, ace_pays_any) if size >= MIN_PAYING_CARDS else 0
            payable.append(mask)
            any_payable |= mask
    actions: list[Action] = []
    # Set: one card per slot per turn, the stack never over 13 with Aces as 1.
    slots_set = state.slots_set
    for card in hand:
        if IS_FORCE[card]:
            value = RANK[card]
            row = SET_TABLE[card]
            for slot in range(SLOTS):
                if not slots_set >> slot & 1 and value <= room[slot]:
                    actions.append(row[slot])
    zones = state.zones[seat]
    part_zone = state.part_zone
    # Summon: once per turn, into the part's empty body-part zone.
    if any_payable:
        for card in hand:
            if IS_PART[card] and zones[part_zone[card]] == NO_CARD:
                bit = 1 << RANK[card]
                summons = SUMMON_TABLE[card]
                for slot in range(SLOTS):
                    if payable[slot] & bit:
                        actions.append(summons[slot])
    # Extra Jack: once per turn (EN; PT and VI name no limit), even after the summon unless it
    # counts as one (EN).
    jack_limit = options.extra_jack_limit
    if (jack_limit is None or state.extra_jacks < jack_limit) and not (
        options.extra_jack_is_summon and summoned
    ):
        for card in hand:
            if RANK[card] == JACK and zones[part_zone[card]] == NO_CARD:
                for ace in hand:
                    if IS_ACE[ace]:
                        actions.append(EXTRA_TABLE[(card, ace)])
    # Recycle: a part from hand for a draw or another part from the pile.
    limit = options.recycle_limit
    if limit is None or state.recycles < limit:
        parts = [card for card in hand if IS_PART[card]]
        if parts:
            can_draw = bool(state.deck)
            in_pile = [card for card in state.pile if IS_PART[card]]
            for card in parts:
                if can_draw:
                    actions.append(RECYCLE_DRAW[card])
                row_take = RECYCLE_TAKE_ROWS[card]
                for taken in in_pile:
                    recycle = row_take[taken]
                    if recycle is not None:
                        actions.append(recycle)
    # Burst: once per turn, a force card against a non-empty opposing stack.
    if not state.burst_used:
        opposing = state.stacks[1 - seat]
        targets = [slot for slot in range(SLOTS) if opposing[slot]]
        if targets:
            for card in hand:
                if IS_FORCE[card]:
                    row_burst = BURST_TABLE[card]
                    for slot in targets:
                        actions.append(row_burst[slot])
    actions.append(END_ACTION)
    return actions


# -- applying actions -------------------------------------------------------------
def apply(state: DrumpState, action: Action) -> DrumpState:
    """The state after a legal action; `state` itself is not changed."""
    new = state.copy()
    _HANDLERS[type(action)](new, action)
    return new


def _set(state: DrumpState, action: SetForce) -> None:
    seat, card, slot = state.turn_seat, action.card, action.slot
    stack = state.stacks[seat][slot]
    # The first card of an empty slot lies face up, every later one face down.
    face_up = not stack
    take_from_hand(state, seat, card)
    put_stack(state, seat, slot, stack + ((card,) if face_up else (card | FACE_DOWN,)))
    state.slots_set |= 1 << slot
    if not state.unlogged:
        hidden = None if face_up else FORCE_SET_HIDDEN[seat][slot]
        state.log(FORCE_SET[face_up][seat][slot][card], seat, hidden)


def _summon(state: DrumpState, action: Summon) -> None:
    seat, part, slot = state.turn_seat, action.part, action.slot
    paid = tuple(code & CARD_MASK for code in state.stacks[seat][slot])
    take_from_hand(state, seat, part)
    put_stack(state, seat, slot, ())
    state.pile += paid
    put_part(state, seat, part)
    state.summoned = True
    if not state.unlogged:
        state.log(Summoned(seat, part, slot, paid))
    after_part_placed(state, seat)


def _extra_jack(state: DrumpState, action: ExtraJack) -> None:
    seat = state.turn_seat
    take_from_hand(state, seat, action.ace)
    take_from_hand(state, seat, action.jack)
    state.pile += (action.ace,)
    put_part(state, seat, action.jack)
    state.extra_jacks += 1
    if state.options.extra_jack_is_summon:
        state.summoned = True
    state.log(ExtraJackPlaced(seat, action.jack, action.ace))
    after_part_placed(state, seat)


def _recycle(state: DrumpState, action: Recycle) -> None:
    seat, part, taken = state.turn_seat, action.part, action.take
    take_from_hand(state, seat, part)
    state.recycles += 1
    if taken is None:
        # A recycle draws only while the deck has cards (legal_actions), so the deck cannot run out here.
        state.pile += (part,)
        card = take_top(state, seat)
        if not state.unlogged:
            state.log(RecycledAndDrew(seat, part, card), seat, RECYCLED_DREW_HIDDEN[seat][part])
        return
    if not state.unlogged:
        state.log(RECYCLED[seat][(part, taken)])
    state.pile = without(state.pile, taken) + (part,)
    add_to_hand(state, seat, taken)
    known = state.known
    mask = known[seat] | 1 << taken
    state.known = (mask, known[1]) if seat == 0 else (known[0], mask)


def _discard(state: DrumpState, action: Discard) -> None:
    seat = state.discarding
    take_from_hand(state, seat, action.card)
    state.pile += (action.card,)
    state.log(Discarded(seat, action.card))
    close_turn(state)


def _end(state: DrumpState, action: object) -> None:
    seat = state.turn_seat
    if not state.unlogged:
        state.log(TURN_ENDED[seat])
    if state.last_turn == seat:
        last_turn_over(state)
    else:
        close_turn(state)


#: Each action's rule, by the action's class.
_HANDLERS: Final[dict[type[Action], Callable[[DrumpState, Any], None]]] = {
    SetForce: _set,
    Summon: _summon,
    ExtraJack: _extra_jack,
    Recycle: _recycle,
    Burst: exchange.play_burst,
    Receive: exchange.receive,
    AceValue: exchange.count_ace,
    Block: exchange.block,
    Counter: exchange.counter,
    Pass: exchange.pass_answer,
    DrawCard: exchange.draw_card,
    DeclineDraw: exchange.decline_draw,
    Discard: _discard,
    End: _end,
}
