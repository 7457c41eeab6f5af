"""Forbidden Memories duel actions, with their notation.

A turn is built one decision at a time, as in the game: pick the cards to
play (in the order they will combine), play them face up or down, place the
monster that came out, then battle.  Hand cards count from 1 (`h1`), zones
from 1 (`m1` a monster zone, `s1` a magic/trap zone).

    pick h3                 add hand card 3 to the cards being played
    pick m2                 start from your monster in zone 2 (a card onto it: fusion or equip)
    cancel                  put the picked cards back
    play                    play the picked cards face up (a magic card is activated)
    play down               play them face down (a magic or trap card is set)
    place attack star 1     put the monster that came out in attack position, its first guardian star
    place defence star 2 on m3   ... over your monster in zone 3, when no zone is free
    attack m1 m4            your monster 1 attacks the opponent's monster 4
    attack m1 direct        ... attacks the opponent's life points (they have no monster)
    switch m2               change the position of your monster 2
    activate s1             activate your magic card set in zone 1
    end                     end your turn
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.errors import ActionParseError
from cardtable.core.jsonio import JSON
from cardtable.core.notation import action_words
from cardtable.core.numbers import whole_number
from cardtable.games.fm.state import FIELD_PICK, ZONES

#: Hand cards a seat may pick from (the largest hand window is 20).
MAX_WINDOW = 20
DIRECT = -1


@dataclass(frozen=True, slots=True)
class Action:
    """Base of duel actions; `str(action)` is its notation."""

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Add a hand card (index) or, first, one of your monsters (FIELD_PICK + zone) to the play."""

    source: int


@dataclass(frozen=True, slots=True)
class Cancel(Action):
    """Put the picked cards back."""


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play the picked cards, face up or down."""

    face_up: bool


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place the monster that came out of the play: position, guardian star, and a zone when none is free."""

    attack: bool
    star: int
    zone: int | None


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """One of your monsters attacks a monster of the opponent (or DIRECT)."""

    zone: int
    target: int


@dataclass(frozen=True, slots=True)
class Switch(Action):
    """Change one of your monsters' position."""

    zone: int


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Activate a magic card you set earlier."""

    zone: int


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the turn."""


PICKS = [Pick(index) for index in range(MAX_WINDOW)]
FIELD_PICKS = [Pick(FIELD_PICK + zone) for zone in range(ZONES)]
CANCEL = Cancel()
PLAY_UP, PLAY_DOWN = Play(True), Play(False)
PLACES = {
    (attack, star, zone): Place(attack, star, zone)
    for attack in (True, False)
    for star in (0, 1)
    for zone in (None, *range(ZONES))
}
ATTACKS = {
    (zone, target): Attack(zone, target) for zone in range(ZONES) for target in (DIRECT, *range(ZONES))
}
SWITCHES = [Switch(zone) for zone in range(ZONES)]
ACTIVATES = [Activate(zone) for zone in range(ZONES)]
END = End()

#: Every action, in a fixed order: its index is its machine-learning integer.
ACTIONS: tuple[Action, ...] = (
    *PICKS,
    *FIELD_PICKS,
    CANCEL,
    PLAY_UP,
    PLAY_DOWN,
    *PLACES.values(),
    *ATTACKS.values(),
    *SWITCHES,
    *ACTIVATES,
    END,
)


def format_action(action: Action) -> str:
    """The action in duel notation."""
    match action:
        case Pick(source=source) if source >= FIELD_PICK:
            return f"pick m{source - FIELD_PICK + 1}"
        case Pick(source=source):
            return f"pick h{source + 1}"
        case Cancel():
            return "cancel"
        case Play(face_up=face_up):
            return "play" if face_up else "play down"
        case Place(attack=attack, star=star, zone=zone):
            text = f"place {'attack' if attack else 'defence'} star {star + 1}"
            return text if zone is None else f"{text} on m{zone + 1}"
        case Attack(zone=zone, target=target):
            return f"attack m{zone + 1} {'direct' if target == DIRECT else f'm{target + 1}'}"
        case Switch(zone=zone):
            return f"switch m{zone + 1}"
        case Activate(zone=zone):
            return f"activate s{zone + 1}"
        case End():
            return "end"
    raise TypeError(f"not a duel action: {action!r}")


def describe_action(action: Action) -> dict[str, JSON]:
    """The action as data for a board: its kind and its fields, hand cards and zones from 1.

    A pick names a hand card (`hand`) or, first, a monster zone of one's own (`zone`); an attack's
    `target` is the opponent's monster zone, or None for a direct attack."""
    match action:
        case Pick(source=source) if source >= FIELD_PICK:
            return {"kind": "pick", "zone": source - FIELD_PICK + 1}
        case Pick(source=source):
            return {"kind": "pick", "hand": source + 1}
        case Play(face_up=face_up):
            return {"kind": "play", "face_up": face_up}
        case Place(attack=attack, star=star, zone=zone):
            position = "attack" if attack else "defence"
            return {
                "kind": "place",
                "position": position,
                "star": star + 1,
                "zone": None if zone is None else zone + 1,
            }
        case Attack(zone=zone, target=target):
            return {"kind": "attack", "zone": zone + 1, "target": None if target == DIRECT else target + 1}
        case Switch(zone=zone) | Activate(zone=zone):
            return {"kind": format_action(action).split()[0], "zone": zone + 1}
    return {"kind": format_action(action)}


def _place(text: str, token: str, letter: str, limit: int) -> int:
    number = whole_number(token[1:])
    if token[:1] != letter or number is None or not 1 <= number <= limit:
        what = {
            "h": "a hand card (h1 to h20)",
            "m": "a monster zone (m1 to m5)",
            "s": "a magic zone (s1 to s5)",
        }
        raise ActionParseError(text, f"{token!r} is not {what[letter]}")
    return number - 1


def parse_action(text: str) -> Action:
    """The action written in duel notation (ActionParseError if it is not)."""
    verb, rest = action_words(text, {"defense": "defence"})
    if verb in ("cancel", "end") and not rest:
        return CANCEL if verb == "cancel" else END
    if verb == "play" and rest in ([], ["up"], ["down"]):
        return PLAY_DOWN if rest == ["down"] else PLAY_UP
    if verb == "pick" and len(rest) == 1:
        if rest[0].startswith("m"):
            return FIELD_PICKS[_place(text, rest[0], "m", ZONES)]
        return PICKS[_place(text, rest[0], "h", MAX_WINDOW)]
    if verb == "place" and len(rest) in (3, 5) and rest[0] in ("attack", "defence") and rest[1] == "star":
        if rest[2] not in ("1", "2"):
            raise ActionParseError(text, f"a monster has guardian stars 1 and 2, not {rest[2]!r}")
        zone = None
        if len(rest) == 5:
            if rest[3] != "on":
                raise ActionParseError(text, "expected place attack|defence star 1|2 [on m<zone>]")
            zone = _place(text, rest[4], "m", ZONES)
        return PLACES[(rest[0] == "attack", int(rest[2]) - 1, zone)]
    if verb == "attack" and len(rest) == 2:
        target = DIRECT if rest[1] == "direct" else _place(text, rest[1], "m", ZONES)
        return ATTACKS[(_place(text, rest[0], "m", ZONES), target)]
    if verb == "switch" and len(rest) == 1:
        return SWITCHES[_place(text, rest[0], "m", ZONES)]
    if verb == "activate" and len(rest) == 1:
        return ACTIVATES[_place(text, rest[0], "s", ZONES)]
    usage = {
        "pick": "pick h<card> | pick m<zone>",
        "play": "play [down]",
        "cancel": "cancel",
        "end": "end",
        "place": "place attack|defence star 1|2 [on m<zone>]",
        "attack": "attack m<zone> m<zone>|direct",
        "switch": "switch m<zone>",
        "activate": "activate s<zone>",
    }
    if verb in usage:
        raise ActionParseError(text, f"expected {usage[verb]}")
    raise ActionParseError(text, f"unknown verb {verb!r}; the verbs are {', '.join(usage)}")
