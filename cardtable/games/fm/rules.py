"""The Forbidden Memories duel (seed §1-§5, §8, §9, §12): draw to five, play a card or combination, battle."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.core.game import Outcome
from cardtable.core.tuples import replace_at
from cardtable.games.fm import magic as spells
from cardtable.games.fm.actions import (
    ACTIVATES,
    ATTACKS,
    CANCEL,
    DIRECT,
    END,
    FIELD_PICKS,
    PICKS,
    PLACES,
    PLAY_DOWN,
    PLAY_UP,
    SWITCHES,
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
from cardtable.games.fm.carddata import ACTIVATED_KINDS, SETTABLE_KINDS, CardKind, card, rituals
from cardtable.games.fm.combat import attack_of, attacking_value, defence_of
from cardtable.games.fm.combination import CombinationStep, StepKind, combination_step
from cardtable.games.fm.events import (
    AttackDeclared,
    CardDrawn,
    CardLost,
    CardSet,
    CardsPlayed,
    CardWasted,
    DuelOver,
    Equipped,
    Fused,
    MonsterPlaced,
    MonsterRevealed,
    PlayResulted,
    PositionChanged,
    RitualPerformed,
    TurnEnded,
    TurnStarted,
)
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.state import (
    BATTLE,
    CARDS_DRAWN,
    DEFENSIVE_WINS,
    EFFECTIVE_ATTACKS,
    ENDING_REASONS,
    EQUIPS,
    FACE_DOWN_PLAYS,
    FIELD_PICK,
    FUSIONS,
    HAND,
    OVER,
    PICKING,
    PLACING,
    SEATS,
    ZONES,
    DuelEnding,
    FmState,
    Monster,
    Placement,
    SetCard,
)

EXODIA = frozenset({17, 18, 19, 20, 21})


def new_duel(
    options: FmOptions,
    decks: tuple[tuple[int, ...], tuple[int, ...]],
    windows: tuple[int, int] = (HAND, HAND),
    sees_face_down: tuple[bool, bool] = (False, False),
    first_seat: int = 0,
) -> FmState:
    """A duel between two shuffled decks (top first); both draw five and `first_seat` begins."""
    state = FmState.__new__(FmState)
    state.options = options
    state.decks = decks
    state.hands = ((), ())
    state.monsters = ((None,) * ZONES, (None,) * ZONES)
    state.magic = ((None,) * ZONES, (None,) * ZONES)
    state.graveyards = ((), ())
    state.lp = (options.starting_lp, options.starting_lp)
    state.terrain = 0
    state.turn_seat = first_seat
    state.turn_number = (0, 0)
    state.phase = PICKING
    state.picks = ()
    state.pending = None
    state.used_attacks = 0
    state.switched = 0
    state.locks = (0, 0)
    state.windows = windows
    state.sees_face_down = sees_face_down
    state.counters = ((0,) * 8, (0,) * 8)
    state.result = None
    state.ending = None
    state.logs = (None,) * (SEATS + 1)
    state.log_length = 0
    for seat in (first_seat, 1 - first_seat):
        draw_to_hand(state, seat)
    start_turn(state, first_seat)
    return state


# -- the turn ---------------------------------------------------------------------------
def draw_to_hand(state: FmState, seat: int) -> bool:
    """Draw until the hand holds five; drawing from an empty deck loses the duel (seed §2)."""
    while len(state.hands[seat]) < HAND:
        deck = state.decks[seat]
        if not deck:
            finish(state, 1 - seat, DuelEnding.DECK_OUT)
            return False
        state.decks = replace_at(state.decks, seat, deck[1:])
        state.hands = replace_at(state.hands, seat, state.hands[seat] + (deck[0],))
        state.count(seat, CARDS_DRAWN)
        state.log(CardDrawn(seat, deck[0]), seat, CardDrawn(seat, None))
    if set(state.hands[seat]) >= EXODIA:
        finish(state, seat, DuelEnding.EXODIA)
        return False
    return True


def start_turn(state: FmState, seat: int) -> None:
    """The turn player draws up to five, then picks what to play."""
    state.turn_seat = seat
    state.turn_number = replace_at(state.turn_number, seat, state.turn_number[seat] + 1)
    state.phase = PICKING
    state.picks = ()
    state.used_attacks = 0
    state.switched = 0
    state.log(TurnStarted(seat, state.turn_number[seat]))
    draw_to_hand(state, seat)


def end_turn(state: FmState) -> None:
    """Lasting effects on the turn player's side count down; the other side's turn starts."""
    seat = state.turn_seat
    if state.locks[seat]:
        state.locks = replace_at(state.locks, seat, state.locks[seat] - 1)
    state.monsters = replace_at(
        state.monsters, seat, tuple(_tick(monster) for monster in state.monsters[seat])
    )
    state.log(TurnEnded(seat))
    start_turn(state, 1 - seat)


def _tick(monster: Monster | None) -> Monster | None:
    """A weakening runs one of its owner's turns shorter, and ends with the last."""
    if monster is None or not monster.weak_turns:
        return monster
    turns = monster.weak_turns - 1
    return monster._replace(weak_turns=turns, weakened=monster.weakened if turns else 0)


def finish(state: FmState, winner: int, ending: DuelEnding) -> None:
    """The duel is over: the outcome's reason is the ending in words."""
    scores = tuple(float(points) for points in state.lp)
    state.result = Outcome((winner,), scores, ending, ENDING_REASONS[ending])
    state.ending = ending
    state.phase = OVER
    state.pending = None
    state.log(DuelOver(winner, ending, state.lp))


# -- legal actions ------------------------------------------------------------------------
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


def _picking_actions(state: FmState) -> list[Action]:
    seat = state.turn_seat
    picks = state.picks
    actions: list[Action] = [PICKS[index] for index in range(len(state.window(seat))) if index not in picks]
    if not picks:
        actions += [
            FIELD_PICKS[zone] for zone, monster in enumerate(state.monsters[seat]) if monster is not None
        ]
    if any(pick < FIELD_PICK for pick in picks):
        actions += [PLAY_UP, PLAY_DOWN]
    if picks:
        actions.append(CANCEL)
    return actions


def _placing_actions(state: FmState) -> list[Action]:
    pending = state.pending
    assert pending is not None
    zones: tuple[int | None, ...] = (None,)
    if pending.zone is None and None not in state.monsters[state.turn_seat]:
        zones = tuple(range(ZONES))
    return [PLACES[(attack, star, zone)] for attack in (True, False) for star in (0, 1) for zone in zones]


def _battle_actions(state: FmState) -> list[Action]:
    seat = state.turn_seat
    mine, theirs = state.monsters[seat], state.monsters[1 - seat]
    actions: list[Action] = []
    targets = [zone for zone, monster in enumerate(theirs) if monster is not None] or [DIRECT]
    if not state.locks[seat]:
        for zone, monster in enumerate(mine):
            if monster is not None and monster.attack and not state.used_attacks >> zone & 1:
                actions += [ATTACKS[(zone, target)] for target in targets]
    # A monster changes position once a turn, and not after attacking.
    done = state.used_attacks | state.switched
    actions += [
        SWITCHES[zone] for zone, monster in enumerate(mine) if monster is not None and not done >> zone & 1
    ]
    actions += [
        ACTIVATES[zone]
        for zone, entry in enumerate(state.magic[seat])
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
    state.hands = replace_at(
        state.hands, seat, tuple(c for index, c in enumerate(state.hands[seat]) if index not in taken_hand)
    )
    deck = state.decks[seat]
    state.decks = replace_at(
        state.decks, seat, tuple(c for index, c in enumerate(deck) if index + hand_size not in taken_deck)
    )
    state.picks = ()
    return materials


def _play(state: FmState, action: Play) -> None:
    """Combine the picked cards left to right (seed §3, fm.md "Combinations"), then play the result."""
    seat, face_up = state.turn_seat, action.face_up
    materials = _take_picked(state, seat)
    state.log(CardsPlayed(seat, len(materials), face_up))
    current, bonus, zone = materials[0]
    for following, _, _ in materials[1:]:
        step = combination_step(current, following, state.options.padding_fusions)
        current, bonus = step.result, _combine(state, seat, step, bonus, face_up)
    if not face_up:
        state.count(seat, FACE_DOWN_PLAYS)
    kind = card(current).kind
    if kind is CardKind.MONSTER:
        state.pending = Placement(current, bonus, face_up, zone)
        state.phase = PLACING
        hidden = None if face_up else PlayResulted(seat, None, False)
        state.log(PlayResulted(seat, current, face_up), seat, hidden)
        return
    state.phase = BATTLE
    if kind is CardKind.RITUAL and face_up:
        _ritual(state, seat, current)
    elif kind in ACTIVATED_KINDS and face_up:
        spells.activate(state, seat, current)
    elif kind in SETTABLE_KINDS:
        _set_card(state, seat, current)
    else:
        # An equip with no monster to take it is wasted.
        state.bury(seat, (current,), face_up)
        state.log(CardWasted(seat, current), seat, None if face_up else CardWasted(seat, None))


def _combine(state: FmState, seat: int, step: CombinationStep, bonus: int, face_up: bool) -> int:
    """Apply one step of a combination; returns the bonus of the card carried on.

    Played face down, the steps are the player's secret.
    """
    state.bury(seat, step.used, face_up)
    if step.kind is StepKind.FUSION:
        state.count(seat, FUSIONS)
        state.log(
            Fused(seat, step.current, step.following, step.result),
            seat,
            None if face_up else Fused(seat, None, None, None),
        )
        return 0
    if step.kind is StepKind.EQUIP:
        (equip,) = step.used
        # Reverse Trap turns the gain into a loss (seed §7).
        reversed_gain = spells.spring_trap(state, 1 - seat, spells.REVERSE_TRAP)
        gained = -step.gain if reversed_gain else step.gain
        state.count(seat, EQUIPS)
        state.log(
            Equipped(seat, equip, step.result, gained),
            seat,
            None if face_up else Equipped(seat, None, None, gained),
        )
        return step.bonus_after(bonus, reversed_gain)
    (lost,) = step.used
    state.log(CardLost(seat, lost), seat, None if face_up else CardLost(seat, None))
    return step.bonus_after(bonus)


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
    """Three specific, distinct monsters on your own field (face down allowed) are tributed (seed §9)."""
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
    hidden = None if pending.face_up else MonsterPlaced(seat, zone, None, action.attack, None)
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
    state.log(PositionChanged(seat, zone, not monster.attack))


def _activate_set(state: FmState, action: Activate) -> None:
    seat, zone = state.turn_seat, action.zone
    entry = state.magic[seat][zone]
    assert entry is not None
    state.magic = replace_at(state.magic, seat, replace_at(state.magic[seat], zone, None))
    if card(entry.card).kind is CardKind.RITUAL:
        _ritual(state, seat, entry.card)
    else:
        spells.activate(state, seat, entry.card)


def _reveal(state: FmState, owner: int, zone: int) -> Monster:
    monster = state.monsters[owner][zone]
    assert monster is not None
    if not monster.face_up:
        monster = monster._replace(face_up=True)
        state.monsters = replace_at(state.monsters, owner, replace_at(state.monsters[owner], zone, monster))
        state.log(MonsterRevealed(owner, zone, monster.card))
    return monster


def _attack(state: FmState, action: Attack) -> None:
    """Battle (seed §5): traps answer first, face-down monsters are revealed, then values compare."""
    zone, target = action.zone, action.target
    seat, opponent, terrain = state.turn_seat, 1 - state.turn_seat, state.terrain
    state.used_attacks |= 1 << zone
    attacker = _reveal(state, seat, zone)
    state.log(AttackDeclared(seat, zone, None if target == DIRECT else target))
    set_cards = (entry.card for entry in state.magic[opponent] if entry is not None)
    trap = spells.trap_against_attack(set_cards, attack_of(attacker, terrain))
    if trap is not None:
        spells.spring_trap(state, opponent, trap)
        spells.destroy_monster(state, seat, zone)
        state.count(opponent, DEFENSIVE_WINS)
        return
    if target == DIRECT:
        spells.damage(state, opponent, attack_of(attacker, terrain))
        state.count(seat, EFFECTIVE_ATTACKS)
    else:
        defender = _reveal(state, opponent, target)
        value = attacking_value(attacker, defender, terrain)
        if defender.attack:
            other = attack_of(defender, terrain)
            if value > other:
                spells.destroy_monster(state, opponent, target)
                spells.damage(state, opponent, value - other)
                state.count(seat, EFFECTIVE_ATTACKS)
            elif value < other:
                spells.destroy_monster(state, seat, zone)
                spells.damage(state, seat, other - value)
                state.count(opponent, DEFENSIVE_WINS)
            else:
                spells.destroy_monster(state, seat, zone)
                spells.destroy_monster(state, opponent, target)
        else:
            other = defence_of(defender, terrain)
            if value > other:
                spells.destroy_monster(state, opponent, target)
                state.count(seat, EFFECTIVE_ATTACKS)
            elif value < other:
                spells.damage(state, seat, other - value)
                state.count(opponent, DEFENSIVE_WINS)
    for side in (opponent, seat):
        if state.lp[side] == 0:
            finish(state, 1 - side, DuelEnding.LIFE_POINTS)
            return


#: The rule that carries out each kind of action.
_HANDLERS: dict[type[Action], Callable[[FmState, Any], None]] = {
    Pick: _pick,
    Cancel: _cancel,
    Play: _play,
    Place: _place,
    Attack: _attack,
    Switch: _switch,
    Activate: _activate_set,
    End: _end,
}
