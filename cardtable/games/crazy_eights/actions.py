"""Crazy Eights actions, with their notation.

Cards are written rank then suit (`8h`, `Xs` for the ten of spades, `Ac`); suits c, d, h, s.

    play 7c                 play a card from your hand onto the discards
    draw                    draw the top card of the stock
    pass                    end your turn without playing (when the rules allow it)
    name h                  after playing an eight, name the suit to follow (or: name hearts)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.errors import ActionParseError
from cardtable.core.notation import action_words
from cardtable.games.crazy_eights.cards import CARD_NAMES, DECK, SUIT_LETTERS, parse_card, parse_suit


@dataclass(frozen=True, slots=True)
class Action:
    """Base of Crazy Eights actions; `str(action)` is its notation."""

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play `card` onto the discards."""

    card: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the stock."""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """End the turn without playing."""


@dataclass(frozen=True, slots=True)
class Name(Action):
    """Name the suit to follow after an eight."""

    suit: int


# One object per action, kept for the program's life (Game.interned_actions).
PLAYS = tuple(Play(card) for card in DECK)
DRAW = Draw()
PASS = Pass()
NAMES = tuple(Name(suit) for suit in range(4))


def format_action(action: Action) -> str:
    """The action in Crazy Eights notation."""
    match action:
        case Play(card=card):
            return f"play {CARD_NAMES[card]}"
        case Draw():
            return "draw"
        case Pass():
            return "pass"
        case Name(suit=suit):
            return f"name {SUIT_LETTERS[suit]}"
    raise TypeError(f"not a Crazy Eights action: {action!r}")


def parse_action(text: str) -> Action:
    """The action written in Crazy Eights notation (ActionParseError if it is not)."""
    verb, rest = action_words(text)
    if verb in ("draw", "pass"):
        if rest:
            raise ActionParseError(text, f"{verb} takes nothing after it")
        return DRAW if verb == "draw" else PASS
    if verb == "play":
        if len(rest) != 1:
            raise ActionParseError(text, "expected play <card>, one card")
        card = parse_card(rest[0])
        if card is None:
            raise ActionParseError(text, f"{rest[0]!r} is not a card (rank then suit: 7c, Xs, Ah)")
        return PLAYS[card]
    if verb == "name":
        if len(rest) != 1:
            raise ActionParseError(text, "expected name <suit>")
        suit = parse_suit(rest[0])
        if suit is None:
            raise ActionParseError(text, f"{rest[0]!r} is not a suit (c, d, h, s)")
        return NAMES[suit]
    raise ActionParseError(text, f"unknown verb {verb!r}; the verbs are play, draw, pass, name")
