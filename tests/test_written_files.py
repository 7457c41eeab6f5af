"""Files the engine writes (replays, results, decks, plots): whole or not at all, with a new file's usual
permissions (the temporary file they are written through is the owner's alone)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from cardtable.core import paths
from cardtable.core.paths import write_atomic
from cardtable.sim.plot import plot_arena


@pytest.fixture
def umask_022() -> object:
    """Run under the most common umask, read afresh by the writer."""
    before = os.umask(0o022)
    paths._permissions_for_new_files.cache_clear()
    yield
    os.umask(before)
    paths._permissions_for_new_files.cache_clear()


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_written_file_has_the_permissions_of_any_new_file(tmp_path: Path, umask_022: object) -> None:
    target = tmp_path / "results.json"
    write_atomic(target, "{}\n")
    assert target.read_text() == "{}\n"
    assert _mode(target) == 0o644


def test_bytes_are_written_as_they_are(tmp_path: Path, umask_022: object) -> None:
    target = tmp_path / "picture.png"
    write_atomic(target, b"\x89PNG\x00\xff")
    assert target.read_bytes() == b"\x89PNG\x00\xff"


def test_a_plot_is_written_whole_with_the_usual_permissions(tmp_path: Path, umask_022: object) -> None:
    target = tmp_path / "arena.png"
    plot_arena(["a", "b"], [[None, 0.5], [0.5, None]], [1500.0, 1500.0], [10.0, 10.0], "t", target)
    assert target.read_bytes()[:4] == b"\x89PNG"
    assert _mode(target) == 0o644
    assert [path.name for path in tmp_path.iterdir()] == ["arena.png"]


def test_a_plot_that_fails_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "arena.png"
    target.write_bytes(b"old")

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        plot_arena(["a", "b"], [[None, 0.5], [0.5, None]], [1500.0, 1500.0], [10.0, 10.0], "t", target)
    assert target.read_bytes() == b"old"
    assert [path.name for path in tmp_path.iterdir()] == ["arena.png"]
