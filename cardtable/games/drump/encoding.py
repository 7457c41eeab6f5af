"""DRUMP's encoding: ids are the indexes of `games/drump/actions.ACTIONS`; the observation below.

Cards are numbered as the game numbers them, (rank - 1) * 4 + suit, ranks A..K
and suits s h d c, so a 52-entry part has one entry per card.  Seat parts list
the observer first, then the opponent.
"""

from __future__ import annotations

from functools import partial
from operator import attrgetter

from cardtable.bots.learned.encoding import (
    Encoding,
    Entries,
    Layout,
    Observation,
    capped,
    finished,
    new_block,
    new_entries,
)
from cardtable.bots.learned.observer import Observer, Part, observe_parts, sections
from cardtable.core.game import NOBODY
from cardtable.games.drump.actions import ACTIONS
from cardtable.games.drump.burst import Exchange
from cardtable.games.drump.cards import ACES, NO_CARD, RANK
from cardtable.games.drump.stacks import CARD_MASK, FACE_DOWN
from cardtable.games.drump.state import PHASE_NAMES, DrumpState
from cardtable.games.drump.view import DrumpView

CARDS = 52
SEATS = 2
SLOTS = 4

LAYOUT = Layout(
    [
        ("hand", CARDS, "1 for each card in the observer's hand"),
        ("known_in_hand", SEATS * CARDS, "per seat, 1 for each card of its hand both players know"),
        (
            "stack_cards",
            SEATS * SLOTS * CARDS,
            "per seat and slot, 1 for each card of the stack the observer sees",
        ),
        ("stack_hidden", SEATS * SLOTS, "per seat and slot, face-down cards the observer cannot see, / 13"),
        ("stack_size", SEATS * SLOTS, "per seat and slot, cards in the stack, / 13"),
        (
            "stack_seen_total",
            SEATS * SLOTS,
            "per seat and slot, the ranks of the seen cards added up (Aces 1), / 13",
        ),
        ("zones", SEATS * CARDS, "per seat, 1 for each part placed in its monster zone"),
        ("pile", CARDS, "1 for each card in the discard pile"),
        ("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES)),
        ("turn", SEATS, "one-hot: whose turn it is"),
        ("first", SEATS, "one-hot: who played first"),
        ("slots_set", SLOTS, "1 for each of the turn player's slots set this turn"),
        ("turn_counters", 4, "summoned, Extra Jacks made / 2, recycles / 2 (capped at 1), Burst used"),
        ("exchange", 1, "1 while a Burst is under way"),
        ("exchange_slot", SLOTS, "one-hot: the attacked slot"),
        ("exchange_cards", CARDS, "1 for each card played in the Burst"),
        (
            "exchange_totals",
            4,
            "revealed, stack total / 13 (once revealed), attack total / 13, defence total / 13 (capped at 1)",
        ),
        ("pending_aces", 4, "1 for each Ace (s h d c) of the attacked stack still to be valued"),
        ("deciding", 3, "1 if the observer must discard, must choose to draw, plays the game's last turn"),
        ("last_turn", 1, "1 if the opponent plays the game's last turn"),
        ("sizes", 3, "hand sizes / 10 (observer, opponent; capped at 1), deck size / 52"),
        ("turn_number", 1, "turns started / 50 (capped at 1)"),
    ]
)
HAND, KNOWN, STACK_CARDS = LAYOUT.hand, LAYOUT.known_in_hand, LAYOUT.stack_cards
STACK_HIDDEN, STACK_SIZE, STACK_TOTAL = LAYOUT.stack_hidden, LAYOUT.stack_size, LAYOUT.stack_seen_total
#: Each per-stack part's start and entries per stack.
_STACK_PARTS = ((STACK_CARDS, CARDS), (STACK_HIDDEN, 1), (STACK_SIZE, 1), (STACK_TOTAL, 1))
ZONES, PILE, EXCHANGE_CARDS, EXCHANGE_TOTALS = (
    LAYOUT.zones,
    LAYOUT.pile,
    LAYOUT.exchange_cards,
    LAYOUT.exchange_totals,
)
COUNTERS, DECIDING, SIZES = LAYOUT.turn_counters, LAYOUT.deciding, LAYOUT.sizes
TURN, FIRST, SLOTS_SET, TURN_NUMBER = LAYOUT.turn, LAYOUT.first, LAYOUT.slots_set, LAYOUT.turn_number
_PHASE = {name: LAYOUT.phase + index for index, name in enumerate(PHASE_NAMES)}
_ACE_SUIT = {ace: LAYOUT.pending_aces + index for index, ace in enumerate(ACES)}


def observe(view: DrumpView) -> Observation:
    """The observation of a DRUMP view (its seat must not be a spectator)."""
    me = view.own_seat("an observation")
    out = new_entries(LAYOUT)
    for card in view.hand:
        out[HAND + card] = 1.0
    for place, seat in enumerate((me, 1 - me)):
        for card in view.known_in_hand[seat]:
            out[KNOWN + place * CARDS + card] = 1.0
        for slot, stack in enumerate(view.stacks[seat]):
            if stack:
                seen = [card for card, _ in stack if card is not None]
                _fill_stack(out, place * SLOTS + slot, seen, len(stack))
    _fill_table(out, me, view, view.phase, view.hand_sizes, view.deck_size)
    _fill_deciding(out, me, view.discarding, view.drawing, view.last_turn)
    return finished(out)


# The observation read from the state, part by part (`observer.py`): each part names the fields it
# reads, so that the environments rewrite only the parts an action changed.  It reads what the view
# holds and nothing more: the observer's hand, the cards of hands both know, face-up cards and the
# observer's own face-down ones.


def _hands(out: Entries, state: DrumpState, me: int) -> None:
    hands = state.hands
    for card in hands[me]:
        out[HAND + card] = 1.0
    for place, seat in enumerate((me, 1 - me)):
        known = state.known[seat]
        if known:
            for card in hands[seat]:
                if known >> card & 1:
                    out[KNOWN + place * CARDS + card] = 1.0


#: A part of 52 cards, all 0.
_NO_CARDS = new_block(CARDS)


def _stack_part(place: int) -> Part:
    """The part of the observer's own stacks (place 0) or the opponent's (1)."""
    first = place * SLOTS

    own = place == 0

    def fill(out: Entries, state: DrumpState, me: int) -> None:
        for slot, stack in enumerate(state.stacks[me if own else 1 - me]):
            if stack:
                _write_stack(out, first + slot, stack, own)

    def update(
        out: Entries, old: tuple[tuple[int, ...], ...], new: tuple[tuple[int, ...], ...], me: int
    ) -> None:
        # Only the stacks that changed (an action sets or takes one or two).
        for slot, stack in enumerate(new):
            before = old[slot]
            if stack is before or stack == before:
                continue
            index = first + slot
            if before:
                base = STACK_CARDS + index * CARDS
                out[base : base + CARDS] = _NO_CARDS
            if stack:
                _write_stack(out, index, stack, own)
            else:
                out[STACK_HIDDEN + index] = out[STACK_SIZE + index] = out[STACK_TOTAL + index] = 0.0

    spans = tuple((part + first * width, part + (first + SLOTS) * width) for part, width in _STACK_PARTS)
    return Part(
        spans, lambda state, me: state.stacks[me if own else 1 - me], fill, by_seat=True, update=update
    )


def _write_stack(out: Entries, index: int, stack: tuple[int, ...], own: bool) -> None:
    """The entries of the stack at `index` (seat place * SLOTS + slot), as its owner (`own`) or the
    opponent sees it: the cards seen, then the face-down ones not seen, the size and the seen total."""
    # Written once for each seat whenever the stack changes (`update`): nothing to gain from keeping
    # a stack's entries, which an earlier round did when every stack was written again at each change.
    base = STACK_CARDS + index * CARDS
    total = seen = 0
    for code in stack:
        if code < FACE_DOWN or own:
            card = code & CARD_MASK
            out[base + card] = 1.0
            total += RANK[card]
            seen += 1
    size = len(stack)
    out[STACK_HIDDEN + index] = (size - seen) / 13
    out[STACK_SIZE + index] = size / 13
    out[STACK_TOTAL + index] = capped(total / 13)


def _zones(out: Entries, state: DrumpState, me: int) -> None:
    _fill_zones(out, me, state)


def _pile(out: Entries, state: DrumpState, me: int) -> None:
    _fill_pile(out, state)


def _exchange(out: Entries, state: DrumpState, me: int) -> None:
    _fill_exchange(out, state.exchange)


def _turn(out: Entries, state: DrumpState, me: int) -> None:
    # `_fill_turn` and `_fill_deciding` written out for the state: this part is written at every
    # position, and the calls and the tuples handed to them were a good share of it.
    out[_PHASE_ENTRY[state.phase]] = 1.0
    out[TURN + (state.turn_seat != me)] = 1.0
    out[FIRST + (state.first_seat != me)] = 1.0
    slots_set = state.slots_set
    if slots_set:
        for slot in range(SLOTS):
            if slots_set >> slot & 1:
                out[SLOTS_SET + slot] = 1.0
    hands = state.hands
    extra, recycles = state.extra_jacks / 2, state.recycles / 2
    mine, theirs, turns = len(hands[me]) / 10, len(hands[1 - me]) / 10, state.turn_number / 50
    out[COUNTERS] = float(state.summoned)
    out[COUNTERS + 1] = extra if extra < 1.0 else 1.0
    out[COUNTERS + 2] = recycles if recycles < 1.0 else 1.0
    out[COUNTERS + 3] = float(state.burst_used)
    out[SIZES] = mine if mine < 1.0 else 1.0
    out[SIZES + 1] = theirs if theirs < 1.0 else 1.0
    out[SIZES + 2] = len(state.deck) / CARDS
    out[TURN_NUMBER] = turns if turns < 1.0 else 1.0
    if state.discarding == me:
        out[DECIDING] = 1.0
    if state.drawing == me:
        out[DECIDING + 1] = 1.0
    last = state.last_turn
    if last == me:
        out[DECIDING + 2] = 1.0
    elif last != NOBODY:
        out[LAYOUT.last_turn] = 1.0


#: The phase's entry by the phase's number.
_PHASE_ENTRY = tuple(_PHASE[name] for name in PHASE_NAMES)


PARTS = (
    # (Written again whole: updating the hand and the known cards row by row, or the pile by its new
    # cards, measured no faster, callgrind's instructions the same or more.)
    Part(sections(LAYOUT, "hand", "known_in_hand"), attrgetter("hands", "known"), _hands),
    _stack_part(0),
    _stack_part(1),
    # The zones apart from the pile: a zone changes at few positions (7% in random play), the pile at
    # most, and a part is written again whole.
    Part(sections(LAYOUT, "zones"), attrgetter("zones"), _zones),
    Part(sections(LAYOUT, "pile"), attrgetter("pile"), _pile),
    Part(sections(LAYOUT, "exchange", "pending_aces"), attrgetter("exchange"), _exchange),
    # The phase, turn and counters: a few numbers, written at every position.
    Part(
        sections(LAYOUT, "phase", "turn_counters") + sections(LAYOUT, "deciding", "turn_number"), None, _turn
    ),
)
#: `observe(view(state, me))`, read from the state without building the view (equal).
observe_state = observe_parts(LAYOUT, PARTS)


def _fill_stack(out: Entries, index: int, seen: list[int], size: int) -> None:
    base = STACK_CARDS + index * CARDS
    total = 0
    for card in seen:
        out[base + card] = 1.0
        total += RANK[card]
    out[STACK_HIDDEN + index] = (size - len(seen)) / 13
    out[STACK_SIZE + index] = size / 13
    out[STACK_TOTAL + index] = capped(total / 13)


def _fill_table(
    out: Entries, me: int, source: DrumpView | DrumpState, phase: str, sizes: tuple[int, ...], deck: int
) -> None:
    # `source` is a view or the state: these fields are the same in both.
    _fill_zones(out, me, source)
    _fill_pile(out, source)
    _fill_turn(out, me, source, phase, sizes, deck)
    _fill_exchange(out, source.exchange)


def _fill_zones(out: Entries, me: int, source: DrumpView | DrumpState) -> None:
    for place, seat in enumerate((me, 1 - me)):
        for card in source.zones[seat]:
            if card != NO_CARD:
                out[ZONES + place * CARDS + card] = 1.0


def _fill_pile(out: Entries, source: DrumpView | DrumpState) -> None:
    for card in source.pile:
        out[PILE + card] = 1.0


def _fill_turn(
    out: Entries, me: int, source: DrumpView | DrumpState, phase: str, sizes: tuple[int, ...], deck: int
) -> None:
    out[_PHASE[phase]] = 1.0
    out[TURN + (source.turn_seat != me)] = 1.0
    out[FIRST + (source.first_seat != me)] = 1.0
    slots_set = source.slots_set
    if slots_set:
        for slot in range(SLOTS):
            if slots_set >> slot & 1:
                out[SLOTS_SET + slot] = 1.0
    # `capped` written out: this part is filled in at every position, and a call per entry
    # is a good share of it.
    extra, recycles = source.extra_jacks / 2, source.recycles / 2
    mine, theirs, turns = sizes[me] / 10, sizes[1 - me] / 10, source.turn_number / 50
    out[COUNTERS] = float(source.summoned)
    out[COUNTERS + 1] = extra if extra < 1.0 else 1.0
    out[COUNTERS + 2] = recycles if recycles < 1.0 else 1.0
    out[COUNTERS + 3] = float(source.burst_used)
    out[SIZES] = mine if mine < 1.0 else 1.0
    out[SIZES + 1] = theirs if theirs < 1.0 else 1.0
    out[SIZES + 2] = deck / CARDS
    out[TURN_NUMBER] = turns if turns < 1.0 else 1.0


def _fill_exchange(out: Entries, exchange: Exchange | None) -> None:
    if exchange is not None:
        out[LAYOUT.exchange] = 1.0
        out[LAYOUT.exchange_slot + exchange.slot] = 1.0
        for card in exchange.cards:
            out[EXCHANGE_CARDS + card] = 1.0
        for ace in exchange.pending_aces:
            out[_ACE_SUIT[ace]] = 1.0
        if exchange.revealed:
            out[EXCHANGE_TOTALS] = 1.0
            out[EXCHANGE_TOTALS + 1] = capped(exchange.stack_total / 13)
        out[EXCHANGE_TOTALS + 2] = capped(exchange.attack_total / 13)
        out[EXCHANGE_TOTALS + 3] = capped(exchange.defense_total / 13)


def _fill_deciding(
    out: Entries, me: int, discarding: int | None, drawing: int | None, last: int | None
) -> None:
    if discarding == me:
        out[DECIDING] = 1.0
    if drawing == me:
        out[DECIDING + 1] = 1.0
    if last == me:
        out[DECIDING + 2] = 1.0
    elif last is not None:
        out[LAYOUT.last_turn] = 1.0


ACTION_DOC = (
    "The index of the action in `cardtable.games.drump.actions.ACTIONS` (793 ids): set (card, slot), "
    "summon (part, slot), Extra Jack (jack, ace), recycle and draw, recycle and take, burst (card, slot), "
    "ace value, block, counter, pass, discard, end, then receive, draw and decline."
)

ENCODING = Encoding(
    "drump", ACTIONS, LAYOUT, observe, ACTION_DOC, observe_state, observer=partial(Observer, LAYOUT, PARTS)
)
