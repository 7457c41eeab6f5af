"""Crazy Eights positions as JSON: any state written whole, and a match started from a described one.

Seats count from 1; cards are written as the notation writes them (`8h`).
Every card is placed exactly once: in a hand, in the discards, or in the
stock (listed from its top down; left out, every card placed nowhere else,
shuffled).
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.chance import shuffle
from cardtable.core.positions import PositionReader
from cardtable.games.crazy_eights.cards import (
    DECK,
    IS_EIGHT,
    SUIT,
    SUIT_LETTERS,
    card_name,
    parse_card,
    parse_suit,
)
from cardtable.games.crazy_eights.options import OPTION_TABLE, CrazyEightsOptions
from cardtable.games.crazy_eights.rules import MAX_SEATS, MIN_SEATS, options_refusal, passes_to_block
from cardtable.games.crazy_eights.state import NAMING, OVER, PHASE_NAMES, PLAYING, CrazyEightsState

HINT = "rank then suit, like 8h or Xs"


def position_of(state: CrazyEightsState) -> dict[str, Any]:
    """The whole state as JSON data, secrets included (the log is not kept)."""
    return {
        "game": "crazy_eights",
        "options": OPTION_TABLE.to_dict(state.options),
        "first_seat": state.first_seat + 1,
        "turn_seat": state.turn_seat + 1,
        "phase": PHASE_NAMES[state.phase],
        "hands": [[card_name(card) for card in hand] for hand in state.hands],
        "discards": [card_name(card) for card in state.discards],
        "suit": SUIT_LETTERS[state.suit],
        "stock": [card_name(card) for card in reversed(state.stock)],
        "draws": state.draws,
        "passes": state.passes,
        "plays": state.plays,
        "reshuffles": state.reshuffles,
        "chance_seed": state.chance_seed,
    }


def state_from_position(
    data: Any, rng: random.Random, options: CrazyEightsOptions | None = None
) -> CrazyEightsState:
    """A state from JSON data; `options`, when given, replace the position's own."""
    reader = PositionReader(data, parse_card, card_name, MAX_SEATS, HINT)
    reader.check_game("crazy_eights")
    hands_data = reader.seats_from("hands", MIN_SEATS, MAX_SEATS, "hand")
    seats = reader.seats
    state = CrazyEightsState()
    state.options = reader.options(OPTION_TABLE, options)
    state.seats = seats
    state.first_seat = reader.seat(reader.field("first_seat", int, 1), "first_seat")
    state.turn_seat = reader.seat(reader.field("turn_seat", int, state.first_seat + 1), "turn_seat")
    phase = reader.field("phase", str, "play")
    if phase not in ("play", "name"):
        raise reader.fail("phase", f"{phase!r} is not play or name (a finished game is no position)")
    state.phase = PHASE_NAMES.index(phase)
    state.hands = tuple(
        tuple(sorted(reader.cards(hand, f"hands[{seat}]"))) for seat, hand in enumerate(hands_data)
    )
    state.discards = reader.cards(reader.field("discards", list), "discards")
    if not state.discards:
        raise reader.fail("discards", "the discards hold at least the starter, face up")
    suit_text = reader.field("suit", str, SUIT_LETTERS[SUIT[state.discards[-1]]])
    suit = parse_suit(suit_text)
    if suit is None:
        raise reader.fail("suit", f"{suit_text!r} is not a suit (c, d, h, s)")
    state.suit = suit
    if "stock" in reader.data:
        state.stock = tuple(reversed(reader.cards(reader.field("stock", list), "stock")))
    else:
        reader.asked.add("stock")
        placed = {card for hand in state.hands for card in hand} | set(state.discards)
        rest = [card for card in DECK if card not in placed]
        shuffle(rng, rest)
        state.stock = tuple(rest)
        for card in rest:
            reader.seen[card] = "stock"
    state.draws = reader.number("draws", 0, 0)
    state.passes = reader.number("passes", 0, 0)
    state.plays = reader.number("plays", 0, 0)
    state.reshuffles = reader.number("reshuffles", 0, 0)
    state.chance_seed = reader.field("chance_seed", int, rng.getrandbits(63))
    # Every key is read: refuse a misspelt one before checking the position as a whole.
    reader.refuse_unknown_keys()
    reader.missing(DECK, "stock")
    _check_game_goes_on(reader, state)
    state.result = None
    state.start_logs(seats)
    assert state.phase != OVER
    return state


def _check_game_goes_on(reader: PositionReader, state: CrazyEightsState) -> None:
    """Refuse a position whose game would already be over, or whose counters the rules never reach."""
    options = state.options
    refusal = options_refusal(options)
    if refusal:
        raise reader.fail("options", refusal)
    emptied = [seat + 1 for seat, hand in enumerate(state.hands) if not hand]
    if emptied:
        raise reader.fail("hands", f"seat {emptied[0]} has emptied its hand: the game would be over")
    top = state.discards[-1]
    if state.phase == NAMING and not IS_EIGHT[top]:
        raise reader.fail("phase", f"a suit is named after an eight, and the top card is {card_name(top)}")
    if state.phase == PLAYING and not IS_EIGHT[top] and state.suit != SUIT[top]:
        raise reader.fail(
            "suit", f"only after an eight may the suit to follow differ from {card_name(top)}'s"
        )
    if state.phase == NAMING and state.draws:
        raise reader.fail("draws", "playing an eight ends the drawing: no draws count while naming")
    if options.max_draws is not None and state.draws > options.max_draws:
        raise reader.fail("draws", f"{state.draws} draws: option max_draws allows {options.max_draws}")
    if state.passes and state.stock:
        raise reader.fail("passes", "passes are counted in a row with the stock empty, and it is not")
    if state.passes >= passes_to_block(options, state.seats):
        raise reader.fail("passes", f"{state.passes} passes in a row would have blocked the game")
    if options.play_limit is not None and state.plays >= options.play_limit:
        raise reader.fail(
            "plays", f"{state.plays} plays: option play_limit ends the game at {options.play_limit}"
        )
