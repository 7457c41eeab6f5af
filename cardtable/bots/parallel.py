"""Root-parallel ISMCTS: K independent searches from the same view, their root visits added up.

The bot's own process runs the first search with the generator the match
gave it, so that one search is exactly the plain bot; the other searches
run in helper processes, a pool the bot starts at its first search and
closes when it is closed or dropped (no process is started a decision).
Search k > 0 draws from a generator seeded from the next number of the
bot's generator (read, not taken) and k, so that an iteration budget gives
the same moves for a seed whatever the number of cores: with fewer
processes than searches, a process runs several searches one after the
other.  A time budget runs one search a process, each for the whole time.

A helper is sent the seat's view, the legal actions, a seed and the budget,
never the state: what the bot itself may see, as bytes (a view's event log
is a linked list, sent flat, so that a long game's log does not exhaust
pickle's recursion).
"""

from __future__ import annotations

import copyreg
import io
import multiprocessing
import multiprocessing.pool
import os
import pickle
import random
import signal
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from cardtable.bots.ismcts import TreeBot, TreeSearch
from cardtable.core.chance import derive_seed
from cardtable.core.events import LogNode, ViewLog, log_entries
from cardtable.games import AnyGame, get_game

#: Visits and reward total of each legal action at the root, in the order of the legal actions.
RootCounts = list[tuple[int, float]]

_one_process = False


def keep_to_one_process() -> None:
    """Make every bot of this process search in it alone (a run's worker: the run fills the cores)."""
    global _one_process
    _one_process = True


def available_processes() -> int:
    """Processes a bot may search in: the cores this process may run on, or 1 in a run's worker."""
    # A daemonic process (a pool's worker, the server's bot workers) may not start processes.
    if _one_process or multiprocessing.current_process().daemon:
        return 1
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity on this system (macOS, Windows)
        return os.cpu_count() or 1


@dataclass(frozen=True)
class SearchOrder:
    """One search for a helper: the game by name, the seat's view, its legal actions, seed and budget."""

    game: str
    view: Any
    legal: tuple[Any, ...]
    seed: int
    iterations: int | None
    seconds: float | None
    settings: tuple[tuple[str, Any], ...]


def _rebuild_log(entries: tuple[Any, ...], length: int, deal_start: int) -> ViewLog:
    node: LogNode = None
    for entry in entries:
        node = (entry, node)
    return ViewLog(node, length, deal_start)


def _flat_log(log: ViewLog) -> tuple[Any, ...]:
    return _rebuild_log, (log_entries(log.node), log.length, log.deal_start)


def encode_orders(orders: Sequence[SearchOrder]) -> bytes:
    """Orders as the bytes sent to a helper, every view's event log written flat."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, ViewLog: _flat_log}
    pickler.dump(tuple(orders))
    return buffer.getvalue()


def root_counts(tree: TreeSearch, view: Any, legal: Sequence[Any], rng: random.Random) -> RootCounts:
    """One search from the view with this generator: each legal action's root visits and reward total."""
    draw = tree.game.determinizer(view)
    root = tree.grow(lambda: draw(rng), legal, rng)
    counts = []
    for action in legal:
        child = tree.child(root, action)
        counts.append((0, 0.0) if child is None else (child.visits, child.total))
    return counts


def run_orders(payload: bytes) -> list[RootCounts]:
    """In a helper: run each order's search and return its root counts."""
    orders: tuple[SearchOrder, ...] = pickle.loads(payload)
    results = []
    for order in orders:
        game = get_game(order.game)
        tree = TreeSearch(game, order.iterations, order.seconds, **dict(order.settings))
        results.append(root_counts(tree, order.view, order.legal, random.Random(order.seed)))
    return results


def _ignore_interrupts() -> None:
    """A helper ignores Ctrl-C: the bot's process stops, and its helpers with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _close_pool(pool: multiprocessing.pool.Pool) -> None:
    pool.terminate()
    pool.join()


class RootParallelBot(TreeBot):
    """ISMCTS run as several independent searches from the same view, in several processes.

    Its own search (`tree`, followed through `progress`) is the first of them.
    """

    name = "ismcts"

    def __init__(
        self,
        game: AnyGame,
        iterations: int | None = 1000,
        seconds: float | None = None,
        workers: int | None = None,
        **settings: Any,
    ) -> None:
        if workers is not None and workers < 1:
            raise ValueError(f"a root-parallel search needs 1 or more searches, not {workers}")
        super().__init__(game, iterations, seconds, **settings)
        self.settings = tuple(sorted(settings.items()))
        #: Searches a decision (None: one per available process).
        self.workers = workers
        #: Iterations run by the last decision's searches together (for benchmarks).
        self.last_iterations = 0
        self._pool: multiprocessing.pool.Pool | None = None
        self._pool_size = 0
        self._closer: weakref.finalize[Any, Any] | None = None

    def plan(self) -> tuple[int, int]:
        """(searches, processes) of the next decision."""
        processes = available_processes()
        searches = self.workers if self.workers is not None else processes
        processes = min(processes, searches)
        if self.tree.seconds is not None:
            # Searches in turn would each take the whole time: a time budget runs one a process.
            searches = processes
        return searches, processes

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The action most visited over every search."""
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        searches, processes = self.plan()
        # The helpers' seeds come from the next number of the bot's generator, which stays unread:
        # the first search draws exactly what the plain bot would.
        peek = random.Random()
        peek.setstate(rng.getstate())
        base = peek.getrandbits(63)
        orders = {
            index: SearchOrder(
                self.game.name,
                view,
                tuple(legal),
                derive_seed(base, "search", index),
                self.tree.iterations,
                self.tree.seconds,
                self.settings,
            )
            for index in range(1, searches)
        }
        # Search k runs in process k mod processes; process 0 is this one.
        shares = [[index for index in orders if index % processes == place] for place in range(processes)]
        pending = None
        if processes > 1:
            payloads = [encode_orders([orders[index] for index in share]) for share in shares[1:]]
            pending = self._helpers(processes - 1).map_async(run_orders, payloads, chunksize=1)
        counts: dict[int, RootCounts] = {0: root_counts(self.tree, view, legal, rng)}
        iterations = self.tree.last_iterations
        own = run_orders(encode_orders([orders[index] for index in shares[0]]))
        counts.update(zip(shares[0], own, strict=True))
        if pending is not None:
            for share, results in zip(shares[1:], pending.get(), strict=True):
                counts.update(zip(share, results, strict=True))
        self.last_iterations = iterations + sum(
            visits for index in range(1, searches) for visits, _ in counts[index]
        )
        return most_visited(legal, [counts[index] for index in range(searches)], rng)

    def _helpers(self, size: int) -> multiprocessing.pool.Pool:
        """The helper processes, started at the first search that needs them."""
        if self._pool is None or self._pool_size != size:
            self.close()
            self._pool = multiprocessing.Pool(size, initializer=_ignore_interrupts)
            self._pool_size = size
            self._closer = weakref.finalize(self, _close_pool, self._pool)
        return self._pool

    def close(self) -> None:
        """Stop the helper processes (a later search starts them again)."""
        if self._closer is not None:
            self._closer()
        self._pool, self._pool_size, self._closer = None, 0, None

    def __enter__(self) -> RootParallelBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        """A bot travels between processes (the server's workers) without its helpers."""
        # In the compiled build the search's own attributes are not in `__dict__`: its state has them.
        state: dict[str, Any] = {**cast(dict[str, Any], super().__getstate__()), **self.__dict__}
        state.update(_pool=None, _pool_size=0, _closer=None)
        return state


def most_visited(legal: Sequence[Any], searches: Sequence[RootCounts], rng: random.Random) -> Any:
    """The legal action with the most visits over all searches (ties: the larger reward, then the first)."""
    visits = [sum(search[index][0] for search in searches) for index in range(len(legal))]
    totals = [sum(search[index][1] for search in searches) for index in range(len(legal))]
    visited = [index for index in range(len(legal)) if visits[index]]
    if not visited:
        return legal[rng.randrange(len(legal))]
    return legal[max(visited, key=lambda index: (visits[index], totals[index]))]
