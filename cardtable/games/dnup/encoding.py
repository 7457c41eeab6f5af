"""dnup's encoding: a fixed table of every possible action (the game interns plays as they occur).

Cards are oriented codes, card * 2 + turned (`core/pairs.py`): 90 codes, the
number on top first in the notation.  Seat parts hold five seats, the observer
first, then round the table; actions name seats as the game does (absolute,
from 0), so the observation also says which seat the observer is.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from itertools import combinations
from operator import attrgetter

from cardtable.bots.learned.encoding import (
    Encoding,
    Entries,
    Layout,
    Observation,
    capped,
    finished,
    new_entries,
    relative_seats,
)
from cardtable.bots.learned.observer import Observer, Part, observe_parts, sections, update_cards
from cardtable.core.pairs import CODES, TOP
from cardtable.games.dnup.actions import ADD_TABLE, MAX_SEATS, ROTATE_ACTION, TAKE_TABLE, Action, play_of
from cardtable.games.dnup.state import PHASE_NAMES, DnupState
from cardtable.games.dnup.view import DnupView

SEATS = MAX_SEATS
NUMBERS = 10


def _every_action() -> tuple[Action, ...]:
    """Rotate; take seat 1-5; add (code, seat); then every play, by value, then by size, then in order."""
    plays: list[Action] = []
    for value in range(1, NUMBERS + 1):
        showing = [code for code in CODES if TOP[code] == value]
        for size in range(1, len(showing) + 1):
            plays.extend(play_of(cards) for cards in combinations(showing, size))
    adds = [ADD_TABLE[code][seat] for code in CODES for seat in range(SEATS)]
    return (ROTATE_ACTION, *TAKE_TABLE, *adds, *plays)


ACTIONS = _every_action()
CODE_COUNT = len(CODES)

LAYOUT = Layout(
    [
        ("hand", CODE_COUNT, "1 for each oriented card in the observer's hand"),
        ("seat", SEATS, "one-hot: the observer's own seat (actions name seats absolutely)"),
        ("seats", SEATS, "1 for each seat at the table"),
        ("known_in_hand", SEATS * CODE_COUNT, "per seat, 1 for each oriented card all know it holds"),
        ("tables", SEATS * CODE_COUNT, "per seat, 1 for each oriented card lying in front of it"),
        ("table_shape", SEATS * 2, "per seat, cards in front of it / 9, their value / 10"),
        ("discards", CODE_COUNT, "1 for each oriented card discarded this round"),
        ("hand_sizes", SEATS, "per seat, cards in hand / 20 (capped at 1)"),
        ("out", SEATS * 2, "per seat, 1 if it went out first, 1 if it went out second"),
        ("scores", SEATS, "per seat, points / the target (capped at 1)"),
        ("start", SEATS, "one-hot: the seat that started the round"),
        ("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES)),
        (
            "progress",
            3,
            "round / 10, turns this round / (60 x seats), cards not dealt / 45 (each capped at 1)",
        ),
    ]
)
HAND, KNOWN, TABLES, SHAPE = LAYOUT.hand, LAYOUT.known_in_hand, LAYOUT.tables, LAYOUT.table_shape
HAND_SIZES, SCORES, OUT, PROGRESS = LAYOUT.hand_sizes, LAYOUT.scores, LAYOUT.out, LAYOUT.progress
_PHASE = {name: LAYOUT.phase + index for index, name in enumerate(PHASE_NAMES)}


def observe(view: DnupView) -> Observation:
    """The observation of a dnup view (its seat must not be a spectator)."""
    me = view.own_seat("an observation")
    out = new_entries(LAYOUT)
    _fill(out, me, view, view.hand, view.known_in_hand, view.hand_sizes, view.phase, view.aside_size)
    return finished(out)


# The observation read from the state, part by part (`observer.py`), without building the view: each
# part names the fields it reads, so that the environments rewrite only the parts an action changed.
# It reads what the view holds and nothing more: the observer's hand and the cards of hands everyone
# knows.


def _hand(out: Entries, state: DnupState, me: int) -> None:
    for code in state.hands[me]:
        out[HAND + code] = 1.0


def _known(out: Entries, state: DnupState, me: int) -> None:
    out[LAYOUT.seat + me] = 1.0
    hands, known, seats = state.hands, state.known, state.seats
    for place in range(seats):
        seat = (me + place) % seats
        out[LAYOUT.seats + place] = 1.0
        cards = known[seat]
        if cards:
            at = KNOWN + place * CODE_COUNT
            for code in hands[seat]:
                if cards >> (code >> 1) & 1:
                    out[at + code] = 1.0


def _known_key(state: DnupState) -> object:
    # No card known: nothing to write but the seats, however the hands change.  (Written again whole
    # when the key changes: between two turns of a seat, every seat's hand has usually changed, and
    # updating row by row measured slower.)
    known = state.known
    return (state.hands, known) if any(known) else state.seats


def _tables(out: Entries, state: DnupState, me: int) -> None:
    seats = state.seats
    for place in range(seats):
        _fill_table_cards(out, place, state.tables[(me + place) % seats])


def _fill_table_cards(out: Entries, place: int, cards: tuple[int, ...]) -> None:
    """The cards on the table of the seat `place` seats after the observer, and their shape."""
    if cards:
        table = TABLES + place * CODE_COUNT
        for code in cards:
            out[table + code] = 1.0
        out[SHAPE + 2 * place] = len(cards) / 9
        out[SHAPE + 2 * place + 1] = TOP[cards[0]] / 10


def _discards(out: Entries, state: DnupState, me: int) -> None:
    for code in state.discards:
        out[LAYOUT.discards + code] = 1.0


def _update_discards(out: Entries, old: tuple[int, ...], new: tuple[int, ...], me: int) -> None:
    # The discards grow at their end through a round.
    update_cards(out, LAYOUT.discards, old, new)


def _table(out: Entries, state: DnupState, me: int) -> None:
    seats, hands, scores = state.seats, state.hands, state.scores
    target = state.options.target or 1
    # Capped as `capped` does, written out: this part is written at every position, and a call per
    # entry was much of its cost.
    for place in range(seats):
        seat = (me + place) % seats
        size, score = len(hands[seat]) / 20, scores[seat] / target
        out[HAND_SIZES + place] = size if size < 1.0 else 1.0
        out[SCORES + place] = score if score < 1.0 else 1.0
    for rank, seat in enumerate(state.out):
        out[OUT + 2 * ((seat - me) % seats) + (rank if rank < 1 else 1)] = 1.0
    out[LAYOUT.start + (state.start_seat - me) % seats] = 1.0
    out[_PHASE[PHASE_NAMES[state.phase]]] = 1.0
    progress, turns = state.round / 10, state.turns / (60 * seats)
    out[PROGRESS] = progress if progress < 1.0 else 1.0
    out[PROGRESS + 1] = turns if turns < 1.0 else 1.0
    out[PROGRESS + 2] = len(state.aside) / 45


PARTS = (
    Part(sections(LAYOUT, "hand"), lambda state, me: state.hands[me], _hand, by_seat=True),
    Part(sections(LAYOUT, "seat", "known_in_hand"), _known_key, _known),
    # (Written again whole: updating row by row measured slower, as for the known cards.)
    Part(sections(LAYOUT, "tables", "table_shape"), attrgetter("tables", "seats"), _tables),
    Part(sections(LAYOUT, "discards"), attrgetter("discards"), _discards, update=_update_discards),
    # Sizes, scores, the phase and the round's progress: a few numbers, written at every position.
    Part(sections(LAYOUT, "hand_sizes", "progress"), None, _table),
)
#: `observe(view(state, me))`, read from the state without building the view (equal).
observe_state = observe_parts(LAYOUT, PARTS)


def _fill(
    out: Entries,
    me: int,
    source: DnupView | DnupState,
    hand: Sequence[int],
    known_in_hand: Sequence[Sequence[int]],
    hand_sizes: Sequence[int],
    phase: str,
    aside_size: int,
) -> None:
    # `source` is a view or the state: the fields read from it are the same in both.
    for code in hand:
        out[HAND + code] = 1.0
    out[LAYOUT.seat + me] = 1.0
    order = relative_seats(me, source.seats)
    target = source.options.target or 1
    for place, seat in enumerate(order):
        out[LAYOUT.seats + place] = 1.0
        known = KNOWN + place * CODE_COUNT
        for code in known_in_hand[seat]:
            out[known + code] = 1.0
        _fill_table_cards(out, place, source.tables[seat])
        out[HAND_SIZES + place] = capped(hand_sizes[seat] / 20)
        out[SCORES + place] = capped(source.scores[seat] / target)
    for rank, seat in enumerate(source.out):
        out[OUT + 2 * order.index(seat) + min(rank, 1)] = 1.0
    for code in source.discards:
        out[LAYOUT.discards + code] = 1.0
    out[LAYOUT.start + order.index(source.start_seat)] = 1.0
    out[_PHASE[phase]] = 1.0
    out[PROGRESS] = capped(source.round / 10)
    out[PROGRESS + 1] = capped(source.turns / (60 * source.seats))
    out[PROGRESS + 2] = aside_size / 45


ACTION_DOC = (
    f"A table of its own ({len(ACTIONS):,} ids): 0 rotate; 1-5 take the cards of seat 1-5; then add "
    "(card code 0-89, seat 1-5), code by code (450 ids); then every play: by the value shown (1-10), "
    "then by the number of cards (1-9), then the cards' codes in increasing order, as "
    "`itertools.combinations` lists them (5,110 ids)."
)

ENCODING = Encoding(
    "dnup", ACTIONS, LAYOUT, observe, ACTION_DOC, observe_state, observer=partial(Observer, LAYOUT, PARTS)
)
