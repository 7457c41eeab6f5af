"""The write-ahead log stays under its limit however steadily it is written; a reader's hold is told once."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from cardtable.server.setup import SeatSpec, TableSetup
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.sqlite_writes import WAL_LIMIT_BYTES
from cardtable.server.storage import TableRecord

SETUP = TableSetup("drump", 5, {}, (SeatSpec("Ann"), SeatSpec("Bob")))
#: Tables written in turn, as a busy server writes them (each action lands on another page).
TABLES = 100
#: Bytes the log may pass its limit by: the frames of one write.
ONE_WRITE = 1 << 20


def _wal(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def _load(storage: SqliteStorage, rounds: int, first: int = 0) -> tuple[int, int]:
    """Every table takes `rounds` actions in turn; returns the log's largest size and how often it shrank."""
    largest = shrank = previous = 0
    for number in range(first, first + rounds):
        for table in range(TABLES):
            storage.append_action(f"t{table}", number, number % 2, f"play {number % 7}", None)
            size = _wal(storage.path)
            largest, shrank, previous = max(largest, size), shrank + (size < previous), size
    return largest, shrank


def _storage(path: Path, **options: int) -> SqliteStorage:
    storage = SqliteStorage(path, **options)
    for table in range(TABLES):
        storage.create_table(TableRecord(f"t{table}", SETUP, (None, None), "127.0.0.1", float(table)))
    return storage


def test_the_log_stays_under_its_limit_under_steady_writes(tmp_path: Path) -> None:
    storage = _storage(tmp_path / "tables.sqlite")
    try:
        # 6,000 actions without a pause: about three times the limit written to the log.
        largest, shrank = _load(storage, 60)
    finally:
        storage.close()
    print(f"write-ahead log: at most {largest / 1e6:.1f} MB, truncated {shrank} times")
    assert largest <= WAL_LIMIT_BYTES * 9 // 8 + ONE_WRITE
    assert shrank >= 2, "the load did not pass the limit: it proves nothing"
    again = SqliteStorage(tmp_path / "tables.sqlite")
    record = again.load_table("t7")
    assert record is not None and len(record.actions) == 60 and record.actions[59] == (1, "play 3")
    again.close()


def test_a_reader_holding_the_log_is_told_once_and_the_log_is_truncated_once_it_lets_go(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    limit = 1 << 20
    storage = _storage(tmp_path / "tables.sqlite", wal_limit=limit)
    reader = sqlite3.connect(tmp_path / "tables.sqlite", isolation_level=None)
    try:
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM actions").fetchone()
        with caplog.at_level(logging.WARNING, "cardtable.server"):
            held, shrank = _load(storage, 10)
            assert shrank == 0 and held > 2 * limit
            reader.execute("COMMIT")
            _, shrank = _load(storage, 5, first=10)
    finally:
        reader.close()
        storage.close()
    warnings = [record.getMessage() for record in caplog.records]
    assert sum("cannot be truncated: another process holds a read" in line for line in warnings) == 1
    assert sum("is truncated again" in line for line in warnings) == 1
    assert shrank >= 1 and _wal(tmp_path / "tables.sqlite") < limit
