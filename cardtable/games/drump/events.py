"""What the DRUMP log records: one small frozen value per event, its fields named.

Seats count from 0 and slots from 0, as everywhere in Python.  An event
naming a card that some observer may not see is logged twice: as it is for
the seat that knows the card, and with that card None for everyone else
(`Dealt`, `Drew`, `ForceSet`).  `view.describe_event` writes events in words.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar

from cardtable.core.events import Event
from cardtable.games.drump.endings import DrumpEnding, ending_reason

EventT = TypeVar("EventT", bound=type[Event])


def with_fast_init(cls: EventT) -> EventT:
    """Give a frozen slotted dataclass an `__init__` that fills its slots through their descriptors.

    The dataclass's own `__init__` of a frozen class goes through
    `object.__setattr__` once a field, which measured 60% slower; about two
    events are logged per action, so this shows in self-play speed.  The
    instance is the same: frozen, compared and hashed by its fields.
    """
    declared = fields(cls)  # type: ignore[arg-type]
    if any(field.default is not MISSING or field.default_factory is not MISSING for field in declared):
        raise TypeError(f"{cls.__name__}: with_fast_init gives no field a default")
    names = [field.name for field in declared]
    namespace: dict[str, Any] = {f"set_{name}": getattr(cls, name).__set__ for name in names}
    lines = [f"def __init__(self, {', '.join(names)}):"]
    lines += [f"    set_{name}(self, {name})" for name in names]
    exec("\n".join(lines), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


@with_fast_init
@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A seat is dealt its five cards (None: the cards, to anyone else)."""

    seat: int
    cards: tuple[int, ...] | None


@with_fast_init
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A seat's turn begins; turns are numbered from 1."""

    seat: int
    number: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A seat draws a card (None: the card, to anyone else)."""

    seat: int
    card: int | None


@with_fast_init
@dataclass(frozen=True, slots=True)
class ForceSet(Event):
    """A seat sets a force card on its slot, face up or face down (None: a face-down card, to others)."""

    seat: int
    card: int | None
    slot: int
    face_up: bool


@with_fast_init
@dataclass(frozen=True, slots=True)
class Summoned(Event):
    """A seat pays with a stack, revealed as it goes to the pile, and places a part."""

    seat: int
    part: int
    slot: int
    paid: tuple[int, ...]


@with_fast_init
@dataclass(frozen=True, slots=True)
class ExtraJackPlaced(Event):
    """A seat discards an Ace to place a J (Extra Jack)."""

    seat: int
    jack: int
    ace: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class Recycled(Event):
    """A seat discards a part, then draws (`taken` None) or takes a part from the pile."""

    seat: int
    part: int
    taken: int | None


@with_fast_init
@dataclass(frozen=True, slots=True)
class BurstMade(Event):
    """A seat attacks the opponent's stack on `slot`, revealing its cards."""

    seat: int
    card: int
    slot: int
    revealed: tuple[int, ...]


@with_fast_init
@dataclass(frozen=True, slots=True)
class AceCounted(Event):
    """The owner of the attacked stack counts one of its Aces as 1 or 11."""

    seat: int
    ace: int
    value: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class Blocked(Event):
    """The defender answers with a card."""

    seat: int
    card: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class Countered(Event):
    """The attacker answers a block with a card."""

    seat: int
    card: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A seat does not answer: the other side's last card stands."""

    seat: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class AttackFailed(Event):
    """Attack plus stack came to `total`, 13 or less: the attacking card joins the stack."""

    seat: int
    card: int
    slot: int
    total: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class BurstWon(Event):
    """The attacker wins the exchange: the stack on `slot` goes to the pile."""

    seat: int
    slot: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class BlockWon(Event):
    """The defender wins the exchange: the stack on `slot` stays."""

    seat: int
    slot: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A seat discards a card down to the hand limit."""

    seat: int
    card: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """A seat ends its turn."""

    seat: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class DrumpMade(Event):
    """A seat's monster zone holds all four body parts."""

    seat: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class LastTurnGranted(Event):
    """A seat plays one last turn to answer the opponent's DRUMP."""

    seat: int


@with_fast_init
@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ends: the winners, how it ended, and the facts behind it."""

    winners: tuple[int, ...]
    ending: DrumpEnding
    #: The seat that made the game's first DRUMP, or None.
    drump_seat: int | None
    #: The sole winner's creature rank (10-13) when its four parts are of one rank, else None.
    creature: int | None
    #: The seat that had to draw from the empty deck (a deck out), else None.
    deck_out_seat: int | None

    @property
    def reason(self) -> str:
        """How the game ended, in words (the outcome's reason)."""
        return ending_reason(self.ending, self.creature, self.deck_out_seat)
