"""Scout positions as JSON: any state written whole, and a match started from a described one.

Seats count from 1 and hand positions from the left.  Cards held or on the
table are written top/bottom (`7/3`); captured and set-aside cards low/high.
Every card in play for the number of players must be placed exactly once.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.game import NOBODY
from cardtable.core.pairs import card_name, card_of, code_name, parse_code
from cardtable.core.positions import PositionReader
from cardtable.core.round_positions import read_round_seats, read_round_totals, round_seats, round_totals
from cardtable.games.scout.options import OPTION_TABLE, ScoutOptions
from cardtable.games.scout.rules import MAX_SEATS, MIN_SEATS, deck_for, hand_size, legal_actions, rounds_for
from cardtable.games.scout.state import OVER, PHASE_NAMES, SHOWING, ScoutState


def position_of(state: ScoutState) -> dict[str, Any]:
    """The whole state as JSON data, secrets included (the log is not kept)."""
    return {
        "game": "scout",
        "options": OPTION_TABLE.to_dict(state.options),
        **round_seats(state),
        "phase": PHASE_NAMES[state.phase],
        "hands": [[code_name(code) for code in hand] for hand in state.hands],
        "known_in_hand": [
            [card_name(code >> 1) for code in hand if state.known[seat] >> (code >> 1) & 1]
            for seat, hand in enumerate(state.hands)
        ],
        "active": [code_name(code) for code in state.active],
        "owner": None if state.owner == NOBODY else state.owner + 1,
        "captured": [[card_name(card) for card in cards] for cards in state.captured],
        "aside": [card_name(card) for card in state.aside],
        "aside_seen": [
            [card_name(card) for card in sorted(state.aside) if mask >> card & 1] for mask in state.aside_seen
        ],
        "tokens": list(state.tokens),
        "chips": list(state.chips),
        "scouts_in_row": state.scouts_in_row,
        **round_totals(state),
    }


def state_from_position(data: Any, rng: random.Random, options: ScoutOptions | None = None) -> ScoutState:
    """A state from JSON data; `options`, when given, replace the position's own."""
    # Cards may be written either way round; the reader keeps the orientation given.
    reader = PositionReader(data, parse_code, code_name, MAX_SEATS, "write top/bottom, like 7/3", card_of)
    reader.check_game("scout")
    hands_data = reader.seats_from("hands", MIN_SEATS, MAX_SEATS, "hand")
    seats = reader.seats
    state = ScoutState.__new__(ScoutState)
    state.options = reader.options(OPTION_TABLE, options)
    state.seats = seats
    state.rounds = rounds_for(state.options, seats)
    read_round_seats(reader, state, state.rounds)
    phase = reader.field("phase", str, "play")
    if phase not in PHASE_NAMES or phase == PHASE_NAMES[OVER]:
        raise reader.fail("phase", f"{phase!r} is not one of orient, play, show")
    state.phase = PHASE_NAMES.index(phase)
    state.hands = tuple(reader.cards(hand, f"hands[{seat}]") for seat, hand in enumerate(hands_data))
    state.active = reader.cards(reader.field("active", list, []), "active")
    owner = reader.field("owner", (int, type(None)), None)
    state.owner = NOBODY if owner is None else reader.seat(owner, "owner")
    captured = reader.per_seat("captured", [[]] * seats)
    state.captured = tuple(
        tuple(card_of(code) for code in reader.cards(cards, f"captured[{seat}]"))
        for seat, cards in enumerate(captured)
    )
    state.aside = tuple(card_of(code) for code in reader.cards(reader.field("aside", list, []), "aside"))
    held = [{card_of(code) for code in hand} for hand in state.hands]
    state.known = _read_card_sets(reader, "known_in_hand", held, "is not a card of that hand")
    aside = [set(state.aside)] * seats
    state.aside_seen = _read_card_sets(reader, "aside_seen", aside, "is not a card set aside")
    two = seats == 2
    tokens = reader.per_seat("tokens", [state.options.two_player_tokens if two else 0] * seats)
    if any(isinstance(value, bool) or not isinstance(value, int) or value < 0 for value in tokens):
        raise reader.fail("tokens", "tokens are counts, 0 or more")
    state.tokens = tuple(tokens)
    chips = reader.per_seat("chips", [not two] * seats)
    if any(not isinstance(value, bool) for value in chips) or (two and any(chips)):
        raise reader.fail("chips", "one true/false per seat, and no Scout & Show chips with two players")
    state.chips = tuple(chips)
    state.scouts_in_row = reader.number("scouts_in_row", 0, 0, max(0, seats - 2))
    read_round_totals(reader, state, rng, negative_scores=True)
    # Every key is read: refuse a misspelt one before checking the position as a whole.
    reader.refuse_unknown_keys()
    reader.missing(tuple(card * 2 for card in deck_for(seats)), "hands")
    dealt = hand_size(seats) * seats
    if two and state.round + 1 < state.rounds and len(state.aside) < dealt:
        raise reader.fail(
            "aside",
            f"{len(state.aside)} cards set aside: with two players the next round is dealt from them, "
            f"{dealt} cards",
        )
    if state.active and state.owner == NOBODY:
        raise reader.fail("owner", "an active set needs its owner")
    if state.phase == SHOWING and state.chips[state.turn_seat]:
        raise reader.fail("phase", "the show phase follows a Scout & Show, which spends the chip")
    state.result = None
    state.start_logs(seats)
    state.round_log_start = 0
    if not legal_actions(state):
        raise reader.fail("turn_seat", "that seat can neither Show nor Scout: the round would be over")
    return state


def _read_card_sets(
    reader: PositionReader, name: str, allowed: list[set[int]], reason: str
) -> tuple[int, ...]:
    """Per seat, a list of cards each among that seat's `allowed` ones, read as a bitmask of cards."""
    masks = []
    for seat, cards in enumerate(reader.per_seat(name, [[]] * len(allowed))):
        mask = 0
        for text in cards if isinstance(cards, list) else [None]:
            code = parse_code(text) if isinstance(text, str) else None
            if code is None or card_of(code) not in allowed[seat]:
                raise reader.fail(f"{name}[{seat}]", f"{text!r} {reason}")
            mask |= 1 << card_of(code)
        masks.append(mask)
    return tuple(masks)
