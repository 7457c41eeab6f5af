"""Saved games at the terminal: the user's key that seals unfinished games, and who may open them.

An unfinished game is saved sealed (`core/replay.py`) with a key kept in the
user's data folder (platformdirs' `user_data_dir("cardtable")`, or the folder
named by the CARDTABLE_DATA_DIR environment variable): `save.key`, 32 random
bytes written on first use, readable by its owner alone.  So the same user
can resume a saved game and watch it as the seats that saved it, while the
file alone, copied or read, shows no hidden card.  What this can and cannot
protect is in docs/threat-model.md.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from cardtable.core import replay
from cardtable.core.errors import ReplayError
from cardtable.core.match import Match
from cardtable.core.paths import data_folder
from cardtable.core.seal import KeyFileError, load_key

KEY_FILE = "save.key"
#: How a person is named in a match's players (the command line writes "you" for every person).
PERSON = "you"


def key_path() -> Path:
    """Where the user's key that seals saves is kept."""
    return data_folder() / KEY_FILE


def user_key(create: bool = True) -> bytes | None:
    """The user's key that seals saves, made on first use when `create` (else None if there is none)."""
    try:
        return load_key(key_path(), create)
    except KeyFileError as error:
        raise ReplayError(str(error)) from None


def save_game(match: Match, path: str | os.PathLike[str], saved_by: Sequence[int]) -> None:
    """Save a match for the people at these seats: sealed with the user's key until it is over."""
    key = None if match.is_over else user_key()
    replay.save(match, path, saved_by, key)


def open_game(path: str | os.PathLike[str]) -> replay.Replay:
    """A saved game, opened with the user's key if it is sealed."""
    return replay.read(path, user_key(create=False))


def savers(saved: replay.Replay) -> tuple[int, ...]:
    """The seats (from 0) that may watch a saved unfinished game: the people who saved it.

    Files of versions 1 and 2 did not say who saved them; their people's seats stand in.
    """
    if saved.saved_by is not None:
        return saved.saved_by
    return tuple(seat for seat, name in enumerate(saved.match.players) if name == PERSON)
