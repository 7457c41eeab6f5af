"""Several server processes on one PostgreSQL database: one process at a time owns a table's game.

- **Owning.** A process owns a table while its database connection holds
  the table's advisory lock (`postgres_storage.py`): taken when it creates
  the table, when a client joins a table nobody owns, at its start and, every
  TAKEOVER_SECONDS, for every unfinished table no live process owns.  The
  owner alone plays the table: it checks and stores its actions, runs its
  bots and its clocks (they are rebuilt from the stored actions' times when
  another process takes the table over).
- **The other processes.** A client that joins, at any process, a table
  another one owns is relayed to the owner (`relay.py`): its messages go
  there and its frames come back as the owner built them for its seat, so
  no process ever sends a frame it did not build for that connection.
- **A process that dies** (kill -9, a crash, its machine) loses its
  connection to the database, and PostgreSQL drops its locks at once; the
  relays to it close, their clients reconnect (the browser client does by
  itself) and the next join, or the next scan of any process, takes the
  table over: replayed from its stored actions, every acknowledged action
  there once.  A process whose connection broke while it lives may no
  longer hold its tables: its writes for a table are fenced by the lock
  (`LostTableError`), and the tables it lost are let go, their clients sent
  away to reconnect.
- With SQLite one process holds the file, and owns every table.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from cardtable.core.seal import BrokenSealError
from cardtable.server.repeat import repeat_in_loop
from cardtable.server.storage import TableRecord
from cardtable.server.tables import LiveTable

if TYPE_CHECKING:
    from cardtable.server.service import TableService

log = logging.getLogger("cardtable.server")

#: Seconds between two looks for tables no live process owns (a dead process's tables are taken over
#: within this, once PostgreSQL has dropped its connection).
TAKEOVER_SECONDS = 1.0
#: The close code and reason a client is sent away with when its table moves to another process.
MOVED_CODE = 1012
MOVED_REASON = "the table moved to another server process: join it again"


class Elsewhere(Exception):
    """A table another process owns: the client is relayed to it (`url`; None: being taken over)."""

    def __init__(self, table_id: str, url: str | None) -> None:
        super().__init__(f"table {table_id} is served by another server process ({url or 'changing hands'})")
        self.table_id = table_id
        self.url = url


class Ownership:
    """Which of the service's tables this process owns: taking them, taking them over, letting them go."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.scanner: asyncio.Task[None] | None = None

    def take(self, record: TableRecord) -> LiveTable | None:
        """Play a stored unfinished table this process now owns (None if the engine cannot replay it)."""
        service = self.service
        try:
            table = LiveTable(record)
        except Exception as error:
            # The engine no longer replays this table (a rule changed): keep it stored, unplayed.
            log.error("table %s cannot be replayed: %s", record.id, error)
            service.broken.add(record.id)
            return None
        service.tables[table.id] = table
        service.lifecycle.adopt(table)
        if not table.finished:
            service.count_unfinished(table)
            service.schedule_bots(table)
        return table

    def take_over(self, table_id: str) -> LiveTable | None:
        """Load and play a table whose lock this process has just taken."""
        try:
            record = self.service.storage.load_table(table_id)
        except BrokenSealError as error:
            log.error("table %s is not recovered: %s", table_id, error)
            self.service.broken.add(table_id)
            return None
        if record is None or record.outcome is not None:
            self.service.storage.release_table(table_id)
            return None
        log.info("table %s taken over at its version %d", table_id, len(record.actions))
        return self.take(record)

    def scan(self) -> int:
        """Let go of the tables lost, and take over those nobody owns; returns how many were taken."""
        storage = self.service.storage
        for table_id in storage.lost_tables():
            self.let_go(table_id)
        known = frozenset(self.service.tables) | frozenset(self.service.broken)
        return sum(self.take_over(table_id) is not None for table_id in storage.free_tables(known))

    def let_go(self, table_id: str) -> None:
        """A table this process no longer owns: its bots stop, its clients are sent away to join again."""
        service = self.service
        table = service.tables.pop(table_id, None)
        if table is None:
            return
        log.warning("table %s is no longer served here: another server process has it", table_id)
        if table.bot_task is not None:
            table.bot_task.cancel()
        if not table.finished:
            service.uncount_unfinished(table)
        for connection in list(table.connections):
            connection.close(MOVED_CODE, MOVED_REASON)
        service.audience.forget(table)
        service.storage.release_table(table_id)

    def elsewhere(self, table_id: str) -> Elsewhere:
        """Where a table another process owns is served."""
        return Elsewhere(table_id, self.service.storage.holder(table_id))

    def start(self) -> None:
        """Look for tables nobody owns now and then (when the database is shared and a loop runs)."""
        if not self.service.storage.shared:
            return
        # A failed scan: the database is away (logged once by the storage), tried again at the next one.
        self.scanner = repeat_in_loop(
            self.scan,
            TAKEOVER_SECONDS,
            lambda error: log.debug("the scan for tables to take over failed: %s", error),
            wait_first=True,
        )
