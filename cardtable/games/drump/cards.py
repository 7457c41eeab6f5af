"""DRUMP cards as small integers: card = (rank - 1) * 4 + suit.

Ranks run A=1 .. K=13 and suits s, h, d, c.  A to 9 are force cards, 10 (X),
J, Q, K are monster parts (drump.md, "The cards").
"""

from __future__ import annotations

from typing import Final, TypeGuard

from cardtable.core.numbers import whole_number

RANK_LETTERS = "A23456789XJQK"
SUIT_LETTERS = "shdc"
SUIT_SYMBOLS = "♠♥♦♣"
# The hot tables and numbers are Final: the compiled build (mypyc) then reads them directly, about ten
# times faster than through the module's dictionary.
DECK: Final = tuple(range(52))

ACE: Final = 1
TEN: Final = 10
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13

#: "No card": an empty body-part zone.
NO_CARD: Final = -1

#: Rank of each card, 1..13.
RANK: Final = tuple(card // 4 + 1 for card in DECK)
#: Suit of each card, 0..3 (s, h, d, c).
SUIT: Final = tuple(card % 4 for card in DECK)
#: Each card's notation (`card_name`), looked up: a state frame names some forty cards.
CARD_NAMES: Final = tuple(RANK_LETTERS[RANK[card] - 1] + SUIT_LETTERS[SUIT[card]] for card in DECK)
IS_FORCE: Final = tuple(rank <= 9 for rank in RANK)
IS_PART: Final = tuple(rank >= 10 for rank in RANK)
IS_ACE: Final = tuple(rank == ACE for rank in RANK)

FORCE_CARDS = tuple(card for card in DECK if IS_FORCE[card])
PART_CARDS = tuple(card for card in DECK if IS_PART[card])
ACES = tuple(card for card in DECK if IS_ACE[card])
JACKS = tuple(card for card in DECK if RANK[card] == JACK)

BODY_PARTS = ("head", "wings", "body", "tail")
CREATURES = {TEN: "Chimera", JACK: "Hydra", QUEEN: "Pegasus", KING: "Dragon"}

_RANK_ALIASES = {"10": TEN, "t": TEN, "x": TEN, "a": ACE, "1": ACE, "j": JACK, "q": QUEEN, "k": KING}
_SUIT_ALIASES = {letter: index for index, letter in enumerate(SUIT_LETTERS)}
_SUIT_ALIASES.update({symbol: index for index, symbol in enumerate(SUIT_SYMBOLS)})
_SUIT_ALIASES.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})


def card_of(rank: int, suit: int) -> int:
    """The card of a rank (1..13) and a suit (0..3)."""
    return (rank - 1) * 4 + suit


def is_card(value: object) -> TypeGuard[int]:
    """Whether `value` is a card number (0-51)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 52


def card_name(card: int) -> str:
    """The card's notation, for example `7h`, `Xs`, `As`."""
    return CARD_NAMES[card]


def card_label(card: int) -> str:
    """The card for people: rank and suit symbol, for example `7♥`."""
    return RANK_LETTERS[RANK[card] - 1] + SUIT_SYMBOLS[SUIT[card]]


def parse_card(text: str) -> int | None:
    """The card written as `text` (`7h`, `10h`, `Th`, `7♥`), or None."""
    token = text.strip().lower()
    if len(token) < 2:
        return None
    rank_text, suit_text = token[:-1], token[-1]
    suit = _SUIT_ALIASES.get(suit_text)
    if suit is None:
        return None
    rank = _RANK_ALIASES.get(rank_text)
    number = whole_number(rank_text)
    if rank is None and number is not None and 2 <= number <= 9:
        rank = number
    if rank is None:
        return None
    return card_of(rank, suit)
