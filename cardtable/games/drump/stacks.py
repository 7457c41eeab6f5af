"""Stacks of force cards (drump.md, "Set" and "Summon"): their limit, their total, what they pay for.

A stack is a sequence of force cards (A-9), bottom first.  States store a
face-down card with FACE_DOWN added to it; every function here reads both
forms alike.  Studying the rules starts with `stack_payments`: which parts a
stack pays for, and how its owner must count each Ace to pay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Final

from cardtable.games.drump.cards import IS_ACE, IS_FORCE, RANK, card_name, is_card

#: A stack may never total more than this, counting each Ace as 1 (drump.md, "Set").
STACK_LIMIT: Final = 13
#: A stacked card carries this bit while it lies face down.
FACE_DOWN: Final = 64
CARD_MASK: Final = FACE_DOWN - 1
#: A summon is paid by two or more cards (VI), so no Ace counted as 11 pays for a J alone (PT).
MIN_PAYING_CARDS: Final = 2
#: The values of the monster parts, X J Q K.
PART_VALUES = (10, 11, 12, 13)

#: A stacked card's count toward the stack limit (Aces as 1), by stored code.
STACK_VALUE: Final = tuple(
    RANK[code & CARD_MASK] if code & CARD_MASK < 52 else 0 for code in range(2 * FACE_DOWN)
)
#: Whether a stored code is an Ace, face up or down.
STACKED_ACE: Final = tuple(
    code & CARD_MASK < 52 and IS_ACE[code & CARD_MASK] for code in range(2 * FACE_DOWN)
)


@dataclass(frozen=True, slots=True, order=True)
class Payment:
    """One way a stack pays for a part: the part's value, and what each Ace of the stack counts."""

    #: The value of the part paid for (10 X, 11 J, 12 Q, 13 K).
    value: int
    #: The value (1 or 11) counted for each Ace of the stack, bottom first; empty when `wildcard`.
    ace_values: tuple[int, ...]
    #: Paid under `ace_pays_any` (PT, Ex²): an Ace with a card 2-9 pays for any part, whatever its total.
    wildcard: bool = False


def stack_total(stack: Sequence[int]) -> int:
    """The stack's total with every Ace counted as 1 (what the stack limit checks)."""
    total = 0
    for code in stack:
        total += STACK_VALUE[code]
    return total


def stack_aces(stack: Sequence[int]) -> tuple[int, ...]:
    """The Aces in a stack, bottom first, as plain cards."""
    return tuple(code & CARD_MASK for code in stack if STACKED_ACE[code])


def stack_payments(stack: Sequence[int], ace_pays_any: bool = False) -> tuple[Payment, ...]:
    """Every way a stack pays for a part, by value, then Ace values (ValueError for a non-stack)."""
    check_stack(stack)
    total = stack_total(stack)
    aces = len(stack_aces(stack))
    return _payments(total, aces, len(stack), ace_pays_any)


def payable_values(stack: Sequence[int], ace_pays_any: bool = False) -> int:
    """The part values a stack pays for, as a bitmask (bit 10 for X, ..., bit 13 for K).

    The summon's quick check, from the same rule as `stack_payments`; the
    stack is not checked.
    """
    total = 0
    aces = 0
    for code in stack:
        total += STACK_VALUE[code]
        aces += STACKED_ACE[code]
    return payable_mask(total, aces, len(stack), ace_pays_any)


def payable_mask(total: int, aces: int, size: int, ace_pays_any: bool) -> int:
    """`payable_values` of a stack of `size` cards, `aces` of them Aces, totalling `total` with Aces as 1."""
    if size >= 16 or total > STACK_LIMIT:
        return _payable_mask(total, aces, size, ace_pays_any)
    # The four facts packed in one number (aces <= size < 16, total <= 13): a list look-up by a number
    # costs less than the cache's call and tuple key, and summons are checked at nearly every decision.
    key = ((total * 16 + aces) * 16 + size) * 2 + ace_pays_any
    mask = _PAYABLE_MASKS[key]
    if mask < 0:
        mask = _PAYABLE_MASKS[key] = _payable_mask(total, aces, size, ace_pays_any)
    return mask


#: payable_mask's answers by packed key, -1 until asked (a few hundred are: stacks total 13 or less).
_PAYABLE_MASKS: Final[list[int]] = [-1] * (2 * 16 * 16 * (STACK_LIMIT + 1))


@cache
def _payments(total: int, aces: int, size: int, ace_pays_any: bool) -> tuple[Payment, ...]:
    """The payments of a stack of `size` cards totalling `total` with its `aces` Aces as 1."""
    if size < MIN_PAYING_CARDS:
        return ()
    payments = []
    # The owner counts each Ace as 1 or 11 as they pay (all sources).
    for ace_values in product((1, 11), repeat=aces):
        value = total + 10 * ace_values.count(11)
        if value in PART_VALUES:
            payments.append(Payment(value, ace_values))
    if ace_pays_any and 0 < aces < size:
        # PT, Ex²: "a stack holding an A and any number from 2 to 9 pays for a part of ANY value";
        # a stack of Aces alone pays only by its total.
        by_total = {payment.value for payment in payments}
        payments += [Payment(value, (), wildcard=True) for value in PART_VALUES if value not in by_total]
    return tuple(sorted(payments))


@cache
def _payable_mask(total: int, aces: int, size: int, ace_pays_any: bool) -> int:
    mask = 0
    for payment in _payments(total, aces, size, ace_pays_any):
        mask |= 1 << payment.value
    return mask


def check_stack(stack: object, what: str = "stack") -> None:
    """Refuse (ValueError) anything but distinct force cards, face down or not, within the stack limit."""
    # Two isinstance calls: compiled by mypyc 2.4.1, `isinstance(stack, (str, bytes))` raised TypeError.
    if isinstance(stack, str) or isinstance(stack, bytes) or not isinstance(stack, Sequence):  # noqa: SIM101
        raise ValueError(f"{what} {stack!r}: expected a sequence of cards")
    written = " ".join(_written(code) for code in stack)
    seen: set[int] = set()
    for code in stack:
        card = _face_up(code)
        if not is_card(card):
            raise ValueError(f"{what} [{written}]: {code!r} is not a card (cards are 0-51)")
        if not IS_FORCE[card]:
            raise ValueError(f"{what} [{written}]: {card_name(card)} is a monster part; stacks hold A-9")
        if card in seen:
            raise ValueError(f"{what} [{written}]: {card_name(card)} appears twice")
        seen.add(card)
    total = stack_total(stack)
    if total > STACK_LIMIT:
        raise ValueError(f"{what} [{written}]: totals {total} with Aces as 1, over {STACK_LIMIT}")


def _face_up(code: object) -> object:
    """A stacked card without its face-down bit (anything else as it is)."""
    if isinstance(code, int) and not isinstance(code, bool) and code >= FACE_DOWN:
        return code - FACE_DOWN
    return code


def _written(code: object) -> str:
    card = _face_up(code)
    return card_name(card) if is_card(card) else repr(code)
