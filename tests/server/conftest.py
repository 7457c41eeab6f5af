"""A server process shared by the tests of a module, with limits loose enough for scripted play; the places
where tables are kept (SQLite, and a PostgreSQL cluster of the tests' own)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import Place, ServerProcess
from tests.server.postgres import Cluster


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """A running server on 127.0.0.1 and a free port, on SQLite, then on PostgreSQL (the protocol's tests
    run on both)."""
    folder: Path = tmp_path_factory.mktemp("server")
    if request.param == "sqlite":
        process = ServerProcess(folder / "tables.sqlite").start()
    else:
        cluster: Cluster = request.getfixturevalue("postgres_cluster")
        process = ServerProcess(cluster.new_database(), key=folder / "postgres.key").start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """One PostgreSQL cluster per test process (each xdist worker its own), stopped at the end."""
    cluster = Cluster().start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Place]:
    """Where a test's tables are kept: an SQLite file, then a PostgreSQL database of its own."""
    if request.param == "sqlite":
        yield Place(str(tmp_path / "tables.sqlite"), tmp_path / "tables.sqlite.key")
    else:
        cluster: Cluster = request.getfixturevalue("postgres_cluster")
        yield Place(cluster.new_database(), tmp_path / "postgres.key")
