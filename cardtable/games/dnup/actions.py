"""dnup actions, with their notation.

Cards are written top/bottom (`5/2`: a 5 with 2 below); seats count from 1.

    play 5/2                play one card in front of you
    play 5/2 5/9            play cards of one value in front of you
    add 5/2 to 3            add a card of the same value to the cards in front of seat 3
    take 2                  take the cards in front of seat 2, turning them round
    rotate                  turn your whole hand round
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.errors import ActionParseError
from cardtable.core.jsonio import JSON
from cardtable.core.notation import action_words, numbered_place
from cardtable.core.pairs import CODES, TOP, code_name, parse_code

MAX_SEATS = 5


@dataclass(frozen=True, slots=True)
class Action:
    """Base of dnup actions; `str(action)` is its notation."""

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play cards of one value (oriented codes, in increasing order) in front of you."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Add(Action):
    """Add a card to the cards in front of seat `target`."""

    card: int
    target: int


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the cards in front of seat `target` into your hand."""

    target: int


@dataclass(frozen=True, slots=True)
class Rotate(Action):
    """Turn your whole hand round."""


ROTATE_ACTION = Rotate()
TAKE_TABLE = [Take(seat) for seat in range(MAX_SEATS)]
ADD_TABLE = [[Add(code, seat) for seat in range(MAX_SEATS)] for code in CODES]
_PLAYS: dict[tuple[int, ...], Play] = {}


def play_of(cards: tuple[int, ...]) -> Play:
    """The (interned) Play of these cards, given in increasing order."""
    play = _PLAYS.get(cards)
    if play is None:
        play = _PLAYS[cards] = Play(cards)
    return play


def format_action(action: Action) -> str:
    """The action in dnup notation."""
    match action:
        case Play(cards=cards):
            return "play " + " ".join(code_name(code) for code in cards)
        case Add(card=card, target=target):
            return f"add {code_name(card)} to {target + 1}"
        case Take(target=target):
            return f"take {target + 1}"
        case Rotate():
            return "rotate"
    raise TypeError(f"not a dnup action: {action!r}")


def describe_action(action: Action) -> dict[str, JSON]:
    """The action as data for a board: its kind and its fields, cards as written, seats from 1."""
    match action:
        case Play(cards=cards):
            return {"kind": "play", "cards": [code_name(code) for code in cards]}
        case Add(card=card, target=target):
            return {"kind": "add", "card": code_name(card), "target": target + 1}
        case Take(target=target):
            return {"kind": "take", "target": target + 1}
    return {"kind": format_action(action)}


def _code(text: str, token: str) -> int:
    code = parse_code(token)
    if code is None:
        raise ActionParseError(
            text, f"{token!r} is not a card (write top/bottom, two different numbers 1-10: 5/2)"
        )
    return code


def parse_action(text: str) -> Action:
    """The action written in dnup notation (ActionParseError if it is not)."""
    verb, rest = action_words(text)
    if verb == "rotate":
        if rest:
            raise ActionParseError(text, "rotate takes nothing after it")
        return ROTATE_ACTION
    if verb == "take":
        if len(rest) != 1:
            raise ActionParseError(text, "expected take <seat>")
        return TAKE_TABLE[numbered_place(text, rest[0], MAX_SEATS, "a seat")]
    if verb == "add":
        if len(rest) == 2:
            rest = [rest[0], "to", rest[1]]
        if len(rest) != 3 or rest[1] != "to":
            raise ActionParseError(text, "expected add <card> to <seat>")
        return ADD_TABLE[_code(text, rest[0])][numbered_place(text, rest[2], MAX_SEATS, "a seat")]
    if verb == "play":
        if not rest:
            raise ActionParseError(text, "expected play <card> [<card> ...]")
        cards = tuple(sorted(_code(text, token) for token in rest))
        if len(set(cards)) != len(cards):
            raise ActionParseError(text, "a card is named twice")
        if len({TOP[code] for code in cards}) != 1:
            raise ActionParseError(text, "the cards played together show one value")
        return play_of(cards)
    raise ActionParseError(text, f"unknown verb {verb!r}; the verbs are play, add, take, rotate")
