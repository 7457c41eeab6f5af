"""Where tables are kept: one interface, the secrets sealed above it, whatever the database.

The server writes a table's set-up when it is created and every accepted
action before acknowledging it; at start it replays the stored actions of
every unfinished table.  `Storage` is what the server needs; `SealedStorage`
gives it over a `Database`, which keeps rows as they are given:
`SqliteDatabase` (`sqlite_storage.py`, the default, one file, no set-up) or
`PostgresDatabase` (`postgres_storage.py`, several server processes on one
database).  `open_storage` picks one from `--db`.

A table's secrets are sealed (`core/seal.py`) here, before any database
sees them, with the server's key (a file readable by its owner alone): the
seed and the start position of its set-up, and every action's text; the
game, the options and who sits where stay in the clear.  So the database
alone shows no hidden card of any game, a campaign duel's included (a
person who runs `cardtable serve` on their own machine cannot read the
duelist's hand or deck from it).  Tables stored in the clear by an older
server are still read.

Every call is synchronous and made from the event loop: everything a
message does to a table, from checking it to storing it, happens without
giving the loop away (`service.py`), so two messages for a table never
interleave within a process.  Between processes, one at a time owns a
table (`ownership.py`).
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from cardtable.core.seal import BrokenSealError, key_id, new_nonce, open_sealed, seal_padded
from cardtable.server.setup import TableSetup
from cardtable.server.table_events import TableEvent

log = logging.getLogger("cardtable.server")


class StorageError(Exception):
    """A write the database refused (full disk, read-only file, lock, I/O error, lost link): nothing was
    stored."""


class DuplicateError(Exception):
    """A row stored twice (an action number a table already has): nothing was stored."""


class LostTableError(StorageError):
    """A write for a table another server process has taken over: nothing was stored (ownership.py)."""


#: How a table's set-up is kept: a `TableSetup` above the seal, and below it (`StoredTable`)
#: `TableSetup.to_json()` with the seed and the position replaced by `sealed` (or in the clear).
SetupT = TypeVar("SetupT")


@dataclass(frozen=True)
class KeptTable(Generic[SetupT]):
    """A stored table: its set-up, the hashes of its seats' tokens, and every action taken (as the
    server plays it, `TableRecord`, or as a database keeps it with the secrets sealed, `StoredTable`)."""

    id: str
    setup: SetupT
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


TableRecord = KeptTable[TableSetup]
StoredTable = KeptTable[dict[str, Any]]


@dataclass(frozen=True)
class UnfinishedCounts:
    """How many unfinished tables the database holds: one creator's, all, and those of bots only."""

    of_creator: int
    everyone: int
    bots_only: int


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


class TableOwnership(Protocol):
    """Which server process serves a table (ownership.py): of the storage, and of its database."""

    @property
    def shared(self) -> bool:
        """Whether other server processes may share the database (PostgreSQL), so that tables are owned."""
        ...

    def register_server(self, url: str) -> None:
        """Name the address at which this process serves the tables it owns, for the other processes."""
        ...

    def claim_table(self, table_id: str) -> bool:
        """Own a table, unless another live process does (True if this one owns it now)."""
        ...

    def release_table(self, table_id: str) -> None:
        """Let another process own a table this one is done with."""
        ...

    def holder(self, table_id: str) -> str | None:
        """The address of the process that owns a table (None: none does, or this one)."""
        ...

    def free_tables(self, known: frozenset[str]) -> list[str]:
        """Claim every unfinished table no live process owns (those in `known` left out); returns them."""
        ...

    def lost_tables(self) -> set[str]:
        """The tables this process owned and lost with its link to the database (each told once)."""
        ...


#: The records a storage's calls take and give: `TableRecord` (`Storage`) or `StoredTable` (`Database`).
RecordT = TypeVar("RecordT")


class TableCalls(TableOwnership, Protocol[RecordT]):
    """The calls `Storage` and `Database` make alike, the one with open records, the other sealed."""

    def create_table(self, record: RecordT) -> None:
        """Store a new table, without actions (committed on return)."""
        ...

    def append_event(
        self, table_id: str, number: int, event: TableEvent, outcome: dict[str, Any] | None
    ) -> None:
        """Store event `number` (from 0) of a table, and its outcome if it ended the game (committed)."""
        ...

    def set_token_hashes(self, table_id: str, token_hashes: tuple[str | None, ...]) -> None:
        """Replace what a table keeps of its seats' secrets: a claimed or withdrawn invitation (committed)."""
        ...

    def load_table(self, table_id: str) -> RecordT | None:
        """A table with all its actions, or None."""
        ...

    def unfinished_tables(self) -> list[RecordT]:
        """Every table whose game goes on, with its actions, oldest first."""
        ...

    def list_tables(self, limit: int) -> list[TableListing]:
        """The newest public tables, finished or not (unlisted and closed ones are left out)."""
        ...

    def unfinished_counts(self, creator: str) -> UnfinishedCounts:
        """How many unfinished tables every server process on the database holds (limits.py):
        `creator`'s, all, and those whose every seat is a bot's."""
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


class Storage(TableCalls[TableRecord], Protocol):
    """What the server needs of a database.

    A write the database refuses (a full disk, a lock, an I/O error) raises StorageError, having stored
    nothing; the storage logs the fault itself, once.  An action number stored twice raises
    DuplicateError.
    """

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


class Database(TableCalls[StoredTable], Protocol):
    """Rows kept as they are given (the secrets in them sealed already); the same faults as `Storage`."""

    #: The database as a message names it: a file's path, or an address without its password.
    where: str

    def append_action(
        self, table_id: str, number: int, seat: int, text: str, outcome: dict[str, Any] | None, played: float
    ) -> None:
        """Store action `number` of a table as given, and the table's version and outcome (committed)."""
        ...


class SealedStorage:
    """`Storage` over any `Database`: a table's seed, start position and actions sealed with one key."""

    def __init__(self, database: Database, key: bytes, key_place: Path) -> None:
        self.database = database
        #: The key that seals the tables' secrets, and the file it came from (named when it does not fit).
        self.key = key
        self.key_place = key_place
        #: Each table's nonce (its actions are sealed with it), once its set-up was written or read.
        self.nonces: dict[str, bytes] = {}

    def create_table(self, record: TableRecord) -> None:
        """Store a new table (committed on return)."""
        self.database.create_table(
            StoredTable(
                id=record.id,
                setup=self._sealed_setup(record.id, record.setup),
                token_hashes=record.token_hashes,
                creator=record.creator,
                created=record.created,
            )
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
        sealed = self._sealed_action(table_id, number, text)
        self.database.append_action(
            table_id, number, seat, sealed, outcome, time.time() if played is None else played
        )

    def append_event(
        self, table_id: str, number: int, event: TableEvent, outcome: dict[str, Any] | None
    ) -> None:
        """Store event `number` (from 0) of a table, and its outcome if it ended the game (committed)."""
        self.database.append_event(table_id, number, event, outcome)

    def set_token_hashes(self, table_id: str, token_hashes: tuple[str | None, ...]) -> None:
        """Replace what a table keeps of its seats' secrets: a claimed or withdrawn invitation (committed)."""
        self.database.set_token_hashes(table_id, token_hashes)

    def load_table(self, table_id: str) -> TableRecord | None:
        """A table with all its actions, or None."""
        stored = self.database.load_table(table_id)
        return None if stored is None else self._opened_table(stored)

    def unfinished_tables(self) -> list[TableRecord]:
        """Every table whose game goes on, with its actions."""
        records = []
        for stored in self.database.unfinished_tables():
            try:
                records.append(self._opened_table(stored))
            except BrokenSealError as error:
                # One altered table (or one sealed with another key) is left stored and unplayed.
                log.error("table %s is not recovered: %s", stored.id, error)
        return records

    def list_tables(self, limit: int) -> list[TableListing]:
        """The newest public tables, finished or not (unlisted and closed ones are left out)."""
        return self.database.list_tables(limit)

    def unfinished_counts(self, creator: str) -> UnfinishedCounts:
        """How many unfinished tables every server process on the database holds (limits.py)."""
        return self.database.unfinished_counts(creator)

    def load_campaign(self, token_hash: str) -> CampaignRecord | None:
        """The campaign kept under a token's hash, or None."""
        return self.database.load_campaign(token_hash)

    def save_campaign(self, record: CampaignRecord) -> None:
        """Keep a campaign, replacing the one under the same hash (committed on return)."""
        self.database.save_campaign(record)

    def close(self) -> None:
        """Let go of the database."""
        self.database.close()

    # -- which server process serves a table --------------------------------------------------------
    @property
    def shared(self) -> bool:
        """Whether other server processes may share the database."""
        return self.database.shared

    def register_server(self, url: str) -> None:
        """Name the address at which this process serves the tables it owns."""
        self.database.register_server(url)

    def claim_table(self, table_id: str) -> bool:
        """Own a table, unless another live process does."""
        return self.database.claim_table(table_id)

    def release_table(self, table_id: str) -> None:
        """Let another process own a table."""
        self.database.release_table(table_id)

    def holder(self, table_id: str) -> str | None:
        """The address of the process that owns a table (None: none does, or this one)."""
        return self.database.holder(table_id)

    def free_tables(self, known: frozenset[str]) -> list[str]:
        """Claim every unfinished table no live process owns; returns them."""
        return self.database.free_tables(known)

    def lost_tables(self) -> set[str]:
        """The tables this process owned and lost."""
        return self.database.lost_tables()

    # -- sealing --------------------------------------------------------------------------------
    def _opened_table(self, stored: StoredTable) -> TableRecord:
        data = self._opened_setup(stored.id, dict(stored.setup))
        sealed = stored.id in self.nonces
        actions = tuple(
            (seat, self._opened(stored.id, f"action {number}", text) if sealed else text)
            for number, (seat, text) in enumerate(stored.actions)
        )
        return TableRecord(
            id=stored.id,
            setup=TableSetup.from_json(data),
            token_hashes=stored.token_hashes,
            creator=stored.creator,
            created=stored.created,
            actions=actions,
            outcome=stored.outcome,
            times=stored.times,
            events=stored.events,
        )

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
                f"{self.key_place}): put back the key file the database was written with"
            )
        self.nonces[table_id] = bytes.fromhex(sealed["nonce"])
        secret = json.loads(self._opened(table_id, "setup", sealed["secret"]))
        return data | {"seed": secret["seed"], "position": secret["position"]}

    def _sealed_action(self, table_id: str, number: int, text: str) -> str:
        nonce = self.nonces.get(table_id)
        if nonce is None:
            stored = self.database.load_table(table_id)
            if stored is not None:
                self._opened_setup(table_id, dict(stored.setup))
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


def is_postgres(target: str) -> bool:
    """Whether `--db` names a PostgreSQL database (postgresql://... or postgres://...) rather than a file."""
    return target.startswith(("postgresql://", "postgres://"))


def open_storage(target: str | Path, durable: bool = False, key_path: Path | None = None) -> SealedStorage:
    """The storage `--db` names: an SQLite file (the default), or a PostgreSQL database by its address."""
    if isinstance(target, str) and is_postgres(target):
        from cardtable.server.postgres_storage import PostgresStorage

        return PostgresStorage(target, key_path=key_path)
    from cardtable.server.sqlite_storage import SqliteStorage

    return SqliteStorage(Path(target), durable=durable, key_path=key_path)


__all__ = [
    "CampaignRecord",
    "Database",
    "DuplicateError",
    "LostTableError",
    "SealedStorage",
    "Storage",
    "StorageError",
    "StoredTable",
    "TableListing",
    "TableRecord",
    "key_file",
    "open_storage",
]
