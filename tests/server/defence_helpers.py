"""A real server started with any command-line options, its log kept in a file, for the defence tests."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import httpx

from tests.server.helpers import FAST, ROOT, ServerProcess


class LoggedServer(ServerProcess):
    """`python -m cardtable.server` with extra options, its stderr in `log`, and an optional pre-exec hook."""

    def __init__(
        self,
        database: Path,
        limits: tuple[str, ...] = FAST,
        options: tuple[str, ...] = (),
        before: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(database, limits)
        self.options = options
        self.before = before
        self.log = database.with_suffix(".log")
        #: The first line the server printed, and the address it listens at.
        self.banner = ""

    def start(self) -> LoggedServer:
        command = [sys.executable, "-m", "cardtable.server", "--port", "0", "--db", str(self.database)]
        command += ["--workers", "1", "--search-workers", "1", *self.options]
        for limit in self.limits:
            command += ["--limit", limit]
        environment = dict(os.environ, PYTHONPATH=str(ROOT))
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                command,
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                env=environment,
                preexec_fn=self.before,
            )
        assert self.process.stdout is not None
        self.banner = self.process.stdout.readline()
        assert "open http" in self.banner, f"the server printed {self.banner!r}: {self.log.read_text()}"
        listening = self.banner.split("listening on ")[1] if "listening on " in self.banner else self.banner
        self.base = "http://" + listening.split("http://")[1].split()[0].rstrip("/,")
        self.port = int(self.base.rsplit(":", 1)[1])
        return self

    def client_at(self, address: str) -> httpx.Client:
        """An HTTP client whose connections come from a given local address (any of 127.0.0.0/8)."""
        return httpx.Client(
            base_url=self.base, transport=httpx.HTTPTransport(local_address=address), timeout=30
        )


DRUMP_PEOPLE = {"protocol": 1, "game": "drump", "seats": [{"person": "A"}, {"person": "B"}]}
