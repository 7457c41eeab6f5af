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
import contextlib
import math
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from load_clients import (
    FROM,
    SPREAD,
    STOP,
    THINK_MODELS,
    UNTIL,
    ClientPlan,
    Figures,
    client_process,
    plan_tables,
    share_window,
)

from cardtable.server.storage import open_storage

#: Bounds on what one run may ask for.
MAX_TABLES = 2000
MAX_SECONDS = 600.0
MAX_PROCESSES = 4
MAX_CLIENT_PROCESSES = 16
RAMP_SECONDS = 5.0
IDLE_SECONDS = 3.0
#: Seconds the people are given to join their tables before the ramp-up starts all the same.
MAX_JOIN_SECONDS = 120.0


@dataclass
class Measures:
    """What this program measured of the servers, beside what the clients saw."""

    elapsed: float = 0.0
    #: Seconds from the start of the clients until every person had joined a table.
    joined_after: float = float("nan")
    #: How many people had joined a table then (all of them, unless MAX_JOIN_SECONDS passed first).
    joined: int = 0
    #: CPU seconds the server and its workers used while measuring.
    cpu: float = float("nan")
    #: Seconds the servers' event loops were ready to run but waited for a processor, while measuring.
    waiting: float = float("nan")
    #: (seconds from the start, database bytes, write-ahead log bytes), sampled over the run.
    sizes: list[tuple[float, int, int]] = field(default_factory=list)
    #: Resident bytes of the servers and their workers, idle and at the end of the measured time.
    idle_memory: int = 0
    memory: int = 0
    #: CPU seconds PostgreSQL's processes used while measuring (NaN: SQLite, inside the server).
    database_cpu: float = float("nan")
    #: The servers' event-loop lateness (p50, p99, worst, stalls, ticks; seconds) of each window
    #: they logged while measuring (cardtable/server/loop_lag.py).
    server_lags: list[tuple[float, float, float, int, int]] = field(default_factory=list)


#: A line of the server's log on its loop's lateness (cardtable/server/loop_lag.py, LagSummary.line).
LAG_LINE = re.compile(
    r"event loop lag: p50 ([\d.]+) ms, p99 ([\d.]+) ms, worst ([\d.]+) ms, (\d+) of (\d+) ticks"
)


def lag_windows(text: str) -> list[tuple[float, float, float, int, int]]:
    """The loop-lateness windows a server logged in some text of its log, in seconds."""
    return [
        (float(p50) / 1000, float(p99) / 1000, float(worst) / 1000, int(stalls), int(ticks))
        for p50, p99, worst, stalls, ticks in LAG_LINE.findall(text)
    ]


def waiting_seconds(pids: list[int]) -> float:
    """Seconds the processes' main threads (the servers' event loops) were ready to run but waited for a
    processor (Linux /proc/PID/schedstat): the machine's share of their latency, not theirs."""
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            total += int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    return total


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


def sizes_now(database: Path | None, started: float) -> list[tuple[float, int, int]]:
    """The sizes of the database and of its write-ahead log now (none without a SQLite file)."""
    if database is None:
        return []
    wal = database.with_name(database.name + "-wal")
    return [(time.monotonic() - started, file_size(database), file_size(wal))]


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


def run(
    arguments: argparse.Namespace,
    bases: list[str],
    server_pids: list[int],
    database: Path | None,
    server_logs: list[Path],
    postmaster: int | None = None,
) -> tuple[Figures, Measures]:
    """Start the clients' processes, ramp up, measure for the given time, stop."""
    measures = Measures()
    started = time.monotonic()
    plans = plan_tables(
        arguments.tables,
        arguments.search_tables,
        arguments.search_bot,
        arguments.pace,
        arguments.think,
        bases,
        arguments.seed,
    )
    processes = min(arguments.client_processes, arguments.tables)
    context = multiprocessing.get_context("spawn")
    window = context.RawArray("d", [math.inf] * 3)
    joined = context.Value("i", 0)
    with context.Pool(processes, initializer=share_window, initargs=(window, joined)) as pool:
        pool.map(time.sleep, [0.0] * processes)  # each process has imported the clients' modules
        time.sleep(max(0.0, IDLE_SECONDS - (time.monotonic() - started)))  # the servers' workers start
        measures.idle_memory = resident_bytes(server_pids)
        shares = [
            ClientPlan(plans[index::processes], arguments.game, arguments.pace, arguments.think, processes)
            for index in range(processes)
        ]
        running = pool.map_async(client_process, shares)
        # Measured once every person has joined a table and the first moves have had time to spread.
        ramp_from = time.monotonic()
        while joined.value < arguments.tables and time.monotonic() - ramp_from < MAX_JOIN_SECONDS:
            time.sleep(0.1)
        measures.joined_after = time.monotonic() - ramp_from
        measures.joined = joined.value
        measure_from = time.monotonic() + RAMP_SECONDS
        measure_until = measure_from + arguments.seconds
        window[UNTIL], window[STOP] = measure_until, measure_until + arguments.pace * SPREAD[1] + 0.5
        window[FROM] = measure_from
        measures.sizes += sizes_now(database, started)
        next_sample = time.monotonic() + arguments.sample
        cpu_before = database_before = waiting_before = 0.0
        for moment in ("from", "until"):
            at = measure_from if moment == "from" else measure_until
            while time.monotonic() < at:
                time.sleep(max(0.0, min(at, next_sample) - time.monotonic()))
                if time.monotonic() >= next_sample:
                    measures.sizes += sizes_now(database, started)
                    next_sample += arguments.sample
            if moment == "from":
                cpu_before = cpu_seconds(server_pids)
                waiting_before = waiting_seconds(server_pids)
                database_before = cpu_seconds([postmaster]) if postmaster else 0.0
                log_marks = [file_size(log) for log in server_logs]
        measures.elapsed = time.monotonic() - measure_from
        if server_pids:
            measures.cpu = cpu_seconds(server_pids) - cpu_before
            measures.waiting = waiting_seconds(server_pids) - waiting_before
            measures.memory = resident_bytes(server_pids)
        if postmaster:
            measures.database_cpu = cpu_seconds([postmaster]) - database_before
        for log, mark in zip(server_logs, log_marks, strict=True):
            with log.open("rb") as reading:
                reading.seek(mark)
                measures.server_lags += lag_windows(reading.read().decode(errors="replace"))
        figures = Figures()
        for figures_of_one in running.get():
            figures.merge(figures_of_one)
    measures.sizes += sizes_now(database, started)
    return figures, measures


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
        "--think",
        choices=THINK_MODELS,
        default="spread",
        help="how long people and bots take: spread around the pace (default) or exactly the pace",
    )
    parser.add_argument(
        "--client-processes",
        type=int,
        default=2,
        help=f"processes the scripted people are dealt to (at most {MAX_CLIENT_PROCESSES})",
    )
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
    if not 1 <= arguments.client_processes <= MAX_CLIENT_PROCESSES:
        parser.error(f"--client-processes from 1 to {MAX_CLIENT_PROCESSES}")
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
    server_logs: list[Path] = []
    bases = [arguments.server] if arguments.server else []
    try:
        if arguments.server is None:
            for number in range(arguments.processes):
                server_logs.append(Path(folder.name) / f"server-{number}.log")
                process = start_server(arguments, database, key, server_logs[-1])
                processes.append(process)
                assert process.stdout is not None
                bases.append(process.stdout.readline().split("open ")[1].split()[0])
        bases = [base.rstrip("/") for base in bases]
        sqlite_file = Path(database) if processes and arguments.db == "sqlite" else None
        try:
            postmaster = cluster.postmaster() if cluster is not None else None
            pids = [process.pid for process in processes]
            figures, measures = run(arguments, bases, pids, sqlite_file, server_logs, postmaster)
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
    report(arguments, figures, measures, stored)


def start_server(arguments: argparse.Namespace, database: str, key: Path, log: Path) -> subprocess.Popen[str]:
    """`cardtable serve` on a free port of 127.0.0.1, on the database, its limits raised for one address,
    logging at the info level (its loop's lateness among it) to a file."""
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
        "--log-level",
        "info",
    ]
    if arguments.workers:
        command += ["--workers", str(arguments.workers)]
    with log.open("w") as logging_to:
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=logging_to, text=True)


def report(
    arguments: argparse.Namespace, figures: Figures, measures: Measures, stored: dict[tuple[str, int], str]
) -> None:
    """Print the figures."""
    elapsed = measures.elapsed
    lost = [entry for entry in figures.acknowledged if stored.get(entry[:2]) != entry[2]]
    milliseconds = [latency * 1000 for latency in figures.latencies]
    client_lags = [lag * 1000 for lag in figures.client_lags]
    server_lags = measures.server_lags
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
        ("server + workers CPU", f"{measures.cpu / elapsed * 100:.0f} %", "of one core"),
        (
            "server CPU per action",
            f"{measures.cpu / max(1, figures.moves) * 1e6:.0f} us",
            "its workers' included (the load moves it less than the latencies)",
        ),
        (
            "server waiting for CPU",
            f"{measures.waiting / elapsed / max(1, arguments.processes) * 100:.0f} %",
            "of the time its loop was ready to run but other programs held both cores",
        ),
        (
            "server loop lag p99",
            f"{max((p99 for _, p99, _, _, _ in server_lags), default=float('nan')) * 1000:.2f} ms",
            f"its worst 10 s window of {len(server_lags)}; how late its loop ran a 5 ms timer",
        ),
        (
            "server loop lag worst",
            f"{max((worst for _, _, worst, _, _ in server_lags), default=float('nan')) * 1000:.2f} ms",
            f"{sum(window[3] for window in server_lags)} of {sum(window[4] for window in server_lags)}"
            " ticks late by over 50 ms",
        ),
        ("PostgreSQL's CPU", f"{measures.database_cpu / elapsed * 100:.0f} %", "of one core, its processes"),
        ("CPU per table", f"{measures.cpu / elapsed / arguments.tables * 1000:.2f} ms/s", "of one core"),
        (
            "memory",
            f"{measures.memory / 1e6:.0f} MB",
            f"resident, servers and workers ({measures.idle_memory / 1e6:.0f} MB idle)",
        ),
        (
            "memory per table",
            f"{(measures.memory - measures.idle_memory) / arguments.tables / 1e3:.0f} kB",
            "above idle",
        ),
        (
            "clients' CPU",
            f"{figures.client_cpu / elapsed * 100:.0f} %",
            f"of one core, {min(arguments.client_processes, arguments.tables)} process(es)",
        ),
        (
            "client loop lag p99",
            f"{percentile(client_lags, 0.99):.2f} ms",
            f"worst {max(client_lags, default=float('nan')):.2f} ms: the clients' own share of the latency",
        ),
        (
            "machine load",
            " ".join(f"{load:.1f}" for load in os.getloadavg()),
            "1, 5 and 15 minutes, at the end",
        ),
    ]
    where = "SQLite" if arguments.db == "sqlite" else f"PostgreSQL, {arguments.processes} server process(es)"
    print(f"cardtable serve under load ({where}): {arguments.tables} tables of {arguments.game},")
    if arguments.think == "exact":
        thinking = f"moving exactly {arguments.pace:g} s after their turn comes"
    else:
        low, high = (arguments.pace * share for share in SPREAD)
        thinking = (
            f"thinking {low:g}-{high:g} s (uniform; each bot its own pace, drawn once) after their turn comes"
        )
    print(f"each a scripted person and a random bot {thinking} (--think {arguments.think});")
    print(
        f"{elapsed:.0f} s measured, from {RAMP_SECONDS:g} s after {measures.joined} of the"
        f" {arguments.tables} people had joined a table ({measures.joined_after:.1f} s after the first"
        f" was created; the wait is {MAX_JOIN_SECONDS:g} s at most)"
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
    if measures.sizes:
        _, database, wal = measures.sizes[-1]
        largest = max(wal for _, _, wal in measures.sizes)
        print(
            f"  {'database':<22} {database / 1e6:>9.1f} MB   at the end; write-ahead log"
            f" {wal / 1e6:.1f} MB at the end, {largest / 1e6:.1f} MB at most"
        )
        print("  sizes over the run (seconds: database MB + write-ahead log MB):")
        for line in range(0, len(measures.sizes), 6):
            print(
                "   ",
                "  ".join(
                    f"{at:4.0f}: {database / 1e6:.1f}+{wal / 1e6:.1f}"
                    for at, database, wal in measures.sizes[line : line + 6]
                ),
            )
    for error in figures.errors[:10]:
        print("   ", error)


if __name__ == "__main__":
    main()
