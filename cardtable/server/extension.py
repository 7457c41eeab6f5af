"""What a game adds to the table server, declared in its own folder and mounted here for any game.

A game's declaration may name a module (`Game.server`) whose `EXTENSION` is a
`ServerExtension`: routes of its own (a card catalogue, a campaign), and a
table set-up beyond seats and options (seat keys of its own, the start
position they make, the bots such a seat names, hints for a seat's view).
The server asks `extension_of(game)` and never branches on a game's name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from cardtable.core.players import Bot
from cardtable.games import AnyGame, game_names, get_game

if TYPE_CHECKING:
    from starlette.routing import BaseRoute

    from cardtable.server.guard import Site
    from cardtable.server.service import TableService

#: The start position a table's seat requests make (their keys as the client sent them, and a generator
#: drawn from the table's seed), with the game's own bot, by number, at each seat (None: none).
PositionMaker = Callable[[list[dict[str, Any]], random.Random], tuple[dict[str, Any], list[int | None]]]


@dataclass(frozen=True)
class ServerExtension:
    """A game's own parts of the server; every part may be left out."""

    #: The game's routes, for the table service and the site, mounted before the browser client's files.
    routes: Callable[[TableService, Site], Sequence[BaseRoute]] | None = None
    #: The keys a seat of the game's tables may have besides a person's or a bot's (FM: "duelist",
    #: "deck"); a seat that names "duelist" is played by one of the game's own bots, by number.
    seat_keys: frozenset[str] = frozenset()
    #: The start position the seats' requests make (None: the game's own deal).
    position: PositionMaker | None = None
    #: The bot a seat's number names (its "duelist"), and that bot's name at the table.
    seat_bot: Callable[[int], Bot] | None = None
    seat_bot_name: Callable[[int], str] | None = None
    #: A hint for a seat from its view alone, as JSON data (`GET /api/tables/{id}/hint`).
    hints: Callable[[Any], Any] | None = None


NO_EXTENSION = ServerExtension()


def extension_of(game: AnyGame) -> ServerExtension:
    """The server extension a game declares (one with no parts if it declares none)."""
    if game.server is None:
        return NO_EXTENSION
    extension: ServerExtension = import_module(game.server).EXTENSION
    return extension


def every_extension() -> list[ServerExtension]:
    """The extension of every known game (importing each game's declaration)."""
    return [extension_of(get_game(name)) for name in game_names()]
