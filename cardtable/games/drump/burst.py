"""The Burst (drump.md, "Burst: attack and block"): who wins an exchange, and why.

An exchange is kept as an `Exchange`: the cards played so far and the
running totals.  The engine plays it one decision at a time through the
steps below (open, count an Ace, weigh the attack, answer); `resolve_burst`
plays a whole exchange from its cards through the very same steps, for
studying the rules.  Under PT's `block_before_sum` the answers come first,
against a stack still hidden, and the sum only if the attack gets through.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from cardtable.games.drump.cards import IS_ACE, IS_FORCE, RANK, card_name, is_card
from cardtable.games.drump.options import DrumpOptions
from cardtable.games.drump.stacks import CARD_MASK, STACK_LIMIT, check_stack, stack_aces, stack_total


class Exchange(NamedTuple):
    """A Burst under way."""

    slot: int
    #: Every card played so far: the attacking card, then blocks and counters in turn.
    cards: tuple[int, ...]
    #: Aces of the attacked stack whose value the owner has still to choose.
    pending_aces: tuple[int, ...]
    #: The attacked stack's total, with the Aces valued so far.
    stack_total: int
    #: Block and counter running totals (used when `block_adds` is on).
    attack_total: int
    defense_total: int
    #: Whether the attacked stack is revealed and counted; not yet while blocks come before the
    #: sum (`block_before_sum`), when `stack_total` is 0 and the defence's total starts at 0.
    revealed: bool


class BurstEnd(StrEnum):
    """Why an exchange ended the way it did."""

    #: An attacking Ace wins at once (PT, VI).
    ACE_ATTACK = "ace_attack"
    #: Attack plus stack is 13 or less: the attack fails and no block is possible (EN, VI).
    ATTACK_FAILS = "attack_fails"
    #: An Ace played as a block or counter wins the exchange for its player (PT, VI, EN).
    ACE_ANSWER = "ace_answer"
    #: The last card played was not answered, so it stands.
    UNANSWERED = "unanswered"
    #: Attack plus stack is over 13 once summed, and no block may follow the sum (PT's Receive,
    #: or an attack that got through the blocks first: option `block_before_sum`).
    SUM_OVER = "sum_over"


@dataclass(frozen=True, slots=True)
class BurstResult:
    """How an exchange ended: who won, why, and the cards it took."""

    attacker_wins: bool
    end: BurstEnd
    #: The attacking card plus the attacked stack, its Aces as chosen (None when it was never summed:
    #: an attacking Ace, or a block that stood before the sum under `block_before_sum`).
    attack_sum: int | None
    #: Every card played: the attacking card, then blocks and counters in turn.
    cards: tuple[int, ...]

    @property
    def reason(self) -> str:
        """Why the exchange ended so, in a player's words."""
        first, last = card_name(self.cards[0]), card_name(self.cards[-1])
        total = self.attack_sum
        match self.end:
            case BurstEnd.ACE_ATTACK:
                return f"the attacking Ace {first} wins at once"
            case BurstEnd.ATTACK_FAILS:
                fails = f"the attack fails: {total} is {STACK_LIMIT} or less, so {first} joins the stack"
                return self._blocks_beaten() + fails
            case BurstEnd.SUM_OVER:
                return self._blocks_beaten() + f"the attack succeeds: {total} is over {STACK_LIMIT}"
            case BurstEnd.ACE_ANSWER:
                verb = "counter" if self.attacker_wins else "block"
                return f"the Ace {last} wins the exchange as a {verb}"
        if len(self.cards) == 1:
            return f"the attack stands: {self.attack_sum} is over {STACK_LIMIT} and nothing blocks it"
        return f"{last} is not answered, so the {'attack' if self.attacker_wins else 'block'} stands"

    def _blocks_beaten(self) -> str:
        """How the attack got through the blocks before the sum (`block_before_sum`), if any were played."""
        if len(self.cards) == 1:
            return ""
        last = self.cards[-1]
        if IS_ACE[last]:
            return f"the Ace {card_name(last)} wins the exchange as a counter; then "
        return f"the counter {card_name(last)} is not answered; then "


# -- the steps of an exchange, as the engine plays them --------------------------------------
def open_exchange(attack: int, stack: Sequence[int], slot: int = 0) -> Exchange:
    """A Burst with `attack` on `stack`: its face-down cards revealed, its Aces still to be valued."""
    total = stack_total(stack)
    return Exchange(slot, (attack,), stack_aces(stack), total, RANK[attack], total, True)


def unrevealed_exchange(attack: int, slot: int = 0) -> Exchange:
    """A Burst with `attack` answered before the sum (PT, `block_before_sum`): the stack still hidden."""
    return Exchange(slot, (attack,), (), 0, RANK[attack], 0, False)


def wins_at_once(card: int) -> bool:
    """Whether a card played in an exchange ends it in its player's favour: an Ace (PT, VI, EN)."""
    return IS_ACE[card]


def count_ace(exchange: Exchange, value: int) -> Exchange:
    """The exchange once the owner counts the next Ace of the stack as `value` (1 or 11)."""
    total = exchange.stack_total + (10 if value == 11 else 0)
    return exchange._replace(pending_aces=exchange.pending_aces[1:], stack_total=total, defense_total=total)


def attack_sum(exchange: Exchange) -> int:
    """The attacking card plus the attacked stack, its Aces as counted."""
    return RANK[exchange.cards[0]] + exchange.stack_total


def attack_fails(exchange: Exchange) -> bool:
    """Attack plus stack at most 13: the attack fails, the card joins the stack, no block (EN, VI)."""
    return attack_sum(exchange) <= STACK_LIMIT


def answer_need(exchange: Exchange, by_attacker: bool, block_adds: bool) -> int:
    """The value an answer (a block, or a counter when `by_attacker`) must beat; Aces always may.

    By default each answer must be higher than the other side's last card
    (PT, VI); with `block_adds` (EN) it must put its side's total ahead.
    """
    if block_adds:
        if by_attacker:
            return exchange.defense_total - exchange.attack_total
        return exchange.attack_total - exchange.defense_total
    return RANK[exchange.cards[-1]]


def may_answer(card: int, need: int) -> bool:
    """Whether `card` may answer: an Ace always may, any other card if it is worth more than `need`."""
    return IS_ACE[card] or RANK[card] > need


def add_answer(exchange: Exchange, card: int, by_attacker: bool) -> Exchange:
    """The exchange after a block (or a counter, when `by_attacker`)."""
    return exchange._replace(
        cards=exchange.cards + (card,),
        attack_total=exchange.attack_total + (RANK[card] if by_attacker else 0),
        defense_total=exchange.defense_total + (0 if by_attacker else RANK[card]),
    )


# -- a whole exchange, for study ---------------------------------------------------------------
def resolve_burst(
    attack: int,
    stack: Sequence[int],
    ace_values: Sequence[int] = (),
    answers: Sequence[int] = (),
    options: DrumpOptions | None = None,
) -> BurstResult:
    """Who wins a Burst of `attack` on `stack` and why, given the Aces' values and the answers.

    `ace_values` gives the value (1 or 11) the owner counts for each Ace of
    the stack, bottom first (none is asked, and any given are ignored, when
    the stack is never summed: an attacking Ace, or a block that stands under
    `block_before_sum`).
    `answers` are the cards played in turn after the attack: a block, a
    counter, a block, ...; the side that would answer next passes.  Under
    `block_before_sum` no answer means the defender receives the attack.  A
    card that may not be played there is refused with ValueError naming it.
    """
    if options is None:
        options = DrumpOptions()
    _check_cards(attack, stack, answers)
    if wins_at_once(attack):
        _refuse_more(answers, 0, f"the attacking Ace {card_name(attack)} has won")
        return BurstResult(True, BurstEnd.ACE_ATTACK, None, (attack,))
    if options.block_before_sum:
        return _resolve_blocks_first(attack, stack, ace_values, answers, options)
    exchange = _summed(open_exchange(attack, stack), ace_values)
    if attack_fails(exchange):
        _refuse_more(answers, 0, f"the attack failed ({attack_sum(exchange)} is {STACK_LIMIT} or less)")
        return BurstResult(False, BurstEnd.ATTACK_FAILS, attack_sum(exchange), exchange.cards)
    exchange, attacker_wins, end = _answered(exchange, answers, options)
    return BurstResult(attacker_wins, end, attack_sum(exchange), exchange.cards)


def _resolve_blocks_first(
    attack: int,
    stack: Sequence[int],
    ace_values: Sequence[int],
    answers: Sequence[int],
    options: DrumpOptions,
) -> BurstResult:
    """PT's Burst: Receive (no answer) goes straight to the sum; Block plays the exchange first.

    Seed 000: "o oponente pode escolher entre Receber ou Bloquear o ataque";
    an attacker who wins the exchange goes on with the attack ("e continuar o
    ataque"), summed as for Receive, with no block after the sum.
    """
    played: tuple[int, ...] = (attack,)
    if answers:
        exchange, attacker_wins, end = _answered(unrevealed_exchange(attack), answers, options)
        if not attacker_wins:
            return BurstResult(False, end, None, exchange.cards)
        played = exchange.cards
    summed = _summed(open_exchange(attack, stack), ace_values)
    end = BurstEnd.ATTACK_FAILS if attack_fails(summed) else BurstEnd.SUM_OVER
    return BurstResult(end == BurstEnd.SUM_OVER, end, attack_sum(summed), played)


def _summed(exchange: Exchange, ace_values: Sequence[int]) -> Exchange:
    """The exchange with each Ace of the stack counted as `ace_values` says (ValueError if it cannot)."""
    if len(ace_values) != len(exchange.pending_aces):
        aces = len(exchange.pending_aces)
        raise ValueError(f"ace values {list(ace_values)}: the stack holds {aces} Aces, one value each")
    for value in ace_values:
        if value not in (1, 11):
            raise ValueError(f"ace values {list(ace_values)}: an Ace counts 1 or 11, not {value!r}")
        exchange = count_ace(exchange, value)
    return exchange


def _answered(
    exchange: Exchange, answers: Sequence[int], options: DrumpOptions
) -> tuple[Exchange, bool, BurstEnd]:
    """The exchange after its blocks and counters: the cards, whether the attacker won, and why."""
    by_attacker = False
    for index, card in enumerate(answers):
        need = answer_need(exchange, by_attacker, options.block_adds)
        if not may_answer(card, need):
            verb = "counter" if by_attacker else "block"
            beaten = "put its side ahead" if options.block_adds else "be higher than the last card"
            raise ValueError(f"answer {index + 1}, {card_name(card)}: a {verb} must {beaten} (over {need})")
        exchange = add_answer(exchange, card, by_attacker)
        if wins_at_once(card):
            _refuse_more(answers, index + 1, f"the Ace {card_name(card)} has won")
            return exchange, by_attacker, BurstEnd.ACE_ANSWER
        by_attacker = not by_attacker
    # The side to answer next passed: the last card played stands.
    return exchange, not by_attacker, BurstEnd.UNANSWERED


def _check_cards(attack: int, stack: Sequence[int], answers: Sequence[int]) -> None:
    if not is_card(attack):
        raise ValueError(f"attack {attack!r}: not a card (cards are 0-51)")
    if not IS_FORCE[attack]:
        raise ValueError(f"attack {card_name(attack)}: only force cards (A-9) burst")
    check_stack(stack, "attacked stack")
    if not stack:
        raise ValueError("attacked stack []: a Burst attacks a stack of one card or more")
    played = {code & CARD_MASK for code in stack}
    if attack in played:
        raise ValueError(f"attack {card_name(attack)}: that card is in the attacked stack")
    played.add(attack)
    for index, card in enumerate(answers):
        if not is_card(card):
            raise ValueError(f"answer {index + 1}: {card!r} is not a card (cards are 0-51)")
        if card in played:
            raise ValueError(f"answer {index + 1}, {card_name(card)}: that card is already in the exchange")
        played.add(card)


def _refuse_more(answers: Sequence[int], index: int, why: str) -> None:
    if len(answers) > index:
        raise ValueError(f"answer {index + 1}, {card_name(answers[index])}: {why}; no one answers now")
