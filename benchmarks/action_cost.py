"""What one action costs the table server's event loop, part by part, measured in one process.

    python benchmarks/action_cost.py [--actions 4000] [--rate 1100]

`serve_load.py` measures the whole server, and on a shared machine its p99
follows the machine's load.  This program times the parts of an action's
path on their own, each over `--actions` actions, so that a change to one
part can be judged by its figure: storing the action (one transaction per
action, as the server does, and as one of a group of 10 or 50 in one
transaction, what a group commit would cost), sealing its text, building a
seat's state frame of a DRUMP game under way, a bot worker's round trip
over its pipe (the request written, the reply read; the worker's thinking
included in the wall time, not in this process's CPU), and the random bot's
move drawn in the server instead (what it does now).  Each figure is
printed in microseconds of this process's CPU (and wall time) per action,
and as the share of one core it takes at `--rate` actions a second (what
1,000 tables make in `serve_load.py`).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cardtable.core.players import RandomBot
from cardtable.core.seal import seal_padded
from cardtable.server.bot_loop import draw_random_move
from cardtable.server.limits import Limits
from cardtable.server.setup import SeatSpec, TableSetup, seat_bot
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.sqlite_writes import Statement
from cardtable.server.storage import TableRecord
from cardtable.server.tables import Connection, LiveTable
from cardtable.server.workers import BotPool, BotRequest

SETUP = TableSetup("drump", 5, {}, (SeatSpec("Robin"), SeatSpec("Sasha (bot)", bot="random")))
TABLES = 200
INSERT = "INSERT INTO actions (table_id, number, seat, text, time) VALUES (?, ?, ?, ?, ?)"
UPDATE = "UPDATE tables SET version = ?, outcome = ?, finished = ? WHERE id = ?"


def timed(count: int, run: Callable[[], None]) -> tuple[float, float]:
    """Seconds of CPU and of wall time per action of `run`, which makes `count` actions."""
    cpu, wall = time.process_time(), time.perf_counter()
    run()
    return (time.process_time() - cpu) / count, (time.perf_counter() - wall) / count


def storing(actions: int, group: int) -> tuple[float, float]:
    """Store `actions` actions over TABLES tables, `group` per transaction (1: as the server does)."""
    with tempfile.TemporaryDirectory() as folder:
        storage = SqliteStorage(Path(folder) / "tables.sqlite")
        ids = [f"t{number}" for number in range(TABLES)]
        for table_id in ids:
            storage.create_table(TableRecord(table_id, SETUP, (None, None), "benchmark", 0.0))
        order = [(table_id, number) for number in range(actions // TABLES) for table_id in ids]

        def alone() -> None:
            for table_id, number in order:
                storage.append_action(table_id, number, 0, "7♥", None, 1.0)

        def grouped() -> None:
            for start in range(0, len(order), group):
                statements: list[Statement] = []
                for table_id, number in order[start : start + group]:
                    sealed = storage._sealed_action(table_id, number, "7♥")
                    statements.append((INSERT, (table_id, number, 0, sealed, 1.0)))
                    statements.append((UPDATE, (number + 1, None, None, table_id)))
                storage.database.writer.write(statements)

        try:
            return timed(len(order), alone if group == 1 else grouped)
        finally:
            storage.close()


def sealing(actions: int) -> tuple[float, float]:
    key, nonce = bytes(range(32)), bytes(16)

    def run() -> None:
        for number in range(actions):
            seal_padded(key, nonce, f"action {number}", "7♥".encode(), b"t0")

    return timed(actions, run)


def state_frames(actions: int) -> tuple[float, float]:
    """A person's state frame after each move of DRUMP games played at random (only the new log lines).

    The same games are played twice, with the frames and without: the difference is the frames' cost
    (a clock read around each frame would cost more than a tenth of it: `time.process_time` is a
    system call, 5 to 7 us here).
    """

    def play(frames_too: bool) -> None:
        rng = random.Random(5)
        played = 0
        while played < actions:
            table = LiveTable(TableRecord("t0", SETUP, (None, None), "benchmark", 0.0))
            connection = Connection("127.0.0.1", Limits())
            connection.table, connection.seat = table, 0
            while not table.match.is_over and played < actions:
                table.match.play(rng.choice(list(table.match.legal_actions())), table.match.current_seat)
                if frames_too:
                    table.state_frame(connection, table.match.view(0), {})
                played += 1

    async def run() -> tuple[float, float]:
        with_frames = timed(actions, lambda: play(True))
        without = timed(actions, lambda: play(False))
        return with_frames[0] - without[0], with_frames[1] - without[1]

    return asyncio.run(run())


def bot_round_trips(actions: int) -> tuple[float, float]:
    """A random bot's move asked of one worker, `actions` times, from the start of a DRUMP game."""
    seat = SETUP.start_match().current_seat
    assert seat is not None
    bot = seat_bot(SeatSpec("bot", bot="random"), SETUP.start_match().game)
    request = BotRequest("t0", SETUP, (), seat, bot)

    async def run() -> tuple[float, float]:
        pool = BotPool(1, 0)
        pool.start()
        try:
            await pool.think(request, False)  # the worker started and its games loaded
            cpu, wall = time.process_time(), time.perf_counter()
            for _ in range(actions):
                await pool.think(request, False)
            return (time.process_time() - cpu) / actions, (time.perf_counter() - wall) / actions
        finally:
            pool.close()

    return asyncio.run(run())


def random_moves_here(actions: int) -> tuple[float, float]:
    """The random bot's move drawn in the server's process, at the start of a DRUMP game."""
    table = LiveTable(TableRecord("t0", SETUP, (None, None), "benchmark", 0.0))
    seat = table.match.current_seat
    assert seat is not None
    bot = RandomBot()

    def run() -> None:
        for _ in range(actions):
            draw_random_move(table, seat, bot)

    return timed(actions, run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=4000, help="actions timed per part (at most 100,000)")
    parser.add_argument("--rate", type=float, default=1100.0, help="actions a second the shares are taken at")
    arguments = parser.parse_args()
    actions = max(TABLES, min(100_000, arguments.actions))
    parts = [
        ("store, one transaction each", storing(actions, 1)),
        ("store, 10 per transaction", storing(actions, 10)),
        ("store, 50 per transaction", storing(actions, 50)),
        ("seal the action's text", sealing(actions)),
        ("a seat's state frame", state_frames(actions)),
        ("bot worker round trip", bot_round_trips(actions)),
        ("random bot's move in the server", random_moves_here(actions)),
    ]
    print(f"cost per action in the event loop's process, {actions} each; core: at {arguments.rate:g}/s")
    print(f"  {'part':32} {'CPU us':>8} {'wall us':>8} {'core':>7}")
    for name, (cpu, wall) in parts:
        print(f"  {name:32} {cpu * 1e6:8.1f} {wall * 1e6:8.1f} {cpu * arguments.rate * 100:6.1f} %")


if __name__ == "__main__":
    main()
