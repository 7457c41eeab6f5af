"""Setting up a duel against one of the 39 duelists, or between two decks."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from cardtable.core.errors import UnknownNameError
from cardtable.games.fm.carddata import cards, duelists
from cardtable.games.fm.decks import DeckError, check_deck, duelist_deck, shuffled, starter_deck
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.rules import new_duel
from cardtable.games.fm.state import HAND, SEATS, FmState

_BY_NAME = {card_data.name.lower(): card_data.id for card_data in cards().values()}


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
    if wanted.isdigit() and int(wanted) in duelists():
        return int(wanted)
    for duelist in duelists().values():
        if duelist.name.lower() == wanted:
            return duelist.id
    names = ", ".join(f"{d.id} {d.name}" for d in duelists().values())
    raise UnknownNameError(f"no duelist {text!r}; duelists: {names}")


def read_deck(path: str | Path) -> tuple[int, ...]:
    """A deck file: a JSON list of 40 card numbers or names (DeckError naming each problem)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise DeckError(f"cannot read deck {str(path)!r}: {error.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise DeckError(f"deck {str(path)!r} is not JSON: {error}") from None
    if not isinstance(data, list):
        raise DeckError(f"deck {str(path)!r} should be a JSON list of card numbers or names")
    deck = []
    for index, entry in enumerate(data):
        if isinstance(entry, int) and not isinstance(entry, bool) and entry in cards():
            deck.append(entry)
        elif isinstance(entry, str) and entry.strip().lower() in _BY_NAME:
            deck.append(_BY_NAME[entry.strip().lower()])
        else:
            raise DeckError(f"deck {str(path)!r} entry {index + 1}: {entry!r} is not a card number or name")
    return check_deck(deck, f"deck {str(path)!r}")


def deck_json(deck: tuple[int, ...]) -> str:
    """A deck written as a deck file: a JSON list of card names (read back by `read_deck`)."""
    return json.dumps([cards()[card_id].name for card_id in deck], indent=1) + "\n"


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
        }
    assert opponent_deck is not None
    return {"game": "fm", "decks": [list(player_deck), list(opponent_deck)]}
