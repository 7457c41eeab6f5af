"""Monster strength and battle (seed §5, §10, §11): terrain, equips, guardian stars, damage."""

from __future__ import annotations

from cardtable.games.fm.carddata import MONSTER_TYPES, STARS, card, tables
from cardtable.games.fm.state import Monster

CAP = 9999

#: Guardian star -> the star it beats.  Sun > Moon > Venus > Mercury > Sun, and
#: Mars > Jupiter > Saturn > Uranus > Pluto > Neptune > Mars; the cycles never meet (seed §11).
BEATS = {
    "Sun": "Moon",
    "Moon": "Venus",
    "Venus": "Mercury",
    "Mercury": "Sun",
    "Mars": "Jupiter",
    "Jupiter": "Saturn",
    "Saturn": "Uranus",
    "Uranus": "Pluto",
    "Pluto": "Neptune",
    "Neptune": "Mars",
}
assert set(BEATS) == set(STARS)


def terrain_boost(card_id: int, terrain: int) -> int:
    """What the terrain adds to a monster's ATK and DEF: +500, -500 or 0 by its type (seed §10)."""
    if terrain == 0:
        return 0
    kind = card(card_id).type
    if kind not in MONSTER_TYPES:
        return 0
    return int(tables()["terrain_boost"][kind][terrain - 1])


def attack_of(monster: Monster, terrain: int) -> int:
    """A monster's visible ATK: its card's, with equips, weakening and terrain."""
    base = card(monster.card).atk + monster.bonus - monster.weakened + terrain_boost(monster.card, terrain)
    return max(0, base)


def defence_of(monster: Monster, terrain: int) -> int:
    """A monster's visible DEF, the same way."""
    base = (
        card(monster.card).defence + monster.bonus - monster.weakened + terrain_boost(monster.card, terrain)
    )
    return max(0, base)


def active_star(monster: Monster) -> str:
    """The guardian star the owner chose when the monster was placed."""
    stars = card(monster.card).stars
    assert stars is not None
    return stars[monster.star]


def star_adjustment(attacker: Monster, defender: Monster) -> int:
    """+500 when the attacker's star beats the defender's, -500 when it loses, else 0.

    The adjustment goes to the attacker's value only (seed §11: "the left combatant").
    """
    mine, theirs = active_star(attacker), active_star(defender)
    if BEATS[mine] == theirs:
        return 500
    if BEATS[theirs] == mine:
        return -500
    return 0


def attacking_value(attacker: Monster, defender: Monster, terrain: int) -> int:
    """The attacker's value in this battle: ATK with the star adjustment, capped at 9999 (no lower cap)."""
    return min(CAP, attack_of(attacker, terrain) + star_adjustment(attacker, defender))
