"""dnup positions as JSON: any state written whole, and a match started from a described one.

Seats count from 1; cards are written top/bottom.  Every card is placed
exactly once: in a hand, on the table, in the discards, or aside (not dealt).
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.pairs import CARDS, TOP, card_name, card_of, code_name, parse_code
from cardtable.core.positions import PositionReader
from cardtable.core.round_positions import read_round_seats, read_round_totals, round_seats, round_totals
from cardtable.games.dnup.options import OPTION_TABLE, DnupOptions
from cardtable.games.dnup.rules import MAX_SEATS, MIN_SEATS, outs_ending_round, round_turn_limit
from cardtable.games.dnup.state import OVER, PHASE_NAMES, DnupState


def position_of(state: DnupState) -> dict[str, Any]:
    """The whole state as JSON data, secrets included (the log is not kept)."""
    return {
        "game": "dnup",
        "options": OPTION_TABLE.to_dict(state.options),
        **round_seats(state),
        "turns": state.turns,
        "hands": [[code_name(code) for code in hand] for hand in state.hands],
        "known_in_hand": [
            [code_name(code) for code in hand if state.known[seat] >> (code >> 1) & 1]
            for seat, hand in enumerate(state.hands)
        ],
        "tables": [[code_name(code) for code in cards] for cards in state.tables],
        "discards": [code_name(code) for code in state.discards],
        "aside": [card_name(card) for card in state.aside],
        "out": [seat + 1 for seat in state.out],
        **round_totals(state),
    }


def state_from_position(data: Any, rng: random.Random, options: DnupOptions | None = None) -> DnupState:
    """A state from JSON data; `options`, when given, replace the position's own."""
    reader = PositionReader(data, parse_code, code_name, MAX_SEATS, "write top/bottom, like 5/2", card_of)
    reader.check_game("dnup")
    hands_data = reader.seats_from("hands", MIN_SEATS, MAX_SEATS, "hand")
    seats = reader.seats
    state = DnupState.__new__(DnupState)
    state.options = reader.options(OPTION_TABLE, options)
    state.seats = seats
    read_round_seats(reader, state, None)
    state.turns = reader.number("turns", 0, 0)
    state.phase = PHASE_NAMES.index("play")
    state.hands = tuple(
        tuple(sorted(reader.cards(hand, f"hands[{seat}]"))) for seat, hand in enumerate(hands_data)
    )
    tables = reader.per_seat("tables", [[]] * seats)
    state.tables = tuple(reader.cards(cards, f"tables[{seat}]") for seat, cards in enumerate(tables))
    for seat, cards in enumerate(state.tables):
        if len({TOP[code] for code in cards}) > 1:
            raise reader.fail(f"tables[{seat}]", "the cards in front of a player show one value")
    state.discards = reader.cards(reader.field("discards", list, []), "discards")
    state.aside = tuple(card_of(code) for code in reader.cards(reader.field("aside", list, []), "aside"))
    out = reader.field("out", list, [])
    state.out = tuple(reader.seat(seat, "out") for seat in out)
    _read_known(reader, state)
    read_round_totals(reader, state, rng, negative_scores=False)
    # Every key is read: refuse a misspelt one before checking the position as a whole.
    reader.refuse_unknown_keys()
    reader.missing(tuple(card * 2 for card in CARDS), "aside")
    _check_round_goes_on(reader, state)
    state.result = None
    state.start_logs(seats)
    state.round_log_start = 0
    assert state.phase != OVER
    return state


def _check_round_goes_on(reader: PositionReader, state: DnupState) -> None:
    """Refuse a position whose round or game would already be over, or whose turn cannot be played."""
    if len(set(state.out)) != len(state.out) or any(state.hands[seat] for seat in state.out):
        raise reader.fail("out", "seats out have empty hands, each listed once")
    emptied = [seat + 1 for seat, hand in enumerate(state.hands) if not hand and seat not in state.out]
    if emptied:
        raise reader.fail("out", f"seat {emptied[0]} has emptied its hand: it is out, so list it")
    if len(state.out) >= outs_ending_round(state.options, state.seats):
        raise reader.fail("out", "that many players out would have ended the round")
    if state.turn_seat in state.out or not state.hands[state.turn_seat]:
        raise reader.fail("turn_seat", "the seat to play must still hold cards")
    if state.tables[state.turn_seat]:
        raise reader.fail("tables", "the seat to play has already discarded what lay in front of it")
    limit = round_turn_limit(state.options, state.seats)
    if limit is not None and state.turns >= limit:
        raise reader.fail(
            "turns",
            f"{state.turns} turns: with {state.seats} players option turn_limit "
            f"{state.options.turn_limit} ends the round after {limit}",
        )
    if max(state.scores) >= state.options.target:
        raise reader.fail("scores", f"someone already has {state.options.target} points: the game is over")


def _read_known(reader: PositionReader, state: DnupState) -> None:
    known = reader.per_seat("known_in_hand", [[]] * state.seats)
    masks = []
    for seat, cards in enumerate(known):
        mask = 0
        for text in cards if isinstance(cards, list) else [None]:
            code = parse_code(text) if isinstance(text, str) else None
            if code is None or code not in state.hands[seat]:
                raise reader.fail(f"known_in_hand[{seat}]", f"{text!r} is not a card of that hand")
            mask |= 1 << card_of(code)
        masks.append(mask)
    state.known = tuple(masks)
