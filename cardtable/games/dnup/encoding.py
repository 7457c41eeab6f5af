"""dnup's encoding: a fixed table of every possible action (the game interns plays as they occur).

Cards are oriented codes, card * 2 + turned (`core/pairs.py`): 90 codes, the
number on top first in the notation.  Seat parts hold five seats, the observer
first, then round the table; actions name seats as the game does (absolute,
from 0), so the observation also says which seat the observer is.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

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


def observe_state(state: DnupState, me: int) -> Observation:
    """`observe(view(state, me))`, read from the state without building the view (the environments' path).

    It reads what the view holds and nothing more: the observer's hand and the cards of hands everyone
    knows.
    """
    out = new_entries(LAYOUT)
    hands, known = state.hands, state.known
    known_in_hand = [
        [code for code in hand if known[owner] >> (code >> 1) & 1] for owner, hand in enumerate(hands)
    ]
    sizes = [len(hand) for hand in hands]
    _fill(out, me, state, hands[me], known_in_hand, sizes, PHASE_NAMES[state.phase], len(state.aside))
    return finished(out)


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
        cards = source.tables[seat]
        if cards:
            table = TABLES + place * CODE_COUNT
            for code in cards:
                out[table + code] = 1.0
            out[SHAPE + 2 * place] = len(cards) / 9
            out[SHAPE + 2 * place + 1] = TOP[cards[0]] / 10
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

ENCODING = Encoding("dnup", ACTIONS, LAYOUT, observe, ACTION_DOC, observe_state)
