"""Scout actions, interned in one table, with their notation.

Hand positions count from 1 at the left of the hand.

    keep                       keep your hand as dealt (start of a round)
    turn                       turn your whole hand round (start of a round)
    show 4                     show the card at position 4
    show 3-5                   show the adjacent cards at positions 3 to 5
    scout left at 2            take the left end of the active set, put it at position 2
    scout right turned at 7    take the right end, turn it round, put it at position 7
    scoutshow left at 2        the same with your Scout & Show chip: you must Show next
    decline                    (two players, option may_decline) neither Show nor Scout
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.core.errors import ActionParseError
from cardtable.core.jsonio import JSON
from cardtable.core.notation import action_words, numbered_place

#: The most cards a hand can hold (every card of the deck).
MAX_HAND: Final = 45
LEFT: Final = 0
RIGHT: Final = 1
END_NAMES = ("left", "right")


@dataclass(frozen=True, slots=True)
class Action:
    """Base of Scout actions; `str(action)` is its notation."""

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class Orient(Action):
    """At the start of a round: keep the hand, or turn it round (every card's other end on top)."""

    turn: bool


@dataclass(frozen=True, slots=True)
class Show(Action):
    """Show the adjacent cards at hand positions first..last (0-based, inclusive)."""

    first: int
    last: int


@dataclass(frozen=True, slots=True)
class Scout(Action):
    """Take an end card of the active set, maybe turned, into the hand at `position` (0-based)."""

    end: int
    turned: bool
    position: int
    with_show: bool


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Two players, with `may_decline`: neither Show nor Scout, ending the round."""


KEEP_ACTION = Orient(False)
TURN_ACTION = Orient(True)
DECLINE_ACTION = Decline()
SHOW_TABLE: list[list[Show | None]] = [
    [Show(first, last) if last >= first else None for last in range(MAX_HAND)] for first in range(MAX_HAND)
]
#: SCOUT_TABLE[with_show][end][turned][position]
SCOUT_TABLE: list[list[list[list[Scout]]]] = [
    [
        [
            [Scout(end, bool(turn), position, bool(chip)) for position in range(MAX_HAND + 1)]
            for turn in (0, 1)
        ]
        for end in (LEFT, RIGHT)
    ]
    for chip in (0, 1)
]

#: Every action, in a fixed order: its index is its machine-learning integer.
ACTIONS: tuple[Action, ...] = (
    KEEP_ACTION,
    TURN_ACTION,
    *(show for row in SHOW_TABLE for show in row if show is not None),
    *(scout for chip in SCOUT_TABLE for end in chip for turn in end for scout in turn),
    DECLINE_ACTION,
)


def format_action(action: Action) -> str:
    """The action in Scout notation."""
    match action:
        case Orient(turn=turn):
            return "turn" if turn else "keep"
        case Show(first=first, last=last):
            return f"show {first + 1}" if first == last else f"show {first + 1}-{last + 1}"
        case Scout(end=end, turned=turned, position=position, with_show=with_show):
            verb = "scoutshow" if with_show else "scout"
            return f"{verb} {END_NAMES[end]}{' turned' if turned else ''} at {position + 1}"
        case Decline():
            return "decline"
    raise TypeError(f"not a Scout action: {action!r}")


def describe_action(action: Action) -> dict[str, JSON]:
    """The action as data for a board: its kind and its fields, hand positions from 1.

    A Scout & Show is a scout `with_show`."""
    match action:
        case Show(first=first, last=last):
            return {"kind": "show", "first": first + 1, "last": last + 1}
        case Scout(end=end, turned=turned, position=position, with_show=with_show):
            return {
                "kind": "scout",
                "end": END_NAMES[end],
                "turned": turned,
                "position": position + 1,
                "with_show": with_show,
            }
    return {"kind": format_action(action)}


def parse_action(text: str) -> Action:
    """The action written in Scout notation (ActionParseError if it is not)."""
    verb, rest = action_words(text)
    if verb in ("keep", "turn", "decline"):
        if rest:
            raise ActionParseError(text, f"{verb} takes nothing after it")
        return {"keep": KEEP_ACTION, "turn": TURN_ACTION, "decline": DECLINE_ACTION}[verb]
    if verb == "show":
        if len(rest) != 1:
            raise ActionParseError(text, "expected show <position> or show <first>-<last>")
        first_text, _, last_text = rest[0].partition("-")
        first = numbered_place(text, first_text, MAX_HAND, "a hand position")
        last = numbered_place(text, last_text, MAX_HAND, "a hand position") if last_text else first
        if last < first:
            raise ActionParseError(text, "a shown range runs left to right: first <= last")
        show = SHOW_TABLE[first][last]
        assert show is not None
        return show
    if verb in ("scout", "scoutshow"):
        if rest and rest[0] not in END_NAMES:
            raise ActionParseError(text, "say which end of the active set: left or right")
        turned = len(rest) > 1 and rest[1] == "turned"
        tail = rest[2:] if turned else rest[1:]
        if len(rest) < 1 or len(tail) != 2 or tail[0] != "at":
            raise ActionParseError(text, f"expected {verb} left|right [turned] at <position>")
        position = numbered_place(text, tail[1], MAX_HAND + 1, "a hand position")
        return SCOUT_TABLE[verb == "scoutshow"][END_NAMES.index(rest[0])][turned][position]
    verbs = "keep, turn, show, scout, scoutshow, decline"
    raise ActionParseError(text, f"unknown verb {verb!r}; the verbs are {verbs}")
