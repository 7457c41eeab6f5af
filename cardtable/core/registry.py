"""The games the engine knows, by name."""

from __future__ import annotations

from typing import Any

from cardtable.core.errors import UnknownNameError
from cardtable.core.game import Game

AnyGame = Game[Any, Any, Any, Any]

_GAMES: dict[str, AnyGame] = {}


def register(game: AnyGame) -> AnyGame:
    """Add a game under its name."""
    _GAMES[game.name] = game
    return game


def _load() -> None:
    if not _GAMES:
        from cardtable.games import registered

        for game in registered():
            register(game)


def get_game(name: str) -> AnyGame:
    """The game called `name` (UnknownNameError if there is none)."""
    _load()
    try:
        return _GAMES[name.lower()]
    except KeyError:
        raise UnknownNameError(f"unknown game {name!r}; games: {', '.join(game_names())}") from None


def game_names() -> list[str]:
    """Names of every registered game."""
    _load()
    return sorted(_GAMES)
