"""Battle: an attack, the traps that answer it, and the values that decide it.

The rules: docs/rules/fm.md, "Battle" and "Magic and traps".
"""

from __future__ import annotations

from typing import Final

from cardtable.core.tuples import replace_at
from cardtable.games.fm import magic as spells
from cardtable.games.fm.actions import DIRECT, Attack
from cardtable.games.fm.combat import attack_of, attacking_value, defence_of
from cardtable.games.fm.events import ATTACK_DECLARED, MonsterRevealed
from cardtable.games.fm.state import DEFENSIVE_WINS, EFFECTIVE_ATTACKS, ZONES, FmState, Monster
from cardtable.games.fm.turn import end_if_life_points_gone

#: A row of magic and trap zones holding no card.
_NO_SET_CARDS: Final = (None,) * ZONES


def _reveal(state: FmState, owner: int, zone: int) -> Monster:
    monster = state.monsters[owner][zone]
    assert monster is not None
    if not monster.face_up:
        monster = monster._replace(face_up=True)
        state.monsters = replace_at(state.monsters, owner, replace_at(state.monsters[owner], zone, monster))
        if not state.unlogged:
            state.log(MonsterRevealed(owner, zone, monster.card))
    return monster


def attack(state: FmState, action: Attack) -> None:
    """Battle (docs/rules/fm.md "Battle"): traps answer first, face-down monsters are revealed, then
    values compare."""
    zone, target = action.zone, action.target
    seat, opponent, terrain = state.turn_seat, 1 - state.turn_seat, state.terrain
    state.used_attacks |= 1 << zone
    attacker = _reveal(state, seat, zone)
    # The shared event; DIRECT (-1) picks the last of the row, the direct attack (target None).
    state.log(ATTACK_DECLARED[seat][zone][target])
    trap = None
    magic_row = state.magic[opponent]
    # A side with no set card has no trap: the common case, answered without the look-up.
    if magic_row != _NO_SET_CARDS:
        set_cards = (entry.card for entry in magic_row if entry is not None)
        trap = spells.trap_against_attack(set_cards, attack_of(attacker, terrain))
    if trap is not None:
        spells.spring_trap(state, opponent, trap)
        spells.destroy_monster(state, seat, zone)
        state.count(opponent, DEFENSIVE_WINS)
        return
    # Fake Trap, "Nothing happens when it is attacked": an attack no attack trap stops does nothing.
    if state.options.fake_trap == "decoy" and spells.spring_trap(state, opponent, spells.FAKE_TRAP):
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
    end_if_life_points_gone(state)
