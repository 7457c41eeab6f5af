"""The Forbidden Memories tables, loaded from the package's own data files.

`tools/build_fm_data.py` builds the files in `data/` from the shared sources;
the package never reads the sources, unless a user points it at their own
copy of the tables (`use_data`, `cardtable --fm-data DIR`), which the same
loader (`sources.py`) reads and checks.  Fusion and equip look-ups are
dictionaries and sets: constant time.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache
from importlib import resources
from typing import Any

MONSTER_TYPES = (
    "Dragon",
    "Spellcaster",
    "Zombie",
    "Warrior",
    "Beast-Warrior",
    "Beast",
    "Winged Beast",
    "Fiend",
    "Fairy",
    "Insect",
    "Dinosaur",
    "Reptile",
    "Fish",
    "Sea Serpent",
    "Machine",
    "Thunder",
    "Aqua",
    "Pyro",
    "Rock",
    "Plant",
)


class Terrain(IntEnum):
    """The field both sides fight on (docs/rules/fm.md "Battle"); a field magic card changes it."""

    NORMAL = 0
    FOREST = 1
    WASTELAND = 2
    MOUNTAIN = 3
    SOGEN = 4
    UMI = 5
    YAMI = 6


#: Each terrain's name, as positions and views write it.
TERRAINS = tuple(terrain.name.lower() for terrain in Terrain)
STARS = ("Mars", "Jupiter", "Saturn", "Uranus", "Pluto", "Neptune", "Mercury", "Sun", "Moon", "Venus")


class CardKind(StrEnum):
    """What a card is: a monster, or one of the five kinds of magic card (docs/rules/fm.md "Magic and
    traps")."""

    MONSTER = "monster"
    MAGIC = "magic"
    FIELD = "field"
    EQUIP = "equip"
    RITUAL = "ritual"
    TRAP = "trap"


#: Kinds played face down into a magic/trap zone (a face-up magic, field or ritual acts at once); the
#: row holds "Magic, Trap, Ritual or Equipment" cards (docs/rules/fm.md "Combinations"), so a lone equip
#: played face down is set.
SETTABLE_KINDS = frozenset({CardKind.MAGIC, CardKind.FIELD, CardKind.EQUIP, CardKind.RITUAL, CardKind.TRAP})
#: Kinds that act when played face up or activated from their zone (traps fire by themselves).
ACTIVATED_KINDS = frozenset({CardKind.MAGIC, CardKind.FIELD, CardKind.RITUAL})
MEGAMORPH = 657
#: The most copies of one card a player can own (retail; fm.md, Caps).
MOST_COPIES_OWNED = 250


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the game, as the data gives it."""

    id: int
    name: str
    kind: CardKind
    type: str
    attribute: str | None
    level: int | None
    atk: int
    defence: int
    stars: tuple[str, str] | None
    password: str | None
    cost: int

    @property
    def is_monster(self) -> bool:
        """Whether the card is a monster."""
        return self.kind is CardKind.MONSTER


#: Where a user's own copy of the tables is named for every process of the engine (`use_data`).
DATA_ENV = "CARDTABLE_FM_DATA"
#: The tables read from a user's folder (None: the shipped files), and whether any table was read yet.
_chosen: dict[str, Any] | None = None
_chosen_path: str | None = None
_read_any = False


def use_data(folder: str | os.PathLike[str]) -> None:
    """Read the tables from a user's folder instead of the shipped files (`--fm-data DIR`).

    The folder is read and checked whole by the loader that builds the shipped files
    (`sources.build_all`): a fault is a FmDataError naming the file, the row and the reason, and
    changes nothing.  It must be chosen before any table is read; the child processes of this one
    (the server's workers) inherit the choice.
    """
    global _chosen, _chosen_path
    from cardtable.games.fm.sources import FmDataError, build_all

    path = os.path.abspath(folder)
    if path == _chosen_path:
        return
    if _read_any:
        raise FmDataError(f"the Forbidden Memories tables were read already; {folder!r} comes too late")
    _chosen = build_all(path)
    _chosen_path = path
    os.environ[DATA_ENV] = path


def _load(name: str) -> Any:
    global _read_any
    if _chosen is None and not _read_any and os.environ.get(DATA_ENV):
        use_data(os.environ[DATA_ENV])
    _read_any = True
    if _chosen is not None:
        return _chosen[name]
    return json.loads(
        resources.files("cardtable.games.fm").joinpath("data", name).read_text(encoding="utf-8")
    )


@cache
def cards() -> dict[int, Card]:
    """Every card, by id (1-722)."""
    found = {}
    for row in _load("cards.json"):
        card_id, name, kind, kind_type, attribute, level, atk, defence, star1, star2, password, cost = row
        stars = (star1, star2) if star1 and star2 else None
        found[card_id] = Card(
            card_id,
            name,
            CardKind(kind),
            kind_type,
            attribute,
            level,
            atk or 0,
            defence or 0,
            stars,
            password,
            cost or 0,
        )
    return found


def card(card_id: int) -> Card:
    """The card with this id (KeyError naming it if there is none)."""
    try:
        return cards()[card_id]
    except KeyError:
        raise KeyError(f"no card {card_id!r}: cards are numbered 1 to 722") from None


def add_copies(owned: int, added: int) -> int:
    """How many copies of a card a player owns after gaining `added`: never above 250 (retail)."""
    return max(0, min(MOST_COPIES_OWNED, owned + added))


@cache
def _texts() -> tuple[str, ...]:
    return tuple(_load("texts.json"))


def card_text(card_id: int) -> str:
    """The card's own text, as the game shows it (KeyError naming a number that is not a card)."""
    return _texts()[card(card_id).id - 1]


@cache
def _names() -> dict[str, int]:
    return {found.name.lower(): found.id for found in cards().values()}


def card_named(name: str) -> int | None:
    """The id of the card with this name, in any case and spacing at the ends (None if there is none)."""
    return _names().get(name.strip().lower())


def _triples(values: list[int]) -> dict[tuple[int, int], int]:
    return {(values[index], values[index + 1]): values[index + 2] for index in range(0, len(values), 3)}


@cache
def fusion_table(padding: bool) -> dict[tuple[int, int], int]:
    """Unordered material pair (low id, high id) -> result; with the 15 padding pairs or not."""
    data = _load("fusions.json")
    table = _triples(data["disc"])
    if padding:
        table.update(_triples(data["padding"]))
    return table


def fusion_of(first: int, second: int, padding: bool) -> int | None:
    """The card two materials fuse into, if any."""
    key = (first, second) if first < second else (second, first)
    return fusion_table(padding).get(key)


@cache
def equip_table() -> frozenset[tuple[int, int]]:
    """Every (equip id, monster id) pair the game allows."""
    return frozenset(
        (int(equip), monster) for equip, monsters in _load("equips.json").items() for monster in monsters
    )


def can_equip(equip: int, monster: int) -> bool:
    """Whether this equip card may be put on this monster (the equip table, docs/rules/fm.md "Battle")."""
    return (equip, monster) in equip_table()


def equip_bonus(equip: int) -> int:
    """What an equip card adds to ATK and DEF: 500, or 1000 for Megamorph (docs/rules/fm.md "Battle")."""
    if card(equip).kind is not CardKind.EQUIP:
        raise ValueError(f"{card(equip).name} (#{equip}) is not an equip card")
    return 1000 if equip == MEGAMORPH else 500


@cache
def rituals() -> dict[int, tuple[tuple[int, int, int], int]]:
    """Ritual card id -> (its three tributes, the monster it summons)."""
    return {row[0]: ((row[1], row[2], row[3]), row[4]) for row in _load("rituals.json")}


@dataclass(frozen=True)
class Duelist:
    """An opponent: its name, its AI's parameters and its card pools (weights out of 2048)."""

    id: int
    name: str
    ai: dict[str, Any]
    pools: dict[str, tuple[tuple[int, int], ...]]


@cache
def duelists() -> dict[int, Duelist]:
    """The 39 duelists, by id."""
    return {
        entry["id"]: Duelist(
            entry["id"],
            entry["name"],
            entry["ai"],
            {
                pool: tuple((card_id, weight) for card_id, weight in rows)
                for pool, rows in entry["pools"].items()
            },
        )
        for entry in _load("duelists.json")
    }


@cache
def starter_pools() -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """The new player's deck pools: (cards drawn from the pool, (card, weight) pairs)."""
    return tuple(
        (entry["draws"], tuple((c, w) for c, w in entry["cards"])) for entry in _load("starters.json")
    )


@cache
def tables() -> dict[str, Any]:
    """The rank score rules, the rank letters and the terrain bonuses."""
    return dict(_load("tables.json"))
