"""The default storage: every table in one SQLite file, no set-up needed (`storage.py` has the interface).

`SqliteDatabase` keeps the rows in one file in WAL mode, each write its own
committed transaction; `SqliteStorage` is it with the tables' secrets sealed,
the key in a file beside the database (`tables.sqlite.key`, readable by its
owner alone).

With `synchronous=NORMAL` (the default) a commit survives the server's
process being killed at any moment; `durable=True` (`synchronous=FULL`) makes
it survive the machine losing power too, at the cost of a disk flush per
action.  Writes go through `sqlite_writes.SqliteWriter` (retried, faults
logged once, the write-ahead log kept under its limit), and one server at a
time holds the file (`server_lock`): several server processes need
PostgreSQL (`postgres_storage.py`).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from cardtable.core.seal import load_key
from cardtable.server import rows, server_lock, table_events
from cardtable.server.sqlite_writes import BUSY_SECONDS, WAL_LIMIT_BYTES, SqliteWriter
from cardtable.server.storage import (
    CampaignRecord,
    DuplicateError,
    SealedStorage,
    StoredTable,
    TableListing,
    UnfinishedCounts,
    key_file,
)
from cardtable.server.table_events import TableEvent


class SqliteDatabase:
    """Tables in one SQLite file (WAL mode); every write is its own committed transaction.

    The file is held by one process at a time (DatabaseInUseError names the
    one that holds it).  The write-ahead log is copied back into the database
    by a thread of its own, and truncated by the writer past `wal_limit` bytes.
    """

    def __init__(self, path: str | Path, durable: bool = False, wal_limit: int = WAL_LIMIT_BYTES) -> None:
        self.path = Path(path)
        self.where = str(self.path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Taken first, so that a second server changes nothing; a failure below leaves it held until exit.
        self._lock = server_lock.hold(self.path)
        # Every use is from the event loop, one at a time, whichever thread runs it.
        self.connection = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=BUSY_SECONDS
        )
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.connection.execute("PRAGMA wal_autocheckpoint=0")
        self.connection.execute("PRAGMA foreign_keys=ON")
        self.connection.executescript(rows.schema("REAL", " WITHOUT ROWID"))
        table_events.migrate(self.connection)
        self.writer = SqliteWriter(self.connection, self.path, wal_limit)

    def create_table(self, table: StoredTable) -> None:
        """Store a new table (committed on return)."""
        self.writer.write(
            [
                (
                    "INSERT INTO tables (id, game, setup, token_hashes, creator, created) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    rows.new_table(table),
                )
            ]
        )

    def append_action(
        self, table_id: str, number: int, seat: int, text: str, outcome: dict[str, Any] | None, played: float
    ) -> None:
        """Store action `number` (from 0) of a table and when it was played (and the outcome, if it ended)."""
        try:
            self.writer.write(
                [
                    (
                        "INSERT INTO actions (table_id, number, seat, text, time) VALUES (?, ?, ?, ?, ?)",
                        (table_id, number, seat, text, played),
                    ),
                    (
                        "UPDATE tables SET version = ?, outcome = ?, finished = ? WHERE id = ?",
                        (*rows.table_after_action(number, outcome, played), table_id),
                    ),
                ]
            )
        except sqlite3.IntegrityError as error:
            raise DuplicateError(f"table {table_id} has an action {number} already ({error})") from None

    def append_event(
        self, table_id: str, number: int, event: TableEvent, outcome: dict[str, Any] | None
    ) -> None:
        """Store event `number` (from 0) of a table, and its outcome if it ended the game (committed)."""
        self.writer.write(table_events.event_statements(table_id, number, event, outcome))

    def set_token_hashes(self, table_id: str, token_hashes: tuple[str | None, ...]) -> None:
        """Replace what a table keeps of its seats' secrets: a claimed or withdrawn invitation (committed)."""
        self.writer.write(
            [("UPDATE tables SET token_hashes = ? WHERE id = ?", (rows.token_hashes(token_hashes), table_id))]
        )

    def load_table(self, table_id: str) -> StoredTable | None:
        """A table with all its actions, or None."""
        row = self.connection.execute(
            f"SELECT {rows.TABLE_COLUMNS} FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        return None if row is None else self._stored(row)

    def unfinished_tables(self) -> list[StoredTable]:
        """Every table whose game goes on, with its actions."""
        found = self.connection.execute(
            f"SELECT {rows.TABLE_COLUMNS} FROM tables WHERE finished IS NULL ORDER BY created"
        ).fetchall()
        return [self._stored(row) for row in found]

    def unfinished_counts(self, creator: str) -> UnfinishedCounts:
        """How many unfinished tables: `creator`'s, all, and those whose every seat is a bot's."""
        of_creator, everyone, bots_only = self.connection.execute(
            "SELECT coalesce(sum(creator = ?), 0), count(*), coalesce(sum(NOT EXISTS "
            "(SELECT 1 FROM json_each(setup, '$.seats') WHERE json_extract(value, '$.bot') IS NULL)), 0) "
            "FROM tables WHERE finished IS NULL",
            (creator,),
        ).fetchone()
        return UnfinishedCounts(of_creator, everyone, bots_only)

    def list_tables(self, limit: int) -> list[TableListing]:
        """The newest public tables, finished or not (unlisted and closed ones are left out)."""
        found = self.connection.execute(
            f"SELECT {rows.LISTING_COLUMNS} FROM tables "
            "WHERE coalesce(json_extract(setup, '$.access.privacy'), 'public') = 'public' "
            "ORDER BY created DESC LIMIT ?",
            (limit,),
        ).fetchall()
        return rows.listings(found)

    def load_campaign(self, token_hash: str) -> CampaignRecord | None:
        """The campaign kept under a token's hash, or None."""
        row = self.connection.execute(
            f"SELECT {rows.CAMPAIGN_COLUMNS} FROM campaigns WHERE token_hash = ?", (token_hash,)
        ).fetchone()
        return None if row is None else rows.campaign(token_hash, row)

    def save_campaign(self, record: CampaignRecord) -> None:
        """Keep a campaign, replacing the one under the same hash (committed on return)."""
        replace = "INSERT OR REPLACE INTO campaigns VALUES (?, ?, ?, ?, ?, ?)"
        self.writer.write([(replace, rows.campaign_row(record))])

    def close(self) -> None:
        """Let go of the database."""
        self.writer.close()
        self.connection.close()
        server_lock.release(self._lock)

    # -- ownership: the one process that holds the file owns every table ---------------------------
    shared = False

    def register_server(self, url: str) -> None:
        """Nothing to do: no other process shares the file."""

    def claim_table(self, table_id: str) -> bool:
        """Every table is this process's."""
        return True

    def release_table(self, table_id: str) -> None:
        """Nothing to do."""

    def holder(self, table_id: str) -> str | None:
        """No other process holds a table."""
        return None

    def free_tables(self, known: frozenset[str]) -> list[str]:
        """None: the server recovers every table at its start (`unfinished_tables`)."""
        return []

    def lost_tables(self) -> set[str]:
        """None: the file is held for the process's life."""
        return set()

    def _stored(self, row: tuple[Any, ...]) -> StoredTable:
        table_id = row[0]
        actions = self.connection.execute(
            "SELECT seat, text FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
        ).fetchall()
        return rows.stored_table(
            row,
            actions,
            table_events.load_times(self.connection, table_id),
            table_events.load_events(self.connection, table_id),
        )


class SqliteStorage(SealedStorage):
    """The tables in one SQLite file, their secrets sealed with the key in the file beside it (or `key`)."""

    database: SqliteDatabase

    def __init__(
        self,
        path: str | Path,
        durable: bool = False,
        key: bytes | None = None,
        wal_limit: int = WAL_LIMIT_BYTES,
        key_path: Path | None = None,
    ) -> None:
        database = SqliteDatabase(path, durable, wal_limit)
        place = key_path or key_file(database.path)
        found = key or load_key(place)
        assert found is not None  # load_key makes the key when there is none
        super().__init__(database, found, place)
        self.path = database.path
