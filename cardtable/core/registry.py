"""The games the engine knows, by name.

A game's package registers its declaration when it is imported.  A package
of several games may instead announce each game by name and module
(`announce`), so that a game's modules are imported only when it is first
asked for; `cardtable.games` announces every game the package ships.
Nothing here imports a game.
"""

from __future__ import annotations

from collections.abc import Mapping
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
#: The commands announced games add to `cardtable`: command -> (its game, its help's first sentence).
_COMMANDS: dict[str, tuple[str, str]] = {}
#: The folders of tables announced games read, that a person may swap for a copy of their own:
#: game -> (the environment variable the game reads the folder's path from, the option's help).
_DATA_FOLDERS: dict[str, tuple[str, str]] = {}


def register(game: AnyGame) -> AnyGame:
    """Add a game under its name (another game of the same name is refused)."""
    known = _GAMES.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"a game called {game.name!r} is already registered")
    _GAMES[game.name] = game
    return game


def unregister(game: AnyGame) -> None:
    """Take back a registered game (one registered for a while, as a test's own game is)."""
    if _GAMES.get(game.name) is game:
        del _GAMES[game.name]


def announce(
    name: str,
    module: str,
    commands: Mapping[str, str] | None = None,
    data_folder: tuple[str, str] | None = None,
) -> None:
    """Make `name` known, its game registered by importing `module` when first asked for.

    `commands`: the commands the game's terminal front end adds to `cardtable`, each with the first
    sentence of its help, so that the help lists them before the game is imported.  `data_folder`:
    the environment variable from which the game reads the path of its tables' folder, if a person
    may give their own, and the help of the option (`cardtable --GAME-data DIR`) that sets it.
    """
    _ANNOUNCED.setdefault(name, module)
    if data_folder is not None:
        _DATA_FOLDERS.setdefault(name, data_folder)
    for command, summary in (commands or {}).items():
        known = _COMMANDS.setdefault(command, (name, summary))
        if known[0] != name:
            raise ValueError(f"the command {command!r} of {name} is already the game {known[0]}'s")


def announced_data_folders() -> dict[str, tuple[str, str]]:
    """The games whose tables' folder a person may give: game -> (its environment variable, the help)."""
    return dict(_DATA_FOLDERS)


def announced_commands() -> dict[str, tuple[str, str]]:
    """The commands announced games add to `cardtable`: command -> (its game, its help's first sentence)."""
    return dict(_COMMANDS)


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
