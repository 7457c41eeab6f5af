"""DRUMP's modules: imports point down only, none hidden inside a function, front ends see views only."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent
PACKAGE = ROOT / "cardtable" / "games" / "drump"
SCREEN = ROOT / "cardtable" / "games" / "drump" / "screen.py"
MODULES = sorted(PACKAGE.glob("*.py"))


def imported(path: Path) -> list[tuple[str, bool]]:
    """The modules a file imports, each with whether the import sits at the top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = set(map(id, tree.body))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            found += [(name, id(node) in top) for name in names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, id(node) in top) for alias in node.names]
    return found


def drump_modules(path: Path) -> set[str]:
    """The DRUMP modules a file imports, by short name."""
    prefix = "cardtable.games.drump."
    modules = {path.stem for path in MODULES}
    return {name[len(prefix) :] for name, _ in imported(path) if name[len(prefix) :] in modules}


@pytest.mark.parametrize("path", [*MODULES, SCREEN], ids=lambda path: path.name)
def test_no_import_hides_inside_a_function(path: Path) -> None:
    assert all(top for _, top in imported(path)), f"{path.name} imports inside a function"


def test_the_modules_of_the_game_import_one_another_without_a_cycle() -> None:
    graph = {path.stem: drump_modules(path) - {path.stem} for path in MODULES if path.stem != "__init__"}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"import cycle: {error.args[1]}")
    # The layers, bottom up: the state never reaches up to the rules, views or positions.
    assert order.index("cards") < order.index("state") < order.index("rules")
    above_state = {"rules", "turns", "exchange", "view", "position", "explain"}
    assert not drump_modules(PACKAGE / "state.py") & above_state
    assert not drump_modules(PACKAGE / "endings.py") & {"state", "rules", "turns"}


def test_the_terminal_screen_sees_views_and_cards_never_a_state() -> None:
    # Front ends see views, legal actions (their steps are labelled by the action's fields) and cards.
    assert drump_modules(SCREEN) <= {"view", "cards", "actions"}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_modules_stay_under_about_500_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 500
