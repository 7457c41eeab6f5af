"""A replay file's whole size is bounded, as a position's is (core.jsonio's file reader and its limit)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.core import jsonio, replay
from cardtable.core.errors import ReplayError
from cardtable.frontends import history
from cardtable.frontends.cli import main
from tests.frontends.test_typed_numbers import finished_replay


def test_a_replay_over_the_size_limit_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = finished_replay(tmp_path)
    size = path.stat().st_size
    # Every line is well under the limit: only the whole file is over it.
    assert max(len(line) for line in path.read_text().splitlines()) < (size - 1) // 2
    assert replay.load(path).is_over
    monkeypatch.setattr(jsonio, "MAX_BYTES", size - 1)
    refusal = f"replay '{path}': {size:,} bytes is over the limit of {size - 1:,}"
    with pytest.raises(ReplayError, match=re.escape(refusal)):
        replay.read(path)
    result = CliRunner().invoke(main, ["replay", str(path), "--no-step"])
    assert result.exit_code == 2 and "is over the limit" in result.output and "Traceback" not in result.output


def test_the_history_skips_a_file_over_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    match = replay.load(finished_replay(tmp_path))
    entry = history.record(match, [0])
    assert [found.number for found in history.entries()] == [entry.number]
    monkeypatch.setattr(jsonio, "MAX_BYTES", 100)
    assert history.entries() == []
