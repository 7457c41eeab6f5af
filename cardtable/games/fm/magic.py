"""Magic and trap cards: what each card number does (seed §6-§7; the game's fourteen behaviours).

The game reads a magic card's number, not its text, and every magic card is
one of fourteen programmed behaviours.  Traps lie face down and fire by
themselves when the opponent does the thing they answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cardtable.core.tuples import replace_at
from cardtable.games.fm.carddata import card
from cardtable.games.fm.combat import attack_of
from cardtable.games.fm.events import MagicActivated, MonsterDestroyed, TrapSprung
from cardtable.games.fm.state import MAGIC_USED, TRAPS_ACTIVATED, FmState, Monster

FIELDS = {330: 1, 331: 2, 332: 3, 333: 4, 334: 5, 335: 6}
HEALS = {338: 200, 339: 500, 340: 1000, 341: 2000, 342: 5000}
BURNS = {343: 50, 344: 100, 345: 200, 346: 500, 347: 1000}
#: Magic that destroys the opponent's monsters of one type.
TYPE_DESTROYERS = {653: "Warrior", 660: "Machine", 662: "Insect", 663: "Rock", 664: "Zombie"}
DARK_HOLE, DRAGON_CAPTURE_JAR, RAIGEKI, CRUSH_CARD, ETERNAL_REST = 336, 329, 337, 661, 656
STOP_DEFENSE, DARK_PIERCING_LIGHT, SWORDS, CURSEBREAKER, FEATHER_DUSTER = 320, 350, 348, 655, 672
#: Magic that weakens the opponent's strongest monster, and by how much (seed: 500 / 1000, on a timer).
WEAKENERS = {349: 500, 669: 1000}
LASTING_TURNS = 3
CRUSH_LIMIT = 1500

#: Attack traps and the highest attacking ATK each stops (seed §7).
ATTACK_TRAPS = {681: 500, 682: 1000, 683: 1500, 684: 2000, 685: 3000, 686: 25500}
GOBLIN_FAN, BAD_REACTION, REVERSE_TRAP, FAKE_TRAP = 687, 688, 689, 690

MAGIC_BEHAVIOURS = (
    set(FIELDS)
    | set(HEALS)
    | set(BURNS)
    | set(TYPE_DESTROYERS)
    | set(WEAKENERS)
    | {
        DARK_HOLE,
        DRAGON_CAPTURE_JAR,
        RAIGEKI,
        CRUSH_CARD,
        ETERNAL_REST,
        STOP_DEFENSE,
        DARK_PIERCING_LIGHT,
        SWORDS,
        CURSEBREAKER,
        FEATHER_DUSTER,
    }
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
    """Which of these set cards fires against an attack of this ATK (seed §7).

    It is the attack trap with the lowest limit that still covers the ATK, or None.
    """
    found = [c for c in set_cards if c in ATTACK_TRAPS and attacking <= ATTACK_TRAPS[c]]
    return min(found, key=ATTACK_TRAPS.__getitem__) if found else None


def damage(state: FmState, seat: int, amount: int) -> None:
    """Take life points from `seat` (never below 0)."""
    state.lp = replace_at(state.lp, seat, max(0, state.lp[seat] - amount))


def heal(state: FmState, seat: int, amount: int) -> None:
    """Give life points to `seat`, up to the starting amount (which is also the most, seed §1)."""
    state.lp = replace_at(state.lp, seat, min(state.options.starting_lp, state.lp[seat] + amount))


def destroy_monster(state: FmState, owner: int, zone: int) -> None:
    """Send a monster to its owner's graveyard."""
    monster = state.monsters[owner][zone]
    assert monster is not None
    state.monsters = replace_at(state.monsters, owner, replace_at(state.monsters[owner], zone, None))
    state.bury(owner, (monster.card,), public=monster.face_up)
    hidden = None if monster.face_up else MonsterDestroyed(owner, None, zone)
    state.log(MonsterDestroyed(owner, monster.card, zone), owner, hidden)


def _change_monsters(state: FmState, owner: int, change: Callable[[Monster], Monster]) -> None:
    row = tuple(None if monster is None else change(monster) for monster in state.monsters[owner])
    state.monsters = replace_at(state.monsters, owner, row)


def _destroy_where(state: FmState, owner: int, test: Callable[[Monster], bool]) -> None:
    for zone, monster in enumerate(state.monsters[owner]):
        if monster is not None and test(monster):
            destroy_monster(state, owner, zone)


def activate(state: FmState, seat: int, magic: int) -> None:
    """Resolve a magic card played by `seat`; a magic with no target is used up with no effect."""
    opponent = 1 - seat
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
        _destroy_where(state, seat, lambda monster: True)
        _destroy_where(state, opponent, lambda monster: True)
    elif magic == DRAGON_CAPTURE_JAR:
        for owner in (seat, opponent):
            _change_monsters(
                state, owner, lambda m: m._replace(attack=False) if card(m.card).type == "Dragon" else m
            )
    elif magic == RAIGEKI:
        _destroy_where(state, opponent, lambda monster: True)
    elif magic in TYPE_DESTROYERS:
        _destroy_where(state, opponent, lambda monster: card(monster.card).type == TYPE_DESTROYERS[magic])
    elif magic == CRUSH_CARD:
        _destroy_where(state, opponent, lambda monster: attack_of(monster, terrain) >= CRUSH_LIMIT)
    elif magic == ETERNAL_REST:
        _destroy_where(state, opponent, lambda monster: monster.bonus > 0)
    elif magic == STOP_DEFENSE:
        _change_monsters(state, opponent, lambda monster: monster._replace(attack=True))
    elif magic == DARK_PIERCING_LIGHT:
        _change_monsters(state, opponent, lambda monster: monster._replace(face_up=True))
    elif magic == SWORDS:
        _change_monsters(state, opponent, lambda monster: monster._replace(face_up=True))
        state.locks = replace_at(state.locks, opponent, LASTING_TURNS)
    elif magic in WEAKENERS:
        _weaken_strongest(state, opponent, WEAKENERS[magic])
    elif magic == CURSEBREAKER:
        state.locks = replace_at(state.locks, seat, 0)
        _change_monsters(state, seat, lambda monster: monster._replace(weakened=0, weak_turns=0))
    elif magic == FEATHER_DUSTER:
        _clear_magic_zone(state, opponent)
    state.bury(seat, (magic,), public=True)


def _weaken_strongest(state: FmState, owner: int, amount: int) -> None:
    monsters = [
        (attack_of(m, state.terrain), zone) for zone, m in enumerate(state.monsters[owner]) if m is not None
    ]
    if not monsters:
        return
    _, zone = max(monsters)
    target = state.monsters[owner][zone]
    assert target is not None
    changed: Monster = target._replace(weakened=amount, weak_turns=LASTING_TURNS)
    state.monsters = replace_at(state.monsters, owner, replace_at(state.monsters[owner], zone, changed))


def _clear_magic_zone(state: FmState, owner: int) -> None:
    """Harpie's Feather Duster: every set card of `owner` goes, unless a Fake Trap takes the blow alone."""
    if spring_trap(state, owner, FAKE_TRAP):
        return
    row = state.magic[owner]
    gone = tuple(entry.card for entry in row if entry is not None)
    state.magic = replace_at(state.magic, owner, (None,) * len(row))
    state.bury(owner, gone, public=False)
