"""Load on the table server: many tables of a scripted person and a bot, each making a move a second.

    python benchmarks/serve_load.py [--tables 500] [--seconds 60] [--pace 1.0] [--game drump]
                                    [--search-tables 0] [--search-bot ismcts:1]
                                    [--db sqlite|postgres] [--processes 1]

Starts `cardtable serve` on 127.0.0.1 (a fresh database in a temporary
folder, limits raised for one address) unless `--server URL` names one
running.  Each table seats a scripted client, which waits `--pace` seconds
and then plays a random legal action whenever it is to act, and a random bot
whose move appears `--pace` seconds after its turn comes: each table makes
about one move a second.  `--search-tables N` of the tables seat a tree-search
bot (`--search-bot`) instead of the random one, its move shown when its
thinking time is spent.  A finished game is replaced by a new table.  After
a ramp-up the figures are measured for `--seconds`; then every acknowledged
action is looked up in the server's database.

`--db postgres` keeps the tables in PostgreSQL instead of SQLite: a cluster
of its own in a temporary folder (Debian's `postgresql`, as the tests start
it), and `--processes N` starts N server processes on it.  Each person then
creates their table at one process (in turn) and connects to a process drawn
at random, as behind a proxy that spreads connections: with two processes
about half the people are relayed to the process that owns their table.

Prints: actions per second (people's and bots'), the round-trip latency of a
person's action (sent to acknowledged) at p50, p99 and worst, errors, lost
actions (acknowledged but not stored), the CPU the servers and their
workers used (in all, and per action) and their memory (resident, above what
they held idle), both also per table, and (SQLite) the sizes of the database
and its write-ahead log over the
run (sampled every `--sample` seconds: the log must stay under its bound).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cardtable.server.storage import open_storage

#: Bounds on what one run may ask for.
MAX_TABLES = 2000
MAX_SECONDS = 600.0
MAX_PROCESSES = 4
RAMP_SECONDS = 5.0
IDLE_SECONDS = 3.0


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
    measuring: bool = False
    elapsed: float = 0.0
    #: CPU seconds the server and its workers used while measuring, and this program.
    cpu: float = float("nan")
    client_cpu: float = 0.0
    #: (seconds from the start, database bytes, write-ahead log bytes), sampled over the run.
    sizes: list[tuple[float, int, int]] = field(default_factory=list)
    #: Resident bytes of the servers and their workers, idle and at the end of the measured time.
    idle_memory: int = 0
    memory: int = 0
    #: CPU seconds PostgreSQL's processes used while measuring (NaN: SQLite, inside the server).
    database_cpu: float = float("nan")
    relayed: int = 0


async def person(
    base: str,
    join_base: str,
    http: httpx.AsyncClient,
    game: str,
    pace: float,
    rng: random.Random,
    figures: Figures,
    stop: asyncio.Event,
    bot: dict[str, Any],
) -> None:
    """One scripted person: a table after another, a random legal action a pace after each turn comes.

    Tables are created at `base` and played through `join_base` (another process relays them).
    """
    url = join_base.replace("http://", "ws://") + "/ws"
    figures.relayed += join_base != base
    while not stop.is_set():
        response = await http.post(
            base + "/api/tables",
            json={
                "protocol": 1,
                "game": game,
                "seats": [{"person": "script"}, bot],
            },
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
                await play(socket, table, pace, rng, figures, stop)
        except (ConnectionClosed, OSError) as error:
            figures.errors.append(f"table {table}: connection lost ({error})")
            return


async def play(
    socket: Any, table: str, pace: float, rng: random.Random, figures: Figures, stop: asyncio.Event
) -> None:
    """Play one table until its game ends or the run stops."""
    sent_at: float | None = None
    sent_version = -1
    # The first move waits a random part of the pace, so that the tables do not move in step.
    thinking = asyncio.get_running_loop().create_task(asyncio.sleep(rng.uniform(0, pace)))
    pending_state: dict[str, Any] | None = None
    while not stop.is_set():
        text = await socket.recv()
        # orjson: the clients share the server's two cores, so they read their frames cheaply.
        frame = orjson.loads(text)
        kind = frame["type"]
        if kind == "ack":
            if sent_at is not None and figures.measuring:
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
            figures.moves += figures.measuring
            if frame["legal"] and frame["version"] != sent_version:
                pending_state = frame
        if pending_state is not None and sent_at is None:
            await thinking
            choice = rng.choice(pending_state["legal"])
            sent_version = pending_state["version"]
            sent_at = time.perf_counter()
            await socket.send(json.dumps({"type": "action", "id": choice["id"], "version": sent_version}))
            pending_state = None
            thinking = asyncio.get_running_loop().create_task(asyncio.sleep(pace))


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds of processes and of their live children (Linux /proc)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) in pids or int(fields[1]) in pids:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def resident_bytes(pids: list[int]) -> int:
    """Resident memory of processes and of their live children (Linux /proc, VmRSS)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if int(entry.name) not in pids and parent not in pids:
                continue
            status = (entry / "status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


def file_size(path: Path) -> int:
    """A file's size in bytes (0 while it does not exist)."""
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


async def sample_sizes(database: Path, seconds: float, figures: Figures, stop: asyncio.Event) -> None:
    """Note the sizes of the database and of its write-ahead log every `seconds`, until stopped."""
    started = time.perf_counter()
    wal = database.with_name(database.name + "-wal")
    while not stop.is_set():
        figures.sizes.append((time.perf_counter() - started, file_size(database), file_size(wal)))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), seconds)
    figures.sizes.append((time.perf_counter() - started, file_size(database), file_size(wal)))


def stored_actions(database: str, key: Path, tables: set[str]) -> dict[tuple[str, int], str]:
    """Every stored action of some tables by (table, version), opened with the key (the servers stopped)."""
    storage = open_storage(database, key_path=key)
    try:
        stored = {}
        for table in tables:
            record = storage.load_table(table)
            for number, (_, text) in enumerate(() if record is None else record.actions):
                stored[(table, number + 1)] = text
        return stored
    finally:
        storage.close()


async def run(
    arguments: argparse.Namespace,
    bases: list[str],
    server_pids: list[int],
    database: Path | None,
    postmaster: int | None = None,
) -> Figures:
    """Ramp up, measure for the given time, stop."""
    figures = Figures()
    stop = asyncio.Event()
    sampling = None
    if database is not None:
        sampling = asyncio.create_task(sample_sizes(database, arguments.sample, figures, stop))
    limits = httpx.Limits(max_connections=50)
    await asyncio.sleep(IDLE_SECONDS)  # the servers' workers start
    figures.idle_memory = resident_bytes(server_pids)
    async with httpx.AsyncClient(limits=limits, timeout=60) as http:
        rng = random.Random(arguments.seed)
        tasks = []
        for index in range(arguments.tables):
            searching = index < arguments.search_tables
            bot = {"bot": arguments.search_bot} if searching else {"bot": "random", "pace": arguments.pace}
            table_rng = random.Random(rng.random())
            base, join_base = bases[index % len(bases)], rng.choice(bases)
            tasks.append(
                asyncio.create_task(
                    person(
                        base, join_base, http, arguments.game, arguments.pace, table_rng, figures, stop, bot
                    )
                )
            )
            if index % 50 == 49:
                await asyncio.sleep(0.1)
        await asyncio.sleep(RAMP_SECONDS)
        figures.measuring = True
        cpu_before = cpu_seconds(server_pids)
        database_before = cpu_seconds([postmaster]) if postmaster else 0.0
        client_before = time.process_time()
        started = time.perf_counter()
        await asyncio.sleep(arguments.seconds)
        figures.measuring = False
        figures.elapsed = time.perf_counter() - started
        figures.client_cpu = time.process_time() - client_before
        if server_pids:
            figures.cpu = cpu_seconds(server_pids) - cpu_before
            figures.memory = resident_bytes(server_pids)
        if postmaster:
            figures.database_cpu = cpu_seconds([postmaster]) - database_before
        stop.set()
        await asyncio.sleep(arguments.pace + 0.5)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    if sampling is not None:
        await sampling
    return figures


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=500, help=f"tables at once (at most {MAX_TABLES})")
    parser.add_argument(
        "--seconds", type=float, default=60.0, help=f"measured time (at most {MAX_SECONDS:g})"
    )
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a turn coming and its move")
    parser.add_argument("--game", default="drump", help="the game played (two seats)")
    parser.add_argument("--server", help="the address of a running server (default: start one)")
    parser.add_argument(
        "--workers", type=int, default=None, help="bot worker processes of the started server"
    )
    parser.add_argument(
        "--search-tables", type=int, default=0, help="tables whose bot is a tree search, among the others"
    )
    parser.add_argument("--search-bot", default="ismcts:1", help="the tree-search bot of those tables")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--sample", type=float, default=10.0, help="seconds between two samples of the database's size"
    )
    parser.add_argument(
        "--db", choices=["sqlite", "postgres"], default="sqlite", help="where the tables are kept"
    )
    parser.add_argument(
        "--processes", type=int, default=1, help=f"server processes on the database (at most {MAX_PROCESSES})"
    )
    arguments = parser.parse_args()
    if not 1 <= arguments.tables <= MAX_TABLES or not 0 < arguments.seconds <= MAX_SECONDS:
        parser.error(f"--tables from 1 to {MAX_TABLES}, --seconds above 0 and at most {MAX_SECONDS:g}")
    if not 0 <= arguments.search_tables <= arguments.tables:
        parser.error("--search-tables from 0 to --tables")
    if not 1 <= arguments.processes <= MAX_PROCESSES or (
        arguments.processes > 1 and arguments.db == "sqlite"
    ):
        parser.error(f"--processes from 1 to {MAX_PROCESSES}, and above 1 only with --db postgres")
    folder = tempfile.TemporaryDirectory(prefix="serve-load-")
    key = Path(folder.name) / "tables.key"
    database = str(Path(folder.name) / "tables.sqlite")
    cluster = None
    if arguments.db == "postgres" and arguments.server is None:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from tests.server.postgres import Cluster

        cluster = Cluster().start()
        database = cluster.new_database()
    processes: list[subprocess.Popen[str]] = []
    bases = [arguments.server] if arguments.server else []
    try:
        if arguments.server is None:
            for _ in range(arguments.processes):
                process = start_server(arguments, database, key)
                processes.append(process)
                assert process.stdout is not None
                bases.append(process.stdout.readline().split("open ")[1].split()[0])
        bases = [base.rstrip("/") for base in bases]
        sqlite_file = Path(database) if processes and arguments.db == "sqlite" else None
        try:
            postmaster = cluster.postmaster() if cluster is not None else None
            pids = [process.pid for process in processes]
            figures = asyncio.run(run(arguments, bases, pids, sqlite_file, postmaster))
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait(30)
        tables = {entry[0] for entry in figures.acknowledged}
        stored = stored_actions(database, key, tables) if processes else {}
    finally:
        if cluster is not None:
            cluster.stop()
    report(arguments, figures, stored)


def start_server(arguments: argparse.Namespace, database: str, key: Path) -> subprocess.Popen[str]:
    """`cardtable serve` on a free port of 127.0.0.1, on the database, its limits raised for one address."""
    count = arguments.tables * 2 + 100
    command = [
        sys.executable,
        "-m",
        "cardtable.server",
        "--port",
        "0",
        "--db",
        database,
        "--key",
        str(key),
        "--limit",
        f"max_tables_per_address={count}",
        "--limit",
        f"max_connections_per_address={count}",
        "--limit",
        f"max_tables={count}",
        "--limit",
        f"max_sockets_per_address={count}",
        "--limit",
        f"http_burst={count}",
    ]
    if arguments.workers:
        command += ["--workers", str(arguments.workers)]
    return subprocess.Popen(command, stdout=subprocess.PIPE, text=True)


def report(arguments: argparse.Namespace, figures: Figures, stored: dict[tuple[str, int], str]) -> None:
    """Print the figures."""
    elapsed = figures.elapsed
    lost = [entry for entry in figures.acknowledged if stored.get(entry[:2]) != entry[2]]
    milliseconds = [latency * 1000 for latency in figures.latencies]
    rows = [
        ("actions/s", f"{figures.moves / elapsed:.1f}", "people's and bots', as the people saw them"),
        ("people's actions/s", f"{figures.person_actions / elapsed:.1f}", ""),
        ("latency p50", f"{percentile(milliseconds, 0.50):.2f} ms", "a person's action sent -> acknowledged"),
        ("latency p99", f"{percentile(milliseconds, 0.99):.2f} ms", ""),
        ("latency worst", f"{max(milliseconds, default=float('nan')):.2f} ms", ""),
        ("games finished", str(figures.games_finished), "each replaced by a new table"),
        ("errors", str(len(figures.errors)), "error frames, refused requests, lost connections"),
        (
            "lost actions",
            str(len(lost)) if stored else "?",
            f"acknowledged but not stored, of {len(figures.acknowledged)} acknowledged"
            if stored
            else "not checked: the server is not ours",
        ),
        ("server + workers CPU", f"{figures.cpu / elapsed * 100:.0f} %", "of one core"),
        (
            "server CPU per action",
            f"{figures.cpu / max(1, figures.moves) * 1e6:.0f} us",
            "its workers' included (the load moves it less than the latencies)",
        ),
        ("PostgreSQL's CPU", f"{figures.database_cpu / elapsed * 100:.0f} %", "of one core, its processes"),
        ("CPU per table", f"{figures.cpu / elapsed / arguments.tables * 1000:.2f} ms/s", "of one core"),
        (
            "memory",
            f"{figures.memory / 1e6:.0f} MB",
            f"resident, servers and workers ({figures.idle_memory / 1e6:.0f} MB idle)",
        ),
        (
            "memory per table",
            f"{(figures.memory - figures.idle_memory) / arguments.tables / 1e3:.0f} kB",
            "above idle",
        ),
        ("this program's CPU", f"{figures.client_cpu / elapsed * 100:.0f} %", ""),
        (
            "machine load",
            " ".join(f"{load:.1f}" for load in os.getloadavg()),
            "1, 5 and 15 minutes, at the end",
        ),
    ]
    where = "SQLite" if arguments.db == "sqlite" else f"PostgreSQL, {arguments.processes} server process(es)"
    print(f"cardtable serve under load ({where}): {arguments.tables} tables of {arguments.game},")
    print("each a scripted", end=" ")
    print(
        f"person and a random bot moving {arguments.pace:g} s after their turn comes;"
        f" {elapsed:.0f} s measured after {RAMP_SECONDS:g} s of ramp-up"
    )
    if arguments.search_tables:
        searching = f"{arguments.search_tables} of the tables seat {arguments.search_bot}"
        print(f"  ({searching} instead of the random bot)")
    if arguments.processes > 1:
        rows.append(
            ("people relayed", f"{figures.relayed}", "connected to a process that did not own their table")
        )
    for name, value, note in rows:
        print(f"  {name:<22} {value:>12}   {note}".rstrip())
    if figures.sizes:
        _, database, wal = figures.sizes[-1]
        largest = max(wal for _, _, wal in figures.sizes)
        print(
            f"  {'database':<22} {database / 1e6:>9.1f} MB   at the end; write-ahead log"
            f" {wal / 1e6:.1f} MB at the end, {largest / 1e6:.1f} MB at most"
        )
        print("  sizes over the run (seconds: database MB + write-ahead log MB):")
        for line in range(0, len(figures.sizes), 6):
            print(
                "   ",
                "  ".join(
                    f"{at:4.0f}: {database / 1e6:.1f}+{wal / 1e6:.1f}"
                    for at, database, wal in figures.sizes[line : line + 6]
                ),
            )
    for error in figures.errors[:10]:
        print("   ", error)


if __name__ == "__main__":
    main()
