"""Tables in a PostgreSQL database (`cardtable serve --db postgresql://...`), which several servers may share.

The rows are those of `sqlite_storage.py`, sealed above (`storage.py`), each
write one committed transaction.  Needs psycopg 3 (`pip install
'cardtable[postgres]'`).  The connection is one per process, used from the
event loop one call at a time.

A fault (the database gone, a full disk, a refused login) raises
StorageError, logged once when it starts and once when writes go through
again; a lost connection is opened again at the next call.  A write whose
connection broke before its COMMIT was answered is not tried again: it may
have been stored, and the service tells the client nothing changed only when
it knows so (an action tried again at the same number is refused as a
duplicate, never stored twice).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

from cardtable.core.seal import load_key
from cardtable.server import rows
from cardtable.server.storage import (
    CampaignRecord,
    DuplicateError,
    LostTableError,
    SealedStorage,
    StorageError,
    StoredTable,
    TableListing,
    UnfinishedCounts,
)
from cardtable.server.table_events import TableEvent, event_statements
from cardtable.server.write_faults import FaultLog

#: Seconds a statement may run before the database cancels it (a lock held elsewhere, say).
STATEMENT_SECONDS = 5.0
#: Seconds to wait for a connection.
CONNECT_SECONDS = 5.0
#: The advisory lock (a number of our own) that one process at a time holds while it makes the schema.
SCHEMA_LOCK = 0x43415244

#: Beside the tables of every database (`rows.schema`): the addresses of the processes sharing this one.
_SERVERS = """
CREATE TABLE IF NOT EXISTS servers (
    backend INTEGER PRIMARY KEY,
    url TEXT NOT NULL,
    registered DOUBLE PRECISION NOT NULL
);
"""

#: A table's advisory lock: a 64-bit hash of its id, computed by the database.
_KEY = "hashtextextended(%s, 0)"
#: The process whose connection holds a table's lock, by its address (pg_locks splits the key in two).
_HOLDER = f"""
SELECT servers.url FROM (SELECT {_KEY} AS key) AS wanted, pg_locks
JOIN servers ON servers.backend = pg_locks.pid
WHERE pg_locks.locktype = 'advisory' AND pg_locks.granted AND pg_locks.objsubid = 1
  AND pg_locks.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND pg_locks.classid::bigint = (wanted.key >> 32) & 4294967295
  AND pg_locks.objid::bigint = wanted.key & 4294967295
  AND pg_locks.pid <> pg_backend_pid() AND servers.url <> %s
"""
#: An action stored, fenced (see `_write`), with its table's version and outcome, in one statement.
_APPEND_ACTION = """
WITH fence AS (SELECT pg_try_advisory_xact_lock(hashtextextended(%(table)s, 0)) AS free),
stored AS (
    INSERT INTO actions (table_id, number, seat, text, time)
    SELECT %(table)s, %(number)s, %(seat)s, %(text)s, %(time)s FROM fence WHERE fence.free
    RETURNING number
)
UPDATE tables SET version = %(version)s, outcome = %(outcome)s, finished = %(finished)s
WHERE id = %(table)s AND EXISTS (SELECT 1 FROM stored)
RETURNING id
"""
Result = TypeVar("Result")


def without_password(url: str) -> str:
    """A database's address as a message may show it: its password replaced by `***`."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port is not None:
        host += f":{parts.port}"
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


def _placeholders(sql: str) -> str:
    """A statement written for SQLite's `?` parameters, for psycopg's `%s` (no statement has a `?` else)."""
    return sql.replace("?", "%s")


class PostgresDatabase:
    """The tables in one PostgreSQL database, through one connection of this process."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StorageError(
                "PostgreSQL needs psycopg 3: pip install 'cardtable[postgres]' (or psycopg[binary])"
            ) from None
        self._psycopg = psycopg
        self.url = url
        self.where = without_password(url)
        #: The reason calls fail, from its first failure until one goes through.
        self.faults = FaultLog(self.where)
        self._connection: Any = None
        #: The tables whose locks this process's connection holds, and those it lost with a connection.
        self.held: set[str] = set()
        self.lost: set[str] = set()
        #: The address at which this process serves its tables (register_server).
        self.url_served: str | None = None
        connection = self._connect()
        with connection.transaction():
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            connection.execute(rows.schema("DOUBLE PRECISION", "") + _SERVERS)

    def _connect(self) -> Any:
        """The connection, opened again if it broke: its locks went with it, and are taken again if free."""
        if self._connection is None or self._connection.closed:
            connection = self._psycopg.connect(
                self.url,
                autocommit=True,
                connect_timeout=int(CONNECT_SECONDS),
                options=f"-c statement_timeout={int(STATEMENT_SECONDS * 1000)}",
            )
            if self.url_served is not None:
                self._register(connection)
            for table_id in sorted(self.held):
                rows = connection.execute(f"SELECT pg_try_advisory_lock({_KEY})", (table_id,)).fetchall()
                if not rows[0][0]:
                    self.held.discard(table_id)
                    self.lost.add(table_id)
            self._connection = connection
        return self._connection

    # -- calls through faults ---------------------------------------------------------------------
    def _call(self, work: Callable[[Any], Result]) -> Result:
        """Run `work(connection)`; a database fault raises StorageError (logged once), a duplicate row
        DuplicateError."""
        psycopg = self._psycopg
        try:
            result = work(self._connect())
        except psycopg.errors.UniqueViolation as error:
            raise DuplicateError(str(error).strip()) from None
        except psycopg.Error as error:
            raise self._refuse(error) from None
        self.faults.went_through()
        return result

    def _refuse(self, error: Exception) -> StorageError:
        connection = self._connection
        if connection is not None and not connection.closed and connection.info.transaction_status != 0:
            # Left in a failed transaction (or broken): let it go, a new one is opened at the next call.
            connection.close()
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return self.faults.refuse(reason)

    def _write(self, statements: Sequence[tuple[str, Sequence[Any]]], table_id: str | None = None) -> None:
        """Run `statements` as one transaction; for a table, only while no other process owns it.

        The fence: in the transaction, the table's lock is taken for the transaction alone, which this
        process's own session lock allows and another's refuses; so a process that lost a table (its
        connection broke, another took the table over) cannot store one more action of it.
        """

        def work(connection: Any) -> None:
            with connection.transaction():
                if table_id is not None:
                    (free,) = connection.execute(
                        f"SELECT pg_try_advisory_xact_lock({_KEY})", (table_id,)
                    ).fetchone()
                    if not free:
                        raise LostTableError(f"table {table_id} is served by another server process now")
                for sql, parameters in statements:
                    connection.execute(sql, parameters)

        self._call(work)

    def _rows(self, sql: str, parameters: Sequence[Any]) -> list[tuple[Any, ...]]:
        return self._call(lambda connection: connection.execute(sql, parameters).fetchall())

    # -- the Database interface -------------------------------------------------------------------
    def create_table(self, table: StoredTable) -> None:
        """Store a new table (committed on return)."""
        self._write(
            [
                (
                    "INSERT INTO tables (id, game, setup, token_hashes, creator, created) "
                    "VALUES (%s, %s, %s, %s, %s, %s)",
                    rows.new_table(table),
                )
            ],
            table.id,
        )

    def append_action(
        self, table_id: str, number: int, seat: int, text: str, outcome: dict[str, Any] | None, played: float
    ) -> None:
        """Store action `number` (from 0) of a table and when it was played (and the outcome, if it ended).

        One statement, so one round trip to the database: the fence, the action and the table's version.
        """
        version, outcome_text, finished = rows.table_after_action(number, outcome, played)
        parameters = {
            "table": table_id,
            "number": number,
            "seat": seat,
            "text": text,
            "time": played,
            "version": version,
            "outcome": outcome_text,
            "finished": finished,
        }

        def work(connection: Any) -> None:
            stored = connection.execute(_APPEND_ACTION, parameters).fetchall()
            if not stored:
                raise LostTableError(f"table {table_id} is served by another server process now")

        self._call(work)

    def append_event(
        self, table_id: str, number: int, event: TableEvent, outcome: dict[str, Any] | None
    ) -> None:
        """Store event `number` (from 0) of a table, and its outcome if it ended the game (committed)."""
        statements = event_statements(table_id, number, event, outcome)
        self._write([(_placeholders(sql), parameters) for sql, parameters in statements], table_id)

    def set_token_hashes(self, table_id: str, token_hashes: tuple[str | None, ...]) -> None:
        """Replace what a table keeps of its seats' secrets (committed)."""
        update = "UPDATE tables SET token_hashes = %s WHERE id = %s"
        self._write([(update, (rows.token_hashes(token_hashes), table_id))])

    def load_table(self, table_id: str) -> StoredTable | None:
        """A table with all its actions, or None."""
        found = self._rows(f"SELECT {rows.TABLE_COLUMNS} FROM tables WHERE id = %s", (table_id,))
        return self._stored(found[0]) if found else None

    def unfinished_tables(self) -> list[StoredTable]:
        """Every table whose game goes on, with its actions, oldest first."""
        found = self._rows(
            f"SELECT {rows.TABLE_COLUMNS} FROM tables WHERE finished IS NULL ORDER BY created", ()
        )
        return [self._stored(row) for row in found]

    def unfinished_counts(self, creator: str) -> UnfinishedCounts:
        """How many unfinished tables: `creator`'s, all, and those whose every seat is a bot's."""
        ((of_creator, everyone, bots_only),) = self._rows(
            "SELECT count(*) FILTER (WHERE creator = %s), count(*), count(*) FILTER (WHERE NOT EXISTS "
            "(SELECT 1 FROM jsonb_array_elements((setup::jsonb) -> 'seats') AS seat "
            "WHERE seat ->> 'bot' IS NULL)) FROM tables WHERE finished IS NULL",
            (creator,),
        )
        return UnfinishedCounts(of_creator, everyone, bots_only)

    def list_tables(self, limit: int) -> list[TableListing]:
        """The newest public tables, finished or not (unlisted and closed ones are left out)."""
        found = self._rows(
            f"SELECT {rows.LISTING_COLUMNS} FROM tables "
            "WHERE coalesce((setup::jsonb) #>> '{access,privacy}', 'public') = 'public' "
            "ORDER BY created DESC LIMIT %s",
            (limit,),
        )
        return rows.listings(found)

    def load_campaign(self, token_hash: str) -> CampaignRecord | None:
        """The campaign kept under a token's hash, or None."""
        found = self._rows(
            f"SELECT {rows.CAMPAIGN_COLUMNS} FROM campaigns WHERE token_hash = %s", (token_hash,)
        )
        return rows.campaign(token_hash, found[0]) if found else None

    def save_campaign(self, record: CampaignRecord) -> None:
        """Keep a campaign, replacing the one under the same hash (committed on return)."""
        self._write(
            [
                (
                    "INSERT INTO campaigns (token_hash, progress, duel_table, duelist, last_result, updated) "
                    "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (token_hash) DO UPDATE SET "
                    "progress = excluded.progress, duel_table = excluded.duel_table, "
                    "duelist = excluded.duelist, last_result = excluded.last_result, "
                    "updated = excluded.updated",
                    rows.campaign_row(record),
                )
            ]
        )

    def close(self) -> None:
        """Let go of the database."""
        if self._connection is not None:
            self._connection.close()

    # -- ownership: a session advisory lock per table, held by the owner's connection ------------------
    shared = True

    def _register(self, connection: Any) -> None:
        connection.execute(
            "INSERT INTO servers (backend, url, registered) VALUES (pg_backend_pid(), %s, %s) "
            "ON CONFLICT (backend) DO UPDATE SET url = excluded.url, registered = excluded.registered",
            (self.url_served, time.time()),
        )

    def register_server(self, url: str) -> None:
        """Name the address at which this process serves its tables (again at every new connection)."""
        self.url_served = url
        self._call(self._register)

    def claim_table(self, table_id: str) -> bool:
        """Own a table, unless another live process does: its lock, held until released or the link breaks."""
        if table_id in self.held:
            return True
        (locked,) = self._rows(f"SELECT pg_try_advisory_lock({_KEY})", (table_id,))[0]
        if locked:
            self.held.add(table_id)
        return bool(locked)

    def release_table(self, table_id: str) -> None:
        """Let another process own a table."""
        if table_id in self.held:
            self.held.discard(table_id)
            self._rows(f"SELECT pg_advisory_unlock({_KEY})", (table_id,))

    def holder(self, table_id: str) -> str | None:
        """The address of the process whose connection holds a table's lock (None: none, or this one)."""
        # A dead process of this one's address (this one started again on its port) is no other process:
        # its lock is about to go, and a relay to it would be a relay to this one.
        rows = self._rows(_HOLDER, (table_id, self.url_served or ""))
        return rows[0][0] if rows else None

    def free_tables(self, known: frozenset[str]) -> list[str]:
        """Claim every unfinished table no live process owns (but those in `known`); returns them."""
        rows = self._rows(
            "SELECT id FROM (SELECT id FROM tables WHERE finished IS NULL AND NOT (id = ANY(%s)) "
            "ORDER BY created OFFSET 0) AS unowned WHERE pg_try_advisory_lock(hashtextextended(id, 0))",
            (sorted(known | self.held),),
        )
        claimed = [table_id for (table_id,) in rows]
        self.held.update(claimed)
        return claimed

    def lost_tables(self) -> set[str]:
        """The tables lost with a broken connection since last asked (another process may own them now)."""
        lost, self.lost = self.lost, set()
        return lost

    def _stored(self, row: tuple[Any, ...]) -> StoredTable:
        table_id = row[0]
        actions = self._rows(
            "SELECT seat, text, time FROM actions WHERE table_id = %s ORDER BY number", (table_id,)
        )
        events = self._rows(
            "SELECT at, seat, kind, detail, time FROM table_events WHERE table_id = %s ORDER BY number",
            (table_id,),
        )
        return rows.stored_table(
            row,
            [(seat, text) for seat, text, _ in actions],
            [played for _, _, played in actions],
            [TableEvent(*event) for event in events],
        )


class PostgresStorage(SealedStorage):
    """The tables in a PostgreSQL database, their secrets sealed with the key in `key_path` (or `key`)."""

    database: PostgresDatabase

    def __init__(self, url: str, key: bytes | None = None, key_path: Path | None = None) -> None:
        if key is None and key_path is None:
            raise ValueError("a PostgreSQL storage needs its sealing key or the key's file")
        place = key_path or Path("(the given key)")
        found = key or load_key(place)
        assert found is not None  # load_key makes the key when there is none
        super().__init__(PostgresDatabase(url), found, place)
