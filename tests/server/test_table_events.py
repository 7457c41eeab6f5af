"""The lifecycle's storage: action times and table events, and an older database migrated on first use."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cardtable.server.setup import SeatSpec, TableSetup
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.storage import TableRecord
from cardtable.server.table_events import TableEvent
from tests.server.helpers import Place

SETUP = TableSetup("drump", 77, {}, (SeatSpec("Ann"), SeatSpec("Bob")))


def test_action_times_and_events_come_back_after_reopening(place: Place) -> None:
    storage = place.open()
    storage.create_table(TableRecord("t1", SETUP, (None, None), "127.0.0.1", 1.0))
    storage.append_action("t1", 0, 0, "end", None, played=100.0)
    outcome = {"winners": [2], "scores": [0.0, 1.0], "ending": "resigned", "reason": "Ann resigned"}
    storage.append_event("t1", 0, TableEvent(1, 0, "resigned", "", 130.0), outcome)
    storage.close()
    again = place.open()
    record = again.load_table("t1")
    assert record is not None and record.times == (100.0,) and record.outcome == outcome
    assert record.events == (TableEvent(1, 0, "resigned", "", 130.0),)
    assert again.unfinished_tables() == []
    again.close()


def test_a_database_of_an_older_server_gains_the_times_and_events(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    connection = sqlite3.connect(path)
    connection.executescript(
        "CREATE TABLE actions (table_id TEXT NOT NULL, number INTEGER NOT NULL, seat INTEGER NOT NULL, "
        "text TEXT NOT NULL, PRIMARY KEY (table_id, number)) WITHOUT ROWID;"
    )
    connection.close()
    storage = SqliteStorage(path)
    storage.create_table(TableRecord("t1", SETUP, (None, None), "127.0.0.1", 1.0))
    storage.append_action("t1", 0, 0, "end", None, played=5.0)
    record = storage.load_table("t1")
    assert record is not None and record.times == (5.0,) and record.events == ()
    storage.close()
