"""Files and folders the user names: checked before any work, and every failure told in words.

A command that will write to a path checks it first (`check_new_file`,
`check_output_folder`), so that a missing or read-only folder is refused
before a long run rather than after it, and nothing is half-written.  An
`OSError` met while reading or writing is turned, where it happens, into the
caller's typed error naming the path and the reason (`path_error`).
"""

from __future__ import annotations

import errno
import functools
import os
import tempfile
from pathlib import Path

from cardtable.core.errors import CardtableError

#: The reasons of the failures a user can do something about, in words.
_REASONS = {
    errno.ENOENT: "no such file or folder",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the file system is read-only",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EISDIR: "it is a folder, not a file",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.ENAMETOOLONG: "the name is too long",
    errno.EEXIST: "it exists already",
}


def os_reason(problem: OSError) -> str:
    """Why an operating-system call failed, in words."""
    if problem.errno in _REASONS:
        return _REASONS[problem.errno]
    return problem.strerror or str(problem) or type(problem).__name__


def path_error(
    error: type[CardtableError], doing: str, path: str | os.PathLike[str], problem: OSError
) -> CardtableError:
    """The typed error for a failed operation on a path: `cannot write deck 'x.json': the disk is full`."""
    return error(f"cannot {doing} {os.fspath(path)!r}: {os_reason(problem)}")


#: The environment variable that moves the user's data folder (tests, portable installs).
DATA_FOLDER_VARIABLE = "CARDTABLE_DATA_DIR"


def data_folder() -> Path:
    """The folder of the user's cardtable data (the key that seals saves, the history, the campaign,
    the server's database): $CARDTABLE_DATA_DIR if set, else platformdirs' `user_data_dir`."""
    named = os.environ.get(DATA_FOLDER_VARIABLE)
    if named:
        return Path(named)
    from platformdirs import user_data_dir

    return Path(user_data_dir("cardtable"))


def _nearest_existing(path: Path) -> Path:
    """The path itself if it exists, else its nearest existing parent folder (or a file in its way)."""
    for candidate in (path, *path.parents):
        if candidate.exists() or candidate.is_symlink():
            return candidate
    return Path(".")


def _refuse_unwritable_folder(folder: Path, error: type[CardtableError], doing: str, path: Path) -> None:
    if not folder.is_dir():
        raise error(f"cannot {doing} {str(path)!r}: {str(folder)!r} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise error(f"cannot {doing} {str(path)!r}: the folder {str(folder)!r} is read-only")


def check_new_file(
    path: str | os.PathLike[str],
    error: type[CardtableError],
    what: str = "file",
    *,
    make_folders: bool = False,
) -> None:
    """Refuse, before any work, a path no file can be written to (a folder, in a missing or read-only one).

    With `make_folders`, missing folders are allowed: the writer makes them.
    """
    target = Path(path)
    doing = f"write {what}"
    if target.is_dir():
        raise error(f"cannot {doing} {str(target)!r}: it is a folder, not a file")
    folder = target.parent
    if not make_folders and not folder.exists():
        raise error(f"cannot {doing} {str(target)!r}: the folder {str(folder)!r} does not exist")
    _refuse_unwritable_folder(_nearest_existing(folder), error, doing, target)
    if target.exists() and not os.access(target, os.W_OK):
        raise error(f"cannot {doing} {str(target)!r}: the file is read-only")


def check_output_folder(
    path: str | os.PathLike[str], error: type[CardtableError], what: str = "results"
) -> None:
    """Refuse, before any work, a folder that cannot be made or written to (it is made when missing)."""
    folder = Path(path)
    doing = f"write {what} to"
    existing = _nearest_existing(folder)
    if existing == folder and not folder.is_dir():
        raise error(f"cannot {doing} {str(folder)!r}: it is a file, not a folder")
    _refuse_unwritable_folder(existing, error, doing, folder)


def make_folder(path: str | os.PathLike[str], error: type[CardtableError], what: str = "folder") -> Path:
    """Make a folder and its parents if missing (the typed error naming it if that fails)."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        raise path_error(error, f"make {what}", folder, problem) from None
    return folder


@functools.cache
def _permissions_for_new_files() -> int:
    """The mode `open()` gives a new file: read and write for all, less the process's umask (read once:
    reading it means setting it, which no other thread should see)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write a file whole or not at all: a temporary file in the same folder, then a rename.

    The file gets the permissions any new file would (the temporary file's own are the owner's only).
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data.encode("utf-8") if isinstance(data, str) else data)
            stream.flush()
            os.fsync(stream.fileno())
            os.fchmod(stream.fileno(), _permissions_for_new_files())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
