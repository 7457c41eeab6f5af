"""The web application: the HTTP API, the table WebSocket, and the browser client's files.

Routes (docs/protocol.md):
  POST /api/tables              create a table; answers the maker's token, invitations, the watch link
  POST /api/tables/{id}/claim   claim a seat's invitation: its token, to the claimer alone (and in a cookie)
  GET  /api/tables              the newest tables
  GET  /api/tables/{id}         what anyone may know of one table
  GET  /api/tables/{id}/replay  a finished table's replay (JSON lines, seed included)
  POST /api/tables/{id}/close   close a table, for the person who made it (lifecycle.py)
  GET  /api/games               the games, their seats, presets, options and bots
  ...                           the browser client's own routes (client_api.py)
  GET  /play/{id}?token=T       a seat's own link: keeps the token in a cookie, opens the client
  GET  /play/{id}?invite=I      a seat's invitation: the client claims it (programs: POST .../claim)
  GET  /watch/{id}              the spectators' link
  WS   /ws                      the table protocol
  GET  /                        the browser client (cardtable/web/) or a page naming the API
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from cardtable.bots import bot_names
from cardtable.bots.levels import offered_levels
from cardtable.core.jsonio import parse_json
from cardtable.games import AnyGame, game_names, get_game
from cardtable.server.client_api import ClientRoutes, web_parts
from cardtable.server.extension import every_extension
from cardtable.server.guard import LOCAL_SITE, Guard, Site, client_network, read_body, refusal
from cardtable.server.limits import Limits
from cardtable.server.loop_lag import watch_loop_lag
from cardtable.server.memory import tend_memory
from cardtable.server.ownership import Elsewhere
from cardtable.server.protocol import PROTOCOL, BadRequest, ProtocolError, error_frame, frame
from cardtable.server.relay import forward, relay
from cardtable.server.service import COOKIE_PREFIX, TableService
from cardtable.server.sockets import log_accept_failures
from cardtable.server.storage import Storage, StorageError
from cardtable.server.tables import Connection
from cardtable.server.workers import BotPool

log = logging.getLogger("cardtable.server")

#: The browser client's files, served at / once someone has built them.
WEB_FOLDER = Path(__file__).resolve().parent.parent / "web"
#: How many tables the list shows.
LISTED_TABLES = 100
#: HTTP status of each refusal code.
STATUS = {
    "limit": 429,
    "playing": 409,
    "storage": 503,
    "timeout": 408,
    "too_large": 413,
    "unknown_table": 404,
    "invitation": 409,
    "seat_held": 409,
}
#: How long a seat's cookie is kept (30 days).
SEAT_COOKIE_SECONDS = 30 * 86400

API_PAGE = """cardtable table server (protocol {protocol})

The browser client is not installed here yet; programs speak the protocol (docs/protocol.md):

  POST /api/tables              create a table: {{"protocol": 1, "game": "drump", "seats": [...]}}
  GET  /api/tables              the newest tables
  GET  /api/tables/ID           one table
  GET  /api/tables/ID/replay    a finished table's replay
  GET  /api/games               games, seats, presets, options and bots
  WS   /ws                      join a table, act, chat: {{"type": "join", "protocol": 1, ...}}
"""


#: What the bots that play every game are, in a few words.
GENERAL_BOTS = {
    "random": "Plays a legal move at random.",
    "ismcts": "Searches the moves ahead over the cards it cannot see (ISMCTS).",
}


def bot_choices(game: AnyGame) -> list[dict[str, str | None]]:
    """The bots offered for a game's seats, each with a label and a description: a level's label with
    its rating and what it is (docs/bots.md, "Levels"), else the game's own bot's docstring's first
    line."""
    levels = {level["name"]: level for level in offered_levels(game.name)}
    choices: list[dict[str, str | None]] = []
    for name in bot_names(game):
        if name in levels:
            level = levels[name]
            label = f"{level['label']} ({level['rating']})"
            choices.append({"bot": name, "label": label, "about": level["about"]})
            continue
        factory = game.bots.get(name)
        about = (factory.__doc__ or "").strip().partition("\n")[0] if factory is not None else ""
        choices.append({"bot": name, "label": name, "about": about or GENERAL_BOTS.get(name)})
    return choices


def _error(error: ProtocolError) -> JSONResponse:
    body = {"error": {"code": error.code, "message": error.message}}
    return JSONResponse(body, status_code=STATUS.get(error.code, 400))


class TableApp:
    """The routes of the server around one table service."""

    def __init__(
        self, storage: Storage, pool: BotPool, limits: Limits, site: Site, own_url: str | None = None
    ) -> None:
        self.limits = limits
        #: The address the other server processes on a shared database reach this one at.
        self.own_url = own_url
        self.site = site
        self.storage = storage
        self.pool = pool
        self.service = TableService(storage, pool, limits)
        self.client = ClientRoutes(self.service)

    def routes(self) -> list[BaseRoute]:
        """Every route, the browser client's files last."""
        routes: list[BaseRoute] = [
            Route("/api/tables", self.create_table, methods=["POST"]),
            Route("/api/tables", self.list_tables, methods=["GET"]),
            Route("/api/tables/{table}", self.table, methods=["GET"]),
            Route("/api/tables/{table}/replay", self.replay, methods=["GET"]),
            Route("/api/tables/{table}/claim", self.claim, methods=["POST"]),
            Route("/api/games", self.games, methods=["GET"]),
            Route("/play/{table}", self.invitation, methods=["GET"]),
            Route("/watch/{table}", self.watch, methods=["GET"]),
            WebSocketRoute("/ws", self.socket),
            *self.client.routes(),
            *(
                route
                for extension in every_extension()
                if extension.routes is not None
                for route in extension.routes(self.service, self.site)
            ),
            *self.service.lifecycle.routes(),
        ]
        if WEB_FOLDER.is_dir():
            routes.append(Mount("/", StaticFiles(directory=WEB_FOLDER, html=True)))
        else:
            routes.append(Route("/", self.api_page, methods=["GET"]))
        return routes

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Recover the stored tables and start the workers; at the end, stop both."""
        log_accept_failures(asyncio.get_running_loop())
        self.pool.start()
        if self.own_url is not None and self.storage.shared:
            self.storage.register_server(self.own_url)
        self.service.recover()
        tending = asyncio.create_task(tend_memory())
        # The loop's lateness is timed only for an operator who reads it (`--log-level info`).
        watching = None
        if log.isEnabledFor(logging.INFO):
            watching = asyncio.create_task(watch_loop_lag(dump_stalls=log.isEnabledFor(logging.DEBUG)))
        try:
            yield
        finally:
            tending.cancel()
            if watching is not None:
                watching.cancel()
            await self.service.close()
            self.pool.close()
            self.storage.close()

    # -- HTTP --------------------------------------------------------------------------------------
    async def api_page(self, request: Request) -> Response:
        """A short page naming the API, until the browser client is installed."""
        return PlainTextResponse(API_PAGE.format(protocol=PROTOCOL))

    async def create_table(self, request: Request) -> Response:
        """Create a table; answer its id, the maker's token, the others' invitations and the watch link."""
        try:
            body = await self._body(request)
            data = parse_json(body, "table request", BadRequest)
            table, grants = self.service.create(data, client_network(request, self.limits))
        except ProtocolError as error:
            return _error(error)
        seats = []
        for entry, token, invite in zip(table.seats_json(), grants.tokens, grants.invitations, strict=True):
            if token is not None:
                link = self.site.link(f"/play/{table.id}?token={token}")
                entry |= {"token": token, "link": link, "yours": True}
            if invite is not None:
                entry |= {"invite": invite, "link": self.site.link(f"/play/{table.id}?invite={invite}")}
            seats.append(entry)
        access = table.setup.access
        return JSONResponse(
            {
                "protocol": PROTOCOL,
                "table": table.id,
                "game": table.game.name,
                "seats": seats,
                "privacy": access.privacy,
                "hot_seat": access.hot_seat,
                "watch": self.site.link(f"/watch/{table.id}") if access.watchable else None,
            },
            status_code=201,
        )

    async def claim(self, request: Request) -> Response:
        """Claim a seat's invitation: answer its token to the claimer alone, and keep it in a cookie."""
        table_id = request.path_params["table"]
        try:
            data = parse_json(await self._body(request), "claim", BadRequest)
            code = data.get("invite") if isinstance(data, dict) else None
            if not isinstance(code, str):
                raise BadRequest('a claim is {"invite": "..."}, the code of the invitation link')
            table, seat, token = self.service.claim(table_id, code, request.cookies)
        except ProtocolError as error:
            return _error(error)
        except Elsewhere as elsewhere:
            # Another server process owns the table: the claim is its to make, and its answer is passed on.
            return await forward(elsewhere, request, json.dumps({"invite": code}).encode())
        response = JSONResponse({"table": table.id, "seat": seat + 1, "token": token})
        self.site.set_cookie(response, COOKIE_PREFIX + table_id, token, SEAT_COOKIE_SECONDS)
        return response

    async def _body(self, request: Request) -> str:
        """The request's body as text."""
        return await read_body(request, self.limits)

    async def list_tables(self, request: Request) -> Response:
        """The newest tables, finished or not."""
        listing = [
            {
                "table": entry.id,
                "game": entry.game,
                "players": list(entry.players),
                "created": entry.created,
                "version": entry.version,
                "finished": entry.finished,
            }
            for entry in self.storage.list_tables(LISTED_TABLES)
        ]
        return JSONResponse({"tables": listing})

    async def table(self, request: Request) -> Response:
        """What anyone may know of one table."""
        summary = self.service.summary(request.path_params["table"])
        if summary is None:
            return _error(
                ProtocolError("unknown_table", f"there is no table {request.path_params['table']!r}")
            )
        return JSONResponse(summary)

    async def replay(self, request: Request) -> Response:
        """A finished table's replay, as JSON lines (refused while the game goes on)."""
        table_id = request.path_params["table"]
        try:
            lines = self.service.replay(table_id)
        except ProtocolError as error:
            return _error(error)
        if lines is None:
            return _error(ProtocolError("unknown_table", f"there is no table {table_id!r}"))
        text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
        return Response(text, media_type="application/x-ndjson")

    async def games(self, request: Request) -> Response:
        """Every game a table may play: seats, presets, options with defaults, and bots."""
        described = []
        for name in game_names():
            game = get_game(name)
            table = game.option_table
            described.append(
                {
                    "game": game.name,
                    "title": game.title,
                    "seats": [game.min_seats, game.max_seats],
                    "presets": table.presets,
                    "options": {option.name: option.default for option in table.options.values()},
                    "bots": bot_names(game),
                    "bot_choices": bot_choices(game),
                    "levels": offered_levels(game.name),
                    "notation": game.notation,
                    **web_parts(game),
                    "lobby": dict(game.lobby),
                }
            )
        return JSONResponse({"protocol": PROTOCOL, "games": described})

    async def invitation(self, request: Request) -> Response:
        """A seat's link: its token goes into a cookie, and the client opens at the table.

        An invitation is only shown here: claiming it is a POST (the client's, on opening it), so that a
        program that merely reads links (a chat's preview of them) claims no seat.
        """
        table_id = request.path_params["table"]
        invite = request.query_params.get("invite")
        if invite is not None:
            if WEB_FOLDER.is_dir():
                return RedirectResponse(f"/?table={table_id}&invite={quote(invite)}", status_code=303)
            return PlainTextResponse(
                f"An invitation to table {table_id}: claim it with POST /api/tables/{table_id}/claim "
                f'{{"invite": "..."}}; the answer holds the seat\'s token, for you alone.\n'
            )
        token = request.query_params.get("token", "")
        table = self.service.find(table_id)
        seat = None if table is None else table.seat_of(token)
        if table is None or seat is None:
            return PlainTextResponse(f"no seat at table {table_id!r} for this link\n", status_code=404)
        if WEB_FOLDER.is_dir():
            response: Response = RedirectResponse(f"/?table={table_id}", status_code=303)
        else:
            response = PlainTextResponse(
                f"Seat {seat + 1} at table {table_id} ({table.game.title}) is yours.\n"
                f'Join it over the WebSocket /ws: {{"type": "join", "protocol": {PROTOCOL}, '
                f'"table": "{table_id}", "token": "..."}}\n'
            )
        self.site.set_cookie(response, COOKIE_PREFIX + table_id, token, SEAT_COOKIE_SECONDS)
        return response

    async def watch(self, request: Request) -> Response:
        """The spectators' link."""
        table_id = request.path_params["table"]
        table = self.service.find(table_id)
        if table is None:
            return PlainTextResponse(f"there is no table {table_id!r}\n", status_code=404)
        if not table.setup.access.watchable:
            return PlainTextResponse(f"table {table_id!r} is closed to spectators\n", status_code=403)
        if WEB_FOLDER.is_dir():
            return RedirectResponse(f"/?table={table_id}&watch=1", status_code=303)
        return PlainTextResponse(
            f'Watch table {table_id} over the WebSocket /ws: {{"type": "join", "protocol": {PROTOCOL}, '
            f'"table": "{table_id}"}}\n'
        )

    # -- the table protocol ------------------------------------------------------------------------
    async def socket(self, websocket: WebSocket) -> None:
        """One client's connection: its messages in order, its frames sent by a writer of their own."""
        address = client_network(websocket, self.limits)
        await websocket.accept()
        refused = self.service.connection_refused(address)
        if refused is not None:
            await websocket.send_text(error_frame("limit", refused))
            await websocket.close(1008, "too many connections")
            return
        connection = Connection(address, self.limits)
        # Another site's page may open a socket here with the visitor's cookies: only this site's pages
        # (or clients that are not browsers, which send no Origin) may join a seat by its cookie.
        origin = websocket.headers.get("origin")
        cookies = websocket.cookies if origin is None or self.site.trusts(origin) else {}
        writer = asyncio.create_task(_write(websocket, connection))
        connection.send(frame("hello", protocol=PROTOCOL, server="cardtable"))
        try:
            while not connection.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                self.service.receive(connection, message.get("text"), cookies)
                if connection.relay is not None:
                    # It joined a table another server process owns: from now on, relayed there.
                    url, join = connection.relay
                    client = websocket.client.host if websocket.client is not None else address
                    await relay(websocket, connection, url, join, client, cookies)
                    break
        finally:
            self.service.disconnected(connection)
            connection.close()
            await writer


async def _write(websocket: WebSocket, connection: Connection) -> None:
    """Send the connection's frames in order, then close the socket."""
    try:
        while (text := await connection.outbox.get()) is not None:
            await websocket.send_text(text)
        await websocket.close(connection.close_code, connection.close_reason)
    except Exception:
        pass


def create_app(
    storage: Storage,
    limits: Limits,
    workers: int,
    search_workers: int,
    site: Site = LOCAL_SITE,
    own_url: str | None = None,
    search_priority: str = "idle",
) -> Starlette:
    """The server's application over a storage, with its bot workers (the search workers at
    `search_priority`), reached at its site's address (and, by the other processes on a shared
    database, at `own_url`)."""
    pool = BotPool(workers, search_workers, search_priority)
    tables = TableApp(storage, pool, limits, site, own_url)
    app = Starlette(
        routes=tables.routes(),
        lifespan=tables.lifespan,
        middleware=[Middleware(Guard, site=site, limits=limits)],
    )
    app.add_exception_handler(StorageError, _storage_refused)
    app.state.tables = tables
    return app


async def _storage_refused(request: Request, error: Exception) -> Response:
    """A write the database refused in a route (a campaign saved, say): the storage logged it once."""
    message = f"{error}; nothing changed"
    return refusal("storage", message, STATUS["storage"])
