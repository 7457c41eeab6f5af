"""The DRUMP state: tuples of small integers, copied shallowly.

Nothing in a state is ever mutated after it is built: `apply` copies the
state (one slot per field) and replaces whole fields with new tuples.  That
keeps `apply` pure and a copy costs a few hundred nanoseconds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from cardtable.core.events import LogNode, append_event
from cardtable.core.game import NOBODY, Outcome
from cardtable.core.state_copy import with_fast_copy
from cardtable.games.drump.cards import DECK, IS_ACE, IS_PART, NO_CARD, RANK, SUIT
from cardtable.games.drump.options import DrumpOptions

SEATS = 2
SLOTS = 4
STACK_LIMIT = 13
#: The zone of a card that is no body part (a force card).
NO_ZONE = -1

#: Stacked cards carry this bit while face down.
FACE_DOWN = 64
CARD_MASK = FACE_DOWN - 1

# Phases: who decides what.
MAIN, ACE_CHOICE, BLOCKING, COUNTERING, DISCARDING, OVER = range(6)
PHASE_NAMES = ("main", "ace", "block", "counter", "discard", "over")

#: A stacked card's count for the stack limit (Aces as 1), by encoded card.
STACK_VALUE = tuple(RANK[code & CARD_MASK] if (code & CARD_MASK) < 52 else 0 for code in range(128))


class Exchange(NamedTuple):
    """A Burst under way (drump.md, "Burst: attack and block")."""

    slot: int
    #: Every card played so far: the attacking card, then blocks and counters in turn.
    cards: tuple[int, ...]
    #: Aces of the attacked stack whose value the owner has still to choose.
    pending_aces: tuple[int, ...]
    #: The attacked stack's total, with the Aces valued so far.
    stack_total: int
    #: Block and counter running totals (used when `block_adds` is on).
    attack_total: int
    defense_total: int


@with_fast_copy
class DrumpState:
    """A DRUMP position; seats 0 and 1, slots 0-3, body parts 0-3 (head, wings, body, tail)."""

    __slots__ = (
        "burst_used",
        "deck",
        "discarding",
        "exchange",
        "extra_jack_used",
        "first_seat",
        "hands",
        "known",
        "last_turn",
        "log_length",
        "logs",
        "options",
        "part_zone",
        "phase",
        "pile",
        "recycles",
        "result",
        "slots_set",
        "stacks",
        "summoned",
        "turn_number",
        "turn_seat",
        "zones",
    )

    options: DrumpOptions
    #: Body-part zone (0-3) of each part card under `options.part_by_suit`.
    part_zone: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    #: stacks[seat][slot]: cards bottom first, face-down ones with FACE_DOWN set.
    stacks: tuple[tuple[tuple[int, ...], ...], ...]
    #: zones[seat][part]: the part card there, or NO_CARD.
    zones: tuple[tuple[int, ...], ...]
    #: The cards left to draw, top first.
    deck: tuple[int, ...]
    #: The discard pile, bottom first.
    pile: tuple[int, ...]
    #: known[seat]: bitmask of cards in that hand that both players know (taken from the pile).
    known: tuple[int, int]
    first_seat: int
    turn_seat: int
    turn_number: int
    #: Bitmask of the turn player's slots that received a card this turn.
    slots_set: int
    summoned: bool
    extra_jack_used: bool
    recycles: int
    burst_used: bool
    phase: int
    exchange: Exchange | None
    #: The seat discarding to the hand limit in the DISCARDING phase, else NOBODY.
    discarding: int
    #: The seat playing the game's last turn, or NOBODY when none is due.
    last_turn: int
    result: Outcome | None
    #: Event logs as each seat sees them, then as a spectator sees them.
    logs: tuple[LogNode, ...]
    #: Events in each log.
    log_length: int

    #: A new state sharing every (immutable) field with this one (made by with_fast_copy).
    copy: Callable[[], DrumpState]

    def fingerprint(self) -> tuple[object, ...]:
        """Every field, for equality checks in tests."""
        return tuple(getattr(self, name) for name in DrumpState.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DrumpState) and self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]

    def current_seat(self) -> int | None:
        """The seat that decides now."""
        phase = self.phase
        if phase in (MAIN, COUNTERING):
            return self.turn_seat
        if phase in (ACE_CHOICE, BLOCKING):
            return 1 - self.turn_seat
        if phase == DISCARDING:
            return self.discarding
        return None

    def log(
        self,
        event: tuple[object, ...],
        private_seat: int | None = None,
        hidden: tuple[object, ...] | None = None,
    ) -> None:
        """Record an event; `hidden` is what everyone but `private_seat` sees instead."""
        self.logs = append_event(self.logs, event, private_seat, hidden)
        self.log_length += 1


def part_zones(options: DrumpOptions) -> tuple[int, ...]:
    """For each card, the zone of its body part (parts only; NO_ZONE for force cards)."""
    zone_of_suit = {"shdc".index(letter): zone for zone, letter in enumerate(options.part_by_suit)}
    return tuple(zone_of_suit[SUIT[card]] if IS_PART[card] else NO_ZONE for card in DECK)


def stack_total(stack: tuple[int, ...]) -> int:
    """The stack's total with every Ace counted as 1 (the stack-limit count)."""
    total = 0
    for code in stack:
        total += STACK_VALUE[code]
    return total


def stack_aces(stack: tuple[int, ...]) -> tuple[int, ...]:
    """The Aces in a stack, bottom first."""
    return tuple(code & CARD_MASK for code in stack if IS_ACE[code & CARD_MASK])


def empty_state(options: DrumpOptions, first_seat: int) -> DrumpState:
    """A state with no card anywhere, the first turn about to start."""
    state = DrumpState.__new__(DrumpState)
    state.options = options
    state.part_zone = part_zones(options)
    state.hands = ((), ())
    state.stacks = (((),) * SLOTS, ((),) * SLOTS)
    state.zones = ((NO_CARD,) * SLOTS, (NO_CARD,) * SLOTS)
    state.deck = ()
    state.pile = ()
    state.known = (0, 0)
    state.first_seat = first_seat
    state.turn_number = 0
    new_turn(state, first_seat)
    state.exchange = None
    state.last_turn = NOBODY
    state.result = None
    state.logs = (None, None, None)
    state.log_length = 0
    return state


def new_turn(state: DrumpState, seat: int) -> None:
    """Make `seat` the turn player, with every once-a-turn counter reset."""
    state.turn_seat = seat
    state.slots_set = 0
    state.summoned = False
    state.extra_jack_used = False
    state.recycles = 0
    state.burst_used = False
    state.phase = MAIN
    state.discarding = NOBODY


def all_cards(state: DrumpState) -> list[int]:
    """Every card wherever it lies: hands, stacks, zones, deck, pile, exchange."""
    found = [card for hand in state.hands for card in hand]
    found += [code & CARD_MASK for row in state.stacks for stack in row for code in stack]
    found += [card for row in state.zones for card in row if card >= 0]
    found += state.deck
    found += state.pile
    if state.exchange is not None:
        found += state.exchange.cards
    return found
