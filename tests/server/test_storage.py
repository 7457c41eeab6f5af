"""Storage keeps set-ups and actions; a failed write changes nothing; tokens are kept only as hashes."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardtable.server.limits import Limits
from cardtable.server.service import TableService
from cardtable.server.setup import SeatSpec, TableSetup
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.storage import CampaignRecord, DuplicateError, TableRecord, UnfinishedCounts
from cardtable.server.tables import Connection, token_hash
from tests.server.helpers import Place

SETUP = TableSetup("drump", 77, {}, (SeatSpec("Ann"), SeatSpec("Bot", bot="random", pace=0.5)))


def _record(table_id: str = "t1") -> TableRecord:
    return TableRecord(table_id, SETUP, (token_hash("secret"), None), "127.0.0.1", 1.0)


def test_a_table_and_its_actions_come_back_after_reopening(place: Place) -> None:
    storage = place.open()
    storage.create_table(_record())
    storage.append_action("t1", 0, 0, "set 7h 1", None)
    storage.close()
    again = place.open()
    record = again.load_table("t1")
    assert record is not None
    assert record.setup == SETUP and record.actions == ((0, "set 7h 1"),) and record.outcome is None
    assert [table.id for table in again.unfinished_tables()] == ["t1"]
    again.append_action("t1", 1, 1, "end", {"winners": [1], "scores": [1, 0], "ending": "x", "reason": "y"})
    assert again.unfinished_tables() == []
    listing = again.list_tables(10)
    assert listing[0].finished and listing[0].version == 2 and listing[0].players == ("Ann", "Bot")
    assert again.load_table("nope") is None
    again.close()


def test_an_action_number_is_stored_once(place: Place) -> None:
    storage = place.open()
    storage.create_table(_record())
    storage.append_action("t1", 0, 0, "end", None)
    with pytest.raises(DuplicateError):
        storage.append_action("t1", 0, 0, "end", None)
    record = storage.load_table("t1")
    assert record is not None and len(record.actions) == 1
    storage.close()


def test_the_unfinished_tables_are_counted_by_creator_and_bots_only(place: Place) -> None:
    storage = place.open()
    bots = TableSetup("drump", 5, {}, (SeatSpec("R", bot="random"), SeatSpec("S", bot="random")))
    storage.create_table(_record("t1"))
    storage.create_table(TableRecord("t2", bots, (None, None), "10.0.0.0/24", 1.0))
    storage.create_table(TableRecord("t3", bots, (None, None), "127.0.0.1", 1.0))
    assert storage.unfinished_counts("127.0.0.1") == UnfinishedCounts(2, 3, 2)
    storage.append_action("t3", 0, 0, "end", {"winners": [1], "scores": [1, 0], "ending": "x", "reason": "y"})
    assert storage.unfinished_counts("127.0.0.1") == UnfinishedCounts(1, 2, 1)
    assert storage.unfinished_counts("192.0.2.0/24") == UnfinishedCounts(0, 2, 1)
    storage.close()


def test_a_campaign_is_kept_and_replaced_and_listings_leave_out_unlisted_tables(place: Place) -> None:
    storage = place.open()
    assert storage.load_campaign("h") is None
    storage.save_campaign(CampaignRecord("h", {"level": 1}))
    storage.save_campaign(CampaignRecord("h", {"level": 2}, "t9", 3, {"won": True}))
    assert storage.load_campaign("h") == CampaignRecord("h", {"level": 2}, "t9", 3, {"won": True})
    unlisted = replace(SETUP, access=replace(SETUP.access, privacy="unlisted"))
    storage.create_table(_record("t1"))
    storage.create_table(replace(_record("t2"), setup=unlisted, created=2.0))
    storage.create_table(replace(_record("t3"), created=3.0))
    assert [listing.id for listing in storage.list_tables(10)] == ["t3", "t1"]
    assert [listing.id for listing in storage.list_tables(1)] == ["t3"]
    storage.set_token_hashes("t1", ("a", "b"))
    record = storage.load_table("t1")
    assert record is not None and record.token_hashes == ("a", "b")
    storage.close()


class FailingStorage(SqliteStorage):
    """A database whose writes of actions fail (a full disk, say)."""

    def append_action(self, *arguments: Any) -> None:
        """Fail."""
        raise sqlite3.OperationalError("database or disk is full")


def test_an_action_that_cannot_be_stored_is_refused_and_undone(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[dict[str, Any]], int]:
        service = TableService(FailingStorage(tmp_path / "tables.sqlite"), None, Limits())  # type: ignore[arg-type]
        table, grants = service.create(
            {"protocol": 1, "game": "drump", "seats": [{"person": "A"}, {"person": "B"}], "hot_seat": True},
            "127.0.0.1",
        )
        connection = Connection("127.0.0.1", Limits())
        acting = table.match.current_seat
        join = {"type": "join", "protocol": 1, "table": table.id, "token": grants.tokens[acting]}
        service.receive(connection, json.dumps(join), {})
        service.receive(connection, json.dumps({"type": "action", "id": 0, "version": 0}), {})
        frames = []
        while not connection.outbox.empty():
            text = connection.outbox.get_nowait()
            assert text is not None
            frames.append(json.loads(text))
        return frames, table.version

    frames, version = asyncio.run(scenario())
    assert version == 0
    assert [frame["type"] for frame in frames] == ["joined", "state", "presence", "error"]
    assert frames[-1]["code"] == "storage" and "nothing changed" in frames[-1]["message"]


def test_tokens_and_invitations_are_kept_only_as_hashes(place: Place, tmp_path: Path) -> None:
    async def scenario() -> list[str | None]:
        service = TableService(place.open(), None, Limits())  # type: ignore[arg-type]
        table, grants = service.create(
            {"protocol": 1, "game": "scout", "seats": [{"person": "A"}, {"person": "B"}, {"person": "C"}]},
            "127.0.0.1",
        )
        invitation = grants.invitations[1]
        assert invitation is not None
        _, _, claimed = service.claim(table.id, invitation, {})
        service.storage.close()
        return [grants.tokens[0], claimed, grants.invitations[2]]

    secrets = asyncio.run(scenario())
    if place.is_postgres:
        stored = json.dumps(
            [place.execute(f"SELECT * FROM {name}") for name in ("tables", "actions")]
        ).encode()
    else:
        stored = b"".join(path.read_bytes() for path in tmp_path.iterdir())
    for secret in secrets:
        assert secret is not None and len(secret) >= 32
        assert secret.encode() not in stored and token_hash(secret).encode() in stored


class CountingStorage(SqliteStorage):
    """A database that counts the tables it loads."""

    loads = 0

    def load_table(self, table_id: str) -> TableRecord | None:
        """Load, counting."""
        self.loads += 1
        return super().load_table(table_id)


def test_a_finished_table_is_rebuilt_once_however_often_it_is_asked_for(tmp_path: Path) -> None:
    async def scenario() -> tuple[int, int]:
        storage = CountingStorage(tmp_path / "tables.sqlite")
        request = {"protocol": 1, "game": "drump", "seats": [{"person": "A"}, {"person": "B"}]}
        service = TableService(storage, None, Limits())  # type: ignore[arg-type]
        table, _ = service.create(request, "127.0.0.1")
        while not table.finished:
            table.match.play(table.match.legal_actions()[0])
            service._commit(table, None, None)
        again = TableService(storage, None, Limits())  # type: ignore[arg-type]
        before = storage.loads
        replays = [again.replay(table.id) for _ in range(20)]
        assert all(replay == replays[0] for replay in replays) and replays[0] is not None
        return storage.loads - before, len(replays[0])

    loads, lines = asyncio.run(scenario())
    assert loads == 1 and lines > 2
