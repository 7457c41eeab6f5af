"""Bots think in worker processes, so that no search ever holds up the event loop or another table
(the random bot alone draws its move in the server: `bot_loop`).

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
included.  Search workers run at a lower priority than the server: on Linux
the idle class (SCHED_IDLE), which runs only on a processor nothing else
wants and gives way at once when the event loop or anything else wakes (a
nice level only weighs a share: at nice 10 two searches on two cores still
delayed a waking loop by milliseconds), elsewhere `os.nice`; on a host that
other programs keep busy the idle class starves, and `--search-priority low`
keeps the nice level alone.  So a search
takes only the processor time the event loop leaves (the quick bots'
workers, whose moves people wait for, are not lowered); and a free
worker goes to the waiting requests in turn by the party that asked
(round-robin), not first come first served, so that no one's many tables
keep another's bot waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import copyreg
import logging
import multiprocessing
import os
import random
import time
from collections import OrderedDict, deque
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from cardtable.core.chance import make_rng
from cardtable.core.game import Game
from cardtable.core.players import Bot
from cardtable.server.limits import SEARCH_PRIORITIES
from cardtable.server.setup import AnyMatch, TableSetup

#: Matches a worker keeps, the least recently used dropped first.
CACHED_MATCHES = 2000
#: Deaths of workers within a window after which no more are started.
MAX_DEATHS = 10
DEATHS_WINDOW_SECONDS = 60.0
#: Seconds the workers are given to end at shutdown before they are ended (a search is cut short).
CLOSE_SECONDS = 1.0
#: How much lower than the server's the workers' priority is (`os.nice`): searches only.
NICENESS = {False: 0, True: 10}

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


def bot_stream(setup: TableSetup, seat: int, actions: int) -> random.Random:
    """The generator a seat's bot draws its chance from after `actions` actions.

    Derived from the seed, the seat and the number of actions taken, so a move
    depends on nothing but the game (and not on which process chose it).
    """
    return make_rng(setup.seed, "bot", seat, actions)


def think(request: BotRequest) -> BotMove:
    """The bot's move at its seat (runs in a worker process)."""
    match = _match_at(request.table, request.setup, request.actions)
    if match.current_seat != request.seat:
        raise ValueError(f"table {request.table}: seat {request.seat + 1} is not to act")
    rng = bot_stream(request.setup, request.seat, len(request.actions))
    action = request.bot.choose(match.view(request.seat), match.legal_actions(), rng)
    return BotMove(match.game.format_action(action), request.bot)


class WorkerFailed(Exception):
    """A worker died, timed out or is lacking, or the bot it ran raised: `kind` says which, in words
    that reveal nothing of the game (the message, for the server's log, may name the bot's cards)."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


DIED = "its worker process died"
NO_WORKER = "no bot worker is left"


def lower_priority(searching: bool, priority: str = "idle") -> None:
    """Put this worker process below the server: a search worker in the idle class where there is one,
    unless its `priority` is `low`."""
    os.nice(NICENESS[searching])
    if searching and priority == "idle" and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):  # not allowed here: the nice level stays
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def _serve(connection: Connection, searching: bool, priority: str) -> None:
    """A worker's life: a request in, a move out, until the server's end of the pipe closes."""
    lower_priority(searching, priority)
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
        try:
            connection.send(reply)
        except OSError:
            return


class _Worker:
    """One worker process, the server's end of its pipe, and the move it is choosing."""

    def __init__(self, context: Any, searching: bool, priority: str) -> None:
        ours, theirs = context.Pipe()
        self.process = context.Process(
            target=_serve, args=(theirs, searching, priority), daemon=True, name="cardtable-bot"
        )
        self.process.start()
        theirs.close()
        self.connection: Connection = ours
        self.searching = searching
        self.waiting: asyncio.Future[BotMove] | None = None


class FairQueue:
    """Requests waiting for a worker, served in turn by the party that asked, first come within one."""

    def __init__(self) -> None:
        self.parties: OrderedDict[str, deque[asyncio.Future[_Worker]]] = OrderedDict()

    def __len__(self) -> int:
        return sum(len(waiting) for waiting in self.parties.values())

    def wait(self, party: str) -> asyncio.Future[_Worker]:
        """A future that the next worker given to `party` completes."""
        future: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self.parties.setdefault(party, deque()).append(future)
        return future

    def next(self) -> asyncio.Future[_Worker] | None:
        """The request to serve now: the first party's oldest, that party then going last."""
        while self.parties:
            party, waiting = next(iter(self.parties.items()))
            future = waiting.popleft()
            if waiting:
                self.parties.move_to_end(party)
            else:
                del self.parties[party]
            if not future.done():
                return future
        return None


class BotPool:
    """Worker processes for the quick bots, and others for tree searches.

    Each worker is spoken to over a pipe whose replies the event loop itself
    watches, with no thread in between: a request is written when a worker
    is free, and the reply read as soon as it comes.  A worker that dies or
    thinks too long is replaced (unless workers keep dying: then every
    request fails at once, and it is logged).
    """

    def __init__(self, workers: int, search_workers: int, search_priority: str = "idle") -> None:
        if search_priority not in SEARCH_PRIORITIES:
            raise ValueError(f"search priority {search_priority!r}: one of {', '.join(SEARCH_PRIORITIES)}")
        self.search_priority = search_priority
        self.context = multiprocessing.get_context("spawn")
        self.sizes = {False: workers, True: search_workers}
        self.idle: dict[bool, list[_Worker]] = {False: [], True: []}
        self.queues: dict[bool, FairQueue] = {False: FairQueue(), True: FairQueue()}
        self.workers: set[_Worker] = set()
        self.deaths: list[float] = []

    def start(self) -> None:
        """Start every worker (within the running event loop)."""
        for searching, size in self.sizes.items():
            for _ in range(size):
                self._release(self._spawn(searching))

    def _spawn(self, searching: bool) -> _Worker:
        worker = _Worker(self.context, searching, self.search_priority)
        self.workers.add(worker)
        asyncio.get_running_loop().add_reader(worker.connection.fileno(), self._on_reply, worker)
        return worker

    def _release(self, worker: _Worker) -> None:
        """A free worker: to the next request waiting for one, or idle."""
        waiting = self.queues[worker.searching].next()
        if waiting is None:
            self.idle[worker.searching].append(worker)
        else:
            waiting.set_result(worker)

    def _on_reply(self, worker: _Worker) -> None:
        waiting, worker.waiting = worker.waiting, None
        try:
            succeeded, value = worker.connection.recv()
        except (EOFError, OSError):
            self._bury(worker)
            if waiting is not None and not waiting.done():
                waiting.set_exception(WorkerFailed("the bot's worker process died", DIED))
            return
        if waiting is not None and not waiting.done():
            if succeeded:
                waiting.set_result(value)
            else:
                waiting.set_exception(WorkerFailed(value, "it raised an error"))
        self._release(worker)

    def _end(self, worker: _Worker) -> None:
        """Stop listening to a worker and kill its process."""
        asyncio.get_running_loop().remove_reader(worker.connection.fileno())
        worker.connection.close()
        self.workers.discard(worker)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join(0.1)

    def _bury(self, worker: _Worker) -> None:
        """Forget a dead (or killed) worker and start another, unless workers keep dying."""
        self._end(worker)
        now = time.monotonic()
        self.deaths = [moment for moment in self.deaths if now - moment < DEATHS_WINDOW_SECONDS] + [now]
        if len(self.deaths) > MAX_DEATHS:
            log.error(
                "bot workers keep dying (%d in %g s); no more are started",
                len(self.deaths),
                DEATHS_WINDOW_SECONDS,
            )
            self._fail_waiting(worker.searching)
            return
        self._release(self._spawn(worker.searching))

    def _fail_waiting(self, searching: bool) -> None:
        """With no worker of a kind left, every request waiting for one fails now rather than never."""
        if any(worker.searching == searching for worker in self.workers):
            return
        while (waiting := self.queues[searching].next()) is not None:
            waiting.set_exception(WorkerFailed("no bot worker is left (they kept dying)", NO_WORKER))

    async def _acquire(self, searching: bool, party: str) -> _Worker:
        idle = self.idle[searching]
        if idle:
            return idle.pop()
        if not any(worker.searching == searching for worker in self.workers):
            raise WorkerFailed("no bot worker is left (they kept dying)", NO_WORKER)
        future = self.queues[searching].wait(party)
        try:
            return await future
        except asyncio.CancelledError:
            # Given a worker in the same moment as cancelled: the worker goes on to the next request.
            if future.done() and not future.cancelled() and future.exception() is None:
                self._release(future.result())
            raise

    def waiting(self, searching: bool) -> int:
        """How many requests wait for a worker of a kind."""
        return len(self.queues[searching])

    async def think(
        self,
        request: BotRequest,
        searching: bool,
        party: str = "",
        timeout: float | None = None,
        fresh: bool = False,
    ) -> BotMove:
        """The bot's move, chosen by the next free worker given to `party` (in turn with other parties).

        WorkerFailed if the worker died, thought longer than `timeout` seconds (it is killed and
        replaced) or the bot raised.  A `fresh` request is answered by a newly started worker (the one
        it would have had is replaced), so that nothing a failed try left in a worker is reused.
        """
        worker = await self._acquire(searching, party)
        if fresh:
            self._end(worker)
            worker = self._spawn(searching)
        worker.waiting = waiting = asyncio.get_running_loop().create_future()
        try:
            worker.connection.send(request)
        except (OSError, ValueError):
            self._bury(worker)
            raise WorkerFailed("the bot's worker process died", DIED) from None
        try:
            return await asyncio.wait_for(waiting, timeout)
        except TimeoutError:
            worker.waiting = None
            self._bury(worker)
            raise WorkerFailed(
                f"the bot thought longer than {timeout:g} s; its worker was ended",
                f"it thought longer than {timeout:g} s",
            ) from None

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
