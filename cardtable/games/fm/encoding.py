"""The Forbidden Memories duel's encoding: ids are the indexes of `games/fm/actions.ACTIONS`.

A pick names a place in the observer's window (hand first, then the top of
its deck for duelists with a larger window), so the window is encoded place
by place.  A card is described by its features rather than its number (722
cards): kind, ATK, DEF, level, monster type, guardian stars, attribute.
Seat parts list the observer first, then the opponent.
"""

from __future__ import annotations

from functools import partial
from operator import attrgetter

from cardtable.bots.learned.encoding import (
    Block,
    Encoding,
    Entries,
    Layout,
    Observation,
    capped,
    clamped,
    finished,
    new_block,
    new_entries,
)
from cardtable.bots.learned.observer import Observer, Part, observe_parts, sections
from cardtable.games.fm.actions import ACTIONS, MAX_WINDOW
from cardtable.games.fm.carddata import MONSTER_TYPES, STARS, TERRAINS, CardKind, cards
from cardtable.games.fm.combat import active_star, attack_of, defence_of
from cardtable.games.fm.state import COUNTER_NAMES, FIELD_PICK, PHASE_NAMES, ZONES, FmState, Monster
from cardtable.games.fm.view import FmView, SeenMonster

SEATS = 2
KINDS = tuple(CardKind)
ATTRIBUTES = ("Earth", "Dark", "Water", "Light", "Wind", "Fire")
#: A card's features: kind, ATK, DEF, level, monster type, guardian stars, attribute.
CARD = len(KINDS) + 3 + len(MONSTER_TYPES) + len(STARS) + len(ATTRIBUTES)
#: A monster zone: present, attack position, face up, card known, the card, its ATK and DEF now,
#: equip bonus, weakening and its turns, the active guardian star.
MONSTER = 4 + CARD + 5 + len(STARS)
#: A magic zone: holds a card, the card known, the card.
MAGIC = 2 + CARD


def _card_table() -> dict[int, Block]:
    """Each card's features by card number."""
    table = {}
    for number, card in cards().items():
        row = table[number] = new_block(CARD)
        row[KINDS.index(card.kind)] = 1.0
        at = len(KINDS)
        row[at], row[at + 1], row[at + 2] = card.atk / 5000, card.defence / 5000, (card.level or 0) / 12
        at += 3
        if card.type in MONSTER_TYPES:
            row[at + MONSTER_TYPES.index(card.type)] = 1.0
        at += len(MONSTER_TYPES)
        for star in card.stars or ():
            row[at + STARS.index(star)] = 1.0
        at += len(STARS)
        if card.attribute in ATTRIBUTES:
            row[at + ATTRIBUTES.index(card.attribute)] = 1.0
    return table


FEATURES = _card_table()

LAYOUT = Layout(
    [
        ("window", MAX_WINDOW * CARD, "per window place (h1 first), the card's features (0 when empty)"),
        ("window_present", MAX_WINDOW, "1 for each window place holding a card"),
        ("picked", MAX_WINDOW + ZONES, "1 for each window place, then own monster zone, picked this turn"),
        ("pick_count", 1, "cards picked this turn / 5 (capped at 1)"),
        (
            "monsters",
            SEATS * ZONES * MONSTER,
            "per seat and zone: present, attack position, face up, card "
            "known, its features, ATK / 5000, DEF / 5000, equip bonus / 2000, weakening / 2000 and its "
            "turns / 3, one-hot active guardian star (features, stats and star 0 when unknown; counts capped "
            "at 1, the bonus signed)",
            True,
        ),
        ("magic", SEATS * ZONES * MAGIC, "per seat and zone: holds a card, card known, its features"),
        (
            "pending",
            3 + CARD,
            "a monster waiting to be placed: present, face up, bonus / 2000 (signed), its features",
            True,
        ),
        ("life_points", SEATS, "per seat, life points / 10000"),
        ("sizes", SEATS * 3, "per seat, cards in hand / 5, in deck / 40, used up / 40 (capped at 1)"),
        ("terrain", len(TERRAINS), "one-hot: " + ", ".join(TERRAINS)),
        ("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES)),
        ("turn", SEATS, "one-hot: whose turn it is"),
        ("turn_number", SEATS, "per seat, turns started / 50 (capped at 1)"),
        ("used_attacks", ZONES, "1 for each of the turn player's zones whose monster attacked"),
        ("switched", ZONES, "1 for each of the turn player's zones whose monster changed position"),
        ("locks", SEATS, "per seat, turns its monsters may not attack / 3 (capped at 1)"),
        (
            "counters",
            SEATS * len(COUNTER_NAMES),
            "per seat, the rank counters / 20 (capped at 1): " + ", ".join(COUNTER_NAMES),
        ),
        ("sees_face_down", 1, "1 if the observer sees the opponent's face-down cards"),
    ]
)
_PHASE = {name: index for index, name in enumerate(PHASE_NAMES)}
_STAR = {name: index for index, name in enumerate(STARS)}


def _monster(out: Entries, at: int, monster: SeenMonster) -> None:
    out[at] = 1.0
    out[at + 1] = float(monster.attack)
    out[at + 2] = float(monster.face_up)
    if monster.card is not None:
        out[at + 3] = 1.0
        out[at + 4 : at + 4 + CARD] = FEATURES[monster.card]
    stats = at + 4 + CARD
    out[stats] = capped((monster.atk or 0) / 5000)
    out[stats + 1] = capped((monster.defence or 0) / 5000)
    out[stats + 2] = clamped((monster.bonus or 0) / 2000)
    out[stats + 3] = capped((monster.weakened or 0) / 2000)
    out[stats + 4] = capped((monster.weak_turns or 0) / 3)
    if monster.star is not None:
        out[stats + 5 + _STAR[monster.star]] = 1.0


def observe(view: FmView) -> Observation:
    """The observation of a duel's view (its seat must not be a spectator)."""
    me = view.own_seat("an observation")
    order = (me, 1 - me)
    out = new_entries(LAYOUT)
    for place, card in enumerate(view.window):
        out[LAYOUT.window + place * CARD : LAYOUT.window + (place + 1) * CARD] = FEATURES[card]
        out[LAYOUT.window_present + place] = 1.0
    if isinstance(view.picks, tuple):
        for pick in view.picks:
            place = pick - FIELD_PICK + MAX_WINDOW if pick >= FIELD_PICK else pick
            out[LAYOUT.picked + place] = 1.0
        out[LAYOUT.pick_count] = capped(len(view.picks) / 5)
    else:
        out[LAYOUT.pick_count] = capped(view.picks / 5)
    for place, seat in enumerate(order):
        for zone, monster in enumerate(view.monsters[seat]):
            if monster is not None:
                _monster(out, LAYOUT.monsters + (place * ZONES + zone) * MONSTER, monster)
        for zone, (set_card, used) in enumerate(zip(view.magic[seat], view.magic_used[seat], strict=True)):
            at = LAYOUT.magic + (place * ZONES + zone) * MAGIC
            out[at] = float(used)
            if set_card is not None:
                out[at + 1] = 1.0
                out[at + 2 : at + 2 + CARD] = FEATURES[set_card]
        out[LAYOUT.life_points + place] = capped(view.lp[seat] / 10000)
        out[LAYOUT.sizes + 3 * place] = capped(view.hand_sizes[seat] / 5)
        out[LAYOUT.sizes + 3 * place + 1] = capped(view.deck_sizes[seat] / 40)
        out[LAYOUT.sizes + 3 * place + 2] = capped(view.graveyard_sizes[seat] / 40)
        out[LAYOUT.turn_number + place] = capped(view.turn_number[seat] / 50)
        out[LAYOUT.locks + place] = capped(view.locks[seat] / 3)
        counters = LAYOUT.counters + place * len(COUNTER_NAMES)
        for index, count in enumerate(view.counters[seat]):
            out[counters + index] = capped(count / 20)
    pending = view.pending
    if pending is not None:
        out[LAYOUT.pending] = 1.0
        out[LAYOUT.pending + 1] = float(pending.face_up)
        out[LAYOUT.pending + 2] = clamped(pending.bonus / 2000)
        out[LAYOUT.pending + 3 : LAYOUT.pending + 3 + CARD] = FEATURES[pending.card]
    out[LAYOUT.terrain + view.terrain] = 1.0
    out[LAYOUT.phase + _PHASE[view.phase]] = 1.0
    out[LAYOUT.turn + order.index(view.turn_seat)] = 1.0
    for zone in range(ZONES):
        out[LAYOUT.used_attacks + zone] = view.used_attacks >> zone & 1
        out[LAYOUT.switched + zone] = view.switched >> zone & 1
    out[LAYOUT.sees_face_down] = float(view.sees_face_down)
    return finished(out)


# The observation read from the state, part by part (`observer.py`), without building the view: each
# part names the fields it reads, so that the environments rewrite only the parts an action changed.
# It reads what the view holds and nothing more: the observer's window, its own cards and face-up ones
# (every card for a seat that sees face-down cards), and of the other side's hidden cards only what
# the view shows (a face-down monster's position and equip bonus, a set card's zone).


def _window(out: Entries, state: FmState, me: int) -> None:
    for place, card in enumerate(state.window(me)):
        out[WINDOW + place * CARD : WINDOW + (place + 1) * CARD] = FEATURES[card]
        out[WINDOW_PRESENT + place] = 1.0


def _picks(out: Entries, state: FmState, me: int) -> None:
    picks = state.picks
    if state.turn_seat == me:
        for pick in picks:
            place = pick - FIELD_PICK + MAX_WINDOW if pick >= FIELD_PICK else pick
            out[PICKED + place] = 1.0
    out[PICK_COUNT] = capped(len(picks) / 5)


def _monsters(out: Entries, state: FmState, me: int) -> None:
    _fill_monsters(out, state.monsters, state.terrain, state.sees_face_down, me)


MonstersKey = tuple[tuple[tuple[Monster | None, ...], ...], int, tuple[bool, ...]]


def _update_monsters(out: Entries, old: MonstersKey, new: MonstersKey, me: int) -> None:
    # Only the zones whose monster changed (an action places, changes or destroys one or two).
    (was, terrain, sees), (monsters, now_terrain, now_sees) = old, new
    if now_terrain != terrain or now_sees != sees:
        out[MONSTERS : MONSTERS + SEATS * ZONES * MONSTER] = _NO_MONSTERS
        _fill_monsters(out, monsters, now_terrain, now_sees, me)
        return
    sees_all = sees[me]
    for place, seat in enumerate((me, 1 - me)):
        before, now = was[seat], monsters[seat]
        if now is before:
            continue
        for zone, monster in enumerate(now):
            if monster is before[zone] or monster == before[zone]:
                continue
            at = MONSTERS + (place * ZONES + zone) * MONSTER
            if monster is None:
                out[at : at + MONSTER] = _NO_MONSTER_ROW
            else:
                out[at : at + MONSTER] = _row_of(monster, seat == me or sees_all or monster.face_up, terrain)


def _fill_monsters(
    out: Entries,
    monsters: tuple[tuple[Monster | None, ...], ...],
    terrain: int,
    sees: tuple[bool, ...],
    me: int,
) -> None:
    sees_all = sees[me]
    for place, seat in enumerate((me, 1 - me)):
        for zone, monster in enumerate(monsters[seat]):
            if monster is not None:
                at = MONSTERS + (place * ZONES + zone) * MONSTER
                out[at : at + MONSTER] = _row_of(monster, seat == me or sees_all or monster.face_up, terrain)


def _row_of(monster: Monster, visible: bool, terrain: int) -> Block:
    """A monster zone's entries, kept by (monster, visible, terrain)."""
    rows = _MONSTER_ROWS
    key = (monster, visible, terrain)
    row = rows.get(key)
    if row is None:
        if len(rows) >= _MONSTER_ROWS_KEPT:
            rows.clear()
        row = rows[key] = _monster_row(monster, visible, terrain)
    return row


def _monster_row(monster: Monster, visible: bool, terrain: int) -> Block:
    """A monster zone's entries, as the observer sees the monster (`visible`: its card) on the terrain."""
    row = new_block(MONSTER)
    stats = 4 + CARD
    row[0] = 1.0
    row[1] = float(monster.attack)
    if visible:
        row[2] = float(monster.face_up)
        row[3] = 1.0
        row[4 : 4 + CARD] = FEATURES[monster.card]
        row[stats] = capped(attack_of(monster, terrain) / 5000)
        row[stats + 1] = capped(defence_of(monster, terrain) / 5000)
        row[stats + 3] = capped(monster.weakened / 2000)
        row[stats + 4] = capped(monster.weak_turns / 3)
        row[stats + 5 + _STAR[active_star(monster)]] = 1.0
    # Every equip's gain is logged, face-down plays included: a hidden monster's bonus is known.
    row[stats + 2] = clamped(monster.bonus / 2000)
    return row


#: A monster zone's entries by (monster, visible, terrain): a monster is seen at many positions.
_MONSTER_ROWS: dict[tuple[Monster, bool, int], Block] = {}
#: How many rows are kept at most (then forgotten, all at once).
_MONSTER_ROWS_KEPT = 4096
#: A monster zone's entries, and the whole part, all 0.
_NO_MONSTER_ROW = new_block(MONSTER)
_NO_MONSTERS = new_block(SEATS * ZONES * MONSTER)


def _magic(out: Entries, state: FmState, me: int) -> None:
    sees_all = state.sees_face_down[me]
    for place, seat in enumerate((me, 1 - me)):
        shown = seat == me or sees_all
        for zone, entry in enumerate(state.magic[seat]):
            if entry is not None:
                at = MAGIC_ZONES + (place * ZONES + zone) * MAGIC
                out[at] = 1.0
                if shown:
                    out[at + 1] = 1.0
                    out[at + 2 : at + 2 + CARD] = FEATURES[entry.card]


def _pending(out: Entries, state: FmState, me: int) -> None:
    pending = state.pending
    if pending is not None and (pending.face_up or state.turn_seat == me):
        out[PENDING] = 1.0
        out[PENDING + 1] = float(pending.face_up)
        out[PENDING + 2] = clamped(pending.bonus / 2000)
        out[PENDING + 3 : PENDING + 3 + CARD] = FEATURES[pending.card]


def _sides(out: Entries, state: FmState, me: int) -> None:
    # Capped as `capped` does, written out: a call per entry was much of this part's cost.
    for place, seat in enumerate((me, 1 - me)):
        points, hand = state.lp[seat] / 10000, len(state.hands[seat]) / 5
        deck, used = state.deck_size(seat) / 40, len(state.graveyards[seat]) / 40
        turns, locks = state.turn_number[seat] / 50, state.locks[seat] / 3
        out[LIFE_POINTS + place] = points if points < 1.0 else 1.0
        out[SIZES + 3 * place] = hand if hand < 1.0 else 1.0
        out[SIZES + 3 * place + 1] = deck if deck < 1.0 else 1.0
        out[SIZES + 3 * place + 2] = used if used < 1.0 else 1.0
        out[TURN_NUMBER + place] = turns if turns < 1.0 else 1.0
        out[LOCKS + place] = locks if locks < 1.0 else 1.0
        at = COUNTERS + place * len(COUNTER_NAMES)
        for count in state.counters[seat]:
            value = count / 20
            out[at] = value if value < 1.0 else 1.0
            at += 1


def _turn(out: Entries, state: FmState, me: int) -> None:
    out[LAYOUT.terrain + state.terrain] = 1.0
    out[LAYOUT.phase + state.phase] = 1.0
    out[LAYOUT.turn + (state.turn_seat != me)] = 1.0
    used_attacks, switched = state.used_attacks, state.switched
    for zone in range(ZONES):
        out[LAYOUT.used_attacks + zone] = used_attacks >> zone & 1
        out[LAYOUT.switched + zone] = switched >> zone & 1
    out[LAYOUT.sees_face_down] = float(state.sees_face_down[me])


WINDOW, WINDOW_PRESENT, PICKED, PICK_COUNT = (
    LAYOUT.window,
    LAYOUT.window_present,
    LAYOUT.picked,
    LAYOUT.pick_count,
)
MONSTERS, MAGIC_ZONES, PENDING = LAYOUT.monsters, LAYOUT.magic, LAYOUT.pending
LIFE_POINTS, SIZES, TURN_NUMBER, LOCKS, COUNTERS = (
    LAYOUT.life_points,
    LAYOUT.sizes,
    LAYOUT.turn_number,
    LAYOUT.locks,
    LAYOUT.counters,
)
PARTS = (
    Part(sections(LAYOUT, "window", "window_present"), attrgetter("hands", "decks", "windows"), _window),
    Part(sections(LAYOUT, "picked", "pick_count"), attrgetter("picks", "turn_seat"), _picks),
    Part(
        sections(LAYOUT, "monsters"),
        attrgetter("monsters", "terrain", "sees_face_down"),
        _monsters,
        update=_update_monsters,
    ),
    Part(sections(LAYOUT, "magic"), attrgetter("magic", "sees_face_down"), _magic),
    Part(sections(LAYOUT, "pending"), attrgetter("pending", "turn_seat"), _pending),
    Part(
        sections(LAYOUT, "life_points", "sizes")
        + sections(LAYOUT, "turn_number")
        + sections(LAYOUT, "locks", "counters"),
        attrgetter("lp", "hands", "decks", "undealt", "graveyards", "turn_number", "locks", "counters"),
        _sides,
    ),
    Part(
        sections(LAYOUT, "terrain", "turn")
        + sections(LAYOUT, "used_attacks", "switched")
        + sections(LAYOUT, "sees_face_down"),
        attrgetter("terrain", "phase", "turn_seat", "used_attacks", "switched", "sees_face_down"),
        _turn,
    ),
)
#: `observe(view(state, me))`, read from the state without building the view (equal).
observe_state = observe_parts(LAYOUT, PARTS)

ACTION_DOC = (
    "The index of the action in `cardtable.games.fm.actions.ACTIONS` (93 ids): pick h1-h20, pick m1-m5, "
    "cancel, play (face up), play down, place (attack then defence; star 1, 2; any free zone, then over "
    "m1-m5), attack (zone m1-m5; direct, then m1-m5), switch m1-m5, activate s1-s5, end."
)

ENCODING = Encoding(
    "fm", ACTIONS, LAYOUT, observe, ACTION_DOC, observe_state, observer=partial(Observer, LAYOUT, PARTS)
)
