"""Building duel positions for scenario tests; cards are named, not numbered."""

from __future__ import annotations

from typing import Any

from cardtable.core.match import Match
from cardtable.games.fm import GAME
from cardtable.games.fm.carddata import card_named

#: A plain monster to fill decks with.
FILLER = 8


def cid(name: str) -> int:
    """A card's number by its name."""
    found = card_named(name)
    assert found is not None, f"no card named {name!r}"
    return found


def monster(
    name: str, attack: bool = True, face_up: bool = True, star: int = 0, **extra: int
) -> dict[str, Any]:
    """A monster zone entry; `star` is 0 or 1 as in the Python API (positions count stars from 1)."""
    return {"card": cid(name), "attack": attack, "face_up": face_up, "star": star + 1, **extra}


def duel(
    hands: tuple[list[str], list[str]] = ([], []),
    monsters: tuple[dict[int, dict[str, Any]], dict[int, dict[str, Any]]] = ({}, {}),
    magic: tuple[dict[int, str], dict[int, str]] = ({}, {}),
    decks: tuple[list[str], list[str]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A full position, seat 1 to play (picking) by default; zones are numbered from 1.

    Both seats have had two turns unless `turn_number` says otherwise, so that the duel's first turn
    (which has no battle) is only met where a test asks for it.
    """
    rows = [[None] * 5, [None] * 5]
    for seat in range(2):
        for zone, entry in monsters[seat].items():
            rows[seat][zone - 1] = entry
    magic_rows = [[None] * 5, [None] * 5]
    for seat in range(2):
        for zone, name in magic[seat].items():
            magic_rows[seat][zone - 1] = cid(name)
    data = {
        "game": "fm",
        "hands": [[cid(name) for name in hand] for hand in hands],
        "decks": [[cid(name) for name in deck] for deck in decks]
        if decks
        else [[FILLER] * 20, [FILLER] * 20],
        "monsters": rows,
        "magic": magic_rows,
        "turn_seat": 1,
        "turn_number": [2, 2],
        "phase": "pick",
    }
    data.update(extra)
    return data


def match_from(data: dict[str, Any], **options: Any) -> Match:
    """A match starting at a position."""
    resolved = GAME.option_table.resolve(overrides=options) if options else None
    return Match(GAME, position=data, options=resolved, seed=0)


def play(match: Match, *texts: str) -> None:
    """Play actions in notation, in order."""
    for text in texts:
        match.play(text)


def zone(match: Match, seat: int, number: int) -> Any:
    """The monster in a zone (numbered from 1)."""
    return match.state.monsters[seat][number - 1]
