"""The routes the browser client needs beyond the table protocol (docs/web.md).

  GET /games/{game}/{file}               a file of the game's own browser folder (Game.web_folder): its
                                         board.js, style.css and pages
  GET /api/games/{game}/rules            the game's rules page (Markdown), as `cardtable rules GAME`
  GET /api/tables/{id}/steps/{step}      a finished table at one step, as a seat (?seat=N), a spectator,
                                         or with every card face up (?seat=all: each seat's view)
  GET /api/tables/{id}/hint              a hint for the seat whose token the cookie holds (the game's
                                         `ServerExtension.hints`)

A game's own routes are its server extension's (`server/extension.py`).

Nothing here shows what a game hides: a step is built from the view of the
seat asked for, and only once the game is over (when the replay, seed
included, is public to everyone at the table); a hint is computed from the
view of the seat whose token the request carries.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from cardtable.core.errors import CardtableError
from cardtable.core.numbers import whole_number
from cardtable.core.registry import AnyGame
from cardtable.games import game_names, get_game
from cardtable.server.extension import extension_of
from cardtable.server.guard import refusal
from cardtable.server.service import COOKIE_PREFIX, TableService

#: Finished tables whose states are kept for stepping through their replay.
STEPPED_KEPT = 16
#: The files a game's browser folder may serve: plain names of scripts and stylesheets, nothing else.
GAME_FILE = re.compile(r"[a-z0-9_]{1,40}\.(js|css)")
GAME_FILE_TYPES = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}


def game_file(game: AnyGame, file: str) -> Path | None:
    """The file of the game's browser folder by that name, or None if it has no such file."""
    if game.web_folder is None or not GAME_FILE.fullmatch(file):
        return None
    path = Path(game.web_folder) / file
    return path if path.is_file() else None


def web_parts(game: AnyGame) -> dict[str, str | None]:
    """Where the browser finds the game's board, stylesheet and lobby tile's module (None: it has none,
    and the generic board draws its tables)."""
    return {
        part: f"/games/{game.name}/{file}" if game_file(game, file) else None
        for part, file in (("board", "board.js"), ("style", "style.css"), ("lobby_module", "lobby.js"))
    }


def _view_json(view: Any) -> Any:
    data = view.to_json(with_log=False)
    data.pop("log", None)
    return data


def open_log(spectator: Any, views: list[Any]) -> list[Any]:
    """The log with every card named: each entry as the one seat that saw it unredacted, if any did.

    Every observer's log holds the same events in the same order, each hiding what it may not
    see; the entry that differs from the spectator's is the one that names the hidden card.
    """
    public = spectator.history.entries()
    shown = list(public)
    for view in views:
        for index, (entry, seen) in enumerate(zip(view.history.entries(), public, strict=True)):
            if entry != seen:
                shown[index] = entry
    return shown


class ClientRoutes:
    """The browser client's routes over the table service."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        #: Each finished table's states, one per step (state after `step` actions), the newest asked last.
        self.states: OrderedDict[str, list[Any]] = OrderedDict()

    def routes(self) -> list[BaseRoute]:
        """The routes, to go before the client's static files."""
        return [
            Route("/games/{game}/{file}", self.game_file, methods=["GET"]),
            Route("/api/games/{game}/rules", self.rules, methods=["GET"]),
            Route("/api/tables/{table}/steps/{step:int}", self.step, methods=["GET"]),
            Route("/api/tables/{table}/hint", self.hint, methods=["GET"]),
        ]

    async def game_file(self, request: Request) -> Response:
        """A script or stylesheet of a game's own browser folder (its board, its pages)."""
        name, file = request.path_params["game"], request.path_params["file"]
        if name not in game_names():
            return refusal("unknown_game", f"no game {name!r}; games: {', '.join(game_names())}", 404)
        path = game_file(get_game(name), file)
        if path is None:
            return refusal("not_found", f"the game {name} has no browser file {file!r}", 404)
        return FileResponse(path, media_type=GAME_FILE_TYPES[path.suffix[1:]])

    async def rules(self, request: Request) -> Response:
        """A game's rules page in Markdown, its options table filled in."""
        from cardtable.games.documents import rules_page

        name = request.path_params["game"]
        try:
            game = get_game(name)
        except CardtableError as error:
            return refusal("unknown_game", str(error), 404)
        return PlainTextResponse(rules_page(game.name), media_type="text/markdown; charset=utf-8")

    async def step(self, request: Request) -> Response:
        """A finished table after `step` actions, as one seat (or a spectator) saw it then."""
        table_id = request.path_params["table"]
        table = self.service.find(table_id)
        if table is None:
            return refusal("unknown_table", f"there is no table {table_id!r}", 404)
        if not table.finished:
            return refusal("playing", f"table {table_id} is still playing; its replay comes at the end", 409)
        seats = len(table.setup.seats)
        asked = request.query_params.get("seat", "")
        number = whole_number(asked)
        every_card = asked == "all"
        if asked not in ("", "0", "all") and not (number is not None and 1 <= number <= seats):
            return refusal("bad_request", f"seat {asked!r}: give a seat from 1 to {seats}, all, or none", 400)
        seat = number - 1 if number else None
        states = self._states(table_id, table)
        step = request.path_params["step"]
        if not 0 <= step < len(states):
            return refusal("bad_request", f"step {step}: this game has steps 0 to {len(states) - 1}", 400)
        game = table.game
        view = game.view(states[step], seat)
        data = _view_json(view)
        moves = table.match.moves
        last = moves[step - 1] if step > 0 else None
        extra: dict[str, Any] = {}
        log = [view.describe(event) for event in view.history.entries()]
        if every_card:
            # The game is over: every seat's view at once shows every card, and the log names them all.
            views = [game.view(states[step], each) for each in range(seats)]
            extra["views"] = [_view_json(each) for each in views]
            log = [view.describe(event) for event in open_log(view, views)]
        return JSONResponse(
            {
                "table": table.id,
                "game": game.name,
                "title": game.title,
                "step": step,
                "steps": len(states) - 1,
                "seat": "all" if every_card else None if seat is None else seat + 1,
                "seats": table.seats_json(),
                "view": data,
                **extra,
                "log": log,
                "action": None
                if last is None
                else {"seat": last.seat + 1, "action": game.format_action(last.action)},
                "outcome": None if table.match.outcome is None else table.match.outcome.to_json(),
            }
        )

    def _states(self, table_id: str, table: Any) -> list[Any]:
        """Every state of a finished table, from its start; the last few tables asked for are kept."""
        states = self.states.get(table_id)
        if states is None:
            match = table.match
            states = [match.initial]
            for move in match.moves:
                states.append(table.game.apply(states[-1], move.action))
            self.states[table_id] = states
            if len(self.states) > STEPPED_KEPT:
                self.states.popitem(last=False)
        self.states.move_to_end(table_id)
        return states

    async def hint(self, request: Request) -> Response:
        """A hint for the seat whose token the request's cookie holds, from that seat's view alone."""
        table_id = request.path_params["table"]
        table = self.service.find(table_id)
        if table is None:
            return refusal("unknown_table", f"there is no table {table_id!r}", 404)
        token = request.cookies.get(COOKIE_PREFIX + table.id)
        seat = None if token is None else table.seat_of(token)
        if seat is None:
            return refusal("spectator", "only a seat's player may ask for a hint (open your invitation)", 403)
        finder = extension_of(table.game).hints
        if finder is None:
            return refusal("no_hint", f"no hint is connected for {table.game.title} on this server yet", 501)
        return JSONResponse({"table": table.id, "seat": seat + 1, "hints": finder(table.match.view(seat))})
