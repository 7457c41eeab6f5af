"""Writing to SQLite through faults, with a write-ahead log that stays small.

- Every write is one transaction (BEGIN IMMEDIATE ... COMMIT).  One that
  fails for a full disk, a read-only file or an I/O error is rolled back and
  tried again (WRITE_TRIES in all), each time after a checkpoint that may
  give the log's space back; a write that still fails raises StorageError,
  which the service answers as `storage`: nothing changed.
- A locked database (another process holding its write lock) is waited for
  BUSY_SECONDS at most.  Once a write has given up on a lock, the next ones
  do not wait, until one goes through: a lock held for long stalls the event
  loop (every table) once, not at every action.
- A fault is logged once, when it starts, naming the file and the reason
  (not a traceback per action), and once when writes go through again.
- The write-ahead log.  A thread checkpoints it every CHECKPOINT_SECONDS
  (PASSIVE: it copies the log into the database and flushes the disk
  without blocking any write), and carries on through any error.  But SQLite
  starts a log again from its beginning only when a write finds it wholly
  copied, and under steady load a write always comes first: the thread's
  checkpoints all completed, yet the log grew by 2 MB a second at 300 tables.
  So before a write, once the log has passed WAL_LIMIT_BYTES, the writer
  itself (the one writer, so nothing can come between) checkpoints what the
  thread has not yet copied and truncates the log (TRUNCATE, a few ms); if
  the thread is checkpointing, the writer leaves it to the next write, and
  waits for the thread once the log is an eighth past its limit.  So the log
  stays under 9/8 of its limit and one write's frames.  A reader holding an
  old snapshot (another process) keeps the log from being truncated; that is
  logged once the log passes twice its limit, and tried again each time it
  grows by another eighth of the limit.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtable.server.storage import StorageError
from cardtable.server.write_faults import FaultLog

log = logging.getLogger("cardtable.server")

#: Tries of one write before it is refused.
WRITE_TRIES = 3
#: Seconds a write waits for another process's lock before it is refused.
BUSY_SECONDS = 0.5
#: Seconds between two checkpoints of the write-ahead log by its thread.
CHECKPOINT_SECONDS = 1.0
#: Bytes past which the writer truncates the write-ahead log before it writes more.
WAL_LIMIT_BYTES = 16 << 20

#: One statement of a transaction and its parameters.
Statement = tuple[str, Sequence[Any]]
_LOCKED = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}


def reason_of(error: sqlite3.Error) -> str:
    """What went wrong, as SQLite names it."""
    name = getattr(error, "sqlite_errorname", None)
    return f"{error} ({name})" if name else str(error)


def is_lock(error: sqlite3.Error) -> bool:
    """Whether an error is another connection's lock."""
    return (getattr(error, "sqlite_errorcode", 0) & 0xFF) in _LOCKED


class SqliteWriter:
    """The one writer of a database: writes retried, faults logged once, the log kept under its limit."""

    def __init__(self, connection: sqlite3.Connection, path: Path, wal_limit: int = WAL_LIMIT_BYTES) -> None:
        self.connection = connection
        self.path = path
        self.wal = path.with_name(path.name + "-wal")
        self.wal_limit = wal_limit
        #: The reason writes fail, from its first failure until a write goes through.
        self.faults = FaultLog(str(path))
        self._truncate_at = wal_limit
        self._held_reported = False
        self._waits = True
        self._wait_for_locks(True)
        # What is left of the log on disk once it starts again: a quarter of the limit.
        connection.execute(f"PRAGMA journal_size_limit={wal_limit // 4}")
        self._checkpoints = Checkpoints(path)

    def write(self, statements: Sequence[Statement]) -> None:
        """Run `statements` as one committed transaction, or raise StorageError having stored nothing.

        An IntegrityError (a row stored twice) is no fault of the disk: it is raised as it is.
        """
        self._keep_log_small()
        error: sqlite3.OperationalError | None = None
        for _ in range(WRITE_TRIES):
            try:
                self._transaction(statements)
            except sqlite3.OperationalError as failure:
                error = failure
                if is_lock(failure):
                    break
                self._truncate()
                continue
            self._went_through()
            return
        assert error is not None
        raise self._refuse(error)

    def close(self) -> None:
        """Stop the checkpoint thread."""
        self._checkpoints.close()

    def _transaction(self, statements: Sequence[Statement]) -> None:
        connection = self.connection
        try:
            connection.execute("BEGIN IMMEDIATE")
            for sql, parameters in statements:
                connection.execute(sql, parameters)
            connection.execute("COMMIT")
        except BaseException:
            # A failed COMMIT may leave the transaction open: rolled back, or no write could begin again.
            if connection.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")
            raise

    def _refuse(self, error: sqlite3.OperationalError) -> StorageError:
        reason = reason_of(error)
        if is_lock(error):
            reason += f": another process holds the database's write lock (waited {BUSY_SECONDS:g} s)"
            self._wait_for_locks(False)
        return self.faults.refuse(reason)

    def _went_through(self) -> None:
        if self.faults.went_through():
            self._wait_for_locks(True)

    def _wait_for_locks(self, wait: bool) -> None:
        self._waits = wait
        self.connection.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000) if wait else 0}")

    def _keep_log_small(self) -> None:
        try:
            size = os.stat(self.wal).st_size
        except OSError:
            return
        if size >= self._truncate_at:
            # While the thread copies the log the writer goes on; an eighth past, it waits for the thread.
            self._truncate(wait=size >= self._truncate_at + self.wal_limit // 8)

    def _truncate(self, wait: bool = False) -> None:
        """Checkpoint the whole log and truncate it, unless another process holds it (never waiting for one).

        While the thread checkpoints, this waits for it if `wait`, else leaves it to the next write.
        """
        if not self._checkpoints.running.acquire(blocking=wait):
            return
        connection = self.connection
        connection.execute("PRAGMA busy_timeout=0")
        try:
            busy = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        except sqlite3.OperationalError:
            busy = 1
        finally:
            self._checkpoints.running.release()
            self._wait_for_locks(self._waits)
        if not busy:
            self._truncate_at = self.wal_limit
            if self._held_reported:
                log.warning("the write-ahead log of %s is truncated again", self.path)
                self._held_reported = False
            return
        try:
            size = os.stat(self.wal).st_size
        except OSError:
            size = 0
        self._truncate_at = size + self.wal_limit // 8
        if size >= 2 * self.wal_limit and not self._held_reported:
            self._held_reported = True
            log.warning(
                "the write-ahead log of %s is %.0f MB and cannot be truncated: another process holds a read "
                "open on the database; it is tried again as the log grows",
                self.path,
                size / 1e6,
            )


class Checkpoints:
    """A thread that copies the write-ahead log into the database now and then, never in a write's way."""

    def __init__(self, path: Path, seconds: float = CHECKPOINT_SECONDS) -> None:
        self.path = path
        self.seconds = seconds
        #: Held while the thread checkpoints, so that the writer does not take that for another's reader.
        self.running = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="checkpoint", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop the thread (the checkpoint under way, if any, ends first)."""
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        fault: str | None = None
        try:
            while not self._stop.wait(self.seconds):
                try:
                    with self.running:
                        connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error as error:
                    # A full disk, say: the next checkpoints are tried all the same.
                    if fault is None:
                        log.error(
                            "checkpoints of %s fail: %s; tried again every %g s",
                            self.path,
                            reason_of(error),
                            self.seconds,
                        )
                    fault = reason_of(error)
                    continue
                if fault is not None:
                    log.warning("checkpoints of %s go through again", self.path)
                    fault = None
        finally:
            connection.close()
