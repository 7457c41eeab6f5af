"""The scripted people of `serve_load.py`, run in several processes so the load generator is not the bound.

One Python process reading a thousand WebSockets spends a good part of a core
on them, and an acknowledgement waiting for that process's loop counts in the
latency as if it were the server's.  So the tables are dealt out to
`--client-processes` processes, each with its own event loop, and their
figures merged.  Each process also measures its own loop's lateness (a timer
every few milliseconds, how late it runs): what an acknowledgement can have
waited in the client, beside the latency it is counted in.

Think times (`--think`): `exact` is the old model, every person acting exactly
`--pace` after their turn and every bot moving exactly `--pace` after its own,
so tables whose turns once came together stay in step and their actions
arrive in bursts.  `spread` (the default) draws each person's thinking time
from a uniform distribution from half the pace to one and a half (the same
mean), and gives each table's bot a pace drawn the same way, once: real
people do not think in lockstep.  Both are drawn from the run's seed.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

#: How the people think: the two models `--think` names.
THINK_MODELS = ("spread", "exact")
#: The spread model's think time, as a share of the pace: uniform between these.
SPREAD = (0.5, 1.5)
#: Seconds between two ticks of a client's loop-lateness timer.
LAG_TICK_SECONDS = 0.005
#: Tables one process creates before pausing, and the pause: the server is not flooded at the start.
CREATE_BATCH = 50
CREATE_PAUSE_SECONDS = 0.1
#: Seconds between two looks at the shared window.
WINDOW_POLL_SECONDS = 0.05


@dataclass
class Figures:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
    person_actions: int = 0
    errors: list[str] = field(default_factory=list)
    #: (table, version, action text) of every acknowledged action.
    acknowledged: list[tuple[str, int, str]] = field(default_factory=list)
    #: Moves seen by the people (their own and the bots'), while measuring.
    moves: int = 0
    games_finished: int = 0
    #: CPU seconds the clients' processes used while measuring.
    client_cpu: float = 0.0
    #: How late the clients' loops ran their timers while measuring, in seconds.
    client_lags: list[float] = field(default_factory=list)
    relayed: int = 0

    def merge(self, other: Figures) -> None:
        """Add another process's figures to these."""
        self.latencies += other.latencies
        self.person_actions += other.person_actions
        self.errors += other.errors
        self.acknowledged += other.acknowledged
        self.moves += other.moves
        self.games_finished += other.games_finished
        self.client_cpu += other.client_cpu
        self.client_lags += other.client_lags
        self.relayed += other.relayed


@dataclass(frozen=True)
class TablePlan:
    """One scripted person's part: where it plays, its bot, and the seed of its choices."""

    base: str
    join_base: str
    bot: dict[str, Any]
    seed: float


@dataclass(frozen=True)
class ClientPlan:
    """What one client process runs: its tables, the game, the think model."""

    tables: list[TablePlan]
    game: str
    pace: float
    think: str
    processes: int


#: Shared by the client processes and the program that starts them (`share_window`): the measured window and
#: the end of the run (`time.monotonic`, one clock for every process of the machine; infinite until
#: the program has seen every table joined), and how many people have joined their first table.
FROM, UNTIL, STOP = range(3)
_window: Any = [math.inf] * 3
_joined: Any = None


def share_window(window: Any, joined: Any) -> None:
    """Take the shared window and count of joined people (a client process's initializer)."""
    global _window, _joined
    _window, _joined = window, joined


def _count_joined() -> None:
    if _joined is not None:
        with _joined.get_lock():
            _joined.value += 1


def plan_tables(
    tables: int, search_tables: int, search_bot: str, pace: float, think: str, bases: list[str], seed: int
) -> list[TablePlan]:
    """Every table's plan, drawn from the seed alone (not from how the tables are dealt to processes)."""
    if think not in THINK_MODELS:
        raise ValueError(f"think model {think!r}: should be one of {', '.join(THINK_MODELS)}")
    rng = random.Random(seed)
    plans = []
    for index in range(tables):
        table_seed = rng.random()
        join_base = rng.choice(bases)
        if index < search_tables:
            bot: dict[str, Any] = {"bot": search_bot}
        else:
            bot_pace = pace if think == "exact" else round(pace * rng.uniform(*SPREAD), 3)
            bot = {"bot": "random", "pace": bot_pace}
        plans.append(TablePlan(bases[index % len(bases)], join_base, bot, table_seed))
    return plans


def think_time(pace: float, think: str, rng: random.Random) -> float:
    """Seconds a person thinks before acting, by the think model."""
    return pace if think == "exact" else pace * rng.uniform(*SPREAD)


def measuring() -> bool:
    """Whether now is in the measured window."""
    return _window[FROM] <= time.monotonic() < _window[UNTIL]


async def person(
    table_plan: TablePlan, plan: ClientPlan, http: httpx.AsyncClient, figures: Figures, stop: asyncio.Event
) -> None:
    """One scripted person: a table after another, a random legal action some thought after each turn.

    Tables are created at their base and played through `join_base` (another process relays them).
    """
    rng = random.Random(table_plan.seed)
    url = table_plan.join_base.replace("http://", "ws://") + "/ws"
    figures.relayed += table_plan.join_base != table_plan.base
    first = True
    while not stop.is_set():
        response = await http.post(
            table_plan.base + "/api/tables",
            json={"protocol": 1, "game": plan.game, "seats": [{"person": "script"}, table_plan.bot]},
        )
        if response.status_code != 201:
            figures.errors.append(f"create: {response.status_code} {response.text[:200]}")
            await asyncio.sleep(1.0)
            continue
        created = response.json()
        table, token = created["table"], created["seats"][0]["token"]
        try:
            async with connect(url, max_size=None) as socket:
                await socket.send(json.dumps({"type": "join", "protocol": 1, "table": table, "token": token}))
                if first:
                    _count_joined()
                    first = False
                await play(socket, table, plan, rng, figures, stop)
        except (ConnectionClosed, OSError) as error:
            figures.errors.append(f"table {table}: connection lost ({error})")
            return


async def play(
    socket: Any, table: str, plan: ClientPlan, rng: random.Random, figures: Figures, stop: asyncio.Event
) -> None:
    """Play one table until its game ends or the run stops."""
    sent_at: float | None = None
    sent_version = -1
    loop = asyncio.get_running_loop()
    # The first move waits a random part of the pace, so that the tables do not start in step.
    thinking = loop.create_task(asyncio.sleep(rng.uniform(0, plan.pace)))
    pending_state: dict[str, Any] | None = None
    while not stop.is_set():
        text = await socket.recv()
        frame = orjson.loads(text)
        kind = frame["type"]
        if kind == "ack":
            if sent_at is not None and measuring():
                figures.latencies.append(time.perf_counter() - sent_at)
                figures.person_actions += 1
            figures.acknowledged.append((table, frame["version"], frame["action"]))
            sent_at = None
        elif kind == "error":
            figures.errors.append(f"table {table}: {frame['code']}: {frame['message']}")
        elif kind == "game_over":
            figures.games_finished += 1
            return
        elif kind == "state":
            figures.moves += measuring()
            if frame["legal"] and frame["version"] != sent_version:
                pending_state = frame
        if pending_state is not None and sent_at is None:
            await thinking
            choice = rng.choice(pending_state["legal"])
            sent_version = pending_state["version"]
            sent_at = time.perf_counter()
            await socket.send(
                orjson.dumps({"type": "action", "id": choice["id"], "version": sent_version}).decode()
            )
            pending_state = None
            thinking = loop.create_task(asyncio.sleep(think_time(plan.pace, plan.think, rng)))


async def watch_lag(figures: Figures, stop: asyncio.Event) -> None:
    """Note how late this loop runs a timer, every tick of the measured window."""
    while not stop.is_set():
        expected = time.perf_counter() + LAG_TICK_SECONDS
        await asyncio.sleep(LAG_TICK_SECONDS)
        if measuring():
            figures.client_lags.append(max(0.0, time.perf_counter() - expected))


async def run_share(plan: ClientPlan) -> Figures:
    """This process's tables, from their creation to the end of the run."""
    figures = Figures()
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=max(5, 50 // plan.processes))
    async with httpx.AsyncClient(limits=limits, timeout=60) as http:
        watching = asyncio.create_task(watch_lag(figures, stop))
        tasks = []
        for index, table_plan in enumerate(plan.tables):
            tasks.append(asyncio.create_task(person(table_plan, plan, http, figures, stop)))
            if index % CREATE_BATCH == CREATE_BATCH - 1:
                await asyncio.sleep(CREATE_PAUSE_SECONDS * plan.processes)
        while time.monotonic() < _window[FROM]:
            await asyncio.sleep(WINDOW_POLL_SECONDS)
        client_before = time.process_time()
        while time.monotonic() < _window[UNTIL]:
            await asyncio.sleep(WINDOW_POLL_SECONDS)
        figures.client_cpu = time.process_time() - client_before
        # The actions in flight are acknowledged before the tables are left, so every one is checked.
        stop.set()
        await asyncio.sleep(max(0.0, _window[STOP] - time.monotonic()))
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, watching, return_exceptions=True)
    return figures


def client_process(plan: ClientPlan) -> Figures:
    """A client process's life (the entry point of `multiprocessing`)."""
    return asyncio.run(run_share(plan))
