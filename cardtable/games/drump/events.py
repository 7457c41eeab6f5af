"""What the DRUMP log records: one small frozen value per event, its fields named.

Seats count from 0 and slots from 0, as everywhere in Python.  An event
naming a card that some observer may not see is logged twice: as it is for
the seat that knows the card, and with that card None for everyone else
(`Dealt`, `Drew`, `ForceSet`).  `view.describe_event` writes events in words.
"""

from __future__ import annotations

from cardtable.core.events import Event, event
from cardtable.games.drump.cards import PART_CARDS
from cardtable.games.drump.endings import DrumpEnding, ending_reason


@event
class Dealt(Event):
    """A seat is dealt its five cards (None: the cards, to anyone else)."""

    seat: int
    cards: tuple[int, ...] | None


@event
class TurnStarted(Event):
    """A seat's turn begins; turns are numbered from 1."""

    seat: int
    number: int


@event
class Drew(Event):
    """A seat draws a card (None: the card, to anyone else)."""

    seat: int
    card: int | None


@event
class ForceSet(Event):
    """A seat sets a force card on its slot, face up or face down (None: a face-down card, to others)."""

    seat: int
    card: int | None
    slot: int
    face_up: bool


@event
class Summoned(Event):
    """A seat pays with a stack, revealed as it goes to the pile, and places a part."""

    seat: int
    part: int
    slot: int
    paid: tuple[int, ...]


@event
class ExtraJackPlaced(Event):
    """A seat discards an Ace to place a J (Extra Jack)."""

    seat: int
    jack: int
    ace: int


@event
class Recycled(Event):
    """A seat discards a part and takes a different part from the pile."""

    seat: int
    part: int
    taken: int


@event
class RecycledAndDrew(Event):
    """A seat discards a part and draws a card (None: the card, to anyone else); one event, one line."""

    seat: int
    part: int
    card: int | None


@event
class BurstMade(Event):
    """A seat attacks the opponent's stack on `slot`, revealing its cards.

    `revealed` is None when the stack stays hidden until the defender has
    answered (`block_before_sum`); `StackRevealed` then reveals it.
    """

    seat: int
    card: int
    slot: int
    revealed: tuple[int, ...] | None


@event
class Received(Event):
    """The defender receives the attack instead of blocking it (`block_before_sum`)."""

    seat: int


@event
class StackRevealed(Event):
    """The stack of `seat` on `slot`, attacked, is revealed to be summed (`block_before_sum`)."""

    seat: int
    slot: int
    cards: tuple[int, ...]


@event
class AceCounted(Event):
    """The owner of the attacked stack counts one of its Aces as 1 or 11."""

    seat: int
    ace: int
    value: int


@event
class Blocked(Event):
    """The defender answers with a card."""

    seat: int
    card: int


@event
class Countered(Event):
    """The attacker answers a block with a card."""

    seat: int
    card: int


@event
class Passed(Event):
    """A seat does not answer: the other side's last card stands."""

    seat: int


@event
class AttackFailed(Event):
    """Attack plus stack came to `total`, 13 or less: the attacking card joins the stack."""

    seat: int
    card: int
    slot: int
    total: int


@event
class BurstWon(Event):
    """The attacker wins the exchange: the stack on `slot` goes to the pile."""

    seat: int
    slot: int


@event
class AttackGoesOn(Event):
    """The attacker wins the exchange played before the sum: the attack goes on to the stack."""

    seat: int
    slot: int


@event
class DrawDeclined(Event):
    """The winner of an exchange chooses not to draw (`draw_after_win` optional)."""

    seat: int


@event
class BlockWon(Event):
    """The defender wins the exchange: the stack on `slot` stays."""

    seat: int
    slot: int


@event
class Discarded(Event):
    """A seat discards a card down to the hand limit."""

    seat: int
    card: int


@event
class TurnEnded(Event):
    """A seat ends its turn."""

    seat: int


@event
class DrumpMade(Event):
    """A seat's monster zone holds all four body parts."""

    seat: int


@event
class LastTurnGranted(Event):
    """A seat plays one last turn to answer the opponent's DRUMP."""

    seat: int


@event
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


# -- events built once -------------------------------------------------------------------------
# Events are immutable, so the ones logged nearly every action are built here once and shared:
# building an event costs about 0.5 µs, a fifth of a whole action once the rules are compiled.
_SEATS = range(2)
_SLOTS = range(4)
_CARDS = range(52)
#: DREW[seat][card], and what the other seat and spectators see: DREW_HIDDEN[seat].
DREW = tuple(tuple(Drew(seat, card) for card in _CARDS) for seat in _SEATS)
DREW_HIDDEN = tuple(Drew(seat, None) for seat in _SEATS)
#: FORCE_SET[face_up][seat][slot][card]; what others see of a face-down set: FORCE_SET_HIDDEN[seat][slot].
FORCE_SET = tuple(
    tuple(
        tuple(tuple(ForceSet(seat, card, slot, face_up) for card in _CARDS) for slot in _SLOTS)
        for seat in _SEATS
    )
    for face_up in (False, True)
)
FORCE_SET_HIDDEN = tuple(tuple(ForceSet(seat, None, slot, False) for slot in _SLOTS) for seat in _SEATS)
#: RECYCLED[seat][(part, taken)]: a recycle that takes `taken` from the pile.
RECYCLED = tuple(
    {
        (part, taken): Recycled(seat, part, taken)
        for part in PART_CARDS
        for taken in PART_CARDS
        if taken != part
    }
    for seat in _SEATS
)
#: What the other seat and spectators see of a recycle and draw: RECYCLED_DREW_HIDDEN[seat][part].
RECYCLED_DREW_HIDDEN = tuple(
    {part: RecycledAndDrew(seat, part, None) for part in PART_CARDS} for seat in _SEATS
)
TURN_ENDED = tuple(TurnEnded(seat) for seat in _SEATS)
PASSED = tuple(Passed(seat) for seat in _SEATS)
#: TURN_STARTED[seat][number] for the first 64 turns; later ones are built when logged.
TURN_STARTED = tuple(tuple(TurnStarted(seat, number) for number in range(64)) for seat in _SEATS)
