"""The Burst as the engine plays it, one decision at a time (drump.md, "Burst: attack and block").

Each decision goes through the steps of `burst`, which `resolve_burst` uses
to play a whole exchange; this module adds what a state needs: the cards
leaving hands, the log, the phases, and the winner's draw.

Under PT's `block_before_sum` the defender first chooses to receive (the
stack is revealed and summed, no block) or to block (the exchange is played
against the hidden stack; an attacker who wins it draws and goes on to the
sum).  Under EN's optional draw the winner of an exchange chooses to draw.
"""

from __future__ import annotations

from cardtable.core.game import NOBODY
from cardtable.games.drump import burst
from cardtable.games.drump.actions import (
    ACE_TABLE,
    BLOCK_TABLE,
    COUNTER_TABLE,
    DECLINE_ACTION,
    DRAW_ACTION,
    PASS_ACTION,
    RECEIVE_ACTION,
    AceValue,
    Action,
    Block,
    Burst,
    Counter,
    DeclineDraw,
    DrawCard,
    Pass,
    Receive,
)
from cardtable.games.drump.events import (
    PASSED,
    AceCounted,
    AttackFailed,
    AttackGoesOn,
    Blocked,
    BlockWon,
    BurstMade,
    BurstWon,
    Countered,
    DrawDeclined,
    Received,
    StackRevealed,
)
from cardtable.games.drump.options import DRAW_OPTIONAL
from cardtable.games.drump.stacks import CARD_MASK
from cardtable.games.drump.state import (
    ACE_CHOICE,
    BLOCKING,
    COUNTERING,
    DEFENDING,
    DRAW_CHOICE,
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
    """The legal answers now: pass (receive, before the sum), then every card of the hand that may answer."""
    phase = state.phase
    seat = state.turn_seat if phase == COUNTERING else 1 - state.turn_seat
    table = COUNTER_TABLE if phase == COUNTERING else BLOCK_TABLE
    need = answer_need(state, seat)
    may_answer = burst.may_answer
    actions: list[Action] = [RECEIVE_ACTION if phase == DEFENDING else PASS_ACTION]
    for card in state.hands[seat]:
        if may_answer(card, need):
            actions.append(table[card])
    return actions


def ace_choices(state: DrumpState) -> list[Action]:
    """The two values of the next Ace of the attacked stack."""
    assert state.exchange is not None
    ace = state.exchange.pending_aces[0]
    return [ACE_TABLE[(ace, 1)], ACE_TABLE[(ace, 11)]]


def draw_choices(state: DrumpState) -> list[Action]:
    """The winner of an exchange draws or declines (EN, option `draw_after_win` optional)."""
    return [DRAW_ACTION, DECLINE_ACTION]


def play_burst(state: DrumpState, action: Burst) -> None:
    """Attack: the stack is revealed; an Ace wins at once, else its Aces are valued and the sum weighed.

    Under `block_before_sum` (PT) an attack by any card but an Ace waits for
    the defender to receive or block it, the stack still hidden.
    """
    seat, card, slot = state.turn_seat, action.card, action.slot
    take_from_hand(state, seat, card)
    state.burst_used = True
    if state.options.block_before_sum and not burst.wins_at_once(card):
        if not state.unlogged:
            state.log(BurstMade(seat, card, slot, None))
        state.exchange = burst.unrevealed_exchange(card, slot)
        state.phase = DEFENDING
        return
    revealed = _reveal(state, slot)
    if not state.unlogged:
        state.log(BurstMade(seat, card, slot, revealed))
    state.exchange = burst.open_exchange(card, revealed, slot)
    if burst.wins_at_once(card):
        _attack_wins(state)
    else:
        _count_or_weigh(state)


def _reveal(state: DrumpState, slot: int) -> tuple[int, ...]:
    """Turn the attacked stack face up (all sources); its cards stay public."""
    defender = 1 - state.turn_seat
    revealed = tuple(code & CARD_MASK for code in state.stacks[defender][slot])
    put_stack(state, defender, slot, revealed)
    return revealed


def _sum_now(state: DrumpState) -> None:
    """The attack, received or through the blocks, meets the stack: revealed, then summed (PT)."""
    exchange = state.exchange
    assert exchange is not None
    revealed = _reveal(state, exchange.slot)
    state.log(StackRevealed(1 - state.turn_seat, exchange.slot, revealed))
    state.exchange = burst.open_exchange(exchange.cards[0], revealed, exchange.slot)
    _count_or_weigh(state)


def _count_or_weigh(state: DrumpState) -> None:
    exchange = state.exchange
    assert exchange is not None
    if exchange.pending_aces:
        state.phase = ACE_CHOICE
    else:
        _weigh_attack(state)


def receive(state: DrumpState, action: Receive) -> None:
    """The defender receives the attack: the stack is revealed and summed, and no block follows (PT)."""
    state.log(Received(1 - state.turn_seat))
    _sum_now(state)


def count_ace(state: DrumpState, action: AceValue) -> None:
    """The defender counts the next Ace of the attacked stack; once all are counted, the sum is weighed."""
    exchange = state.exchange
    assert exchange is not None
    state.exchange = burst.count_ace(exchange, action.value)
    if not state.unlogged:
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
        if not state.unlogged:
            state.log(AttackFailed(attacker, card, slot, burst.attack_sum(exchange)))
    elif state.options.block_before_sum:
        # PT: over 13 the attack succeeds; the defender chose not to block, or has lost the blocks.
        _attack_wins(state)
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
    if not state.unlogged:
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
    if not state.unlogged:
        state.log(PASSED[seat])
    if state.phase == BLOCKING:
        _attack_wins(state)
    else:
        _defense_wins(state)


def _attack_wins(state: DrumpState) -> None:
    """The stack and every card of the exchange go to the pile; the attacker draws 1.

    Before the sum (`block_before_sum`), winning the exchange sends only the
    blocks and counters to the pile: the attacker draws 1 and the attack goes
    on against the stack (PT: "e continuar o ataque").
    """
    exchange = state.exchange
    assert exchange is not None
    attacker, slot = state.turn_seat, exchange.slot
    if not exchange.revealed:
        state.pile += exchange.cards[1:]
        state.exchange = burst.unrevealed_exchange(exchange.cards[0], slot)
        state.log(AttackGoesOn(attacker, slot))
        _winner_draws(state, attacker)
        return
    defender = 1 - attacker
    state.pile += state.stacks[defender][slot] + exchange.cards
    put_stack(state, defender, slot, ())
    state.exchange = None
    if not state.unlogged:
        state.log(BurstWon(attacker, slot))
    _winner_draws(state, attacker)


def _defense_wins(state: DrumpState) -> None:
    """The exchange's cards go to the pile, the stack stays, the defender draws 1."""
    exchange = state.exchange
    assert exchange is not None
    defender = 1 - state.turn_seat
    state.pile += exchange.cards
    state.exchange = None
    if not state.unlogged:
        state.log(BlockWon(defender, exchange.slot))
    _winner_draws(state, defender)


def _winner_draws(state: DrumpState, seat: int) -> None:
    """The winner of an exchange draws 1; under EN's optional draw, they choose to, if the deck has a card.

    A draw that is due from an empty deck ends the game (deck out); an
    optional one is simply not made, as a recycle cannot draw from it.
    """
    if state.options.draw_after_win == DRAW_OPTIONAL:
        if state.deck:
            state.phase = DRAW_CHOICE
            state.drawing = seat
            return
    elif not draw(state, seat):
        return
    _after_the_draw(state)


def draw_card(state: DrumpState, action: DrawCard) -> None:
    """The winner of an exchange draws 1, as they chose."""
    if draw(state, state.drawing):
        _after_the_draw(state)


def decline_draw(state: DrumpState, action: DeclineDraw) -> None:
    """The winner of an exchange does not draw."""
    state.log(DrawDeclined(state.drawing))
    _after_the_draw(state)


def _after_the_draw(state: DrumpState) -> None:
    """Back to the turn, or, when the attack got through the blocks before the sum, on to the sum."""
    state.drawing = NOBODY
    if state.exchange is None:
        state.phase = MAIN
    else:
        _sum_now(state)
