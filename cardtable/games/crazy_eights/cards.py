"""Crazy Eights cards as small integers: card = rank * 4 + suit (the order OpenSpiel's crazy_eights uses).

Ranks run 2 (0) .. 10 (8), J, Q, K, A (12); suits c, d, h, s (0..3).  A card
is written rank then suit, as DRUMP writes its cards: `8h`, `Xs` (X is the
ten; `10s` and `Ts` are read too), `Ac`.
"""

from __future__ import annotations

from typing import Final

RANK_LETTERS: Final = "23456789XJQKA"
SUIT_LETTERS: Final = "cdhs"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
DECK: Final = tuple(range(52))

#: The eight's rank: eights are wild (rules.md, "A turn").
EIGHT: Final = 6
TEN: Final = 8
JACK: Final = 9
ACE: Final = 12

RANK: Final = tuple(card // 4 for card in DECK)
SUIT: Final = tuple(card % 4 for card in DECK)
IS_EIGHT: Final = tuple(rank == EIGHT for rank in RANK)
CARD_NAMES: Final = tuple(RANK_LETTERS[RANK[card]] + SUIT_LETTERS[SUIT[card]] for card in DECK)
_BY_NAME: Final = {name: card for card, name in enumerate(CARD_NAMES)}
_RANK_ALIASES: Final = {"10": "X", "T": "X"}


def card_name(card: int) -> str:
    """The card's notation: `8h`, `Xs`."""
    return CARD_NAMES[card]


def parse_card(text: str) -> int | None:
    """The card written as text (`8h`, `Xs`, `10s`, `Ts`; any case), or None if it is not one."""
    token = text.strip()
    if len(token) < 2:
        return None
    rank, suit = token[:-1].upper(), token[-1].lower()
    return _BY_NAME.get(_RANK_ALIASES.get(rank, rank) + suit)


def parse_suit(text: str) -> int | None:
    """A suit written as its letter or its name (`h`, `hearts`; any case), or None."""
    token = text.strip().lower()
    if len(token) == 1 and token in SUIT_LETTERS:
        return SUIT_LETTERS.index(token)
    return SUIT_NAMES.index(token) if token in SUIT_NAMES else None


def hoyle_penalty(card: int) -> int:
    """What a card left in hand counts in the traditional scoring: eight 50, K Q J 10, ace 1, others pips."""
    rank = RANK[card]
    if rank == EIGHT:
        return 50
    if rank == ACE:
        return 1
    if rank >= JACK:
        return 10
    return rank + 2


def openspiel_penalty(card: int) -> int:
    """What a card left in hand costs in OpenSpiel's crazy_eights scoring, exactly as it computes it.

    50 for an eight, 10 for a jack, queen, king or ace; any other card costs its
    number in the deck's order plus 2 (card = rank * 4 + suit, so the 3 of
    clubs costs 6 and the ten of spades 37), not its face value: that is what
    OpenSpiel's `ScoreUp` computes, and the preset reproduces it (rules.md, "Scoring").
    """
    rank = RANK[card]
    if rank == EIGHT:
        return 50
    if rank >= JACK:
        return 10
    return card + 2


HOYLE_PENALTY: Final = tuple(hoyle_penalty(card) for card in DECK)
OPENSPIEL_PENALTY: Final = tuple(openspiel_penalty(card) for card in DECK)
