"""Three server processes on one PostgreSQL database: people on different processes play one table to its
end, the process that owns it is killed (SIGKILL) in the middle, and another takes the table over.

Each person stays with the process they first connected to (the owner's
clients move to the next one when it dies): two of them are relayed to the
owner.  Every acknowledged action must be in the table once, at the version
its acknowledgement named, and every frame any seat or the spectator got,
through whichever process, is checked as `test_secrecy.py` checks them.
"""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from cardtable.games import get_game
from cardtable.games.fm.server.campaigns import CAMPAIGN_COOKIE
from cardtable.server.ownership import TAKEOVER_SECONDS
from cardtable.server.postgres_storage import PostgresStorage
from cardtable.server.setup import SeatSpec, TableSetup
from cardtable.server.storage import LostTableError, StorageError, TableRecord
from tests.server.helpers import FAST, ROOT, Client, ServerProcess
from tests.server.postgres import Cluster
from tests.server.test_secrecy import _check_receiver, _states

#: A PostgreSQL address nothing listens at (port 1), with a password that must not be shown.
UNREACHABLE = "postgresql://ann:hunter2@127.0.0.1:1/cards"
SEATS = [{"person": "A"}, {"person": "B"}, {"bot": "random"}, {"person": "D"}]
#: Where each person and the spectator connect first (index into the processes; 0 owns the table).
HOMES = {0: 0, 1: 1, 3: 2, None: 1}
#: Seconds a table may take to be served again after its owner is killed: PostgreSQL drops the dead
#: connection's locks at once, a client reconnects, and a join (or the next scan) takes the table over
#: (0.3 to 0.5 s here; the bound leaves room for a loaded machine).
TAKEOVER_LIMIT = 10 * TAKEOVER_SECONDS


class Seat:
    """One person (or the spectator) playing at random through the processes, every connection kept."""

    def __init__(self, servers: list[ServerProcess], home: int, seat: int | None, token: str | None) -> None:
        self.servers = servers
        self.home = home
        self.seat = seat
        self.token = token
        self.rng = random.Random(seat if seat is not None else 99)
        self.clients: list[Client] = []
        #: version -> action text, of every acknowledgement this seat got.
        self.acked: dict[int, str] = {}
        #: When a state frame came after each reconnection.
        self.served_again: list[float] = []

    def alive(self) -> ServerProcess:
        """Its process, or the next one that still runs."""
        for step in range(len(self.servers)):
            server = self.servers[(self.home + step) % len(self.servers)]
            if server.process is not None and server.process.poll() is None:
                return server
        raise AssertionError("every server process is gone")

    async def play(self, table: str) -> dict[str, Any]:
        """Play until the game is over, through as many connections as it takes."""
        while True:
            try:
                return await self._play_once(table)
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError):
                await asyncio.sleep(0.05)

    async def _play_once(self, table: str) -> dict[str, Any]:
        client = Client(self.alive().socket_url)
        self.clients.append(client)
        await client.open(open_timeout=5)
        try:
            state = await client.join(table, self.token)
            self.served_again.append(time.monotonic())
            asked: int | None = None
            while True:
                if state["legal"] and asked != state["version"]:
                    await asyncio.sleep(self.rng.uniform(0.0, 0.02))
                    choice = self.rng.choice(state["legal"])
                    asked = state["version"]
                    await client.send({"type": "action", "id": choice["id"], "version": state["version"]})
                frame = await client.next()
                assert frame["type"] != "error", frame
                if frame["type"] == "ack":
                    assert self.acked.setdefault(frame["version"], frame["action"]) == frame["action"]
                elif frame["type"] == "state":
                    state = frame
                elif frame["type"] == "game_over":
                    return frame
        finally:
            await client.close()


def test_people_on_three_processes_play_on_through_a_kill_of_the_owner(
    postgres_cluster: Cluster, tmp_path: Path
) -> None:
    database = postgres_cluster.new_database()
    key = tmp_path / "postgres.key"
    servers = [ServerProcess(database, key=key).start() for _ in range(3)]
    try:
        created = servers[0].create_table("scout", SEATS, claim=False)
        table = created["table"]
        tokens: dict[int, str] = {}
        for seat in created["seats"]:
            number = seat["seat"] - 1
            if "invite" in seat:
                # Each invitation is claimed at the person's own process: the owner's to grant, relayed there.
                claimed = servers[HOMES[number]].claim(table, seat["invite"])
                assert claimed.status_code == 200, claimed.text
                tokens[number] = claimed.json()["token"]
            elif "token" in seat:
                tokens[number] = seat["token"]
        seats = [
            Seat(servers, home, seat, None if seat is None else tokens[seat]) for seat, home in HOMES.items()
        ]

        async def kill_the_owner() -> float:
            while sum(len(seat.acked) for seat in seats) < 6:
                await asyncio.sleep(0.02)
            servers[0].kill()
            return time.monotonic()

        async def everything() -> tuple[float, list[dict[str, Any]]]:
            games = asyncio.gather(*(seat.play(table) for seat in seats))
            killed = await kill_the_owner()
            return killed, list(await games)

        killed, endings = asyncio.run(everything())
        over = endings[0]
        assert all(ending["replay"] == over["replay"] for ending in endings)
        actions = [line for line in over["replay"][1:] if "action" in line]
        # Every acknowledged action is there, at the version its acknowledgement named.
        acked = {version: text for seat in seats for version, text in seat.acked.items()}
        assert max(acked) > 6, "the kill fell before the end of the game"
        for version, text in acked.items():
            assert actions[version - 1]["action"] == text, f"acknowledged action {version} was lost"
        # ... once: the stored numbers run from 0 with no gap and no repeat.
        summary = httpx.get(f"{servers[1].base}/api/tables/{table}").json()
        assert summary["finished"] and summary["version"] == len(actions)
        moved = [seat for seat in seats if len(seat.clients) > 1]
        assert len(moved) == len(seats), "every client was sent away by the kill and came back"
        takeover = max(seat.served_again[1] for seat in moved) - killed
        print(f"the table was served again {takeover:.2f} s after its owner was killed")
        assert takeover < TAKEOVER_LIMIT
        # No frame reached a seat that should not see it, through whichever process it came.
        game = get_game("scout")
        match, states = _states(over["replay"])
        checked = sum(
            _check_receiver(game, states, match.seed, seat.seat, client)
            for seat in seats
            for client in seat.clients
        )
        assert checked > 50
    finally:
        for server in servers:
            server.stop()


def _record(table_id: str) -> TableRecord:
    setup = TableSetup("drump", 5, {}, (SeatSpec("Ann"), SeatSpec("Bob")))
    return TableRecord(table_id, setup, (None, None), "127.0.0.1", 1.0)


def test_one_process_at_a_time_owns_a_table_and_a_lost_one_cannot_be_written(
    postgres_cluster: Cluster, tmp_path: Path
) -> None:
    database = postgres_cluster.new_database()
    first = PostgresStorage(database, key_path=tmp_path / "postgres.key")
    second = PostgresStorage(database, key_path=tmp_path / "postgres.key")
    try:
        first.register_server("http://127.0.0.1:1111/")
        second.register_server("http://127.0.0.1:2222/")
        assert first.claim_table("t1")
        first.create_table(_record("t1"))
        first.append_action("t1", 0, 0, "end", None)
        assert not second.claim_table("t1") and second.holder("t1") == "http://127.0.0.1:1111/"
        assert first.holder("t1") is None  # its own
        with pytest.raises(LostTableError):
            second.append_action("t1", 1, 1, "end", None)
        assert second.free_tables(frozenset()) == []
        # The owner's connection breaks (as when its process is killed): its lock goes with it.
        (backend,) = first.database._rows("SELECT pg_backend_pid()", ())[0]
        second.database._rows("SELECT pg_terminate_backend(%s, 5000)", (backend,))  # waits for its end
        assert second.free_tables(frozenset()) == ["t1"] and second.holder("t1") is None
        second.append_action("t1", 1, 1, "end", None)
        # The first process, on its next call, finds its link broken; then it has lost the table.
        with pytest.raises(StorageError):
            first.append_action("t1", 2, 0, "end", None)
        with pytest.raises(LostTableError):
            first.append_action("t1", 2, 0, "end", None)
        assert first.lost_tables() == {"t1"} and first.lost_tables() == set()
        record = second.load_table("t1")
        assert record is not None and record.actions == ((0, "end"), (1, "end"))
        second.release_table("t1")
        assert first.claim_table("t1")
    finally:
        first.close()
        second.close()


def test_a_database_that_cannot_be_reached_stops_the_server_naming_it_without_its_password() -> None:
    command = [sys.executable, "-m", "cardtable.server", "--port", "0", "--db", UNREACHABLE]
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=60, env=dict(os.environ, PYTHONPATH=str(ROOT))
    )
    assert result.returncode != 0 and "open http" not in result.stdout
    assert "cannot open the database 'postgresql://ann:***@127.0.0.1:1/cards'" in result.stderr
    assert "hunter2" not in result.stderr


def test_a_table_is_closed_over_http_at_a_process_that_does_not_own_it(
    postgres_cluster: Cluster, tmp_path: Path
) -> None:
    database = postgres_cluster.new_database()
    key = tmp_path / "postgres.key"
    owner, other = (ServerProcess(database, key=key).start() for _ in range(2))
    try:
        created = owner.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
        table = created["table"]
        maker, guest = (seat["token"] for seat in created["seats"])
        close = f"{other.base}/api/tables/{table}/close"
        # The owner's answers, passed on: a guest may not close it; the maker may, by token or by cookie.
        refused = httpx.post(close, json={"token": guest}, timeout=10)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden", refused.text
        assert not httpx.get(f"{other.base}/api/tables/{table}").json()["finished"]
        closed = httpx.post(close, json={}, cookies={f"cardtable-{table}": maker}, timeout=10)
        assert closed.status_code == 200, closed.text
        assert closed.json()["finished"] and closed.json()["table"] == table
        for server in (owner, other):
            assert httpx.get(f"{server.base}/api/tables/{table}").json()["finished"]
        again = httpx.post(close, json={"token": maker}, timeout=10)
        assert again.status_code == 409 and again.json()["error"]["code"] == "game_over", again.text
    finally:
        owner.stop()
        other.stop()


def test_a_campaign_duel_is_forfeited_at_a_process_that_does_not_play_it(
    postgres_cluster: Cluster, tmp_path: Path
) -> None:
    database = postgres_cluster.new_database()
    key = tmp_path / "postgres.key"
    owner, other = (ServerProcess(database, key=key).start() for _ in range(2))
    try:
        started = httpx.post(f"{owner.base}/api/campaign", json={"name": "Ann"}, timeout=10)
        assert started.status_code == 201, started.text
        cookies = {CAMPAIGN_COOKIE: started.cookies[CAMPAIGN_COOKIE]}
        duel = httpx.post(f"{owner.base}/api/campaign/duel", json={"duelist": 1}, cookies=cookies, timeout=10)
        assert duel.status_code == 201, duel.text
        table = duel.json()["table"]
        forfeited = httpx.post(f"{other.base}/api/campaign/forfeit", json={}, cookies=cookies, timeout=10)
        assert forfeited.status_code == 200, forfeited.text
        assert forfeited.json()["duel"] is None and forfeited.json()["last"]["forfeited"]
        # The duel's table ended at its owner, the duelist the winner.
        for server in (owner, other):
            summary = httpx.get(f"{server.base}/api/tables/{table}").json()
            assert summary["finished"], summary
    finally:
        owner.stop()
        other.stop()


def test_the_table_limits_hold_across_the_processes_of_one_database(
    postgres_cluster: Cluster, tmp_path: Path
) -> None:
    database = postgres_cluster.new_database()
    key = tmp_path / "postgres.key"
    # Later --limit options override FAST's: two unfinished tables an address, three in all, one of bots.
    limits = (*FAST, "max_tables_per_address=2", "max_tables=3", "max_bot_tables=1")
    first, second = (ServerProcess(database, key=key, limits=limits).start() for _ in range(2))
    people = [{"person": "Ann"}, {"person": "Bob"}]
    bots = [{"bot": "random", "pace": 30}, {"bot": "random", "pace": 30}]  # a move in 30 s: unfinished
    try:
        assert first.create({"game": "drump", "seats": bots}).status_code == 201
        refused = second.create({"game": "drump", "seats": bots})
        assert refused.status_code == 429 and "max_bot_tables" in refused.text, refused.text
        assert second.create({"game": "drump", "seats": people}).status_code == 201
        # 127.0.0.1 has two unfinished tables, one at each process: a third is refused at either.
        for server in (first, second):
            refused = server.create({"game": "drump", "seats": people})
            assert refused.status_code == 429 and "2 unfinished tables" in refused.text, refused.text
        # Another address (forwarded by a trusted proxy) meets the server-wide cap of three.
        other = {"X-Forwarded-For": "203.0.113.9"}
        request = {"protocol": 1, "game": "drump", "seats": people}
        made = httpx.post(f"{first.base}/api/tables", json=request, headers=other, timeout=10)
        assert made.status_code == 201, made.text
        refused = httpx.post(f"{second.base}/api/tables", json=request, headers=other, timeout=10)
        assert refused.status_code == 429 and "limit of 3 tables" in refused.text, refused.text
    finally:
        first.stop()
        second.stop()
