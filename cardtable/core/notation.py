"""Reading an action as a person writes it: its words, and a place numbered from 1.

Every game's notation is read the same way: the text in lower case, split
into words, the first word the verb; a seat, a hand position or a zone is
typed from 1 and kept from 0.  Refusals are ActionParseErrors naming the
text and the reason.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.core.errors import ActionParseError
from cardtable.core.numbers import whole_number


def action_words(text: object, spellings: Mapping[str, str] | None = None) -> tuple[str, list[str]]:
    """The verb of an action and its other words, in lower case (`spellings` replaced first).

    ActionParseError if `text` is not text or holds no word.
    """
    if not isinstance(text, str):
        raise ActionParseError(repr(text), "an action is written as text")
    lowered = text.strip().lower()
    for spelling, ours in (spellings or {}).items():
        lowered = lowered.replace(spelling, ours)
    tokens = lowered.split()
    if not tokens:
        raise ActionParseError(text, "it is empty")
    verb, *rest = tokens
    return verb, rest


def numbered_place(text: str, token: str, limit: int, what: str) -> int:
    """The place, from 0, that `token` numbers from 1 to `limit` (ActionParseError naming `what` if not)."""
    number = whole_number(token)
    if number is None or not 1 <= number <= limit:
        raise ActionParseError(text, f"{token!r} is not {what} (1 to {limit})")
    return number - 1
