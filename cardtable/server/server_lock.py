"""One server per database file: a lock held for the server's life, naming the process that holds it.

Two servers on one SQLite file go wrong quietly: each plays the tables it
loaded, neither sees the other's, and their writes collide.  So a storage
takes an exclusive lock on a file beside the database (`tables.sqlite.lock`,
holding the process id) before it reads or writes anything, and keeps it
until it is closed.  The system lets go of the lock when the process ends,
however it ends (kill -9 included), so a lock is never left stale; a second
server finds it taken and stops, naming the file and the process that holds
it, having changed nothing.

The lock is a POSIX record lock (`fcntl.lockf`): it belongs to the process,
so it is not handed to forked children, and closing any descriptor of the
file would drop it.  Hence one descriptor per file and process, shared by
every storage of that process on the file (tests open a file twice).
"""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path

_held: dict[Path, tuple[int, int]] = {}
_guard = threading.Lock()


class DatabaseInUseError(RuntimeError):
    """Another process serves the database: the message names the file and the process."""


def lock_file(database: Path) -> Path:
    """The lock file of a database: beside it, its name and `.lock`."""
    return database.with_name(database.name + ".lock")


def hold(database: Path) -> Path:
    """Take the database's lock for this process (DatabaseInUseError if another holds it); returns its key."""
    key = database.resolve()
    with _guard:
        if key in _held:
            descriptor, users = _held[key]
            _held[key] = (descriptor, users + 1)
            return key
        path = lock_file(database)
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(descriptor)
            raise DatabaseInUseError(
                f"it is in use by another server, process {holder} (which holds {path}): "
                "stop that server first, or use another database file"
            ) from None
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, f"{os.getpid()}\n".encode("ascii"), 0)
        _held[key] = (descriptor, 1)
        return key


def release(key: Path) -> None:
    """Let go of a lock `hold` gave (the last of this process's users closes it)."""
    with _guard:
        descriptor, users = _held[key]
        if users > 1:
            _held[key] = (descriptor, users - 1)
            return
        del _held[key]
        os.close(descriptor)
