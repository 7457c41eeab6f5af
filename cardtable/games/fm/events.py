"""The duel's log events, one small frozen class each; a card an observer may not see is None.

An event naming a hidden card (a draw, a face-down play and what it made) is
written to the other observers' logs in its redacted form: the same class
with the hidden fields None.  Seats and zones count from 0, as in the
Python API.
"""

from __future__ import annotations

from typing import TypeAlias

from cardtable.core.events import Event, event
from cardtable.games.fm.state import SEATS, ZONES, DuelEnding


@event
class TurnStarted(Event):
    """`seat` starts its `number`th turn."""

    seat: int
    number: int


@event
class CardDrawn(Event):
    """`seat` draws a card (None for everyone but `seat`)."""

    seat: int
    card: int | None


@event
class CardsPlayed(Event):
    """`seat` plays `count` picked cards, face up or down."""

    seat: int
    count: int
    face_up: bool


@event
class Fused(Event):
    """Two cards of a combination fuse into a third (hidden from the opponent when played face down)."""

    seat: int
    first: int | None
    second: int | None
    result: int | None


@event
class Equipped(Event):
    """An equip card goes onto a monster of the combination (a negative `gain`: Reverse Trap turned it)."""

    seat: int
    equip: int | None
    monster: int | None
    gain: int


@event
class CardLost(Event):
    """A card of the combination that combined with nothing is lost."""

    seat: int
    card: int | None


@event
class PlayResulted(Event):
    """The monster a play gave, before it is placed."""

    seat: int
    card: int | None
    face_up: bool


@event
class CardWasted(Event):
    """A card is used up with no effect: an equip fitting nothing, a ritual short of tributes, a full zone."""

    seat: int
    card: int | None


@event
class CardSet(Event):
    """A magic, field, equip, ritual or trap card is set face down in a magic/trap zone."""

    seat: int
    card: int | None
    zone: int


@event
class MagicActivated(Event):
    """A magic card takes effect."""

    seat: int
    card: int


@event
class TrapSprung(Event):
    """A set trap fires by itself."""

    seat: int
    card: int


@event
class RitualPerformed(Event):
    """A ritual tributes its three monsters and summons `monster`."""

    seat: int
    ritual: int
    monster: int


@event
class MonsterPlaced(Event):
    """A monster goes into a zone; card and star (0 or 1) are None for the opponent when it is face down."""

    seat: int
    zone: int
    card: int | None
    attack: bool
    star: int | None


@event
class PositionChanged(Event):
    """A monster turns to attack or defence position."""

    seat: int
    zone: int
    attack: bool


@event
class AttackDeclared(Event):
    """The monster in `zone` attacks the opponent's monster in `target` (None: a direct attack)."""

    seat: int
    zone: int
    target: int | None


@event
class MonsterRevealed(Event):
    """A face-down monster turns face up."""

    seat: int
    zone: int
    card: int


@event
class MonsterDestroyed(Event):
    """A monster goes to the graveyard (its card None for the opponent when it was face down)."""

    seat: int
    card: int | None
    zone: int


@event
class LifePointsChanged(Event):
    """`seat`'s life points change by `change` (a loss is negative) to `life_points`: damage or a heal."""

    seat: int
    change: int
    life_points: int


@event
class TurnEnded(Event):
    """`seat` ends its turn."""

    seat: int


@event
class DuelOver(Event):
    """The duel is won: how, and each side's life points at the end."""

    winner: int
    ending: DuelEnding
    life_points: tuple[int, ...]


#: Every event of the duel.
FmEvent: TypeAlias = (
    TurnStarted
    | CardDrawn
    | CardsPlayed
    | Fused
    | Equipped
    | CardLost
    | PlayResulted
    | CardWasted
    | CardSet
    | MagicActivated
    | TrapSprung
    | RitualPerformed
    | MonsterPlaced
    | PositionChanged
    | AttackDeclared
    | MonsterRevealed
    | MonsterDestroyed
    | LifePointsChanged
    | TurnEnded
    | DuelOver
)


# -- events built once -------------------------------------------------------------------------
# Events are immutable, so the ones logged nearly every action are built once and shared: building
# an event costs about 0.4 µs, a tenth of an action once the rules are compiled.
_SEATS = range(SEATS)
_ZONES = range(ZONES)
#: What the other side sees of a draw, of a face-down card lost, of a face-down play's result.
CARD_DRAWN_HIDDEN = tuple(CardDrawn(seat, None) for seat in _SEATS)
CARD_LOST_HIDDEN = tuple(CardLost(seat, None) for seat in _SEATS)
PLAY_RESULTED_HIDDEN = tuple(PlayResulted(seat, None, False) for seat in _SEATS)
#: MONSTER_PLACED_HIDDEN[seat][zone][attack]: a face-down monster placed, as the other side sees it.
MONSTER_PLACED_HIDDEN = tuple(
    tuple(tuple(MonsterPlaced(seat, zone, None, attack, None) for attack in (False, True)) for zone in _ZONES)
    for seat in _SEATS
)
#: POSITION_CHANGED[seat][zone][attack].
POSITION_CHANGED = tuple(
    tuple(tuple(PositionChanged(seat, zone, attack) for attack in (False, True)) for zone in _ZONES)
    for seat in _SEATS
)
#: ATTACK_DECLARED[seat][zone][target], the direct attack (target None) last.
ATTACK_DECLARED = tuple(
    tuple(tuple(AttackDeclared(seat, zone, target) for target in (*_ZONES, None)) for zone in _ZONES)
    for seat in _SEATS
)
TURN_ENDED = tuple(TurnEnded(seat) for seat in _SEATS)
_TURN_STARTED = tuple(tuple(TurnStarted(seat, number) for number in range(64)) for seat in _SEATS)
_CARD_DRAWN: tuple[dict[int, CardDrawn], ...] = tuple({} for _ in _SEATS)


def turn_started(seat: int, number: int) -> TurnStarted:
    """The event of a turn's start, shared for the first 64 turns of each seat."""
    row = _TURN_STARTED[seat]
    return row[number] if number < len(row) else TurnStarted(seat, number)


def card_drawn(seat: int, card: int) -> CardDrawn:
    """The event of a draw as the drawing seat sees it, built once per seat and card."""
    found = _CARD_DRAWN[seat].get(card)
    if found is None:
        found = _CARD_DRAWN[seat][card] = CardDrawn(seat, card)
    return found
