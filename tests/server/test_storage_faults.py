"""Storage faults met by a real server process (a full disk, a lock held by another process), and by a route.

The disk is a small tmpfs mounted in a private mount namespace (`unshare -m`),
seen only by the server; the test reaches it through /proc/PID/root.
"""

from __future__ import annotations

import asyncio
import errno
import os
import random
import sqlite3
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.server.app import create_app
from cardtable.server.limits import Limits
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.sqlite_writes import WAL_LIMIT_BYTES
from tests.server.helpers import Client, ServerProcess

#: The small file system: room for the database and its log at their limit, and little more.
DISK = "24m"
#: Bytes the log may pass its limit by: the frames of one write.
ONE_WRITE = 1 << 20


def _can_unshare() -> bool:
    try:
        return subprocess.run(["unshare", "-m", "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


class People:
    """Tables of two people, both seats played by the test at random; a new table when a game ends."""

    def __init__(self, server: ServerProcess, seed: int) -> None:
        self.server = server
        self.rng = random.Random(seed)
        self.clients: list[Client] = []
        self.states: list[dict[str, Any]] = []

    async def start(self) -> str:
        """A new table, both seats joined: "ok", or the refusal's code."""
        await self.close()
        response = await asyncio.to_thread(
            # One tester plays both seats: a hot-seat table gives it both tokens at once (a claim is a
            # write of its own, which a full disk would refuse before the test reaches its actions).
            self.server.create,
            {"game": "drump", "seats": [{"person": "A"}, {"person": "B"}], "hot_seat": True},
        )
        if response.status_code != 201:
            return str(response.json()["code"])
        created = response.json()
        self.clients = [await Client(self.server.socket_url).open() for _ in created["seats"]]
        self.states = [
            await client.join(created["table"], seat["token"])
            for client, seat in zip(self.clients, created["seats"], strict=True)
        ]
        return "ok"

    @property
    def version(self) -> int:
        """The table's version."""
        return int(self.states[0]["version"])

    async def act(self) -> str:
        """The seat to act plays a random legal action: "ack", or the refusal's code."""
        if not any(state["legal"] for state in self.states):  # no table yet, or its game is over
            started = await self.start()
            if started != "ok":
                return started
        seat = next(index for index, state in enumerate(self.states) if state["legal"])
        state = self.states[seat]
        choice = self.rng.choice(state["legal"])
        await self.clients[seat].send({"type": "action", "id": choice["id"], "version": state["version"]})
        answer = await self.clients[seat].next("ack", "error")
        if answer["type"] == "error":
            return str(answer["code"])
        for index, client in enumerate(self.clients):
            frame = await client.next("state", "game_over")
            while frame["type"] == "state" and frame["version"] < answer["version"]:
                frame = await client.next("state", "game_over")
            if frame["type"] == "game_over":
                self.states = []
                break
            self.states[index] = frame
        return "ack"

    async def close(self) -> None:
        """Leave the table."""
        for client in self.clients:
            await client.close()
        self.clients, self.states = [], []


def _restarts(wal: Path) -> int:
    """How often a write-ahead log was started again from its beginning (its header's checkpoint count)."""
    with wal.open("rb") as stream:
        header = stream.read(16)
    return int.from_bytes(header[12:16], "big") if len(header) == 16 else -1


def _fill(path: Path) -> None:
    """Write `path` until the file system has no byte left."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for size in (1 << 20, 1 << 12, 1):
            try:
                while True:
                    os.write(descriptor, bytes(size))
            except OSError as error:
                assert error.errno == errno.ENOSPC, error
    finally:
        os.close(descriptor)


def _on_own_disk(tmp_path: Path) -> tuple[ServerProcess, Path]:
    """A server whose database is on a small tmpfs of its own, and that folder as the server sees it."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mount = f'mount -t tmpfs -o size={DISK} tmpfs "$0" && exec "$@"'
    server = ServerProcess(
        folder / "tables.sqlite",
        wrapper=("unshare", "-m", "sh", "-c", mount, str(folder)),
        log=tmp_path / "server.log",
    ).start()
    assert server.process is not None
    return server, Path(f"/proc/{server.process.pid}/root") / folder.relative_to("/")


def _logged_once(log: Path, reason: str) -> None:
    """The server's log tells the fault once, its end once, and holds no traceback."""
    text = log.read_text()
    assert "Traceback" not in text, text[-3000:]
    assert text.count("cannot write the database") == 1 and reason in text, text[-3000:]
    assert text.count("is written again") == 1, text[-3000:]


needs_unshare = pytest.mark.skipif(
    not _can_unshare(), reason="unshare -m is not permitted here: no private file system for the server"
)


@needs_unshare
def test_a_full_disk_refuses_actions_is_logged_once_and_play_resumes_once_freed(tmp_path: Path) -> None:
    server, disk = _on_own_disk(tmp_path)
    wal = disk / "tables.sqlite-wal"
    filler = disk / "filler"

    async def scenario() -> tuple[int, int]:
        people = People(server, 7)
        try:
            for _ in range(20):
                assert await people.act() == "ack"
            # Fill the disk again and again (a refused write may give back the log's space) until refused.
            for _ in range(200):
                _fill(filler)
                refused = await people.act()
                if refused != "ack":
                    break
            assert refused == "storage"
            version = people.version
            for _ in range(5):
                assert await people.act() == "storage"
            assert people.version == version, "a refused action changed the table"
            filler.unlink()
            assert await people.act() == "ack", "play did not resume once space was back"
            # Checkpoints resume: the log is copied and started again, and stays under its limit.
            largest = restarts = 0
            started = _restarts(wal)
            for _ in range(8000):
                assert await people.act() == "ack"
                largest = max(largest, wal.stat().st_size)
                restarts = _restarts(wal) - started
                if restarts >= 3:
                    break
            return largest, restarts
        finally:
            await people.close()

    try:
        largest, restarts = asyncio.run(scenario())
    finally:
        server.stop()
    print(f"write-ahead log, the disk freed: at most {largest / 1e6:.1f} MB, started again {restarts} times")
    assert largest <= WAL_LIMIT_BYTES * 9 // 8 + ONE_WRITE
    assert restarts >= 2
    _logged_once(tmp_path / "server.log", "database or disk is full")


def test_a_locked_database_refuses_after_a_short_wait_and_then_at_once(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    log = tmp_path / "server.log"
    server = ServerProcess(path, log=log).start()
    holder = sqlite3.connect(path, isolation_level=None)

    async def scenario() -> float:
        people = People(server, 3)
        try:
            assert await people.act() == "ack"
            holder.execute("BEGIN IMMEDIATE")
            started = time.monotonic()
            for _ in range(5):
                assert await people.act() == "storage"
            locked = time.monotonic() - started
            holder.execute("COMMIT")
            assert await people.act() == "ack"
            return locked
        finally:
            await people.close()

    try:
        locked = asyncio.run(scenario())
    finally:
        holder.close()
        server.stop()
    # One short wait (half a second), then no more: not five waits of the five seconds Python's default gave.
    assert locked < 3.0, f"five actions on a locked database took {locked:.1f} s"
    _logged_once(log, "database is locked")


def test_a_campaign_the_database_cannot_store_is_refused_as_storage(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    storage = SqliteStorage(path)
    app = create_app(storage, Limits(), workers=1, search_workers=1)
    holder = sqlite3.connect(path, isolation_level=None)

    async def scenario() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as browser:
            holder.execute("BEGIN IMMEDIATE")
            refused = await browser.post("/api/campaign", json={"name": "Ann"})
            holder.execute("COMMIT")
            return [refused, await browser.post("/api/campaign", json={"name": "Ann"})]

    try:
        refused, started = asyncio.run(scenario())
    finally:
        holder.close()
        storage.close()
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "storage"
    assert "database is locked" in refused.json()["error"]["message"]
    assert started.status_code == 201
