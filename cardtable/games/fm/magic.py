"""Magic and trap cards: what each card does, as its own text in the data says.

The rules: docs/rules/fm.md, "Magic and traps"; the readings of vague texts: docs/fm.md.

The game reads a magic card's number, not its text, and every magic card is
one of fourteen programmed behaviours; each behaviour here does what the
card's text says (which side, which monsters, destroy or weaken).  A magic
card has no target step: a text naming all the monsters of a kind acts on
each, and Stop Defense's "an opponent's monster" turns one, the first in
zone order (nobody chooses).  Traps lie face down and fire by themselves
when the opponent does the thing they answer.  The readings of vague texts
are listed in docs/fm.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum

from cardtable.core.tuples import replace_at
from cardtable.games.fm.carddata import card
from cardtable.games.fm.combat import attack_of
from cardtable.games.fm.events import (
    POSITION_CHANGED,
    LifePointsChanged,
    MagicActivated,
    MonsterDestroyed,
    MonsterRevealed,
    TrapSprung,
)
from cardtable.games.fm.state import MAGIC_USED, TRAPS_ACTIVATED, FmState, Monster
from cardtable.games.fm.turn import end_if_life_points_gone


class Side(StrEnum):
    """Whose monsters a magic card acts on, as its text says."""

    OPPONENT = "opponent"
    BOTH = "both"


FIELDS = {330: 1, 331: 2, 332: 3, 333: 4, 334: 5, 335: 6}
#: "increases Life Points by 200!" ... "by 5000!" (docs/rules/fm.md "Magic and traps").
HEALS = {338: 200, 339: 500, 340: 1000, 341: 2000, 342: 5000}
#: "inflicts 50 points of damage to your opponent's Life Points!!" ... 1000
#: (docs/rules/fm.md "Magic and traps").
BURNS = {343: 50, 344: 100, 345: 200, 346: 500, 347: 1000}
#: Magic that destroys the monsters of one type, and whose, from each card's text.
TYPE_DESTROYERS: dict[int, tuple[str, Side]] = {
    # Dragon Capture Jar: "Destroys all opponent Dragon monsters on the playfield!"
    329: ("Dragon", Side.OPPONENT),
    # Warrior Elimination: "Destroys all opponent Warrior cards played on the field."
    653: ("Warrior", Side.OPPONENT),
    # Eternal Rest: "Eliminates all Zombie creatures." It names no side: every Zombie on the field.
    656: ("Zombie", Side.BOTH),
    # Stain Storm: "Acid rain destroys an opponent's Machine monsters."
    660: ("Machine", Side.OPPONENT),
    # Eradicating Aerosol: "wiping out an opponent's Insect monsters that are currently in play."
    662: ("Insect", Side.OPPONENT),
    # Breath of Light: "reduces to rubble an opponent's Rock monsters that are currently in play."
    663: ("Rock", Side.OPPONENT),
    # Eternal Draught: "eliminates an opponent's Fish monsters that are currently in play."
    664: ("Fish", Side.OPPONENT),
}
DARK_HOLE, RAIGEKI, CRUSH_CARD = 336, 337, 661
STOP_DEFENSE, DARK_PIERCING_LIGHT, SWORDS, CURSEBREAKER, FEATHER_DUSTER = 320, 350, 348, 655, 672
#: Magic that weakens every opponent monster, and by how much: Spellbinding Circle "reduces the power
#: of all enemy monsters" (one level), Shadow Spell "Decreases an opponent's in-play monsters by two
#: levels".  A level is 500, as Megamorph's "2 levels" are its 1,000 (docs/rules/fm.md "Battle").
WEAKENERS = {349: 500, 669: 1000}
#: Swords of Revealing Light: "your opponent cannot attack for three turns".
LASTING_TURNS = 3
#: Crush Card: "Opponent monsters in play with attack factors of 1500 or more are eliminated."
CRUSH_LIMIT = 1500

#: Attack traps and the highest attacking ATK each stops (docs/rules/fm.md "Magic and traps"; the
#: cards' texts: "Attack Factors of 500 or lower").
ATTACK_TRAPS = {681: 500, 682: 1000, 683: 1500, 684: 2000, 685: 3000, 686: 25500}
GOBLIN_FAN, BAD_REACTION, REVERSE_TRAP, FAKE_TRAP = 687, 688, 689, 690

MAGIC_BEHAVIOURS = (
    set(FIELDS)
    | set(HEALS)
    | set(BURNS)
    | set(TYPE_DESTROYERS)
    | set(WEAKENERS)
    | {DARK_HOLE, RAIGEKI, CRUSH_CARD, STOP_DEFENSE, DARK_PIERCING_LIGHT, SWORDS}
    | {CURSEBREAKER, FEATHER_DUSTER}
)


def spring_trap(state: FmState, owner: int, trap: int) -> bool:
    """Fire `owner`'s set trap `trap` if it has one: remove it, count it, log it."""
    row = state.magic[owner]
    for zone, entry in enumerate(row):
        if entry is not None and entry.card == trap:
            state.magic = replace_at(state.magic, owner, replace_at(row, zone, None))
            state.bury(owner, (trap,), public=True)
            state.count(owner, TRAPS_ACTIVATED)
            state.log(TrapSprung(owner, trap))
            return True
    return False


def trap_against_attack(set_cards: Iterable[int], attacking: int) -> int | None:
    """Which of these set cards fires against an attack of this ATK (docs/rules/fm.md "Magic and traps").

    It is the attack trap with the lowest limit that still covers the ATK, or None.
    """
    found = [c for c in set_cards if c in ATTACK_TRAPS and attacking <= ATTACK_TRAPS[c]]
    return min(found, key=ATTACK_TRAPS.__getitem__) if found else None


def damage(state: FmState, seat: int, amount: int) -> None:
    """Take life points from `seat` (never below 0), and log the loss (life points are public)."""
    _set_life_points(state, seat, max(0, state.lp[seat] - amount))


def heal(state: FmState, seat: int, amount: int) -> None:
    """Give life points to `seat`, up to the starting amount, which is also the most
    (docs/rules/fm.md "Life points and decks")."""
    _set_life_points(state, seat, min(state.options.starting_lp, state.lp[seat] + amount))


def _set_life_points(state: FmState, seat: int, life_points: int) -> None:
    change = life_points - state.lp[seat]
    state.lp = replace_at(state.lp, seat, life_points)
    if not state.unlogged:
        state.log(LifePointsChanged(seat, change, life_points))


def destroy_monster(state: FmState, owner: int, zone: int) -> None:
    """Send a monster to its owner's graveyard."""
    monster = state.monsters[owner][zone]
    assert monster is not None
    state.monsters = replace_at(state.monsters, owner, replace_at(state.monsters[owner], zone, None))
    state.bury(owner, (monster.card,), public=monster.face_up)
    if not state.unlogged:
        hidden = None if monster.face_up else MonsterDestroyed(owner, None, zone)
        state.log(MonsterDestroyed(owner, monster.card, zone), owner, hidden)


def _change_monsters(state: FmState, owner: int, change: Callable[[Monster], Monster]) -> None:
    row = tuple(None if monster is None else change(monster) for monster in state.monsters[owner])
    state.monsters = replace_at(state.monsters, owner, row)


def _destroy_where(state: FmState, owner: int, test: Callable[[Monster], bool]) -> None:
    for zone, monster in enumerate(state.monsters[owner]):
        if monster is not None and test(monster):
            destroy_monster(state, owner, zone)


def _reveal_all(state: FmState, owner: int) -> None:
    """Turn every face-down monster of `owner` face up, telling both sides what it is."""
    for zone, monster in enumerate(state.monsters[owner]):
        if monster is not None and not monster.face_up:
            shown = monster._replace(face_up=True)
            state.monsters = replace_at(state.monsters, owner, replace_at(state.monsters[owner], zone, shown))
            state.log(MonsterRevealed(owner, zone, monster.card))


def activate(state: FmState, seat: int, magic: int) -> None:
    """Resolve a magic card played by `seat`; a magic with no target is used up with no effect.

    A side brought to 0 life points (a burn, a burn turned back, a heal turned to damage) loses at once.
    """
    opponent = 1 - seat
    sides = (seat, opponent)
    terrain = state.terrain
    state.count(seat, MAGIC_USED)
    state.log(MagicActivated(seat, magic))
    if magic in FIELDS:
        state.terrain = FIELDS[magic]
    elif magic in HEALS:
        if spring_trap(state, opponent, BAD_REACTION):
            damage(state, seat, HEALS[magic])
        else:
            heal(state, seat, HEALS[magic])
    elif magic in BURNS:
        if spring_trap(state, opponent, GOBLIN_FAN):
            damage(state, seat, BURNS[magic])
        else:
            damage(state, opponent, BURNS[magic])
    elif magic == DARK_HOLE:
        # "Sucks up every card in play on the field!": every monster and every set card, both sides.
        for owner in sides:
            _destroy_where(state, owner, lambda monster: True)
            _clear_magic_zone(state, owner)
    elif magic == RAIGEKI:
        _destroy_where(state, opponent, lambda monster: True)
    elif magic in TYPE_DESTROYERS:
        wanted, side = TYPE_DESTROYERS[magic]
        for owner in sides if side is Side.BOTH else (opponent,):
            _destroy_where(state, owner, lambda monster: card(monster.card).type == wanted)
    elif magic == CRUSH_CARD:
        _destroy_where(state, opponent, lambda monster: attack_of(monster, terrain) >= CRUSH_LIMIT)
    elif magic == STOP_DEFENSE:
        _stop_defense(state, opponent)
    elif magic == DARK_PIERCING_LIGHT:
        # "reveals all monsters on the playing field": both sides.
        for owner in sides:
            _reveal_all(state, owner)
    elif magic == SWORDS:
        _reveal_all(state, opponent)
        state.locks = replace_at(state.locks, opponent, LASTING_TURNS)
    elif magic in WEAKENERS:
        amount, turns = WEAKENERS[magic], state.options.weakening_turns
        _change_monsters(
            state, opponent, lambda m: m._replace(weakened=m.weakened + amount, weak_turns=turns)
        )
    elif magic == CURSEBREAKER:
        # "Cancels the magic over all level-reduced monsters": every weakened monster, both sides.
        for owner in sides:
            _change_monsters(state, owner, lambda monster: monster._replace(weakened=0, weak_turns=0))
    elif magic == FEATHER_DUSTER:
        _clear_magic_zone(state, opponent)
    state.bury(seat, (magic,), public=True)
    end_if_life_points_gone(state)


def _stop_defense(state: FmState, owner: int) -> None:
    """Stop Defense: "Forces an opponent's monster card positioned for defense into the attack position".

    One monster, and no target step (the game reads the card's number, docs/rules/fm.md "Magic and
    traps"): nobody chooses; the first of `owner`'s defence-position monsters in zone order (m1 to m5)
    turns, face down or up.
    """
    row = state.monsters[owner]
    for zone, monster in enumerate(row):
        if monster is not None and not monster.attack:
            state.monsters = replace_at(
                state.monsters, owner, replace_at(row, zone, monster._replace(attack=True))
            )
            state.log(POSITION_CHANGED[owner][zone][True])
            return


def _clear_magic_zone(state: FmState, owner: int) -> None:
    """Every set card of `owner` goes; read as the seed's shield, a set Fake Trap takes the blow alone."""
    if state.options.fake_trap == "shield" and spring_trap(state, owner, FAKE_TRAP):
        return
    row = state.magic[owner]
    gone = tuple(entry.card for entry in row if entry is not None)
    if gone:
        state.magic = replace_at(state.magic, owner, (None,) * len(row))
        state.bury(owner, gone, public=False)
