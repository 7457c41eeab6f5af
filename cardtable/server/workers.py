"""Bots think in worker processes, so that no search ever holds up the event loop or another table.

A worker is sent a table's set-up and action list, never a state or a view
(a view's log is a deep linked list, too deep to pickle): it rebuilds the
match, keeping one per table so that the next request only plays the new
actions, and hands the bot the view of its seat.  The bot itself travels
with the request and back, so that a bot which plans a turn ahead (an FM
duelist) keeps its plan whichever worker it lands on; a game inside a bot
travels as its name.

Tree-search bots think in workers of their own, so that a long search never
delays the quick bots (random, heuristic, the duelists) of other tables.  A
worker ends when the server's end of its pipe closes, the server killed
included.
"""

from __future__ import annotations

import asyncio
import copyreg
import logging
import multiprocessing
import time
from collections import OrderedDict
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from cardtable.core.chance import make_rng
from cardtable.core.game import Game
from cardtable.core.players import Bot
from cardtable.server.setup import AnyMatch, TableSetup

#: Matches a worker keeps, the least recently used dropped first.
CACHED_MATCHES = 2000
#: Deaths of workers within a window after which no more are started.
MAX_DEATHS = 10
DEATHS_WINDOW_SECONDS = 60.0
#: Seconds the workers are given to end at shutdown before they are ended (a search is cut short).
CLOSE_SECONDS = 1.0

log = logging.getLogger("cardtable.server")


def _game_named(name: str) -> Any:
    from cardtable.games import get_game

    return get_game(name)


def _reduce_game(game: Game[Any, Any, Any, Any]) -> tuple[Any, tuple[str]]:
    return _game_named, (game.name,)


# A game is a declaration full of functions; between processes it travels by name.
copyreg.pickle(Game, _reduce_game)


@dataclass(frozen=True)
class BotRequest:
    """What a worker needs to choose a bot's move: the table and its actions, the seat, the bot."""

    table: str
    setup: TableSetup
    actions: tuple[str, ...]
    seat: int
    bot: Bot


@dataclass(frozen=True)
class BotMove:
    """The bot's choice in notation, and the bot after choosing (with any plan it keeps)."""

    text: str
    bot: Bot


_matches: OrderedDict[str, tuple[AnyMatch, list[str]]] = OrderedDict()


def _match_at(table: str, setup: TableSetup, actions: tuple[str, ...]) -> AnyMatch:
    """The table's match after `actions`, from this worker's cache when it holds a prefix of them."""
    cached = _matches.pop(table, None)
    if cached is not None and cached[1] == list(actions[: len(cached[1])]):
        match, played = cached
    else:
        match, played = setup.start_match(), []
    for text in actions[len(played) :]:
        match.play(text)
        played.append(text)
    _matches[table] = (match, played)
    if len(_matches) > CACHED_MATCHES:
        _matches.popitem(last=False)
    return match


def think(request: BotRequest) -> BotMove:
    """The bot's move at its seat (runs in a worker process).

    The bot's chance is drawn from a generator derived from the seed, the seat
    and the number of actions taken, so a move depends on nothing but the game.
    """
    match = _match_at(request.table, request.setup, request.actions)
    if match.current_seat != request.seat:
        raise ValueError(f"table {request.table}: seat {request.seat + 1} is not to act")
    rng = make_rng(request.setup.seed, "bot", request.seat, len(request.actions))
    action = request.bot.choose(match.view(request.seat), match.legal_actions(), rng)
    return BotMove(match.game.format_action(action), request.bot)


class WorkerFailed(Exception):
    """A worker died, or the bot it ran raised; the message says which."""


def _serve(connection: Connection) -> None:
    """A worker's life: a request in, a move out, until the server's end of the pipe closes."""
    from cardtable import games  # noqa: F401  (every game loaded before the first request)

    while True:
        try:
            request = connection.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[bool, Any] = (True, think(request))
        except Exception as error:
            reply = (False, f"{type(error).__name__}: {error}")
        connection.send(reply)


class _Worker:
    """One worker process, the server's end of its pipe, and the move it is choosing."""

    def __init__(self, context: Any, searching: bool) -> None:
        ours, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True, name="cardtable-bot")
        self.process.start()
        theirs.close()
        self.connection: Connection = ours
        self.searching = searching
        self.waiting: asyncio.Future[BotMove] | None = None


class BotPool:
    """Worker processes for the quick bots, and others for tree searches.

    Each worker is spoken to over a pipe whose replies the event loop itself
    watches, with no thread in between: a request is written when a worker
    is free, and the reply read as soon as it comes.  A worker that dies is
    replaced (unless workers keep dying: then bots wait, and it is logged).
    """

    def __init__(self, workers: int, search_workers: int) -> None:
        self.context = multiprocessing.get_context("spawn")
        self.sizes = {False: workers, True: search_workers}
        self.idle: dict[bool, asyncio.Queue[_Worker]] = {False: asyncio.Queue(), True: asyncio.Queue()}
        self.workers: set[_Worker] = set()
        self.deaths: list[float] = []

    def start(self) -> None:
        """Start every worker (within the running event loop)."""
        for searching, size in self.sizes.items():
            for _ in range(size):
                self._spawn(searching)

    def _spawn(self, searching: bool) -> None:
        worker = _Worker(self.context, searching)
        self.workers.add(worker)
        asyncio.get_running_loop().add_reader(worker.connection.fileno(), self._on_reply, worker)
        self.idle[searching].put_nowait(worker)

    def _on_reply(self, worker: _Worker) -> None:
        waiting, worker.waiting = worker.waiting, None
        try:
            succeeded, value = worker.connection.recv()
        except (EOFError, OSError):
            self._bury(worker)
            if waiting is not None and not waiting.done():
                waiting.set_exception(WorkerFailed("the bot's worker process died"))
            return
        if waiting is not None and not waiting.done():
            if succeeded:
                waiting.set_result(value)
            else:
                waiting.set_exception(WorkerFailed(value))
        self.idle[worker.searching].put_nowait(worker)

    def _bury(self, worker: _Worker) -> None:
        """Forget a dead worker and start another, unless workers keep dying."""
        asyncio.get_running_loop().remove_reader(worker.connection.fileno())
        worker.connection.close()
        self.workers.discard(worker)
        now = time.monotonic()
        self.deaths = [moment for moment in self.deaths if now - moment < DEATHS_WINDOW_SECONDS] + [now]
        if len(self.deaths) > MAX_DEATHS:
            log.error(
                "bot workers keep dying (%d in %g s); no more are started",
                len(self.deaths),
                DEATHS_WINDOW_SECONDS,
            )
            return
        self._spawn(worker.searching)

    async def think(self, request: BotRequest, searching: bool) -> BotMove:
        """The bot's move, chosen by the next free worker (WorkerFailed if the worker or the bot failed)."""
        worker = await self.idle[searching].get()
        worker.waiting = asyncio.get_running_loop().create_future()
        try:
            worker.connection.send(request)
        except (OSError, ValueError):
            self._bury(worker)
            raise WorkerFailed("the bot's worker process died") from None
        return await worker.waiting

    def close(self) -> None:
        """Stop every worker: its pipe is closed, and a worker still thinking after a while is ended."""
        loop = asyncio.get_running_loop()
        for worker in self.workers:
            loop.remove_reader(worker.connection.fileno())
            worker.connection.close()
        deadline = time.monotonic() + CLOSE_SECONDS
        for worker in self.workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.terminate()
                worker.process.join()
        self.workers.clear()
