"""A server process shared by the tests of a module, with limits loose enough for scripted play."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A running server on 127.0.0.1 and a free port."""
    folder: Path = tmp_path_factory.mktemp("server")
    process = ServerProcess(folder / "tables.sqlite").start()
    try:
        yield process
    finally:
        process.stop()
