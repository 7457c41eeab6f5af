"""Whole numbers a person types: ASCII digits, and nothing else.

`str.isdigit()` is true for '²' (which `int()` refuses with a ValueError)
and for '٣' (which `int()` reads as 3), and `int()` refuses a text of more
than 4,300 digits: every count, seat, card, zone or menu number typed at a
prompt, in a notation or on the command line is read with `whole_number`.
"""

from __future__ import annotations

#: The most digits read: more would only name a number far beyond any range asked for.
MOST_DIGITS = 18


def whole_number(text: str) -> int | None:
    """The number `text` writes in ASCII digits 0-9 (no sign, no space), or None if it writes none."""
    if not text or not text.isascii() or not text.isdigit() or len(text) > MOST_DIGITS:
        return None
    return int(text)
