"""The Forbidden Memories duel's actions: what is legal, and what each action does.

The rules: docs/rules/fm.md, "A turn", "Combinations", "Battle" and "Rituals".

A turn draws to five (`turn.py`), plays one card or combination, then
battles (`battle.py`); magic and traps are `magic.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from cardtable.core.tuples import replace_at
from cardtable.games.fm import actions as action_tables
from cardtable.games.fm import battle
from cardtable.games.fm import magic as spells
from cardtable.games.fm.actions import (
    DIRECT,
    Action,
    Activate,
    Attack,
    Cancel,
    End,
    Pick,
    Place,
    Play,
    Switch,
)
from cardtable.games.fm.carddata import ACTIVATED_KINDS, SETTABLE_KINDS, CardKind, card, fusion_of, rituals
from cardtable.games.fm.combination import StepKind, bonus_after, step_facts
from cardtable.games.fm.events import (
    CARD_LOST_HIDDEN,
    MONSTER_PLACED_HIDDEN,
    PLAY_RESULTED_HIDDEN,
    POSITION_CHANGED,
    CardLost,
    CardSet,
    CardsPlayed,
    CardWasted,
    Equipped,
    Fused,
    MonsterPlaced,
    PlayResulted,
    RitualPerformed,
)
from cardtable.games.fm.state import (
    BATTLE,
    EQUIPS,
    FACE_DOWN_PLAYS,
    FIELD_PICK,
    FUSIONS,
    HAND,
    PICKING,
    PLACING,
    ZONES,
    FmState,
    Monster,
    Placement,
    SetCard,
)
from cardtable.games.fm.turn import end_turn

# -- legal actions ------------------------------------------------------------------------
# The action tables, as Final names of this module: actions.py is not compiled, and the compiled
# build reads a Final name of its own module directly, not through the other module's dictionary.
PICKS: Final = tuple(action_tables.PICKS)
FIELD_PICKS: Final = tuple(action_tables.FIELD_PICKS)
SWITCHES: Final = tuple(action_tables.SWITCHES)
ACTIVATES: Final = tuple(action_tables.ACTIVATES)
CANCEL: Final = action_tables.CANCEL
PLAY_UP: Final = action_tables.PLAY_UP
PLAY_DOWN: Final = action_tables.PLAY_DOWN
END: Final = action_tables.END
#: The placing phase's actions: a free zone to go to (zone None), or every zone to replace.
PLACES_FREE: Final = tuple(
    action_tables.PLACES[(attack, star, None)] for attack in (True, False) for star in (0, 1)
)
PLACES_OVER: Final = tuple(
    action_tables.PLACES[(attack, star, zone)]
    for attack in (True, False)
    for star in (0, 1)
    for zone in range(ZONES)
)
#: A row of magic and trap zones holding no card.
_NO_SET_CARDS: Final = (None,) * ZONES
#: ATTACKS_FROM[zone][target]: the direct attack (DIRECT, -1) is the last of each row.
ATTACKS_FROM: Final = tuple(
    tuple(action_tables.ATTACKS[(zone, target)] for target in (*range(ZONES), DIRECT))
    for zone in range(ZONES)
)


def legal_actions(state: FmState) -> list[Action]:
    """Every action the turn player may take, in a fixed order."""
    phase = state.phase
    if phase == PICKING:
        return _picking_actions(state)
    if phase == PLACING:
        return _placing_actions(state)
    if phase == BATTLE:
        return _battle_actions(state)
    return []


#: The picking phase's actions once a card is picked, by the window's size and the picks so far: a
#: search meets the same few again and again, and building the list measured a twentieth of its time.
_AFTER_PICKS: Final[dict[tuple[int, tuple[int, ...]], tuple[Action, ...]]] = {}
#: The most lists kept (a duel meets a few hundred).
_MOST_AFTER_PICKS: Final = 4096


def _picking_actions(state: FmState) -> list[Action]:
    seat = state.turn_seat
    picks = state.picks
    extra = state.windows[seat] - HAND
    if extra > 0:
        extra = min(extra, state.deck_size(seat))
    window = len(state.hands[seat]) + extra
    if not picks:
        actions: list[Action] = []
        actions += PICKS[:window]
        row = state.monsters[seat]
        actions += [FIELD_PICKS[zone] for zone, monster in enumerate(row) if monster is not None]
        return actions
    key = (window, picks)
    found = _AFTER_PICKS.get(key)
    if found is None:
        listed: list[Action] = [PICKS[index] for index in range(window) if index not in picks]
        if picks[0] < FIELD_PICK or len(picks) > 1:
            # Something from the hand is picked: the cards may be played.
            listed += [PLAY_UP, PLAY_DOWN]
        listed.append(CANCEL)
        if len(_AFTER_PICKS) >= _MOST_AFTER_PICKS:
            _AFTER_PICKS.clear()
        found = _AFTER_PICKS[key] = tuple(listed)
    return list(found)


def _placing_actions(state: FmState) -> list[Action]:
    pending = state.pending
    assert pending is not None
    if pending.zone is None and None not in state.monsters[state.turn_seat]:
        return list(PLACES_OVER)
    return list(PLACES_FREE)


def _battle_actions(state: FmState) -> list[Action]:
    seat = state.turn_seat
    mine = state.monsters[seat]
    # No battle on the duel's first turn (fm.md, Decisions; option first_turn_battle): the other side
    # has had a turn, or this is not the turn player's first (`turn.is_first_turn`, spelt out for speed).
    turns = state.turn_number
    may_attack = not state.locks[seat] and (
        turns[1 - seat] or turns[seat] != 1 or state.options.first_turn_battle
    )
    used = state.used_attacks
    # A monster changes position once a turn, and not after attacking.
    done = used | state.switched
    actions: list[Action] = []
    switches: list[Action] = []
    targets: list[int] | None = None
    # One pass over the turn player's zones: its attacks, in zone order, then its switches.
    for zone, monster in enumerate(mine):
        if monster is not None:
            if may_attack and monster.attack and not used >> zone & 1:
                if targets is None:
                    theirs = state.monsters[1 - seat]
                    targets = [target for target, other in enumerate(theirs) if other is not None] or [DIRECT]
                row = ATTACKS_FROM[zone]
                actions += [row[target] for target in targets]
            if not done >> zone & 1:
                switches.append(SWITCHES[zone])
    actions += switches
    magic_row = state.magic[seat]
    if magic_row != _NO_SET_CARDS:
        actions += [
            ACTIVATES[zone]
            for zone, entry in enumerate(magic_row)
            if entry is not None and card(entry.card).kind in ACTIVATED_KINDS
        ]
    actions.append(END)
    return actions


# -- applying actions ----------------------------------------------------------------------
def apply(state: FmState, action: Action) -> FmState:
    """The state after a legal action; `state` itself is not changed."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise TypeError(f"not a duel action: {action!r}")
    new = state.copy()
    handler(new, action)
    return new


def _pick(state: FmState, action: Pick) -> None:
    state.picks = state.picks + (action.source,)


def _cancel(state: FmState, action: Cancel) -> None:
    state.picks = ()


def _end(state: FmState, action: End) -> None:
    end_turn(state)


def _take_picked(state: FmState, seat: int) -> list[tuple[int, int, int | None]]:
    """Remove the picked cards from hand, deck top or field: (card, bonus, zone or None), in pick order."""
    window = state.window(seat)
    hand_size = len(state.hands[seat])
    materials: list[tuple[int, int, int | None]] = []
    taken_hand: set[int] = set()
    taken_deck: set[int] = set()
    for pick in state.picks:
        if pick >= FIELD_PICK:
            zone = pick - FIELD_PICK
            monster = state.monsters[seat][zone]
            assert monster is not None
            state.monsters = replace_at(state.monsters, seat, replace_at(state.monsters[seat], zone, None))
            materials.append((monster.card, monster.bonus, zone))
        else:
            materials.append((window[pick], 0, None))
            (taken_hand if pick < hand_size else taken_deck).add(pick)
    if taken_hand:
        kept = tuple(c for index, c in enumerate(state.hands[seat]) if index not in taken_hand)
        state.hands = replace_at(state.hands, seat, kept)
    if taken_deck:
        deck = state.decks[seat]
        kept = tuple(c for index, c in enumerate(deck) if index + hand_size not in taken_deck)
        state.decks = replace_at(state.decks, seat, kept)
    state.picks = ()
    return materials


def _play(state: FmState, action: Play) -> None:
    """Combine the picked cards left to right (docs/rules/fm.md "Combinations"), then play the result."""
    seat, face_up = state.turn_seat, action.face_up
    materials = _take_picked(state, seat)
    # An unlogged state (tree search) builds no event: about a tenth of an action's work.
    logged = not state.unlogged
    if logged:
        state.log(CardsPlayed(seat, len(materials), face_up))
    current, bonus, zone = materials[0]
    # Only fusions started from the hand count as INITIATE FUSION (fm.md, Decisions after the first build).
    counts_fusions = zone is None or state.options.field_fusions_count
    # Whether the card carried on is a fusion's result: the retail game plays it face up, however the
    # cards were played (the rules page defers to retail where the seed is silent).
    fused = False
    for following, _, _ in materials[1:]:
        carried = current
        current, bonus = _combine(state, seat, current, following, bonus, face_up, counts_fusions)
        fused = fusion_of(carried, following, state.options.padding_fusions) == current or (
            fused and current == carried
        )
    if not face_up:
        state.count(seat, FACE_DOWN_PLAYS)
    kind = card(current).kind
    if kind is CardKind.MONSTER:
        shown = face_up or fused
        state.pending = Placement(current, bonus, shown, zone)
        state.phase = PLACING
        if logged:
            hidden = None if shown else PLAY_RESULTED_HIDDEN[seat]
            state.log(PlayResulted(seat, current, shown), seat, hidden)
        return
    state.phase = BATTLE
    if kind is CardKind.RITUAL and face_up:
        _ritual(state, seat, current)
    elif kind in ACTIVATED_KINDS and face_up:
        spells.activate(state, seat, current)
    elif kind in SETTABLE_KINDS and not (kind is CardKind.EQUIP and face_up):
        _set_card(state, seat, current)
    else:
        # An equip played face up with no monster to take it is wasted; played face down, it is set.
        state.bury(seat, (current,), face_up)
        state.log(CardWasted(seat, current), seat, None if face_up else CardWasted(seat, None))


def _combine(
    state: FmState, seat: int, current: int, following: int, bonus: int, face_up: bool, counts_fusions: bool
) -> tuple[int, int]:
    """Apply one step of a combination (`combination_step`); returns the card carried on and its bonus.

    Played face down, the steps are the player's secret.
    """
    # The step's facts as a tuple: building a CombinationStep measured a tenth of a play's work.
    kind, result, keeps_bonus, gain, used = step_facts(current, following, state.options.padding_fusions)
    state.bury(seat, used, face_up)
    logged = not state.unlogged
    if kind is StepKind.FUSION:
        if counts_fusions:
            state.count(seat, FUSIONS)
        if logged:
            state.log(
                Fused(seat, current, following, result),
                seat,
                None if face_up else Fused(seat, None, None, None),
            )
        return result, 0
    if kind is StepKind.EQUIP:
        (equip,) = used
        # Reverse Trap turns the gain into a loss (docs/rules/fm.md "Magic and traps").
        reversed_gain = spells.spring_trap(state, 1 - seat, spells.REVERSE_TRAP)
        gained = -gain if reversed_gain else gain
        state.count(seat, EQUIPS)
        state.log(
            Equipped(seat, equip, result, gained),
            seat,
            None if face_up else Equipped(seat, None, None, gained),
        )
        return result, bonus_after(bonus, keeps_bonus, gain, reversed_gain)
    if logged:
        (lost,) = used
        state.log(CardLost(seat, lost), seat, None if face_up else CARD_LOST_HIDDEN[seat])
    return result, bonus_after(bonus, keeps_bonus, gain)


def _set_card(state: FmState, seat: int, set_card: int) -> None:
    row = state.magic[seat]
    if None not in row:
        state.bury(seat, (set_card,), public=False)
        state.log(CardWasted(seat, set_card), seat, CardWasted(seat, None))
        return
    zone = row.index(None)
    state.magic = replace_at(state.magic, seat, replace_at(row, zone, SetCard(set_card)))
    state.log(CardSet(seat, set_card, zone), seat, CardSet(seat, None, zone))


def _ritual(state: FmState, seat: int, ritual: int) -> None:
    """Three specific, distinct monsters on your own field (face down allowed) are tributed
    (docs/rules/fm.md "Rituals")."""
    tributes, result = rituals()[ritual]
    zones = []
    for tribute in tributes:
        zone = next(
            (
                z
                for z, m in enumerate(state.monsters[seat])
                if m is not None and m.card == tribute and z not in zones
            ),
            None,
        )
        if zone is None:
            state.bury(seat, (ritual,), public=True)
            state.log(CardWasted(seat, ritual))
            return
        zones.append(zone)
    for zone in zones:
        spells.destroy_monster(state, seat, zone)
    state.bury(seat, (ritual,), public=True)
    state.log(RitualPerformed(seat, ritual, result))
    state.pending = Placement(result, 0, True, None)
    state.phase = PLACING


def _place(state: FmState, action: Place) -> None:
    seat = state.turn_seat
    pending = state.pending
    assert pending is not None
    zone = pending.zone
    if zone is None:
        row = state.monsters[seat]
        if action.zone is not None:
            zone = action.zone
            spells.destroy_monster(state, seat, zone)
        else:
            zone = row.index(None)
    monster = Monster(pending.card, action.attack, pending.face_up, action.star, pending.bonus)
    state.monsters = replace_at(state.monsters, seat, replace_at(state.monsters[seat], zone, monster))
    state.pending = None
    state.phase = BATTLE
    if not state.unlogged:
        hidden = None if pending.face_up else MONSTER_PLACED_HIDDEN[seat][zone][action.attack]
        state.log(MonsterPlaced(seat, zone, pending.card, action.attack, action.star), seat, hidden)


def _switch(state: FmState, action: Switch) -> None:
    seat, zone = state.turn_seat, action.zone
    monster = state.monsters[seat][zone]
    assert monster is not None
    state.monsters = replace_at(
        state.monsters,
        seat,
        replace_at(state.monsters[seat], zone, monster._replace(attack=not monster.attack)),
    )
    state.switched |= 1 << zone
    state.log(POSITION_CHANGED[seat][zone][not monster.attack])


def _activate_set(state: FmState, action: Activate) -> None:
    seat, zone = state.turn_seat, action.zone
    entry = state.magic[seat][zone]
    assert entry is not None
    state.magic = replace_at(state.magic, seat, replace_at(state.magic[seat], zone, None))
    if card(entry.card).kind is CardKind.RITUAL:
        _ritual(state, seat, entry.card)
    else:
        spells.activate(state, seat, entry.card)


#: The rule that carries out each kind of action.
_HANDLERS: dict[type[Action], Callable[[FmState, Any], None]] = {
    Pick: _pick,
    Cancel: _cancel,
    Play: _play,
    Place: _place,
    Attack: battle.attack,
    Switch: _switch,
    Activate: _activate_set,
    End: _end,
}
