"""Where tables are kept: their set-ups and action lists, behind one small interface.

The server writes a table's set-up when it is created and every accepted
action before acknowledging it; at start it replays the stored actions of
every unfinished table.  `Storage` is the interface; `SqliteStorage` keeps it
in one SQLite file in WAL mode, each action committed on its own.  Another
database (PostgreSQL) is another class with the same methods.

A table's secrets are sealed (`core/seal.py`) with the server's key, kept
in a file beside the database (`tables.sqlite.key`, readable by its owner
alone): the seed and the start position of its set-up, and every action's
text; the game, the options and who sits where stay in the clear.  So the
database file alone shows no hidden card of any game, a campaign duel's
included (a person who runs `cardtable serve` on their own machine cannot
read the duelist's hand or deck from it).  Tables stored in the clear by
an older server are still read.

With `synchronous=NORMAL` (the default) a commit survives the server's
process being killed at any moment; `durable=True` (`synchronous=FULL`) makes
it survive the machine losing power too, at the cost of a disk flush per
action.  Writes go through `sqlite_writes.SqliteWriter` (retried, faults
logged once, the write-ahead log kept under its limit), and one server at a
time holds the file (`server_lock`).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cardtable.core.seal import BrokenSealError, key_id, load_key, new_nonce, open_sealed, seal_padded
from cardtable.server import server_lock, table_events
from cardtable.server.setup import TableSetup
from cardtable.server.sqlite_writes import BUSY_SECONDS, WAL_LIMIT_BYTES, SqliteWriter
from cardtable.server.sqlite_writes import StorageError as StorageError  # part of the interface
from cardtable.server.table_events import TableEvent

log = logging.getLogger("cardtable.server")


@dataclass(frozen=True)
class TableRecord:
    """A stored table: its set-up, the hashes of its seats' tokens, and every action taken."""

    id: str
    setup: TableSetup
    #: The SHA-256 of each seat's token, or `invite:` and its open invitation's (None for a bot's seat;
    #: server/invitations.py); the tokens and invitations themselves are never kept.
    token_hashes: tuple[str | None, ...]
    #: The address the table was created from.
    creator: str
    created: float
    #: (seat from 0, action text) in the order taken.
    actions: tuple[tuple[int, str], ...] = ()
    #: The outcome as `Outcome.to_json()` wrote it, once the game is over.
    outcome: dict[str, Any] | None = None
    #: When each action was taken (None: by an older server), and the table's events (table_events.py).
    times: tuple[float | None, ...] = ()
    events: tuple[TableEvent, ...] = ()


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
    """What the server needs of a database.

    A write the database refuses (a full disk, a lock, an I/O error) raises StorageError, having stored
    nothing; the storage logs the fault itself, once.
    """

    def create_table(self, record: TableRecord) -> None:
        """Store a new table (committed on return)."""
        ...

    def append_action(
        self,
        table_id: str,
        number: int,
        seat: int,
        text: str,
        outcome: dict[str, Any] | None,
        played: float | None = None,
    ) -> None:
        """Store action `number` (from 0) of a table and when it was played (and the outcome, if it ended)."""
        ...

    def append_event(
        self, table_id: str, number: int, event: TableEvent, outcome: dict[str, Any] | None
    ) -> None:
        """Store event `number` (from 0) of a table, and its outcome if it ended the game (committed)."""
        ...

    def set_token_hashes(self, table_id: str, token_hashes: tuple[str | None, ...]) -> None:
        """Replace what a table keeps of its seats' secrets: a claimed or withdrawn invitation (committed)."""
        ...

    def load_table(self, table_id: str) -> TableRecord | None:
        """A table with all its actions, or None."""
        ...

    def unfinished_tables(self) -> list[TableRecord]:
        """Every table whose game goes on, with its actions."""
        ...

    def list_tables(self, limit: int) -> list[TableListing]:
        """The newest public tables, finished or not (unlisted and closed ones are left out)."""
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

    The file is held by one process at a time (DatabaseInUseError names the
    one that holds it).  The write-ahead log is copied back into the database
    by a thread of its own, and truncated by the writer past `wal_limit` bytes.
    """

    def __init__(
        self,
        path: str | Path,
        durable: bool = False,
        key: bytes | None = None,
        wal_limit: int = WAL_LIMIT_BYTES,
    ) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Taken first, so that a second server changes nothing; a failure below leaves it held until exit.
        self._lock = server_lock.hold(self.path)
        #: The key that seals the tables' secrets: the one given, else the key file beside the database.
        found = key or load_key(key_file(self.path))
        assert found is not None  # load_key makes the key when there is none
        self.key: bytes = found
        #: Each table's nonce (its actions are sealed with it), once its set-up was written or read.
        self.nonces: dict[str, bytes] = {}
        # Every use is from the event loop, one at a time, whichever thread runs it.
        self.connection = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=BUSY_SECONDS
        )
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.connection.execute("PRAGMA wal_autocheckpoint=0")
        self.connection.execute("PRAGMA foreign_keys=ON")
        self.connection.executescript(_SCHEMA)
        table_events.migrate(self.connection)
        self.writer = SqliteWriter(self.connection, self.path, wal_limit)

    def create_table(self, record: TableRecord) -> None:
        """Store a new table (committed on return)."""
        self.writer.write(
            [
                (
                    "INSERT INTO tables (id, game, setup, token_hashes, creator, created) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        record.id,
                        record.setup.game,
                        json.dumps(self._sealed_setup(record.id, record.setup)),
                        json.dumps(list(record.token_hashes)),
                        record.creator,
                        record.created,
                    ),
                )
            ]
        )

    def append_action(
        self,
        table_id: str,
        number: int,
        seat: int,
        text: str,
        outcome: dict[str, Any] | None,
        played: float | None = None,
    ) -> None:
        """Store action `number` (from 0) of a table and when it was played (and the outcome, if it ended)."""
        self.writer.write(
            [
                (
                    "INSERT INTO actions (table_id, number, seat, text, time) VALUES (?, ?, ?, ?, ?)",
                    (
                        table_id,
                        number,
                        seat,
                        self._sealed_action(table_id, number, text),
                        time.time() if played is None else played,
                    ),
                ),
                (
                    "UPDATE tables SET version = ?, outcome = ?, finished = ? WHERE id = ?",
                    (
                        number + 1,
                        None if outcome is None else json.dumps(outcome),
                        None if outcome is None else time.time(),
                        table_id,
                    ),
                ),
            ]
        )

    def append_event(
        self, table_id: str, number: int, event: TableEvent, outcome: dict[str, Any] | None
    ) -> None:
        """Store event `number` (from 0) of a table, and its outcome if it ended the game (committed)."""
        self.writer.write(table_events.event_statements(table_id, number, event, outcome))

    def set_token_hashes(self, table_id: str, token_hashes: tuple[str | None, ...]) -> None:
        """Replace what a table keeps of its seats' secrets: a claimed or withdrawn invitation (committed)."""
        with self.connection:
            self.connection.execute("BEGIN")
            self.connection.execute(
                "UPDATE tables SET token_hashes = ? WHERE id = ?", (json.dumps(list(token_hashes)), table_id)
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
        records = []
        for row in rows:
            try:
                records.append(self._record(row))
            except BrokenSealError as error:
                # One altered table (or one sealed with another key) is left stored and unplayed.
                log.error("table %s is not recovered: %s", row[0], error)
        return records

    def list_tables(self, limit: int) -> list[TableListing]:
        """The newest public tables, finished or not (unlisted and closed ones are left out)."""
        rows = self.connection.execute(
            "SELECT id, game, setup, created, version, finished FROM tables "
            "WHERE coalesce(json_extract(setup, '$.access.privacy'), 'public') = 'public' "
            "ORDER BY created DESC LIMIT ?",
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
        self.writer.write(
            [
                (
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
            ]
        )

    def close(self) -> None:
        """Let go of the database."""
        self.writer.close()
        self.connection.close()
        server_lock.release(self._lock)

    def _record(self, row: tuple[Any, ...]) -> TableRecord:
        table_id, setup, token_hashes, creator, created, outcome = row
        data = self._opened_setup(table_id, json.loads(setup))
        actions = self.connection.execute(
            "SELECT seat, text FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
        ).fetchall()
        sealed = table_id in self.nonces
        return TableRecord(
            id=table_id,
            setup=TableSetup.from_json(data),
            token_hashes=tuple(json.loads(token_hashes)),
            creator=creator,
            created=created,
            actions=tuple(
                (seat, self._opened(table_id, f"action {number}", text) if sealed else text)
                for number, (seat, text) in enumerate(actions)
            ),
            outcome=None if outcome is None else json.loads(outcome),
            times=table_events.load_times(self.connection, table_id),
            events=table_events.load_events(self.connection, table_id),
        )

    # -- sealing --------------------------------------------------------------------------------
    def _sealed_setup(self, table_id: str, setup: TableSetup) -> dict[str, Any]:
        """The set-up as stored: the seed and the start position sealed, the rest in the clear."""
        data = setup.to_json()
        secret = {"seed": data.pop("seed"), "position": data.pop("position")}
        nonce = new_nonce()
        self.nonces[table_id] = nonce
        sealed = seal_padded(self.key, nonce, "setup", json.dumps(secret).encode(), table_id.encode())
        return data | {"sealed": {"key": key_id(self.key), "nonce": nonce.hex(), "secret": sealed}}

    def _opened_setup(self, table_id: str, data: dict[str, Any]) -> dict[str, Any]:
        """A stored set-up with its sealed part opened (a set-up stored in the clear is as it was)."""
        sealed = data.pop("sealed", None)
        if sealed is None:
            return data
        if sealed["key"] != key_id(self.key):
            raise BrokenSealError(
                f"table {table_id} was sealed with another key ({sealed['key']}, not {key_id(self.key)} in "
                f"{key_file(self.path)}): put back the key file the database was written with"
            )
        self.nonces[table_id] = bytes.fromhex(sealed["nonce"])
        secret = json.loads(self._opened(table_id, "setup", sealed["secret"]))
        return data | {"seed": secret["seed"], "position": secret["position"]}

    def _sealed_action(self, table_id: str, number: int, text: str) -> str:
        nonce = self.nonces.get(table_id)
        if nonce is None:
            self.load_table(table_id)
            nonce = self.nonces.get(table_id)
        if nonce is None:
            return text  # a table stored in the clear by an older server goes on in the clear
        return seal_padded(self.key, nonce, f"action {number}", text.encode(), table_id.encode())

    def _opened(self, table_id: str, label: str, sealed: str) -> str:
        try:
            return open_sealed(self.key, self.nonces[table_id], label, sealed, table_id.encode()).decode()
        except BrokenSealError as error:
            raise BrokenSealError(f"table {table_id}: its {label} was altered ({error})") from None


def key_file(database: Path) -> Path:
    """The file of the key that seals a database's tables: beside it, its name and `.key`."""
    return database.with_name(database.name + ".key")
