"""A real server in a process of its own on 127.0.0.1, and a WebSocket client that records every frame."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from cardtable.server.postgres_storage import PostgresStorage
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.storage import SealedStorage, is_postgres

#: Limits for tests that play fast: scripted clients send far more than people do.
FAST = (
    "messages_per_second=100000",
    "message_burst=100000",
    "max_tables_per_address=1000",
    "max_connections_per_address=1000",
    "max_sockets_per_address=2000",
    "http_requests_per_second=100000",
    "http_burst=100000",
    # Bots answer as fast as they think (tests/server/test_bot_timing.py holds them to the least time).
    "min_bot_answer_seconds=0.000001",
)
#: How long a test waits for one frame before it fails.
WAIT = 30.0
ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    """`python -m cardtable.server` on a free port (or a given one), with its database in a test folder."""

    def __init__(
        self,
        database: Path | str,
        limits: tuple[str, ...] = FAST,
        port: int = 0,
        wrapper: tuple[str, ...] = (),
        log: Path | None = None,
        key: Path | None = None,
        module: str = "cardtable.server",
        arguments: tuple[str, ...] = (),
    ) -> None:
        #: An SQLite file, or a PostgreSQL database's address; and the file of the sealing key.
        self.database = database
        self.key = key
        #: The module run as the server (`python -m MODULE`): a test's may register a game first.
        self.module = module
        #: More of `cardtable serve`'s options (`--search-priority low`, say).
        self.arguments = arguments
        self.limits = limits
        self.port = port
        #: A command the server runs under (unshare, say), and the file its log goes to (else the test's).
        self.wrapper = wrapper
        self.log = log
        self.process: subprocess.Popen[str] | None = None
        self.base = ""

    def start(self) -> ServerProcess:
        """Start the server and wait for the address it prints."""
        command = [
            *self.wrapper,
            sys.executable,
            "-m",
            self.module,
            "--port",
            str(self.port),
            "--db",
            str(self.database),
            "--workers",
            "1",
            "--search-workers",
            "1",
        ]
        if self.key is not None:
            command += ["--key", str(self.key)]
        for limit in self.limits:
            command += ["--limit", limit]
        command += self.arguments
        environment = dict(os.environ, PYTHONPATH=str(ROOT))
        stderr = None if self.log is None else self.log.open("a")
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=stderr, text=True, env=environment
        )
        if stderr is not None:
            stderr.close()
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert "open http://" in line, f"the server printed {line!r}"
        self.base = line.split("open ")[1].split()[0].rstrip("/")
        self.port = int(self.base.rsplit(":", 1)[1])
        return self

    @property
    def socket_url(self) -> str:
        """The address of the table protocol."""
        return self.base.replace("http://", "ws://") + "/ws"

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        """A graceful stop."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def create(self, request: dict[str, Any]) -> httpx.Response:
        """POST a table request."""
        return httpx.post(self.base + "/api/tables", json={"protocol": 1, **request}, timeout=WAIT)

    def create_table(
        self, game: str, seats: list[dict[str, Any]], claim: bool = True, **extra: Any
    ) -> dict[str, Any]:
        """A new table (the request must succeed).

        With `claim`, each invitation is claimed over HTTP, as each invited person opening their link
        would: every person's seat then has its token and a link that holds it (`/play/ID?token=...`).
        """
        response = self.create({"game": game, "seats": seats, **extra})
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        for seat in created["seats"] if claim else ():
            if "invite" in seat:
                claimed = self.claim(created["table"], seat["invite"])
                assert claimed.status_code == 200, claimed.text
                token = claimed.json()["token"]
                seat |= {"token": token, "link": f"{self.base}/play/{created['table']}?token={token}"}
        return created

    def claim(self, table: str, invite: str, cookies: dict[str, str] | None = None) -> httpx.Response:
        """POST the claim of an invitation."""
        return httpx.post(
            f"{self.base}/api/tables/{table}/claim", json={"invite": invite}, cookies=cookies, timeout=WAIT
        )


class Place:
    """Where a test's tables are kept, as `--db` names it: an SQLite file or a PostgreSQL database."""

    def __init__(self, target: str, key: Path) -> None:
        self.target = target
        self.key = key
        self.is_postgres = is_postgres(target)

    def open(self, key: bytes | None = None) -> SealedStorage:
        """The storage, as the server opens it (with another key than the file's, if given)."""
        if self.is_postgres:
            return PostgresStorage(self.target, key=key, key_path=self.key)
        return SqliteStorage(self.target, key=key, key_path=self.key)

    def server(self, **options: Any) -> ServerProcess:
        """A server process on this place (not started)."""
        return ServerProcess(self.target, key=self.key, **options)

    def execute(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run one statement straight on the database, committed, as a person with its own client would
        (`?` parameters); returns the rows."""
        if self.is_postgres:
            import psycopg

            with psycopg.connect(self.target, autocommit=True) as connection:
                cursor = connection.execute(sql.replace("?", "%s"), parameters)
                return cursor.fetchall() if cursor.description else []
        connection = sqlite3.connect(self.target, isolation_level=None)
        try:
            return connection.execute(sql, parameters).fetchall()
        finally:
            connection.close()


class Client:
    """One WebSocket connection; every frame it receives is kept, in order."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.socket: ClientConnection | None = None
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.unread: list[dict[str, Any]] = []

    async def open(self, **options: Any) -> Client:
        """Connect and read the hello."""
        self.socket = await connect(self.url, max_size=None, **options)
        hello = await self.next("hello")
        assert hello["protocol"] == 1
        return self

    async def close(self) -> None:
        """Close the connection."""
        if self.socket is not None:
            await self.socket.close()

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        """Send a message (a dict as JSON, text or bytes as they are)."""
        assert self.socket is not None
        await self.socket.send(json.dumps(message) if isinstance(message, dict) else message)

    async def _receive(self) -> dict[str, Any]:
        assert self.socket is not None
        text = await asyncio.wait_for(self.socket.recv(), WAIT)
        assert isinstance(text, str)
        data: dict[str, Any] = json.loads(text)
        self.texts.append(text)
        self.frames.append(data)
        return data

    async def next(self, *kinds: str) -> dict[str, Any]:
        """The next frame of one of `kinds` (any frame if none is named); others are kept unread."""
        for index, data in enumerate(self.unread):
            if not kinds or data["type"] in kinds:
                return self.unread.pop(index)
        while True:
            data = await self._receive()
            if not kinds or data["type"] in kinds:
                return data
            self.unread.append(data)

    async def join(self, table: str, token: str | None = None) -> dict[str, Any]:
        """Join a table (with a seat's token, or as a spectator); returns the first state."""
        message: dict[str, Any] = {"type": "join", "protocol": 1, "table": table}
        if token is not None:
            message["token"] = token
        await self.send(message)
        joined = await self.next("joined", "error")
        assert joined["type"] == "joined", joined
        return await self.next("state")

    async def latest_state(self) -> dict[str, Any]:
        """The newest state frame received so far, reading every frame waiting."""
        state = await self.next("state")
        assert self.socket is not None
        while True:
            try:
                text = await asyncio.wait_for(self.socket.recv(), 0.05)
            except TimeoutError:
                return state
            data = json.loads(text)
            self.texts.append(str(text))
            self.frames.append(data)
            if data["type"] == "state":
                state = data
            else:
                self.unread.append(data)


async def play_randomly(
    clients: dict[int, Client], first: dict[int, dict[str, Any]], rng: random.Random, by_text: bool = False
) -> dict[str, Any]:
    """Every seat in `clients` plays a random legal action whenever it is to act, until the game is over.

    `first` holds each client's state frame after joining.  Returns the game_over frame.
    """
    finished: dict[str, Any] = {}

    async def seat_loop(seat: int, client: Client, state: dict[str, Any]) -> None:
        while True:
            if state["legal"]:
                choice = rng.choice(state["legal"])
                if by_text:
                    await client.send(
                        {"type": "action", "action": choice["action"], "version": state["version"]}
                    )
                else:
                    await client.send({"type": "action", "id": choice["id"], "version": state["version"]})
            frame = await client.next("state", "game_over", "error")
            while frame["type"] == "state" and frame["version"] == state["version"] and state["legal"]:
                frame = await client.next("state", "game_over", "error")
            assert frame["type"] != "error", frame
            if frame["type"] == "game_over":
                finished[frame["table"]] = frame
                return
            state = frame

    await asyncio.gather(*(seat_loop(seat, client, first[seat]) for seat, client in clients.items()))
    return next(iter(finished.values()))


def wait_until(condition: Any, seconds: float = WAIT) -> None:
    """Poll until `condition()` is true (AssertionError when time runs out)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)
