"""Bots think in worker processes, so that no search ever holds up the event loop or another table.

A worker is sent a table's set-up and action list, never a state or a view
(a view's log is a deep linked list, too deep to pickle): it rebuilds the
match, keeping one per table so that the next request only plays the new
actions, and hands the bot the view of its seat.  The bot itself travels
with the request and back, so that a bot which plans a turn ahead (an FM
duelist) keeps its plan whichever worker it lands on; a game inside a bot
travels as its name.

Tree-search bots think in a pool of their own, so that a long search never
delays the quick bots (random, heuristic, the duelists) of other tables.
"""

from __future__ import annotations

import asyncio
import copyreg
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from cardtable.core.chance import make_rng
from cardtable.core.game import Game
from cardtable.core.players import Bot
from cardtable.server.setup import AnyMatch, TableSetup

#: Matches a worker keeps, the least recently used dropped first.
CACHED_MATCHES = 2000
#: How often a worker checks that the server's process is still there (seconds).
PARENT_CHECK_SECONDS = 1.0


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


def _watch_parent(parent: int) -> None:
    """End this worker when the server's process has gone (killed, say), instead of living on orphaned."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


def _ready() -> bool:
    from cardtable import games  # noqa: F401  (loaded once, before the first move)

    return True


class BotPool:
    """Two pools of worker processes: one for the quick bots, one for tree searches."""

    def __init__(self, workers: int, search_workers: int) -> None:
        self.sizes = {False: workers, True: search_workers}
        self.pools = {searching: self._new_pool(size) for searching, size in self.sizes.items()}

    @staticmethod
    def _new_pool(size: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=size,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_watch_parent,
            initargs=(os.getpid(),),
        )

    async def warm_up(self) -> None:
        """Start every worker now, rather than at the first bot's move."""
        loop = asyncio.get_running_loop()
        waits = [
            loop.run_in_executor(pool, _ready)
            for searching, pool in self.pools.items()
            for _ in range(self.sizes[searching])
        ]
        await asyncio.gather(*waits)

    async def think(self, request: BotRequest, searching: bool) -> BotMove:
        """The bot's move, chosen in a worker; a pool whose worker died is started again once."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pools[searching], think, request)
        except BrokenProcessPool:
            self.pools[searching].shutdown(wait=False, cancel_futures=True)
            self.pools[searching] = self._new_pool(self.sizes[searching])
            return await loop.run_in_executor(self.pools[searching], think, request)

    def close(self) -> None:
        """Stop every worker, dropping the moves not yet chosen (a search under way is let finish)."""
        for pool in self.pools.values():
            pool.shutdown(wait=True, cancel_futures=True)
