"""Where tables are kept: their set-ups and action lists, behind one small interface.

The server writes a table's set-up when it is created and every accepted
action before acknowledging it; at start it replays the stored actions of
every unfinished table.  `Storage` is the interface; `SqliteStorage` keeps it
in one SQLite file in WAL mode, each action committed on its own.  Another
database (PostgreSQL) is another class with the same methods.

With `synchronous=NORMAL` (the default) a commit survives the server's
process being killed at any moment; `durable=True` (`synchronous=FULL`) makes
it survive the machine losing power too, at the cost of a disk flush per
action.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cardtable.server.setup import TableSetup

#: Seconds between two checkpoints of the write-ahead log.
CHECKPOINT_SECONDS = 5.0


@dataclass(frozen=True)
class TableRecord:
    """A stored table: its set-up, the hashes of its seats' tokens, and every action taken."""

    id: str
    setup: TableSetup
    #: The SHA-256 of each seat's token (None for a bot's seat); the tokens themselves are never kept.
    token_hashes: tuple[str | None, ...]
    #: The address the table was created from.
    creator: str
    created: float
    #: (seat from 0, action text) in the order taken.
    actions: tuple[tuple[int, str], ...] = ()
    #: The outcome as `Outcome.to_json()` wrote it, once the game is over.
    outcome: dict[str, Any] | None = None


@dataclass(frozen=True)
class TableListing:
    """A line of the list of tables: what anyone may know of one."""

    id: str
    game: str
    players: tuple[str, ...]
    created: float
    version: int
    finished: bool


@dataclass(frozen=True)
class CampaignRecord:
    """A browser's Forbidden Memories campaign, kept under the hash of its owner's token."""

    token_hash: str
    #: The progress as `games.fm.campaign.progress_to_json` writes it.
    progress: dict[str, Any]
    #: The table of the campaign duel under way (None between duels), and its duelist.
    duel_table: str | None = None
    duelist: int | None = None
    #: How the last settled duel ended (`DuelResult.to_json()`), to show it once back at the campaign.
    last_result: dict[str, Any] | None = None


class Storage(Protocol):
    """What the server needs of a database."""

    def create_table(self, record: TableRecord) -> None:
        """Store a new table (committed on return)."""
        ...

    def append_action(
        self, table_id: str, number: int, seat: int, text: str, outcome: dict[str, Any] | None
    ) -> None:
        """Store action `number` (from 0) of a table, and its outcome if it ended the game (committed)."""
        ...

    def load_table(self, table_id: str) -> TableRecord | None:
        """A table with all its actions, or None."""
        ...

    def unfinished_tables(self) -> list[TableRecord]:
        """Every table whose game goes on, with its actions."""
        ...

    def list_tables(self, limit: int) -> list[TableListing]:
        """The newest tables, finished or not."""
        ...

    def load_campaign(self, token_hash: str) -> CampaignRecord | None:
        """The campaign kept under a token's hash, or None."""
        ...

    def save_campaign(self, record: CampaignRecord) -> None:
        """Keep a campaign, replacing the one under the same hash (committed on return)."""
        ...

    def close(self) -> None:
        """Let go of the database."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    creator TEXT NOT NULL,
    created REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    outcome TEXT,
    finished REAL
);
CREATE INDEX IF NOT EXISTS tables_unfinished ON tables (finished) WHERE finished IS NULL;
CREATE INDEX IF NOT EXISTS tables_created ON tables (created);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS campaigns (
    token_hash TEXT PRIMARY KEY,
    progress TEXT NOT NULL,
    duel_table TEXT,
    duelist INTEGER,
    last_result TEXT,
    updated REAL NOT NULL
);
"""


class SqliteStorage:
    """Tables in one SQLite file (WAL mode); every write is its own committed transaction.

    The write-ahead log is copied back into the database (a checkpoint, which
    flushes the disk) by a thread of its own every few seconds, so that no
    commit ever waits for a checkpoint.
    """

    def __init__(self, path: str | Path, durable: bool = False) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Every use is from the event loop, one at a time, whichever thread runs it.
        self.connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.connection.execute("PRAGMA wal_autocheckpoint=0")
        self.connection.execute("PRAGMA foreign_keys=ON")
        self.connection.executescript(_SCHEMA)
        self._stop = threading.Event()
        self._checkpoints = threading.Thread(
            target=self._checkpoint_now_and_then, name="checkpoint", daemon=True
        )
        self._checkpoints.start()

    def _checkpoint_now_and_then(self) -> None:
        connection = sqlite3.connect(self.path, isolation_level=None)
        try:
            while not self._stop.wait(CHECKPOINT_SECONDS):
                connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            connection.close()

    def create_table(self, record: TableRecord) -> None:
        """Store a new table (committed on return)."""
        with self.connection:
            self.connection.execute("BEGIN")
            self.connection.execute(
                "INSERT INTO tables (id, game, setup, token_hashes, creator, created) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    record.id,
                    record.setup.game,
                    json.dumps(record.setup.to_json()),
                    json.dumps(list(record.token_hashes)),
                    record.creator,
                    record.created,
                ),
            )

    def append_action(
        self, table_id: str, number: int, seat: int, text: str, outcome: dict[str, Any] | None
    ) -> None:
        """Store action `number` (from 0) of a table, and its outcome if it ended the game (committed)."""
        with self.connection:
            self.connection.execute("BEGIN")
            self.connection.execute(
                "INSERT INTO actions (table_id, number, seat, text) VALUES (?, ?, ?, ?)",
                (table_id, number, seat, text),
            )
            self.connection.execute(
                "UPDATE tables SET version = ?, outcome = ?, finished = ? WHERE id = ?",
                (
                    number + 1,
                    None if outcome is None else json.dumps(outcome),
                    None if outcome is None else time.time(),
                    table_id,
                ),
            )

    def load_table(self, table_id: str) -> TableRecord | None:
        """A table with all its actions, or None."""
        row = self.connection.execute(
            "SELECT id, setup, token_hashes, creator, created, outcome FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        return None if row is None else self._record(row)

    def unfinished_tables(self) -> list[TableRecord]:
        """Every table whose game goes on, with its actions."""
        rows = self.connection.execute(
            "SELECT id, setup, token_hashes, creator, created, outcome FROM tables "
            "WHERE finished IS NULL ORDER BY created"
        ).fetchall()
        return [self._record(row) for row in rows]

    def list_tables(self, limit: int) -> list[TableListing]:
        """The newest tables, finished or not."""
        rows = self.connection.execute(
            "SELECT id, game, setup, created, version, finished FROM tables ORDER BY created DESC LIMIT ?",
            (limit,),
        ).fetchall()
        listing = []
        for table_id, game, setup, created, version, finished in rows:
            players = tuple(seat["name"] for seat in json.loads(setup)["seats"])
            listing.append(TableListing(table_id, game, players, created, version, finished is not None))
        return listing

    def load_campaign(self, token_hash: str) -> CampaignRecord | None:
        """The campaign kept under a token's hash, or None."""
        row = self.connection.execute(
            "SELECT progress, duel_table, duelist, last_result FROM campaigns WHERE token_hash = ?",
            (token_hash,),
        ).fetchone()
        if row is None:
            return None
        progress, duel_table, duelist, last_result = row
        last = None if last_result is None else json.loads(last_result)
        return CampaignRecord(token_hash, json.loads(progress), duel_table, duelist, last)

    def save_campaign(self, record: CampaignRecord) -> None:
        """Keep a campaign, replacing the one under the same hash (committed on return)."""
        with self.connection:
            self.connection.execute("BEGIN")
            self.connection.execute(
                "INSERT OR REPLACE INTO campaigns VALUES (?, ?, ?, ?, ?, ?)",
                (
                    record.token_hash,
                    json.dumps(record.progress),
                    record.duel_table,
                    record.duelist,
                    None if record.last_result is None else json.dumps(record.last_result),
                    time.time(),
                ),
            )

    def close(self) -> None:
        """Let go of the database."""
        self._stop.set()
        self._checkpoints.join()
        self.connection.close()

    def _record(self, row: tuple[Any, ...]) -> TableRecord:
        table_id, setup, token_hashes, creator, created, outcome = row
        actions = self.connection.execute(
            "SELECT seat, text FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
        ).fetchall()
        return TableRecord(
            id=table_id,
            setup=TableSetup.from_json(json.loads(setup)),
            token_hashes=tuple(json.loads(token_hashes)),
            creator=creator,
            created=created,
            actions=tuple((seat, text) for seat, text in actions),
            outcome=None if outcome is None else json.loads(outcome),
        )
