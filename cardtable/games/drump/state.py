"""The DRUMP state: tuples of small integers, copied shallowly.

Nothing in a state is ever mutated after it is built: `apply` copies the
state (one slot per field) and replaces whole fields with new tuples.  That
keeps `apply` pure and a copy costs a few hundred nanoseconds.  The small
changes every rule makes (a card into or out of a hand, a stack, a zone) are
here; the rules themselves are in `rules`, `exchange` and `turns`.
"""

from __future__ import annotations

from typing import Final

from cardtable.core.game import NOBODY, Outcome
from cardtable.core.state_logs import LoggedState
from cardtable.games.drump.burst import Exchange
from cardtable.games.drump.cards import DECK, IS_PART, NO_CARD, SUIT
from cardtable.games.drump.options import DrumpOptions
from cardtable.games.drump.stacks import CARD_MASK

SEATS: Final = 2
SLOTS: Final = 4
#: The zone of a card that is no body part (a force card).
NO_ZONE: Final = -1

# Phases: who decides what.  DEFENDING (receive or block before the sum) is PT's
# `block_before_sum`; DRAW_CHOICE (draw or not after winning an exchange) is EN's optional draw.
# Final, one by one: the compiled build then reads them as numbers.
MAIN: Final = 0
DEFENDING: Final = 1
ACE_CHOICE: Final = 2
BLOCKING: Final = 3
COUNTERING: Final = 4
DRAW_CHOICE: Final = 5
DISCARDING: Final = 6
OVER: Final = 7
PHASE_NAMES = ("main", "defend", "ace", "block", "counter", "draw", "discard", "over")


#: The state's own fields (its slots), named here too: a compiled class (mypyc) keeps no __slots__.
OWN_FIELDS = (
    "burst_used",
    "deck",
    "discarding",
    "drawing",
    "exchange",
    "extra_jacks",
    "first_seat",
    "hands",
    "known",
    "last_turn",
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
#: Every field: its own, then the logs' (LoggedState's).
FIELDS = (*OWN_FIELDS, "log_length", "logs", "unlogged")


class DrumpState(LoggedState):
    """A DRUMP position; seats 0 and 1, slots 0-3, body parts 0-3 (head, wings, body, tail)."""

    __slots__ = OWN_FIELDS

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
    #: Extra Jacks made this turn.
    extra_jacks: int
    recycles: int
    burst_used: bool
    phase: int
    exchange: Exchange | None
    #: The seat discarding to the hand limit in the DISCARDING phase, else NOBODY.
    discarding: int
    #: The seat choosing whether to draw after winning an exchange (DRAW_CHOICE), else NOBODY.
    drawing: int
    #: The seat playing the game's last turn, or NOBODY when none is due.
    last_turn: int
    result: Outcome | None

    def copy(self) -> DrumpState:
        """A new state sharing every (immutable) field with this one."""
        # Slot by slot, each by name: measured about ten times faster than a loop over __slots__.  The
        # class is called (it has no __init__) rather than its __new__: compiled, that is a native call.
        new = DrumpState()
        new.burst_used = self.burst_used
        new.deck = self.deck
        new.discarding = self.discarding
        new.drawing = self.drawing
        new.exchange = self.exchange
        new.extra_jacks = self.extra_jacks
        new.first_seat = self.first_seat
        new.hands = self.hands
        new.known = self.known
        new.last_turn = self.last_turn
        new.log_length = self.log_length
        new.unlogged = self.unlogged
        new.logs = self.logs
        new.options = self.options
        new.part_zone = self.part_zone
        new.phase = self.phase
        new.pile = self.pile
        new.recycles = self.recycles
        new.result = self.result
        new.slots_set = self.slots_set
        new.stacks = self.stacks
        new.summoned = self.summoned
        new.turn_number = self.turn_number
        new.turn_seat = self.turn_seat
        new.zones = self.zones
        return new

    def fingerprint(self) -> tuple[object, ...]:
        """Every field, for equality checks in tests."""
        return tuple(getattr(self, name) for name in FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DrumpState) and self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]

    def current_seat(self) -> int | None:
        """The seat that decides now."""
        phase = self.phase
        if phase in (MAIN, COUNTERING):
            return self.turn_seat
        if phase in (DEFENDING, ACE_CHOICE, BLOCKING):
            return 1 - self.turn_seat
        if phase == DRAW_CHOICE:
            return self.drawing
        if phase == DISCARDING:
            return self.discarding
        return None


def part_zones(options: DrumpOptions) -> tuple[int, ...]:
    """For each card, the zone of its body part (parts only; NO_ZONE for force cards)."""
    zone_of_suit = {"shdc".index(letter): zone for zone, letter in enumerate(options.part_by_suit)}
    return tuple(zone_of_suit[SUIT[card]] if IS_PART[card] else NO_ZONE for card in DECK)


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
    state.start_logs(SEATS)
    return state


def unlogged(state: DrumpState) -> DrumpState:
    """The state, or a copy of it, that plays on without writing its logs; `state` is left untouched."""
    if state.unlogged:
        return state
    quiet = state.copy()
    quiet.unlogged = True
    return quiet


def new_turn(state: DrumpState, seat: int) -> None:
    """Make `seat` the turn player, with every once-a-turn counter reset."""
    state.turn_seat = seat
    state.slots_set = 0
    state.summoned = False
    state.extra_jacks = 0
    state.recycles = 0
    state.burst_used = False
    state.phase = MAIN
    state.discarding = NOBODY
    state.drawing = NOBODY


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


# -- the small changes every rule makes ----------------------------------------------------
def without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """The cards with one card taken out (it must be there)."""
    # A loop, not `cards.index`: compiled, the method call costs ten times the search.
    index = 0
    while cards[index] != card:
        index += 1
    return cards[:index] + cards[index + 1 :]


def take_from_hand(state: DrumpState, seat: int, card: int) -> None:
    """Take a card out of `seat`'s hand; it is no longer known to both, if it was."""
    hands = state.hands
    hand = without(hands[seat], card)
    state.hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
    known = state.known
    if known[seat] >> card & 1:
        mask = known[seat] & ~(1 << card)
        state.known = (mask, known[1]) if seat == 0 else (known[0], mask)


def add_to_hand(state: DrumpState, seat: int, card: int) -> None:
    """Put a card in `seat`'s hand."""
    hands = state.hands
    hand = hands[seat] + (card,)
    state.hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)


def put_stack(state: DrumpState, seat: int, slot: int, stack: tuple[int, ...]) -> None:
    """Replace the stack on `seat`'s slot."""
    row = state.stacks[seat]
    row = row[:slot] + (stack,) + row[slot + 1 :]
    state.stacks = (row, state.stacks[1]) if seat == 0 else (state.stacks[0], row)


def put_part(state: DrumpState, seat: int, part: int) -> None:
    """Place a part in its body-part zone on `seat`'s field."""
    zone = state.part_zone[part]
    row = state.zones[seat]
    row = row[:zone] + (part,) + row[zone + 1 :]
    state.zones = (row, state.zones[1]) if seat == 0 else (state.zones[0], row)
