"""Each game's terminal front end, looked up by the game's name in one table.

A front end module registers a `FrontEnd` at its foot: the screen that draws
the game's view, and, for games whose applications set up more than seats
and options (the Forbidden Memories duelists, decks and campaign), a play
set-up and commands of their own.  The command line and the terminal game
ask this table and never branch on a game's name.  Modules are imported
when their game is first asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

import click
from rich.console import RenderableType

from cardtable.core.match import Match
from cardtable.core.players import Bot

#: The front end module of each shipped game.
MODULES = {
    "drump": "cardtable.frontends.drump_screen",
    "scout": "cardtable.frontends.scout_screen",
    "dnup": "cardtable.frontends.dnup_screen",
    "fm": "cardtable.frontends.fm",
}


@dataclass(frozen=True)
class PlayRequest:
    """What `cardtable play GAME` was asked for, before any match exists."""

    game: str
    vs: str | None
    players: str | None
    preset: str | None
    assignments: tuple[str, ...]
    seed: int | None
    first: int | None
    deck_files: tuple[str, ...]


#: Builds a match and its bots from a play request; raises click.UsageError on a bad request.
PlaySetup = Callable[[PlayRequest], tuple[Match[Any, Any, Any, Any], dict[int, Bot]]]


@dataclass(frozen=True)
class FrontEnd:
    """What the terminal knows of one game: how to draw its view, and any set-up of its own."""

    game: str
    #: The screen for a view, the players' names and the events since the viewer's last move.
    render: Callable[[Any, Sequence[str], Sequence[Any]], RenderableType]
    #: The game's own set-up of a new match (None: seats, options and seed, as for any game).
    setup: PlaySetup | None = None
    #: Commands of the game's applications, added to `cardtable` (the FM campaign and decks).
    commands: tuple[click.Command, ...] = field(default_factory=tuple)
    #: The bot to seat again on `--resume`, from the player name the saved game recorded (None: the
    #: names are bot names, as `play --vs` takes them; the FM front end also knows its duelists' names).
    resume_bot: Callable[[str], Bot] | None = None


_FRONT_ENDS: dict[str, FrontEnd] = {}


def register_front_end(front_end: FrontEnd) -> FrontEnd:
    """Add a game's front end to the table."""
    _FRONT_ENDS[front_end.game] = front_end
    return front_end


def front_end(game: str) -> FrontEnd:
    """The front end of `game` (LookupError if it has none)."""
    if game not in _FRONT_ENDS and game in MODULES:
        import_module(MODULES[game])
    try:
        return _FRONT_ENDS[game]
    except KeyError:
        raise LookupError(f"no terminal front end for {game!r}") from None


def all_front_ends() -> list[FrontEnd]:
    """Every shipped front end (importing each)."""
    return [front_end(game) for game in MODULES]
