"""Outside its own folder no module names a game: a new game is one folder (issue 22).

A module names a game by a string equal to the game's name (a table keyed by
it, a branch on `game.name == ...`) or by importing the game's modules.  The
one exception is `cardtable/games/__init__.py`, where the games are
announced.  Docstrings may mention games; the rule is on code.  Every game's
front ends, found from its declaration, are modules of its own folder.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cardtable
from cardtable.games import SHIPPED, get_game

PACKAGE = Path(cardtable.__file__).parent
GAMES = PACKAGE / "games"
#: Every game's name: each folder of `cardtable/games` that is a package, and each shipped name.
NAMES = frozenset({path.parent.name for path in GAMES.glob("*/__init__.py")} | set(SHIPPED))
#: Where games may be named outside their folders: the package that announces them.
REGISTRY = GAMES / "__init__.py"


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_of_module(name: str) -> str | None:
    """The game a module of `cardtable.games.GAME...` belongs to, else None."""
    match = re.fullmatch(r"cardtable\.games\.(\w+)(\..*)?", name)
    return match.group(1) if match and match.group(1) in NAMES else None


def namings(source: str) -> list[str]:
    """Each place the source names a game: `line N: why`."""
    tree = ast.parse(source)
    skipped = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            if node.value.strip().lower() in NAMES:
                found.append(f"line {node.lineno}: the string {node.value!r}")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: imports {a.name}" for a in node.names if game_of_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            targets = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            if any(game_of_module(target) for target in targets):
                found.append(f"line {node.lineno}: imports from {node.module}")
    return found


def outside_game_folders() -> list[Path]:
    """Every module of the package outside the games' own folders, but for the registry."""
    folders = [GAMES / name for name in NAMES]
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != REGISTRY and not any(path.is_relative_to(folder) for folder in folders)
    ]


def test_no_module_outside_a_games_folder_names_a_game() -> None:
    breaches = [
        f"{path.relative_to(PACKAGE.parent)} {naming}"
        for path in outside_game_folders()
        for naming in namings(path.read_text(encoding="utf-8"))
    ]
    assert not breaches, "modules naming a game outside its folder:\n" + "\n".join(breaches)


def test_the_walk_covers_the_package_and_skips_only_the_games_folders() -> None:
    walked = {path.relative_to(PACKAGE).parts[0] for path in outside_game_folders()}
    assert {"core", "bots", "sim", "server", "frontends", "rl"} <= walked
    assert not any(path.is_relative_to(GAMES / "fm") for path in outside_game_folders())
    assert GAMES / "documents.py" in outside_game_folders()


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ('HINTS = {"fm": find_hints}', "the string 'fm'"),
        ('if game.name == "Scout":\n    pass', "the string 'Scout'"),
        ("def f(game):\n    return game in ('drump', 'dnup')", "the string 'drump'"),
        ("from cardtable.games.fm.carddata import use_data", "imports from cardtable.games.fm.carddata"),
        ("import cardtable.games.drump.screen", "imports cardtable.games.drump.screen"),
        ("from cardtable.games import dnup", "imports from cardtable.games"),
    ],
)
def test_the_rule_finds_each_way_of_naming_a_game(source: str, why: str) -> None:
    assert namings(source)[0].partition(": ")[2] == why


@pytest.mark.parametrize(
    "source",
    [
        '"""A module for Scout and dnup."""',
        'def f():\n    """DRUMP\'s rule."""',
        'TEXT = "the fm duel"',
        "from cardtable.games import get_game",
        'URL = f"/api/games/{name}/rules"',
    ],
)
def test_the_rule_lets_docstrings_prose_and_the_registry_through(source: str) -> None:
    assert namings(source) == []


@pytest.mark.parametrize("name", SHIPPED)
def test_a_games_front_ends_are_modules_of_its_own_folder(name: str) -> None:
    game = get_game(name)
    for module in (game.screen, game.encoding, game.server):
        assert module is None or module.startswith(f"cardtable.games.{name}."), module
