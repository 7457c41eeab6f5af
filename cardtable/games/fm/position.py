"""Duel positions as JSON: a duel about to start (two decks), or any moment of one.

A *start* gives each side's 40 cards (and, for an AI side, its hand window
and whether it sees face-down cards); the match's seed shuffles them and the
duel begins.  A *full* position gives everything: decks in order, hands, both
rows of zones, life points, terrain, the turn.  Cards are card numbers
(1-722); seats and zones count from 1.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.errors import PositionError
from cardtable.core.positions import PositionReader
from cardtable.games.fm.carddata import TERRAINS, card, cards
from cardtable.games.fm.decks import DeckError, check_deck, shuffled
from cardtable.games.fm.options import OPTION_TABLE, FmOptions
from cardtable.games.fm.rules import new_duel
from cardtable.games.fm.state import (
    HAND,
    NOBODY,
    OVER,
    PHASE_NAMES,
    SEATS,
    ZONES,
    FmState,
    Monster,
    Placement,
    SetCard,
)


def position_of(state: FmState) -> dict[str, Any]:
    """The whole duel as JSON data, secrets included (the log is not kept)."""
    pending = state.pending
    return {
        "game": "fm",
        "options": OPTION_TABLE.to_dict(state.options),
        "turn_seat": state.turn_seat + 1,
        "turn_number": list(state.turn_number),
        "phase": PHASE_NAMES[state.phase],
        "lp": list(state.lp),
        "terrain": TERRAINS[state.terrain],
        "decks": [list(deck) for deck in state.decks],
        "hands": [list(hand) for hand in state.hands],
        "monsters": [[None if m is None else dict(m._asdict()) for m in row] for row in state.monsters],
        "magic": [[None if entry is None else entry.card for entry in row] for row in state.magic],
        "graveyards": [list(row) for row in state.graveyards],
        "picks": [pick + 1 for pick in state.picks],
        "pending": None if pending is None else dict(pending._asdict()),
        "used_attacks": state.used_attacks,
        "switched": state.switched,
        "locks": list(state.locks),
        "windows": list(state.windows),
        "sees_face_down": list(state.sees_face_down),
        "counters": [list(row) for row in state.counters],
    }


def _parse_card(text: str) -> int | None:
    return int(text) if text.isdigit() and int(text) in cards() else None


def _reader(data: Any) -> PositionReader:
    # Cards may appear many times in a duel (three copies each): no one-place check.
    return PositionReader(
        data,
        _parse_card,
        lambda c: card(c).name,
        SEATS,
        "a card number from 1 to 722",
        identity=lambda c: id(object()),
    )


def _card_list(reader: PositionReader, value: Any, where: str, signed: bool = False) -> tuple[int, ...]:
    """A list of card numbers; `signed` lists (graveyards) keep a card never shown as its negative."""
    if signed and isinstance(value, list):
        _card_list(
            reader, [abs(c) if isinstance(c, int) and not isinstance(c, bool) else c for c in value], where
        )
        return tuple(value)
    if not isinstance(value, list) or any(
        isinstance(c, bool) or not isinstance(c, int) or c not in cards() for c in value
    ):
        raise reader.fail(where, "should be a list of card numbers from 1 to 722")
    return tuple(value)


def state_from_position(data: Any, rng: random.Random, options: FmOptions | None = None) -> FmState:
    """A duel from JSON data: a start (shuffled by `rng`) or a full position."""
    reader = _reader(data)
    if data.get("game", "fm") != "fm":
        raise reader.fail("game", f"{data['game']!r} is not fm")
    options = reader.options(OPTION_TABLE, options)
    windows = tuple(reader.per_seat("windows", [HAND, HAND]))
    if any(isinstance(w, bool) or not isinstance(w, int) or not HAND <= w <= 20 for w in windows):
        raise reader.fail("windows", "a hand window is 5 to 20 cards")
    sees = tuple(reader.per_seat("sees_face_down", [False, False]))
    if any(not isinstance(value, bool) for value in sees):
        raise reader.fail("sees_face_down", "one true/false per seat")
    if "hands" not in data:
        decks = reader.per_seat("decks", None)  # type: ignore[arg-type]
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
            windows,
            sees,
            first,
        )
    return _full(reader, options, windows, sees)


def _full(
    reader: PositionReader, options: FmOptions, windows: tuple[int, int], sees: tuple[bool, bool]
) -> FmState:
    state = FmState.__new__(FmState)
    state.options = options
    state.windows = windows
    state.sees_face_down = sees
    state.decks = tuple(
        _card_list(reader, deck, f"decks[{s}]") for s, deck in enumerate(reader.per_seat("decks", [[], []]))
    )
    state.hands = tuple(
        _card_list(reader, hand, f"hands[{s}]") for s, hand in enumerate(reader.per_seat("hands", [[], []]))
    )
    state.graveyards = tuple(
        _card_list(reader, row, f"graveyards[{s}]", signed=True)
        for s, row in enumerate(reader.per_seat("graveyards", [[], []]))
    )
    state.monsters = tuple(
        _monsters(reader, row, seat)
        for seat, row in enumerate(reader.per_seat("monsters", [[None] * ZONES] * 2))
    )
    state.magic = tuple(
        _magic(reader, row, seat) for seat, row in enumerate(reader.per_seat("magic", [[None] * ZONES] * 2))
    )
    lp = reader.per_seat("lp", [options.starting_lp] * 2)
    if any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= options.starting_lp for v in lp):
        raise reader.fail("lp", f"life points run from 1 to {options.starting_lp}")
    state.lp = tuple(lp)
    terrain = reader.field("terrain", str, "normal")
    if terrain not in TERRAINS:
        raise reader.fail("terrain", f"{terrain!r} is not one of {', '.join(TERRAINS)}")
    state.terrain = TERRAINS.index(terrain)
    state.turn_seat = reader.seat(reader.field("turn_seat", int, 1), "turn_seat")
    numbers = reader.per_seat("turn_number", [1, 0] if state.turn_seat == 0 else [0, 1])
    state.turn_number = tuple(int(n) for n in numbers)
    phase = reader.field("phase", str, "pick")
    if phase not in PHASE_NAMES or phase == PHASE_NAMES[OVER]:
        raise reader.fail("phase", f"{phase!r} is not one of pick, place, battle")
    state.phase = PHASE_NAMES.index(phase)
    picks = reader.field("picks", list, [])
    if any(isinstance(p, bool) or not isinstance(p, int) or p < 1 for p in picks):
        raise reader.fail("picks", "picks are hand positions from 1, or 101-105 for monster zones")
    state.picks = tuple(p - 1 for p in picks)
    pending = reader.field("pending", (dict, type(None)), None)
    state.pending = (
        None
        if pending is None
        else Placement(
            int(pending["card"]),
            int(pending.get("bonus", 0)),
            bool(pending.get("face_up", True)),
            int(pending.get("zone", NOBODY)),
        )
    )
    if (state.phase == PHASE_NAMES.index("place")) != (state.pending is not None):
        raise reader.fail("pending", "a monster waits to be placed exactly in the place phase")
    state.used_attacks = reader.number("used_attacks", 0, 0, 31)
    state.switched = reader.number("switched", 0, 0, 31)
    state.locks = tuple(reader.per_seat("locks", [0, 0]))
    state.counters = tuple(tuple(row) for row in reader.per_seat("counters", [[0] * 8, [0] * 8]))
    state.result = None
    state.win_reason = ""
    state.logs = (None,) * (SEATS + 1)
    state.log_length = 0
    for seat in range(SEATS):
        total = (
            len(state.decks[seat])
            + len(state.hands[seat])
            + len(state.graveyards[seat])
            + sum(m is not None for m in state.monsters[seat])
            + sum(e is not None for e in state.magic[seat])
        )
        if total > 60:
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
        try:
            monster = Monster(**entry)
        except TypeError as error:
            raise reader.fail(f"monsters[{seat}][{zone}]", str(error)) from None
        if monster.card not in cards() or not card(monster.card).is_monster:
            raise reader.fail(f"monsters[{seat}][{zone}]", f"{monster.card!r} is not a monster card")
        if monster.star not in (0, 1):
            raise reader.fail(f"monsters[{seat}][{zone}]", "star is 0 or 1")
        found.append(monster)
    return tuple(found)


def _magic(reader: PositionReader, row: Any, seat: int) -> tuple[SetCard | None, ...]:
    if not isinstance(row, list) or len(row) != ZONES:
        raise reader.fail(f"magic[{seat}]", f"should list {ZONES} zones")
    found: list[SetCard | None] = []
    for zone, entry in enumerate(row):
        if entry is None:
            found.append(None)
        elif (
            isinstance(entry, int)
            and entry in cards()
            and card(entry).kind in ("magic", "field", "ritual", "trap")
        ):
            found.append(SetCard(entry))
        else:
            raise reader.fail(f"magic[{seat}][{zone}]", f"{entry!r} is not a magic, ritual or trap card")
    return tuple(found)
