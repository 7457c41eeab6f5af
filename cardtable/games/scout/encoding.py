"""Scout's encoding: ids are the indexes of `games/scout/actions.ACTIONS`; the observation below.

A hand is ordered (a show takes adjacent cards), so the observer's hand is
encoded position by position, each card by the number on top and the number
below.  Elsewhere a card is its pair's number (`core/pairs.py`: 1/2 is 0,
1/3 is 1, ... 9/10 is 44).  Seat parts hold five seats, the observer first, then round the table
in turn order; seats a smaller table lacks stay 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from operator import attrgetter

from cardtable.bots.learned.encoding import (
    Block,
    Encoding,
    Entries,
    Layout,
    Observation,
    block_of,
    capped,
    clamped,
    finished,
    new_block,
    new_entries,
    relative_seats,
)
from cardtable.bots.learned.observer import Observer, Part, observe_parts, sections
from cardtable.core.game import NOBODY
from cardtable.core.pairs import BOTTOM, TOP
from cardtable.games.scout.actions import ACTIONS, MAX_HAND
from cardtable.games.scout.state import PHASE_NAMES, ScoutState
from cardtable.games.scout.view import ScoutView

CARDS = 45
SEATS = 5
NUMBERS = 10

LAYOUT = Layout(
    [
        (
            "hand",
            MAX_HAND * 2 * NUMBERS,
            "per hand position (left first), one-hot top number, one-hot bottom number",
        ),
        (
            "active_ends",
            4 * NUMBERS,
            "one-hot: the active set's left card top, left bottom, right top, right bottom",
        ),
        (
            "active_numbers",
            NUMBERS,
            "per number, how many cards of the active set show it / 10 (capped at 1)",
        ),
        ("active_shape", 2, "cards in the active set / 10 (capped at 1), 1 if it is a set (all one number)"),
        ("owner", SEATS, "one-hot: the seat owning the active set"),
        ("seats", SEATS, "1 for each seat at the table"),
        ("known_in_hand", SEATS * CARDS, "per seat, 1 for each card (pair number) all know it holds"),
        ("aside_seen", CARDS, "1 for each set-aside card the observer has seen (2 players)"),
        ("hand_sizes", SEATS, "per seat, cards in hand / 15 (capped at 1)"),
        ("captured", SEATS, "per seat, cards captured this round / 15 (capped at 1)"),
        ("tokens", SEATS, "per seat, Scout tokens this round / 10 (capped at 1)"),
        ("chips", SEATS, "per seat, 1 while its Scout & Show chip is unused"),
        ("scores", SEATS, "per seat, points from rounds already over / 20", True),
        ("start", SEATS, "one-hot: the seat that started the round"),
        ("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES)),
        (
            "progress",
            4,
            "round / rounds, scouts in a row / 5, cards set aside / 45, rounds / 5 (each capped at 1)",
        ),
    ]
)
HAND, ENDS, NUMBERS_SHOWN, SHAPE = LAYOUT.hand, LAYOUT.active_ends, LAYOUT.active_numbers, LAYOUT.active_shape
KNOWN, HAND_SIZES, CAPTURED, TOKENS = LAYOUT.known_in_hand, LAYOUT.hand_sizes, LAYOUT.captured, LAYOUT.tokens
CHIPS, SCORES, PROGRESS = LAYOUT.chips, LAYOUT.scores, LAYOUT.progress
_PHASE = {name: LAYOUT.phase + index for index, name in enumerate(PHASE_NAMES)}
#: Per oriented code: its top number's entry and its bottom number's entry within a hand position.
_TOP_ENTRY = tuple(TOP[code] - 1 for code in range(2 * CARDS))
_BOTTOM_ENTRY = tuple(NUMBERS + BOTTOM[code] - 1 for code in range(2 * CARDS))


def observe(view: ScoutView) -> Observation:
    """The observation of a Scout view (its seat must not be a spectator)."""
    me = view.own_seat("an observation")
    out = new_entries(LAYOUT)
    _fill(out, me, view, view.hand, view.known_in_hand, view.hand_sizes, view.owner, view.phase)
    for card in view.aside_seen[me]:
        out[LAYOUT.aside_seen + card] = 1.0
    out[PROGRESS + 2] = view.aside_size / CARDS
    return finished(out)


# The observation read from the state, part by part (`observer.py`), without building the view: each
# part names the fields it reads, so that the environments rewrite only the parts an action changed.
# It reads what the view holds and nothing more: the observer's hand, the cards of hands everyone
# knows, and the set-aside cards the observer has seen.


def _hand(out: Entries, state: ScoutState, me: int) -> None:
    at = HAND
    for code in state.hands[me]:
        out[at + _TOP_ENTRY[code]] = 1.0
        out[at + _BOTTOM_ENTRY[code]] = 1.0
        at += 2 * NUMBERS


def _active(out: Entries, state: ScoutState, me: int) -> None:
    active = state.active
    if active:
        block = _ACTIVE_BLOCKS.get(active)
        if block is None:
            if len(_ACTIVE_BLOCKS) >= _ACTIVE_BLOCKS_KEPT:
                _ACTIVE_BLOCKS.clear()
            entries = new_entries(LAYOUT)
            _fill_active(entries, active)
            block = _ACTIVE_BLOCKS[active] = block_of(entries, ENDS, SHAPE + 2)
        out[ENDS : SHAPE + 2] = block
    if state.owner != NOBODY:
        out[LAYOUT.owner + (state.owner - me) % state.seats] = 1.0


#: The active set's entries by the set: every seat sees each set, at a few positions each.
_ACTIVE_BLOCKS: dict[tuple[int, ...], Block] = {}
#: How many are kept at most (then forgotten, all at once).
_ACTIVE_BLOCKS_KEPT = 4096


def _known(out: Entries, state: ScoutState, me: int) -> None:
    _fill_known(out, state.known, state.seats, me)


def _fill_known(out: Entries, known: tuple[int, ...], seats: int, me: int) -> None:
    for place in range(seats):
        out[LAYOUT.seats + place] = 1.0
        # A known card is one of its hand's (the rules clear its bit when it is shown): the bits alone
        # say which entries are 1.
        cards, at = known[(me + place) % seats], KNOWN + place * CARDS
        while cards:
            low = cards & -cards
            out[at + low.bit_length() - 1] = 1.0
            cards ^= low


def _update_known(
    out: Entries, old: tuple[tuple[int, ...], int], new: tuple[tuple[int, ...], int], me: int
) -> None:
    # Only the bits that changed, of the seats whose known cards changed (a card scouted or shown).
    (was, seats), (known, now_seats) = old, new
    if now_seats != seats:
        out[LAYOUT.seats : KNOWN + SEATS * CARDS] = _NO_KNOWN
        _fill_known(out, known, now_seats, me)
        return
    for place in range(seats):
        seat = (me + place) % seats
        cards = known[seat]
        changed = cards ^ was[seat]
        at = KNOWN + place * CARDS
        while changed:
            low = changed & -changed
            out[at + low.bit_length() - 1] = 1.0 if cards & low else 0.0
            changed ^= low


#: The part's entries all 0.
_NO_KNOWN = new_block(SEATS + SEATS * CARDS)


def _aside(out: Entries, state: ScoutState, me: int) -> None:
    seen = state.aside_seen[me]
    if seen:
        for card in state.aside:
            if seen >> card & 1:
                out[LAYOUT.aside_seen + card] = 1.0


def _table(out: Entries, state: ScoutState, me: int) -> None:
    seats = state.seats
    hands, captured, tokens, chips, scores = (
        state.hands,
        state.captured,
        state.tokens,
        state.chips,
        state.scores,
    )
    # Capped as `capped` and `clamped` do, written out: this part is written at every position, and a
    # call per entry was most of its cost.
    for place in range(seats):
        seat = (me + place) % seats
        size, taken, got, score = (
            len(hands[seat]) / 15,
            len(captured[seat]) / 15,
            tokens[seat] / 10,
            scores[seat] / 20,
        )
        out[HAND_SIZES + place] = size if size < 1.0 else 1.0
        out[CAPTURED + place] = taken if taken < 1.0 else 1.0
        out[TOKENS + place] = got if got < 1.0 else 1.0
        out[CHIPS + place] = float(chips[seat])
        out[SCORES + place] = -1.0 if score < -1.0 else score if score < 1.0 else 1.0
    out[LAYOUT.start + (state.start_seat - me) % seats] = 1.0
    out[_PHASE[PHASE_NAMES[state.phase]]] = 1.0
    progress, in_row, rounds = state.round / (state.rounds or 1), state.scouts_in_row / 5, state.rounds / 5
    out[PROGRESS] = progress if progress < 1.0 else 1.0
    out[PROGRESS + 1] = in_row if in_row < 1.0 else 1.0
    out[PROGRESS + 2] = len(state.aside) / CARDS
    out[PROGRESS + 3] = rounds if rounds < 1.0 else 1.0


PARTS = (
    Part(sections(LAYOUT, "hand"), lambda state, me: state.hands[me], _hand, by_seat=True),
    Part(sections(LAYOUT, "active_ends", "owner"), attrgetter("active", "owner", "seats"), _active),
    Part(
        sections(LAYOUT, "seats", "known_in_hand"),
        attrgetter("known", "seats"),
        _known,
        update=_update_known,
    ),
    Part(sections(LAYOUT, "aside_seen"), attrgetter("aside", "aside_seen"), _aside),
    # Sizes, scores, the phase and the round's progress: a few numbers, written at every position.
    Part(sections(LAYOUT, "hand_sizes", "progress"), None, _table),
)
#: `observe(view(state, me))`, read from the state without building the view (equal).
observe_state = observe_parts(LAYOUT, PARTS)


def _fill(
    out: Entries,
    me: int,
    source: ScoutView | ScoutState,
    hand: Sequence[int],
    known_in_hand: Sequence[Sequence[int]],
    hand_sizes: Sequence[int],
    owner: int | None,
    phase: str,
) -> None:
    # `source` is a view or the state: the fields read from it are the same in both.
    at = HAND
    for code in hand:
        out[at + _TOP_ENTRY[code]] = 1.0
        out[at + _BOTTOM_ENTRY[code]] = 1.0
        at += 2 * NUMBERS
    _fill_active(out, source.active)
    order = relative_seats(me, source.seats)
    for place, seat in enumerate(order):
        out[LAYOUT.seats + place] = 1.0
        known = KNOWN + place * CARDS
        for card in known_in_hand[seat]:
            out[known + card] = 1.0
        out[HAND_SIZES + place] = capped(hand_sizes[seat] / 15)
        out[CAPTURED + place] = capped(len(source.captured[seat]) / 15)
        out[TOKENS + place] = capped(source.tokens[seat] / 10)
        out[CHIPS + place] = float(source.chips[seat])
        out[SCORES + place] = clamped(source.scores[seat] / 20)
    if owner is not None:
        out[LAYOUT.owner + order.index(owner)] = 1.0
    out[LAYOUT.start + order.index(source.start_seat)] = 1.0
    out[_PHASE[phase]] = 1.0
    out[PROGRESS] = capped(source.round / (source.rounds or 1))
    out[PROGRESS + 1] = capped(source.scouts_in_row / 5)
    out[PROGRESS + 3] = capped(source.rounds / 5)


def _fill_active(out: Entries, active: Sequence[int]) -> None:
    if active:
        left, right = active[0], active[-1]
        out[ENDS + TOP[left] - 1] = 1.0
        out[ENDS + 10 + BOTTOM[left] - 1] = 1.0
        out[ENDS + 20 + TOP[right] - 1] = 1.0
        out[ENDS + 30 + BOTTOM[right] - 1] = 1.0
        tops = [TOP[code] for code in active]
        for number in set(tops):
            out[NUMBERS_SHOWN + number - 1] = capped(tops.count(number) / 10)
        out[SHAPE] = capped(len(active) / 10)
        out[SHAPE + 1] = float(len(set(tops)) == 1)


ACTION_DOC = (
    "The index of the action in `cardtable.games.scout.actions.ACTIONS` (1,406 ids): 0 keep, 1 turn, "
    "then every show (first, last) of hand positions 1-45, first <= last, by first then last (1,035 ids), "
    "then every scout: Scout & Show chip (no, yes), end (left, right), turned (no, yes), position 1-46 "
    "(368 ids), then decline."
)

ENCODING = Encoding(
    "scout", ACTIONS, LAYOUT, observe, ACTION_DOC, observe_state, observer=partial(Observer, LAYOUT, PARTS)
)
