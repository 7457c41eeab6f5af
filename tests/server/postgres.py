"""A real PostgreSQL cluster for the tests: initdb in a temporary folder, its Unix socket there, torn down.

Debian's `postgresql` package gives the programs (CI installs it, `.ci/run`);
without them the tests that need it fail, naming the package, and never
skip.  initdb refuses to run as root, so as root the cluster runs as the
`postgres` user the package makes, in a folder that user owns.  Each test
gets a database of its own in the cluster of its worker process.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

#: Where Debian puts the server's programs (one folder per major version).
DEBIAN_PROGRAMS = "/usr/lib/postgresql/*/bin"
INSTALL = "apt-get install postgresql"


def programs() -> Path:
    """The folder of initdb, pg_ctl and postgres (the newest Debian version, else the PATH's)."""
    for folder in sorted(glob.glob(DEBIAN_PROGRAMS), reverse=True):
        if os.access(Path(folder) / "initdb", os.X_OK):
            return Path(folder)
    found = shutil.which("initdb")
    if found is not None:
        return Path(found).parent
    pytest.fail(
        f"these tests run the server on PostgreSQL too and need its programs (initdb, pg_ctl): {INSTALL} "
        "(Debian's package; they are looked for in /usr/lib/postgresql/*/bin and on the PATH)",
        pytrace=False,
    )


class Cluster:
    """A PostgreSQL cluster listening on a Unix socket in its own folder only (no TCP port)."""

    def __init__(self) -> None:
        self.bin = programs()
        self.folder = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
        self.data = self.folder / "data"
        self.socket = self.folder
        self.user: str | None = None
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                pytest.fail(
                    f"as root the PostgreSQL cluster runs as the user 'postgres', which {INSTALL} makes",
                    pytrace=False,
                )
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self.user = "postgres"
        self._numbers = itertools.count()

    def _run(self, *command: str) -> None:
        wrapper = ["runuser", "-u", self.user, "--"] if self.user else []
        result = subprocess.run([*wrapper, *command], capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed: {result.stdout}{result.stderr}")

    def start(self) -> Cluster:
        """initdb and start the server, waiting until it answers."""
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        options = f"-c listen_addresses='' -k {self.socket} -c fsync=off -c max_connections=200"
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "start",
        )
        return self

    def postmaster(self) -> int:
        """The process id of the cluster's server (its backends are its children)."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def url(self, database: str = "postgres") -> str:
        """The address of a database of the cluster, through its socket."""
        return f"postgresql://postgres@/{database}?host={self.socket}"

    def new_database(self) -> str:
        """A new empty database's address."""
        import psycopg

        name = f"test_{os.getpid()}_{next(self._numbers)}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once and remove the folder."""
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
