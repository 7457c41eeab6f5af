"""The games the engine knows, by name.

A game's package registers its declaration when it is imported.  A package
of several games may instead announce each game by name and module
(`announce`), so that a game's modules are imported only when it is first
asked for; `cardtable.games` announces every game the package ships.
Nothing here imports a game.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from cardtable.core.errors import UnknownNameError
from cardtable.core.game import Game

#: A game of any registered kind.  The registry holds games whose states, actions, views and
#: options are different types, so code that looks a game up by name knows none of them; code
#: written for one game takes its `Game[State, Action, View, Options]` instead.
AnyGame = Game[Any, Any, Any, Any]

_GAMES: dict[str, AnyGame] = {}
#: Games announced but not yet imported: name -> the module whose import registers it.
_ANNOUNCED: dict[str, str] = {}


def register(game: AnyGame) -> AnyGame:
    """Add a game under its name (another game of the same name is refused)."""
    known = _GAMES.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"a game called {game.name!r} is already registered")
    _GAMES[game.name] = game
    return game


def announce(name: str, module: str) -> None:
    """Make `name` known, its game registered by importing `module` when first asked for."""
    _ANNOUNCED.setdefault(name, module)


def get_game(name: str) -> AnyGame:
    """The game called `name` (UnknownNameError if there is none)."""
    key = name.lower()
    if key not in _GAMES and key in _ANNOUNCED:
        import_module(_ANNOUNCED[key])
    try:
        return _GAMES[key]
    except KeyError:
        known = ", ".join(game_names()) or "none (import cardtable.games to register the shipped games)"
        raise UnknownNameError(f"unknown game {name!r}; games: {known}") from None


def game_names() -> list[str]:
    """Names of every registered or announced game."""
    return sorted(set(_GAMES) | set(_ANNOUNCED))
