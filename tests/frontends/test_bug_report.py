"""The line printed under a bug's traceback names only a place that exists (issue 9)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from cardtable.frontends.cli import BUG_REPORT

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


def test_the_bug_report_line_names_the_projects_own_tracker_or_none() -> None:
    urls = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"].get("urls", {})
    if urls:
        assert any(url in BUG_REPORT for url in urls.values())
    else:
        # With no address published, "report it on the project" would send a person nowhere.
        assert "report" not in BUG_REPORT.lower() and "issue" not in BUG_REPORT.lower()
    assert "bug in cardtable" in BUG_REPORT
