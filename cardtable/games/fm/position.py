"""Duel positions as JSON: a duel about to start (two decks), or any moment of one.

A *start* gives each side's 40 cards (and, for an AI side, its hand window
and whether it sees face-down cards); the match's seed shuffles them and the
duel begins.  A *full* position (one with `hands`) gives everything: decks in
order, hands, both rows of zones, life points, terrain, the turn.  Cards are
card numbers (1-722); seats, zones, hand positions and guardian stars count
from 1.  `position.schema.json` describes every key, and
`position.template.jsonc` is an example to copy.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.errors import PositionError
from cardtable.core.positions import PositionReader
from cardtable.games.fm.carddata import SETTABLE_KINDS, TERRAINS, card, cards, duelists
from cardtable.games.fm.decks import DeckError, check_deck, shuffled
from cardtable.games.fm.magic import LASTING_TURNS
from cardtable.games.fm.options import MOST_WEAKENING_TURNS, OPTION_TABLE, FmOptions
from cardtable.games.fm.rules import legal_actions
from cardtable.games.fm.state import (
    COUNTER_NAMES,
    FIELD_PICK,
    HAND,
    OVER,
    PHASE_NAMES,
    PICKING,
    PLACING,
    SEATS,
    ZONES,
    FmState,
    Monster,
    Placement,
    SetCard,
)
from cardtable.games.fm.turn import new_duel
from cardtable.games.fm.view import card_label

#: The largest hand window (a duelist's AI may pick from the top of its deck too).
MAX_WINDOW = 20
#: Cards one side may have in a full position: a 40-card deck, and what fusions and rituals made.
MAX_CARDS = 60


def _zones(mask: int) -> list[int]:
    return [zone + 1 for zone in range(ZONES) if mask >> zone & 1]


def position_of(state: FmState) -> dict[str, Any]:
    """The whole duel as JSON data, secrets included (the log is not kept)."""
    state.deal_all()
    pending = state.pending
    position: dict[str, Any] = {
        "game": "fm",
        "options": OPTION_TABLE.to_dict(state.options),
        "turn_seat": state.turn_seat + 1,
        "turn_number": list(state.turn_number),
        "phase": PHASE_NAMES[state.phase],
        "lp": list(state.lp),
        "terrain": TERRAINS[state.terrain],
        "decks": [list(deck) for deck in state.decks],
        "hands": [list(hand) for hand in state.hands],
        "monsters": [[None if m is None else _monster_json(m) for m in row] for row in state.monsters],
        "magic": [[None if entry is None else entry.card for entry in row] for row in state.magic],
        "graveyards": [list(row) for row in state.graveyards],
        "picks": [pick + 1 for pick in state.picks],
        "pending": None
        if pending is None
        else {
            "card": pending.card,
            "bonus": pending.bonus,
            "face_up": pending.face_up,
            "zone": None if pending.zone is None else pending.zone + 1,
        },
        "used_attacks": _zones(state.used_attacks),
        "switched": _zones(state.switched),
        "locks": list(state.locks),
        "windows": list(state.windows),
        "sees_face_down": list(state.sees_face_down),
        "counters": [dict(zip(COUNTER_NAMES, row, strict=True)) for row in state.counters],
    }
    if any(named is not None for named in state.duelists):
        # Only a duel against a named duelist says so: positions written before the key existed (and
        # the replays and stored tables whose start they fix) read and write as they did.
        position["duelists"] = list(state.duelists)
    return position


def _monster_json(monster: Monster) -> dict[str, Any]:
    return {
        "card": monster.card,
        "attack": monster.attack,
        "face_up": monster.face_up,
        "star": monster.star + 1,
        "bonus": monster.bonus,
        "weakened": monster.weakened,
        "weak_turns": monster.weak_turns,
    }


def _reader(data: Any) -> PositionReader:
    # A card may be in a duel three times, so cards are read here, not through the one-place check.
    return PositionReader(data, lambda text: None, card_label, SEATS, "a card number from 1 to 722")


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card_list(reader: PositionReader, value: Any, where: str, signed: bool = False) -> tuple[int, ...]:
    """A list of card numbers; `signed` lists (graveyards) keep a card never shown as its negative."""
    if not isinstance(value, list) or any(
        not _is_number(c) or (abs(c) if signed else c) not in cards() for c in value
    ):
        raise reader.fail(where, "should be a list of card numbers from 1 to 722")
    return tuple(value)


def _numbers(
    reader: PositionReader, name: str, default: int, low: int, high: int, meaning: str
) -> tuple[int, ...]:
    """One whole number per seat, each within bounds; `meaning` says the bounds in words."""
    values = reader.per_seat(name, [default] * SEATS)
    if any(not _is_number(v) or not low <= v <= high for v in values):
        raise reader.fail(name, f"{meaning} (one number per seat)")
    return tuple(values)


def state_from_position(data: Any, rng: random.Random, options: FmOptions | None = None) -> FmState:
    """A duel from JSON data: a start (shuffled by `rng`) or a full position."""
    reader = _reader(data)
    reader.check_game("fm")
    options = reader.options(OPTION_TABLE, options)
    window_size = f"a hand window is {HAND} to {MAX_WINDOW} cards"
    windows = _numbers(reader, "windows", HAND, HAND, MAX_WINDOW, window_size)
    sees = tuple(reader.per_seat("sees_face_down", [False] * SEATS))
    if any(not isinstance(value, bool) for value in sees):
        raise reader.fail("sees_face_down", "one true/false per seat")
    named = tuple(reader.per_seat("duelists", [None] * SEATS))
    if any(d is not None and (not _is_number(d) or d not in duelists()) for d in named):
        raise reader.fail("duelists", f"one duelist number (1-{len(duelists())}) or null per seat")
    if "hands" in data:
        state = _full(reader, options, windows, sees)
    else:
        state = _start(reader, options, windows, sees, rng)
    state.duelists = named
    reader.refuse_unknown_keys()
    if not legal_actions(state):
        seat, phase = state.turn_seat + 1, PHASE_NAMES[state.phase]
        raise reader.fail("hands", f"seat {seat} is to act in the {phase} phase but can do nothing")
    return state


def _start(
    reader: PositionReader,
    options: FmOptions,
    windows: tuple[int, ...],
    sees: tuple[bool, ...],
    rng: random.Random,
) -> FmState:
    decks = reader.per_seat("decks")
    try:
        checked = [
            check_deck(_card_list(reader, deck, f"decks[{seat}]"), f"seat {seat + 1}'s deck")
            for seat, deck in enumerate(decks)
        ]
    except DeckError as error:
        raise PositionError(f"position decks: {error}") from None
    first = reader.seat(reader.field("first_seat", int, 1), "first_seat")
    return new_duel(
        options,
        (shuffled(checked[0], rng), shuffled(checked[1], rng)),
        (windows[0], windows[1]),
        (sees[0], sees[1]),
        first,
    )


def _full(
    reader: PositionReader, options: FmOptions, windows: tuple[int, ...], sees: tuple[bool, ...]
) -> FmState:
    state = FmState.__new__(FmState)
    state.options = options
    state.windows = windows
    state.sees_face_down = sees
    state.decks = tuple(
        _card_list(reader, deck, f"decks[{s}]") for s, deck in enumerate(reader.per_seat("decks", [[], []]))
    )
    state.undealt = (0, 0)
    state.undealt_decks = None
    state.hands = tuple(
        _card_list(reader, hand, f"hands[{s}]") for s, hand in enumerate(reader.per_seat("hands", [[], []]))
    )
    for seat, hand in enumerate(state.hands):
        if len(hand) > HAND:
            raise reader.fail(f"hands[{seat}]", f"a hand holds at most {HAND} cards, not {len(hand)}")
    state.graveyards = tuple(
        _card_list(reader, row, f"graveyards[{s}]", signed=True)
        for s, row in enumerate(reader.per_seat("graveyards", [[], []]))
    )
    state.monsters = tuple(
        _monsters(reader, row, seat)
        for seat, row in enumerate(reader.per_seat("monsters", [[None] * ZONES] * SEATS))
    )
    state.magic = tuple(
        _magic(reader, row, seat)
        for seat, row in enumerate(reader.per_seat("magic", [[None] * ZONES] * SEATS))
    )
    most = options.starting_lp
    state.lp = _numbers(reader, "lp", most, 1, most, f"life points run from 1 to {most}")
    terrain = reader.field("terrain", str, "normal")
    if terrain not in TERRAINS:
        raise reader.fail("terrain", f"{terrain!r} is not one of {', '.join(TERRAINS)}")
    state.terrain = TERRAINS.index(terrain)
    state.turn_seat = reader.seat(reader.field("turn_seat", int, 1), "turn_seat")
    first_turns = [1, 0] if state.turn_seat == 0 else [0, 1]
    state.turn_number = tuple(reader.per_seat("turn_number", first_turns))
    if any(not _is_number(n) or n < 0 for n in state.turn_number):
        raise reader.fail("turn_number", "one whole number per seat, 0 or more")
    phase = reader.field("phase", str, "pick")
    if phase not in PHASE_NAMES or phase == PHASE_NAMES[OVER]:
        raise reader.fail("phase", f"{phase!r} is not one of pick, place, battle")
    state.phase = PHASE_NAMES.index(phase)
    state.picks = _picks(reader, state)
    state.pending = _pending(reader, state)
    state.used_attacks = _zone_set(reader, "used_attacks")
    state.switched = _zone_set(reader, "switched")
    locked = f"monsters are kept from attacking for 0 to {LASTING_TURNS} turns"
    state.locks = _numbers(reader, "locks", 0, 0, LASTING_TURNS, locked)
    state.counters = _counters(reader)
    state.result = None
    state.ending = None
    state.start_logs(SEATS)
    for seat in range(SEATS):
        total = (
            len(state.decks[seat])
            + len(state.hands[seat])
            + len(state.graveyards[seat])
            + sum(m is not None for m in state.monsters[seat])
            + sum(e is not None for e in state.magic[seat])
        )
        if total > MAX_CARDS:
            raise reader.fail(
                f"decks[{seat}]", f"seat {seat + 1} has {total} cards in play; a duel has about 40 a side"
            )
    return state


def _monsters(reader: PositionReader, row: Any, seat: int) -> tuple[Monster | None, ...]:
    if not isinstance(row, list) or len(row) != ZONES:
        raise reader.fail(f"monsters[{seat}]", f"should list {ZONES} zones")
    found: list[Monster | None] = []
    for zone, entry in enumerate(row):
        if entry is None:
            found.append(None)
            continue
        where = f"monsters[{seat}][{zone}]"
        item = reader.reader_of(entry, where)
        monster_card = item.field("card", int)
        if monster_card not in cards() or not card(monster_card).is_monster:
            raise reader.fail(f"{where}.card", f"{monster_card!r} is not a monster card")
        star = item.field("star", int, 1)
        if star not in (1, 2):
            raise reader.fail(f"{where}.star", "a monster has guardian stars 1 and 2")
        found.append(
            Monster(
                monster_card,
                item.field("attack", bool, True),
                item.field("face_up", bool, True),
                star - 1,
                item.field("bonus", int, 0),
                item.number("weakened", 0, 0),
                item.number("weak_turns", 0, 0, MOST_WEAKENING_TURNS),
            )
        )
    return tuple(found)


def _magic(reader: PositionReader, row: Any, seat: int) -> tuple[SetCard | None, ...]:
    if not isinstance(row, list) or len(row) != ZONES:
        raise reader.fail(f"magic[{seat}]", f"should list {ZONES} zones")
    found: list[SetCard | None] = []
    for zone, entry in enumerate(row):
        if entry is None:
            found.append(None)
        elif _is_number(entry) and entry in cards() and card(entry).kind in SETTABLE_KINDS:
            found.append(SetCard(entry))
        else:
            raise reader.fail(
                f"magic[{seat}][{zone}]", f"{entry!r} is not a magic, field, equip, ritual or trap card"
            )
    return tuple(found)


def _picks(reader: PositionReader, state: FmState) -> tuple[int, ...]:
    """The cards picked so far this turn: hand positions from 1, then FIELD_PICK + 1 + zone for a monster."""
    picks = reader.field("picks", list, [])
    if picks and state.phase != PICKING:
        raise reader.fail("picks", "cards are picked only in the pick phase")
    window = len(state.window(state.turn_seat))
    for index, pick in enumerate(picks):
        zone = pick - FIELD_PICK - 1 if _is_number(pick) else -1
        if _is_number(pick) and 0 <= zone < ZONES:
            if index > 0:
                raise reader.fail("picks", "a monster on the field can only start a combination")
            if state.monsters[state.turn_seat][zone] is None:
                raise reader.fail("picks", f"{pick} names monster zone {zone + 1}, which is empty")
        elif not _is_number(pick) or not 1 <= pick <= window:
            raise reader.fail(
                "picks", f"{pick!r} is not a hand position (1 to {window}) or a monster zone (101 to 105)"
            )
    if len(set(picks)) != len(picks):
        raise reader.fail("picks", "a card is picked once")
    return tuple(pick - 1 for pick in picks)


def _pending(reader: PositionReader, state: FmState) -> Placement | None:
    """The monster waiting to be placed, exactly in the place phase."""
    value = reader.field("pending", (dict, type(None)), None)
    if (state.phase == PLACING) != (value is not None):
        raise reader.fail("pending", "a monster waits to be placed exactly in the place phase")
    if value is None:
        return None
    item = reader.reader_of(value, "pending")
    pending_card = item.field("card", int)
    if pending_card not in cards() or not card(pending_card).is_monster:
        raise reader.fail("pending.card", f"{pending_card!r} is not a monster card")
    zone = item.field("zone", (int, type(None)), None)
    if zone is not None:
        if isinstance(zone, bool) or not 1 <= zone <= ZONES:
            raise reader.fail("pending.zone", f"{zone!r} is not a monster zone (1 to {ZONES}) or null")
        if state.monsters[state.turn_seat][zone - 1] is not None:
            raise reader.fail("pending.zone", f"the monster was made in zone {zone}, which must be empty")
    return Placement(
        pending_card,
        item.field("bonus", int, 0),
        item.field("face_up", bool, True),
        None if zone is None else zone - 1,
    )


def _zone_set(reader: PositionReader, name: str) -> int:
    """A list of the turn player's monster zones (from 1), kept as a bitmask."""
    zones = reader.field(name, list, [])
    if any(not _is_number(zone) or not 1 <= zone <= ZONES for zone in zones):
        raise reader.fail(name, f"should list monster zones from 1 to {ZONES}")
    mask = 0
    for zone in zones:
        mask |= 1 << (zone - 1)
    return mask


def _counters(reader: PositionReader) -> tuple[tuple[int, ...], ...]:
    """Each seat's rank counters, by name; a counter left out is 0."""
    rows = reader.per_seat("counters", [{}] * SEATS)
    items = [reader.reader_of(row, f"counters[{seat}]") for seat, row in enumerate(rows)]
    return tuple(tuple(item.number(name, 0, 0) for name in COUNTER_NAMES) for item in items)
