"""Deck files: a JSON list of 40 card numbers or names, read and written for the player.

The deck rules and the reading of the list are the game's
(`cardtable.games.fm.decks.deck_from_json`); this module only reads and
writes the files.  A deck file may carry `//` comments.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from cardtable.core.jsonio import read_json_file
from cardtable.core.paths import path_error, write_atomic
from cardtable.games.fm.carddata import card
from cardtable.games.fm.decks import DeckError, deck_from_json


def read_deck(path: str | Path) -> tuple[int, ...]:
    """The deck in a deck file (DeckError naming the file, the entry and every problem)."""
    data = read_json_file(path, DeckError, what="deck", comments=True)
    return deck_from_json(data, f"deck {str(path)!r}")


def deck_text(deck: Sequence[int]) -> str:
    """A deck written as a deck file: a JSON list of card names, one a line (read back by `read_deck`)."""
    return json.dumps([card(card_id).name for card_id in deck], indent=1) + "\n"


def write_deck(path: str | Path, deck: Sequence[int]) -> None:
    """Write a deck file whole, or leave the old one as it was (DeckError saying why)."""
    try:
        write_atomic(path, deck_text(deck))
    except OSError as problem:
        raise path_error(DeckError, "write deck", path, problem) from None
