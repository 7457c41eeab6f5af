"""Monster strength and battle (docs/rules/fm.md "Battle"): terrain, equips, guardian stars, damage."""

from __future__ import annotations

from functools import cache
from typing import Final

from cardtable.games.fm.carddata import MONSTER_TYPES, STARS, TERRAINS, Terrain, card, tables
from cardtable.games.fm.state import Monster

#: The most a shown ATK or DEF, or an attacker's value, can be (docs/rules/fm.md "Battle"; fm.md, Caps).
CAP: Final = 9999
STAR_BONUS: Final = 500

#: Guardian star -> the star it beats.  Sun > Moon > Venus > Mercury > Sun, and
#: Mars > Jupiter > Saturn > Uranus > Pluto > Neptune > Mars; the cycles never meet
#: (docs/rules/fm.md "Battle").
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


def star_matchup(attacker_star: str, defender_star: str) -> int:
    """+500 when the attacker's guardian star beats the defender's, -500 when it is beaten, else 0.

    Stars are named as the card data names them (`STARS`: "Sun", "Mars", ...);
    ValueError names a star that is not one.
    """
    for star in (attacker_star, defender_star):
        if star not in BEATS:
            raise ValueError(f"{star!r} is not a guardian star; the stars are {', '.join(STARS)}")
    if BEATS[attacker_star] == defender_star:
        return STAR_BONUS
    if BEATS[defender_star] == attacker_star:
        return -STAR_BONUS
    return 0


@cache
def _terrain_row(monster_type: str) -> tuple[int, ...]:
    """What each terrain (NORMAL first) adds to a monster of this type."""
    if monster_type not in MONSTER_TYPES:
        raise ValueError(f"{monster_type!r} is not a monster type; the types are {', '.join(MONSTER_TYPES)}")
    return (0, *(int(change) for change in tables()["terrain_boost"][monster_type]))


def terrain_bonus(monster_type: str, terrain: object) -> int:
    """What a terrain (a `Terrain`) adds to ATK and DEF of a monster of this type: +500, -500 or 0
    (docs/rules/fm.md "Battle").

    ValueError names a type or terrain that is not one.
    """
    # Read as an object: compiled (mypyc), an int parameter would take True as 1.
    if not isinstance(terrain, int) or isinstance(terrain, bool) or terrain not in range(len(TERRAINS)):
        raise ValueError(f"{terrain!r} is not a terrain (0 to {len(TERRAINS) - 1}: {', '.join(TERRAINS)})")
    return _terrain_row(monster_type)[terrain]


def terrain_boost(card_id: int, terrain: int) -> int:
    """What the terrain adds to this monster card's ATK and DEF."""
    return 0 if terrain == Terrain.NORMAL else terrain_bonus(card(card_id).type, terrain)


#: A monster card's ATK with what a terrain adds, by card * 8 + terrain (0 to 6): worked out once each,
#: as a search's evaluation reads every monster's ATK after every playout.
_ATK_ON_TERRAIN: Final[dict[int, int]] = {}


def attack_of(monster: Monster, terrain: int) -> int:
    """A monster's visible ATK: its card's, with equips, weakening and terrain, from 0 to 9999 (retail)."""
    key = monster.card * 8 + terrain
    on_terrain = _ATK_ON_TERRAIN.get(key)
    if on_terrain is None or not 0 <= terrain < 8:
        on_terrain = card(monster.card).atk + terrain_boost(monster.card, terrain)
        _ATK_ON_TERRAIN[key] = on_terrain
    return min(CAP, max(0, on_terrain + monster.bonus - monster.weakened))


def defence_of(monster: Monster, terrain: int) -> int:
    """A monster's visible DEF, the same way."""
    base = (
        card(monster.card).defence + monster.bonus - monster.weakened + terrain_boost(monster.card, terrain)
    )
    return min(CAP, max(0, base))


def active_star(monster: Monster) -> str:
    """The guardian star the owner chose when the monster was placed."""
    stars = card(monster.card).stars
    assert stars is not None
    return stars[monster.star]


#: star_matchup of every pair of stars, looked up in battle rather than checked and worked out each time.
_MATCHUPS: Final = {
    (attacker, defender): star_matchup(attacker, defender) for attacker in STARS for defender in STARS
}


def star_adjustment(attacker: Monster, defender: Monster) -> int:
    """The attacker's star bonus against this defender (docs/rules/fm.md "Battle": the attacker's only)."""
    return _MATCHUPS[active_star(attacker), active_star(defender)]


def attacking_value(attacker: Monster, defender: Monster, terrain: int) -> int:
    """The attacker's value in this battle: ATK with the star adjustment, capped at 9999 (no lower cap)."""
    return min(CAP, attack_of(attacker, terrain) + star_adjustment(attacker, defender))
