"""Setting up a duel against one of the 39 duelists, or between two decks."""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.errors import UnknownNameError
from cardtable.core.numbers import whole_number
from cardtable.games.fm.carddata import duelists
from cardtable.games.fm.decks import duelist_deck, shuffled, starter_deck
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.state import HAND, SEATS, FmState
from cardtable.games.fm.turn import new_duel


def random_duel(options: FmOptions, seats: int, rng: random.Random, first_seat: int | None = None) -> FmState:
    """A duel between a new player's starter deck and a duelist's deck, both drawn from `rng`.

    Free Duel, the campaign and two-player duels start from positions that
    name the decks (see `cardtable.games.fm.position`).
    """
    if seats != SEATS:
        raise ValueError(f"a duel has 2 sides, not {seats}")
    player = starter_deck(rng)
    opponent = duelist_deck(rng.choice(sorted(duelists())), rng, player)
    return new_duel(options, (shuffled(player, rng), shuffled(opponent, rng)), first_seat=first_seat or 0)


def find_duelist(text: str) -> int:
    """A duelist by number (1-39) or name, in any case (UnknownNameError if none)."""
    wanted = text.strip().lower()
    number = whole_number(wanted)
    if number is not None and number in duelists():
        return number
    for duelist in duelists().values():
        if duelist.name.lower() == wanted:
            return duelist.id
    names = ", ".join(f"{d.id} {d.name}" for d in duelists().values())
    raise UnknownNameError(f"no duelist {text!r}; duelists: {names}")


def duel_position(
    player_deck: tuple[int, ...],
    opponent: int | None,
    rng: random.Random,
    opponent_deck: tuple[int, ...] | None = None,
) -> dict[str, Any]:
    """A start position: the player against a duelist (its deck drawn now) or against another deck."""
    if opponent is not None:
        ai = duelists()[opponent].ai
        deck = duelist_deck(opponent, rng, player_deck)
        return {
            "game": "fm",
            "decks": [list(player_deck), list(deck)],
            "windows": [HAND, int(ai["hand_window"])],
            "sees_face_down": [False, bool(ai["sees_face_down"])],
            "duelists": [None, opponent],
        }
    assert opponent_deck is not None
    return {"game": "fm", "decks": [list(player_deck), list(opponent_deck)]}
