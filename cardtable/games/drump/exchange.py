"""The Burst as the engine plays it, one decision at a time (drump.md, "Burst: attack and block").

Each decision goes through the steps of `burst`, which `resolve_burst` uses
to play a whole exchange; this module adds what a state needs: the cards
leaving hands, the log, the phases, and the winner's draw.
"""

from __future__ import annotations

from cardtable.games.drump import burst
from cardtable.games.drump.actions import (
    ACE_TABLE,
    BLOCK_TABLE,
    COUNTER_TABLE,
    PASS_ACTION,
    AceValue,
    Action,
    Block,
    Burst,
    Counter,
    Pass,
)
from cardtable.games.drump.events import (
    AceCounted,
    AttackFailed,
    Blocked,
    BlockWon,
    BurstMade,
    BurstWon,
    Countered,
    Passed,
)
from cardtable.games.drump.stacks import CARD_MASK
from cardtable.games.drump.state import (
    ACE_CHOICE,
    BLOCKING,
    COUNTERING,
    MAIN,
    DrumpState,
    put_stack,
    take_from_hand,
)
from cardtable.games.drump.turns import draw


def answer_need(state: DrumpState, seat: int) -> int:
    """The value a card of `seat` must beat to answer in the exchange under way (Aces always may)."""
    exchange = state.exchange
    assert exchange is not None
    return burst.answer_need(exchange, seat == state.turn_seat, state.options.block_adds)


def answers(state: DrumpState) -> list[Action]:
    """The legal answers now: pass, then every card of the hand that may answer."""
    seat = state.turn_seat if state.phase == COUNTERING else 1 - state.turn_seat
    table = COUNTER_TABLE if state.phase == COUNTERING else BLOCK_TABLE
    need = answer_need(state, seat)
    may_answer = burst.may_answer
    actions: list[Action] = [PASS_ACTION]
    for card in state.hands[seat]:
        if may_answer(card, need):
            actions.append(table[card])
    return actions


def ace_choices(state: DrumpState) -> list[Action]:
    """The two values of the next Ace of the attacked stack."""
    assert state.exchange is not None
    ace = state.exchange.pending_aces[0]
    return [ACE_TABLE[(ace, 1)], ACE_TABLE[(ace, 11)]]


def play_burst(state: DrumpState, action: Burst) -> None:
    """Attack: the stack is revealed; an Ace wins at once, else its Aces are valued and the sum weighed."""
    seat, card, slot = state.turn_seat, action.card, action.slot
    defender = 1 - seat
    take_from_hand(state, seat, card)
    state.burst_used = True
    # The attacked stack's face-down cards are revealed (all sources).
    revealed = tuple(code & CARD_MASK for code in state.stacks[defender][slot])
    put_stack(state, defender, slot, revealed)
    state.log(BurstMade(seat, card, slot, revealed))
    exchange = state.exchange = burst.open_exchange(card, revealed, slot)
    if burst.wins_at_once(card):
        _attack_wins(state)
    elif exchange.pending_aces:
        state.phase = ACE_CHOICE
    else:
        _weigh_attack(state)


def count_ace(state: DrumpState, action: AceValue) -> None:
    """The defender counts the next Ace of the attacked stack; once all are counted, the sum is weighed."""
    exchange = state.exchange
    assert exchange is not None
    state.exchange = burst.count_ace(exchange, action.value)
    state.log(AceCounted(1 - state.turn_seat, action.ace, action.value))
    if not state.exchange.pending_aces:
        _weigh_attack(state)


def _weigh_attack(state: DrumpState) -> None:
    exchange = state.exchange
    assert exchange is not None
    attacker, slot, card = state.turn_seat, exchange.slot, exchange.cards[0]
    if burst.attack_fails(exchange):
        defender = 1 - attacker
        # The attacking card joins the stack face up and now belongs to the defender.
        put_stack(state, defender, slot, state.stacks[defender][slot] + (card,))
        state.exchange = None
        state.phase = MAIN
        state.log(AttackFailed(attacker, card, slot, burst.attack_sum(exchange)))
    else:
        state.phase = BLOCKING


def block(state: DrumpState, action: Block) -> None:
    """The defender answers."""
    _answer(state, 1 - state.turn_seat, action.card)


def counter(state: DrumpState, action: Counter) -> None:
    """The attacker answers."""
    _answer(state, state.turn_seat, action.card)


def _answer(state: DrumpState, seat: int, card: int) -> None:
    exchange = state.exchange
    assert exchange is not None
    attacking = seat == state.turn_seat
    take_from_hand(state, seat, card)
    state.exchange = burst.add_answer(exchange, card, attacking)
    state.log(Countered(seat, card) if attacking else Blocked(seat, card))
    if burst.wins_at_once(card):
        if attacking:
            _attack_wins(state)
        else:
            _defense_wins(state)
    else:
        state.phase = BLOCKING if attacking else COUNTERING


def pass_answer(state: DrumpState, action: Pass) -> None:
    """The side to answer passes: the other side's last card stands."""
    seat = state.current_seat()
    assert seat is not None
    state.log(Passed(seat))
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
    put_stack(state, defender, slot, ())
    state.exchange = None
    state.phase = MAIN
    state.log(BurstWon(attacker, slot))
    draw(state, attacker)


def _defense_wins(state: DrumpState) -> None:
    """The exchange's cards go to the pile, the stack stays, the defender draws 1."""
    exchange = state.exchange
    assert exchange is not None
    defender = 1 - state.turn_seat
    state.pile += exchange.cards
    state.exchange = None
    state.phase = MAIN
    state.log(BlockWon(defender, exchange.slot))
    draw(state, defender)
