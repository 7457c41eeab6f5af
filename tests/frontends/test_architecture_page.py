"""docs/architecture.md names every module of cardtable/core (issue 9: core/paths.py was missing)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_architecture_page_names_every_core_module() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = page.split("  core/", 1)[1].split("\n  games/", 1)[0]
    named = set(re.findall(r"\b(\w+\.py)\b", block))
    modules = {path.name for path in (ROOT / "cardtable" / "core").glob("*.py") if path.name != "__init__.py"}
    missing = sorted(modules - named)
    assert not missing, f"docs/architecture.md's core/ entry does not name {missing}"
