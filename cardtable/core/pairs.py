"""Double-numbered cards, one number at each end (Scout and dnup use them).

There is one card for each pair {a, b} with 1 <= a < b <= 10: 45 cards, the
pair's index is the card.  A card held or shown the right way up has an
*orientation*: code = card * 2 + turned, where turned 0 puts the lower number
on top and 1 the higher.  The value that counts is the top one.
"""

from __future__ import annotations

from cardtable.core.numbers import whole_number

HIGHEST = 10
PAIRS: tuple[tuple[int, int], ...] = tuple(
    (low, high) for low in range(1, HIGHEST + 1) for high in range(low + 1, HIGHEST + 1)
)
CARDS = tuple(range(len(PAIRS)))
CODES = tuple(range(2 * len(PAIRS)))

#: The number on top and at the bottom of each oriented code.
TOP = tuple(PAIRS[code >> 1][code & 1] for code in CODES)
BOTTOM = tuple(PAIRS[code >> 1][1 - (code & 1)] for code in CODES)

_BY_NUMBERS = {(TOP[code], BOTTOM[code]): code for code in CODES}


def card_of(code: int) -> int:
    """The card (pair) of an oriented code."""
    return code >> 1


def turned(code: int) -> int:
    """The same card turned round."""
    return code ^ 1


def code_name(code: int) -> str:
    """An oriented card as `top/bottom`, for example `7/3`."""
    return f"{TOP[code]}/{BOTTOM[code]}"


def card_name(card: int) -> str:
    """A card as `low/high`, for example `3/7`."""
    low, high = PAIRS[card]
    return f"{low}/{high}"


def card_spellings(card: int) -> tuple[str, str]:
    """Both ways a card can be written: `low/high` and `high/low`."""
    low, high = PAIRS[card]
    return (f"{low}/{high}", f"{high}/{low}")


def parse_code(text: str) -> int | None:
    """The oriented card written `top/bottom`, or None."""
    top, sep, bottom = text.strip().partition("/")
    first, second = whole_number(top), whole_number(bottom)
    if not sep or first is None or second is None:
        return None
    return _BY_NUMBERS.get((first, second))
