"""A second server on one SQLite file stops, naming the file and the process holding it; nothing changes."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.helpers import ROOT, ServerProcess


def _state_of(folder: Path) -> dict[str, Any]:
    """What a second server could have changed: the files, the key and lock, every row."""
    connection = sqlite3.connect(f"file:{folder / 'tables.sqlite'}?mode=ro", uri=True)
    try:
        rows = list(connection.iterdump())
    finally:
        connection.close()
    return {
        "files": sorted(path.name for path in folder.iterdir()),
        "key": hashlib.sha256((folder / "tables.sqlite.key").read_bytes()).hexdigest(),
        "lock": (folder / "tables.sqlite.lock").read_text(),
        "rows": rows,
    }


def test_a_second_server_on_one_database_stops_naming_the_file_and_the_first(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    first = ServerProcess(path).start()
    assert first.process is not None
    try:
        table = first.create_table("drump", [{"person": "A"}, {"person": "B"}])
        before = _state_of(tmp_path)
        second = subprocess.Popen(
            [sys.executable, "-m", "cardtable.server", "--port", "0", "--db", str(path), "--workers", "1"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
        )
        try:
            out, err = second.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            second.kill()
            out, err = second.communicate()
            pytest.fail(f"the second server did not stop; it printed {out!r}")
        assert second.returncode != 0 and "open http" not in out
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1, err
        assert str(path) in lines[0] and f"process {first.process.pid}" in lines[0], lines[0]
        assert _state_of(tmp_path) == before
        listed = httpx.get(f"{first.base}/api/tables/{table['table']}").json()
        assert listed["version"] == 0
        assert json.loads((tmp_path / "tables.sqlite.lock").read_text()) == first.process.pid
    finally:
        first.stop()
