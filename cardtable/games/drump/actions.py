"""DRUMP actions: small frozen values with a text notation, interned in one table.

Every possible action exists once, in `ACTIONS`; rules hand out these very
objects, so legal-move generation allocates nothing, and an action's index in
the table is its integer for machine learning.  Slots are 0-3 inside, 1-4 in
text.

Notation (canonical form first; words in brackets may be left out):

    set 7h [on] 2            set a force card from hand on your slot 2
    summon Kd [from] 3       pay with your stack 3 and place the part
    extra Jh [with] As       Extra Jack: discard the Ace, place the J
    recycle Qc draw          discard a part from hand, draw 1
    recycle Qc take Kd       discard a part from hand, take Kd from the pile
    burst 5c [on] 1          attack the opponent's stack 1 with 5c
    receive                  let an attack on your stack be summed, unblocked (block_before_sum)
    ace As 11                count an Ace of your attacked stack as 1 or 11
    block Qh                 answer an attack on your stack
    counter 9s               answer a block
    pass                     let the attack or block stand
    draw                     draw 1 for winning an exchange (draw_after_win optional)
    decline                  do not draw for winning an exchange (draw_after_win optional)
    discard 7h               discard down to the hand limit
    end                      end your turn
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.errors import ActionParseError
from cardtable.core.jsonio import JSON
from cardtable.core.notation import action_words
from cardtable.games.drump.cards import (
    ACES,
    DECK,
    FORCE_CARDS,
    IS_ACE,
    IS_FORCE,
    IS_PART,
    JACK,
    JACKS,
    PART_CARDS,
    RANK,
    card_name,
    parse_card,
)

SLOTS = 4


@dataclass(frozen=True, slots=True)
class Action:
    """Base of DRUMP actions; `str(action)` is its notation."""

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class SetForce(Action):
    """Set a force card from hand on one of your own slots."""

    card: int
    slot: int


@dataclass(frozen=True, slots=True)
class Summon(Action):
    """Send your stack in `slot` to the pile to place `part` in its body-part zone."""

    part: int
    slot: int


@dataclass(frozen=True, slots=True)
class ExtraJack(Action):
    """Discard an Ace from hand to place a J from hand."""

    jack: int
    ace: int


@dataclass(frozen=True, slots=True)
class Recycle(Action):
    """Discard a part from hand, then draw 1 (take is None) or take a part from the pile."""

    part: int
    take: int | None


@dataclass(frozen=True, slots=True)
class Burst(Action):
    """Attack the opponent's stack in `slot` with a force card from hand."""

    card: int
    slot: int


@dataclass(frozen=True, slots=True)
class Receive(Action):
    """The defender lets the attack be summed against the stack, with no block (PT)."""


@dataclass(frozen=True, slots=True)
class AceValue(Action):
    """The owner of an attacked stack counts one of its Aces as 1 or 11."""

    ace: int
    value: int


@dataclass(frozen=True, slots=True)
class Block(Action):
    """The defender answers the attack with a card from hand."""

    card: int


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """The attacker answers a block with a card from hand."""

    card: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline to answer in an exchange: the other side's last card stands."""


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """The winner of an exchange draws 1 (EN: 'may draw 1 card')."""


@dataclass(frozen=True, slots=True)
class DeclineDraw(Action):
    """The winner of an exchange chooses not to draw."""


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card from hand at the hand limit."""

    card: int


@dataclass(frozen=True, slots=True)
class End(Action):
    """End your turn."""


# -- the table ------------------------------------------------------------------
SET_TABLE: list[list[SetForce]] = [[] for _ in DECK]
SUMMON_TABLE: list[list[Summon]] = [[] for _ in DECK]
BURST_TABLE: list[list[Burst]] = [[] for _ in DECK]
for force_card in FORCE_CARDS:
    SET_TABLE[force_card] = [SetForce(force_card, slot) for slot in range(SLOTS)]
    BURST_TABLE[force_card] = [Burst(force_card, slot) for slot in range(SLOTS)]
for part_card in PART_CARDS:
    SUMMON_TABLE[part_card] = [Summon(part_card, slot) for slot in range(SLOTS)]

EXTRA_TABLE = {(jack, ace): ExtraJack(jack, ace) for jack in JACKS for ace in ACES}
#: By part: recycle it and draw.
RECYCLE_DRAW: dict[int, Recycle] = {part: Recycle(part, None) for part in PART_CARDS}
#: By part, then by the other part taken from the pile.
RECYCLE_TAKE: dict[int, dict[int, Recycle]] = {
    part: {taken: Recycle(part, taken) for taken in PART_CARDS if taken != part} for part in PART_CARDS
}
ACE_TABLE: dict[tuple[int, int], AceValue] = {
    (ace, value): AceValue(ace, value) for ace in ACES for value in (1, 11)
}
BLOCK_TABLE = [Block(card) for card in DECK]
COUNTER_TABLE = [Counter(card) for card in DECK]
DISCARD_TABLE = [Discard(card) for card in DECK]
PASS_ACTION = Pass()
END_ACTION = End()
RECEIVE_ACTION = Receive()
DRAW_ACTION = DrawCard()
DECLINE_ACTION = DeclineDraw()

#: Every action, in a fixed order: its index is its machine-learning integer.
ACTIONS: tuple[Action, ...] = (
    *(a for row in SET_TABLE for a in row),
    *(a for row in SUMMON_TABLE for a in row),
    *EXTRA_TABLE.values(),
    *RECYCLE_DRAW.values(),
    *(a for row in RECYCLE_TAKE.values() for a in row.values()),
    *(a for row in BURST_TABLE for a in row),
    *ACE_TABLE.values(),
    *BLOCK_TABLE,
    *COUNTER_TABLE,
    PASS_ACTION,
    *DISCARD_TABLE,
    END_ACTION,
    # Added with PT's block_before_sum and EN's optional draw, after the others to keep their indices.
    RECEIVE_ACTION,
    DRAW_ACTION,
    DECLINE_ACTION,
)


# -- notation -----------------------------------------------------------------
def format_action(action: Action) -> str:
    """The action in DRUMP notation."""
    match action:
        case SetForce(card, slot):
            return f"set {card_name(card)} on {slot + 1}"
        case Summon(part, slot):
            return f"summon {card_name(part)} from {slot + 1}"
        case ExtraJack(jack, ace):
            return f"extra {card_name(jack)} with {card_name(ace)}"
        case Recycle(part, None):
            return f"recycle {card_name(part)} draw"
        case Recycle(part, int(take)):
            return f"recycle {card_name(part)} take {card_name(take)}"
        case Burst(card, slot):
            return f"burst {card_name(card)} on {slot + 1}"
        case AceValue(ace, value):
            return f"ace {card_name(ace)} {value}"
        case Block(card):
            return f"block {card_name(card)}"
        case Counter(card):
            return f"counter {card_name(card)}"
        case Discard(card):
            return f"discard {card_name(card)}"
        case Pass():
            return "pass"
        case End():
            return "end"
        case Receive():
            return "receive"
        case DrawCard():
            return "draw"
        case DeclineDraw():
            return "decline"
    raise TypeError(f"not a DRUMP action: {action!r}")


def describe_action(action: Action) -> dict[str, JSON]:
    """The action as data for a board: its kind (the notation's verb) and its fields, slots from 1."""
    match action:
        case SetForce(card, slot):
            return {"kind": "set", "card": card_name(card), "slot": slot + 1}
        case Summon(part, slot):
            return {"kind": "summon", "part": card_name(part), "slot": slot + 1}
        case ExtraJack(jack, ace):
            return {"kind": "extra", "jack": card_name(jack), "ace": card_name(ace)}
        case Recycle(part, take):
            return {
                "kind": "recycle",
                "part": card_name(part),
                "take": None if take is None else card_name(take),
            }
        case Burst(card, slot):
            return {"kind": "burst", "card": card_name(card), "slot": slot + 1}
        case AceValue(ace, value):
            return {"kind": "ace", "ace": card_name(ace), "value": value}
        case Block(card) | Counter(card) | Discard(card):
            return {"kind": format_action(action).split()[0], "card": card_name(card)}
    return {"kind": format_action(action)}


def _card(text: str, word: str, token: str) -> int:
    card = parse_card(token)
    if card is None:
        raise ActionParseError(text, f"{token!r} is not a card (write rank then suit, like 7h, Xs, As)")
    return card


def _slot(text: str, token: str) -> int:
    if token not in ("1", "2", "3", "4"):
        raise ActionParseError(text, f"{token!r} is not a slot (slots are 1 to 4)")
    return int(token) - 1


def _force(text: str, card: int, verb: str) -> None:
    if not IS_FORCE[card]:
        raise ActionParseError(
            text, f"{card_name(card)} is a monster part; only force cards (A-9) can {verb}"
        )


def _part(text: str, card: int, verb: str) -> None:
    if not IS_PART[card]:
        raise ActionParseError(
            text, f"{card_name(card)} is a force card; only monster parts (X, J, Q, K) can {verb}"
        )


def _drop(tokens: list[str], index: int, word: str) -> list[str]:
    """Tokens without an optional connecting word at `index`."""
    if len(tokens) > index and tokens[index] == word:
        return tokens[:index] + tokens[index + 1 :]
    return tokens


_USAGE = {
    "set": "set <card> on <slot>",
    "summon": "summon <part> from <slot>",
    "extra": "extra <jack> with <ace>",
    "recycle": "recycle <part> draw | recycle <part> take <part>",
    "burst": "burst <card> on <slot>",
    "ace": "ace <ace> 1|11",
    "block": "block <card>",
    "counter": "counter <card>",
    "discard": "discard <card>",
    "pass": "pass",
    "end": "end",
    "receive": "receive",
    "draw": "draw",
    "decline": "decline",
}
#: The actions written as one word.
_WORDS: dict[str, Action] = {
    "pass": PASS_ACTION,
    "end": END_ACTION,
    "receive": RECEIVE_ACTION,
    "draw": DRAW_ACTION,
    "decline": DECLINE_ACTION,
}


def parse_action(text: str) -> Action:
    """The action written in DRUMP notation (ActionParseError if it is not)."""
    verb, rest = action_words(text)
    if verb not in _USAGE:
        verbs = ", ".join(_USAGE)
        raise ActionParseError(text, f"unknown verb {verb!r}; the verbs are {verbs}")
    rest = _drop(rest, 1, {"set": "on", "summon": "from", "extra": "with", "burst": "on"}.get(verb, ""))
    expected = 0 if verb in _WORDS else {"block": 1, "counter": 1, "discard": 1}.get(verb, 2)
    if verb == "recycle" and len(rest) == 3:
        expected = 3
    if len(rest) != expected:
        raise ActionParseError(text, f"expected {_USAGE[verb]}")
    if verb in _WORDS:
        return _WORDS[verb]
    first = _card(text, verb, rest[0])
    if verb in ("block", "counter", "discard"):
        table: dict[str, list[Block] | list[Counter] | list[Discard]] = {
            "block": BLOCK_TABLE,
            "counter": COUNTER_TABLE,
            "discard": DISCARD_TABLE,
        }
        return table[verb][first]
    if verb == "set":
        _force(text, first, "be set")
        return SET_TABLE[first][_slot(text, rest[1])]
    if verb == "burst":
        _force(text, first, "burst")
        return BURST_TABLE[first][_slot(text, rest[1])]
    if verb == "summon":
        _part(text, first, "be summoned")
        return SUMMON_TABLE[first][_slot(text, rest[1])]
    if verb == "extra":
        ace = _card(text, verb, rest[1])
        if RANK[first] != JACK or not IS_ACE[ace]:
            raise ActionParseError(
                text, "an Extra Jack places a J by discarding an Ace: extra <jack> with <ace>"
            )
        return EXTRA_TABLE[(first, ace)]
    if verb == "ace":
        if not IS_ACE[first]:
            raise ActionParseError(text, f"{card_name(first)} is not an Ace")
        if rest[1] not in ("1", "11"):
            raise ActionParseError(text, f"an Ace counts 1 or 11, not {rest[1]!r}")
        return ACE_TABLE[(first, int(rest[1]))]
    # recycle
    _part(text, first, "be recycled")
    if rest[1:] == ["draw"]:
        return RECYCLE_DRAW[first]
    if rest[1] != "take" or len(rest) != 3:
        raise ActionParseError(text, f"expected {_USAGE['recycle']}")
    take = _card(text, verb, rest[2])
    _part(text, take, "be taken back by a recycle")
    taken = RECYCLE_TAKE[first].get(take)
    if taken is None:
        raise ActionParseError(text, "a recycle takes a part other than the one it discards")
    return taken
