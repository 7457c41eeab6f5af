"""The compiled build's list of modules (tools/build_compiled.py) covers every game the package ships."""

from __future__ import annotations

import runpy
from pathlib import Path

from cardtable.games import SHIPPED

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "build_compiled.py"


def test_every_shipped_games_rules_and_state_are_compiled() -> None:
    modules = runpy.run_path(str(TOOL))["MODULES"]
    missing = [
        f"cardtable/games/{game}/{name}.py"
        for game in SHIPPED
        for name in ("rules", "state")
        if f"cardtable/games/{game}/{name}.py" not in modules
    ]
    assert missing == [], f"not compiled: {missing}"


def test_every_compiled_module_exists_once() -> None:
    modules = runpy.run_path(str(TOOL))["MODULES"]
    assert [module for module in modules if not (ROOT / module).is_file()] == []
    assert len(set(modules)) == len(modules)
