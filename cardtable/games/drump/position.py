"""DRUMP positions as JSON: write any state, and start a match from a described one.

Seats and slots count from 1, cards are written as in the notation, and a
face-down stacked card is written with " down" after it.  The deck, top card
first, may be left out: the cards no other place holds are then shuffled by
the match's seed.  Empty stacks, zones, pile and the turn's counters may be
left out too.  A position that breaks a rule of the cards is refused with the
place and the reason.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from cardtable.core.game import NOBODY
from cardtable.core.positions import PositionReader
from cardtable.games.drump.burst import Exchange
from cardtable.games.drump.cards import (
    ACE,
    BODY_PARTS,
    DECK,
    IS_FORCE,
    IS_PART,
    NO_CARD,
    RANK,
    card_name,
    parse_card,
)
from cardtable.games.drump.endings import has_drump
from cardtable.games.drump.options import DRAW_OPTIONAL, OPTION_TABLE, DrumpOptions
from cardtable.games.drump.stacks import CARD_MASK, FACE_DOWN, STACK_LIMIT, stack_total
from cardtable.games.drump.state import (
    ACE_CHOICE,
    BLOCKING,
    COUNTERING,
    DEFENDING,
    DISCARDING,
    DRAW_CHOICE,
    MAIN,
    OVER,
    PHASE_NAMES,
    SEATS,
    SLOTS,
    DrumpState,
    empty_state,
)
from cardtable.games.drump.view import exchange_json, turn_json


def position_of(state: DrumpState) -> dict[str, Any]:
    """The whole state as JSON data, secrets included (the log is not kept)."""
    return {
        "game": "drump",
        "options": OPTION_TABLE.to_dict(state.options),
        "first_seat": state.first_seat + 1,
        "phase": PHASE_NAMES[state.phase],
        "turn": {"seat": state.turn_seat + 1, "number": state.turn_number, **turn_json(state)},
        "hands": [[card_name(card) for card in hand] for hand in state.hands],
        "known_in_hand": [
            [card_name(card) for card in hand if state.known[seat] >> card & 1]
            for seat, hand in enumerate(state.hands)
        ],
        "stacks": [[[_write_stacked(code) for code in stack] for stack in row] for row in state.stacks],
        "zones": [
            {
                part: (card_name(card) if card != NO_CARD else None)
                for part, card in zip(BODY_PARTS, row, strict=True)
            }
            for row in state.zones
        ],
        "pile": [card_name(card) for card in state.pile],
        "deck": [card_name(card) for card in state.deck],
        "exchange": exchange_json(state.exchange),
        "discarding": state.discarding + 1 if state.discarding != NOBODY else None,
        "drawing": state.drawing + 1 if state.drawing != NOBODY else None,
        "last_turn": state.last_turn + 1 if state.last_turn != NOBODY else None,
    }


def _write_stacked(code: int) -> str:
    name = card_name(code & CARD_MASK)
    return name if code < FACE_DOWN else f"{name} down"


def _reader(data: Any) -> PositionReader:
    return PositionReader(data, parse_card, card_name, SEATS, "write rank then suit, like 7h, Xs, As")


class _Fields(NamedTuple):
    """The position's values, each read once and checked for its type, before any card is placed."""

    hands: list[Any]
    known_in_hand: list[Any]
    stacks: list[Any]
    zones: list[Any]
    pile: list[Any]
    deck: list[Any] | None
    deck_size: int | None
    phase: str
    exchange: PositionReader | None
    discarding: int | None
    drawing: int | None
    last_turn: int | None


def state_from_position(data: Any, rng: random.Random, options: DrumpOptions | None = None) -> DrumpState:
    """A state from JSON data; `options`, when given, replace the position's own (or its preset's)."""
    reader = _reader(data)
    reader.check_game("drump")
    options = reader.options(OPTION_TABLE, options)
    first_seat = reader.seat(reader.field("first_seat", int, 1), "first_seat")
    state = empty_state(options, first_seat)
    _read_turn(reader, state)
    fields = _read_fields(reader)
    # Every key has been asked for: a misspelt one is refused by name before any card is checked.
    reader.refuse_unknown_keys()
    exchange_cards = _read_cards(reader, state, fields)
    _read_deck(reader, state, fields, rng)
    _read_phase(reader, state, fields, exchange_cards)
    _check_endings(reader, state, fields.last_turn)
    # The zones' own keys, read with their cards.
    reader.refuse_unknown_keys()
    return state


def _read_turn(reader: PositionReader, state: DrumpState) -> None:
    turn = reader.sub("turn")
    state.turn_seat = turn.seat(turn.field("seat", int, state.first_seat + 1), "seat")
    state.turn_number = turn.number("number", 1, 1)
    for slot in turn.field("slots_set", list, []):
        if slot not in (1, 2, 3, 4) or isinstance(slot, bool):
            raise turn.fail("slots_set", f"{slot!r} is not a slot (1 to 4)")
        state.slots_set |= 1 << (slot - 1)
    state.summoned = turn.field("summoned", bool, False)
    state.extra_jacks = turn.number("extra_jacks", 0, 0, state.options.extra_jack_limit)
    state.recycles = turn.number("recycles", 0, 0, state.options.recycle_limit)
    state.burst_used = turn.field("burst_used", bool, False)


def _read_fields(reader: PositionReader) -> _Fields:
    exchange = reader.field("exchange", (dict, type(None)), None)
    sub = None
    if exchange is not None:
        sub = reader.reader_of(exchange, "exchange")
        for name, kind in _EXCHANGE_FIELDS.items():
            sub.field(name, kind, None)
    return _Fields(
        hands=reader.per_seat("hands", [[], []]),
        known_in_hand=reader.per_seat("known_in_hand", [[], []]),
        stacks=reader.per_seat("stacks", [[[]] * SLOTS] * SEATS),
        zones=reader.per_seat("zones", [{}, {}]),
        pile=reader.field("pile", list, []),
        deck=reader.field("deck", (list, type(None)), None),
        deck_size=reader.field("deck_size", (int, type(None)), None),
        phase=reader.field("phase", str, "main"),
        exchange=sub,
        discarding=reader.field("discarding", (int, type(None)), None),
        drawing=reader.field("drawing", (int, type(None)), None),
        last_turn=reader.field("last_turn", (int, type(None)), None),
    )


#: The keys of an exchange under way, and their types.
_EXCHANGE_FIELDS: dict[str, type | tuple[type, ...]] = {
    "slot": int,
    "cards": list,
    "revealed": bool,
    "pending_aces": list,
    "stack_total": (int, type(None)),
    "attack_total": int,
    "defense_total": int,
}


def _read_cards(reader: PositionReader, state: DrumpState, fields: _Fields) -> tuple[int, ...]:
    """Place every card but the deck; returns the cards of the exchange under way, if any."""
    state.hands = tuple(  # type: ignore[assignment]
        reader.cards(hand, f"hands[{seat}]") for seat, hand in enumerate(fields.hands)
    )
    state.stacks = tuple(_read_stacks(reader, row, seat) for seat, row in enumerate(fields.stacks))
    state.zones = tuple(_read_zones(reader, state, row, seat) for seat, row in enumerate(fields.zones))
    state.pile = reader.cards(fields.pile, "pile")
    exchange_cards: tuple[int, ...] = ()
    sub = fields.exchange
    if sub is not None:
        exchange_cards = sub.cards(sub.field("cards", list), "cards")
        if not exchange_cards or not IS_FORCE[exchange_cards[0]]:
            raise sub.fail("cards", "should start with the attacking force card")
    _read_known(reader, state, fields.known_in_hand)
    return exchange_cards


def _read_known(reader: PositionReader, state: DrumpState, known: list[Any]) -> None:
    """The cards of each hand that both players know (parts taken back from the pile)."""
    masks = [0, 0]
    for seat, cards in enumerate(known):
        where = f"known_in_hand[{seat}]"
        if not isinstance(cards, list):
            raise reader.fail(where, "should be a list of cards of that hand")
        for text in cards:
            card = parse_card(text) if isinstance(text, str) else None
            if card is None or card not in state.hands[seat]:
                raise reader.fail(where, f"{text!r} is not a card of that hand")
            masks[seat] |= 1 << card
    state.known = (masks[0], masks[1])


def _read_stacks(reader: PositionReader, row: Any, seat: int) -> tuple[tuple[int, ...], ...]:
    if not isinstance(row, list) or len(row) != SLOTS:
        raise reader.fail(f"stacks[{seat}]", f"should be a list of {SLOTS} stacks")
    stacks = []
    for slot, stack in enumerate(row):
        where = f"stacks[{seat}][{slot}]"
        if not isinstance(stack, list):
            raise reader.fail(where, "should be a list of cards")
        codes = []
        for index, text in enumerate(stack):
            down = isinstance(text, str) and text.strip().lower().endswith(" down")
            card = reader.card(text.strip()[:-5] if down else text, f"{where}[{index}]")
            if not IS_FORCE[card]:
                raise reader.fail(
                    f"{where}[{index}]", f"{card_name(card)} is a monster part; stacks hold A-9"
                )
            if down and index == 0:
                raise reader.fail(where, "the bottom card of a stack is always face up")
            codes.append(card | FACE_DOWN if down else card)
        if stack_total(tuple(codes)) > STACK_LIMIT:
            raise reader.fail(where, f"totals {stack_total(tuple(codes))} with Aces as 1, over {STACK_LIMIT}")
        stacks.append(tuple(codes))
    return tuple(stacks)


def _read_zones(reader: PositionReader, state: DrumpState, row: Any, seat: int) -> tuple[int, ...]:
    where = f"zones[{seat}]"
    if not isinstance(row, dict) or set(row) - set(BODY_PARTS):
        raise reader.fail(where, f"should map body parts ({', '.join(BODY_PARTS)}) to a part or null")
    zone_reader = reader.reader_of(row, where)
    zones = []
    for zone, part in enumerate(BODY_PARTS):
        text = zone_reader.field(part, (str, type(None)), None)
        if text is None:
            zones.append(NO_CARD)
            continue
        card = zone_reader.card(text, part)
        if not IS_PART[card]:
            raise zone_reader.fail(part, f"{card_name(card)} is a force card, not a monster part")
        if state.part_zone[card] != zone:
            actual = BODY_PARTS[state.part_zone[card]]
            raise zone_reader.fail(part, f"{card_name(card)} is a {actual}, not a {part}")
        zones.append(card)
    return tuple(zones)


def _read_deck(reader: PositionReader, state: DrumpState, fields: _Fields, rng: random.Random) -> None:
    size = fields.deck_size
    if fields.deck is not None:
        state.deck = reader.cards(fields.deck, "deck")
        reader.missing(DECK, "deck")
        if size is not None and size != len(state.deck):
            raise reader.fail("deck_size", f"is {size}, but the deck given holds {len(state.deck)} cards")
        return
    rest = [card for card in DECK if card not in reader.seen]
    rng.shuffle(rest)
    state.deck = tuple(rest)
    if size is not None and size != len(rest):
        raise reader.fail("deck_size", f"is {size}, but {len(rest)} cards are placed nowhere else")


#: The phases in which a Burst is under way; in DRAW_CHOICE one may be, waiting for its sum.
_EXCHANGE_PHASES = (DEFENDING, ACE_CHOICE, BLOCKING, COUNTERING)


def _read_phase(
    reader: PositionReader, state: DrumpState, fields: _Fields, exchange_cards: tuple[int, ...]
) -> None:
    name = fields.phase
    if name not in PHASE_NAMES or name == PHASE_NAMES[OVER]:
        allowed = ", ".join(PHASE_NAMES[:OVER])
        raise reader.fail("phase", f"{name!r} is not one of {allowed}")
    state.phase = phase = PHASE_NAMES.index(name)
    options = state.options
    if phase == DEFENDING and not options.block_before_sum:
        raise reader.fail("phase", "the defend phase is played under the option block_before_sum only")
    if phase == DRAW_CHOICE and options.draw_after_win != DRAW_OPTIONAL:
        raise reader.fail("phase", "the draw phase is played under the option draw_after_win optional only")
    sub = fields.exchange
    if phase in _EXCHANGE_PHASES:
        if sub is None:
            raise reader.fail("exchange", f"the {name} phase needs the exchange under way")
        state.exchange = _read_exchange(sub, state, exchange_cards)
    elif sub is not None and phase == DRAW_CHOICE:
        # An attacker who beat the blocks before the sum chooses to draw, then the sum (PT, EN).
        state.exchange = _read_exchange(sub, state, exchange_cards)
        if state.exchange.revealed or len(exchange_cards) != 1:
            raise sub.fail("cards", "in the draw phase only an attack waiting for its sum is under way")
    elif sub is not None:
        phases = "defend, ace, block, counter and draw"
        raise reader.fail("exchange", f"an exchange is only under way in the {phases} phases")
    _read_deciding_seat(reader, state, fields)
    assert state.phase != MAIN or state.exchange is None


def _read_deciding_seat(reader: PositionReader, state: DrumpState, fields: _Fields) -> None:
    """The seat discarding (discard phase) or choosing to draw (draw phase)."""
    if state.phase == DISCARDING:
        state.discarding = reader.seat(fields.discarding, "discarding")
        if len(state.hands[state.discarding]) <= state.options.hand_limit:
            raise reader.fail("discarding", "that hand is not over the hand limit")
    elif fields.discarding is not None:
        raise reader.fail("discarding", "only the discard phase has a discarding seat")
    if state.phase == DRAW_CHOICE:
        state.drawing = reader.seat(fields.drawing, "drawing")
        if not state.deck:
            raise reader.fail("drawing", "the deck is empty: no draw to choose")
        if state.exchange is not None and state.drawing != state.turn_seat:
            raise reader.fail("drawing", "an attack waits for its sum: the attacker (the turn player) draws")
    elif fields.drawing is not None:
        raise reader.fail("drawing", "only the draw phase has a drawing seat")


def _read_exchange(sub: PositionReader, state: DrumpState, cards: tuple[int, ...]) -> Exchange:
    slot = sub.field("slot", int)
    if slot not in (1, 2, 3, 4):
        raise sub.fail("slot", f"{slot!r} is not a slot (1 to 4)")
    stack = state.stacks[1 - state.turn_seat][slot - 1]
    if not stack:
        raise sub.fail("slot", "the attacked stack is empty")
    revealed = sub.field("revealed", bool, True)
    if not revealed:
        return _read_unrevealed(sub, state, slot - 1, cards)
    if state.options.block_before_sum and state.phase != ACE_CHOICE:
        raise sub.fail("revealed", "under block_before_sum a revealed stack is summed at once, unanswered")
    if any(code >= FACE_DOWN for code in stack):
        raise sub.fail("slot", "a Burst reveals the attacked stack: no card there is face down")
    aces = tuple(
        parse_card(text) if isinstance(text, str) else None for text in sub.field("pending_aces", list, [])
    )
    if any(ace is None or ace not in stack or RANK[ace] != ACE for ace in aces):
        raise sub.fail("pending_aces", "should be Aces of the attacked stack")
    if (state.phase == ACE_CHOICE) != bool(aces):
        raise sub.fail("pending_aces", "Aces are counted in the ace phase, and only then")
    total = sub.field("stack_total", (int, type(None)), None)
    if total is None:
        total = stack_total(stack)
    return Exchange(
        slot - 1,
        cards,
        aces,  # type: ignore[arg-type]
        total,
        sub.field("attack_total", int, RANK[cards[0]]),
        sub.field("defense_total", int, total),
        True,
    )


def _read_unrevealed(sub: PositionReader, state: DrumpState, slot: int, cards: tuple[int, ...]) -> Exchange:
    """An exchange played before the sum (PT, `block_before_sum`): the stack is still hidden."""
    if not state.options.block_before_sum:
        raise sub.fail("revealed", "a stack is answered unrevealed under the option block_before_sum only")
    if state.phase == ACE_CHOICE:
        raise sub.fail("revealed", "Aces are counted once the stack is revealed")
    if state.phase == DEFENDING and len(cards) != 1:
        raise sub.fail("cards", "in the defend phase only the attacking card has been played")
    if sub.field("pending_aces", list, []):
        raise sub.fail("pending_aces", "a stack not yet revealed has no Aces to count")
    if sub.field("stack_total", (int, type(None)), None) is not None:
        raise sub.fail("stack_total", "a stack not yet revealed has no total")
    return Exchange(
        slot,
        cards,
        (),
        0,
        sub.field("attack_total", int, RANK[cards[0]]),
        sub.field("defense_total", int, 0),
        False,
    )


def _check_endings(reader: PositionReader, state: DrumpState, last: int | None) -> None:
    state.last_turn = NOBODY if last is None else reader.seat(last, "last_turn")
    drumps = [has_drump(zones) for zones in state.zones]
    if all(drumps):
        raise reader.fail("zones", "both players have DRUMP: that game is over")
    for seat, drump in enumerate(drumps):
        if drump and state.last_turn != 1 - seat:
            raise reader.fail(
                "last_turn", f"seat {seat + 1} has DRUMP, so seat {2 - seat} must be on its last turn"
            )
    if not any(drumps) and state.last_turn != NOBODY:
        raise reader.fail("last_turn", "no one has DRUMP, so no last turn is due")
