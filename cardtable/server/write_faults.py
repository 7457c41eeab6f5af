"""A database's faults as the log tells them: once when one starts, once when calls go through again.

Both databases (`sqlite_writes.py`, `postgres_storage.py`) refuse a call they cannot make with
StorageError; a fault lasting minutes under load is one line when it starts and one when it ends,
not a traceback per action.
"""

from __future__ import annotations

import logging

from cardtable.server.storage import StorageError

log = logging.getLogger("cardtable.server")


class FaultLog:
    """The fault a database is in (None: none), and how many calls it refused since it began."""

    def __init__(self, where: str) -> None:
        #: The database as the log names it: a file's path, or an address without its password.
        self.where = where
        self.fault: str | None = None
        self.refused = 0

    def refuse(self, reason: str) -> StorageError:
        """Count a refused call (logged if its reason is new) and give the error that refuses it."""
        self.refused += 1
        if reason != self.fault:
            self.fault = reason
            log.error(
                "cannot write the database %s: %s; actions and new tables are refused ('storage') "
                "until it can be written again",
                self.where,
                reason,
            )
        else:
            log.debug("the database %s refused a call again: %s", self.where, reason)
        return StorageError(f"the database cannot be written: {reason}")

    def went_through(self) -> bool:
        """A call went through: the end of the fault, if there was one, is logged (True then)."""
        if self.fault is None:
            return False
        log.warning(
            "the database %s is written again (%d calls were refused: %s)",
            self.where,
            self.refused,
            self.fault,
        )
        self.fault, self.refused = None, 0
        return True
