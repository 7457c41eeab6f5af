"""The import rule: imports point down the layers only, and no game imports another.

Layers, bottom to top: `core` < `games` < `bots` < `sim` < the applications
(`server`, `web`), which do not import one another < `frontends` < `rl`, the
learning environments, on top (their `render()` draws the terminal's screens).
A game's rules import only `core` and its own modules; `cardtable.games` itself
(which announces the games) counts as the games layer and imports no game.
A game's front ends live in its folder under fixed names (`FRONT_END_PARTS`):
each sits in the layer of what it serves (its screen and terminal with the
front ends, its encoding with the bots, its server parts with the server), so
it may import that layer and those below, its own game among the games, and
no other game; its rules, in the games layer, cannot import them.
Every import counts: at the top of a module, inside a function, or under
`if TYPE_CHECKING`.  Check with `pytest tests/test_imports.py`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardtable

PACKAGE = Path(cardtable.__file__).parent
#: Each layer's rank; a module may import its own layer and those of lower rank.
RANKS = {"core": 0, "games": 1, "bots": 2, "sim": 3, "server": 4, "web": 4, "frontends": 5, "rl": 6}
#: The front ends a game may hold in its folder (`cardtable.games.GAME.PART`), and the layer of each.
FRONT_END_PARTS = {"screen": "frontends", "terminal": "frontends", "encoding": "bots", "server": "server"}


def module_name(path: Path) -> str:
    """The dotted name of a module file of the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported_names(module: str, is_package: bool, tree: ast.AST, known: set[str]) -> list[tuple[int, str]]:
    """(line, module) for every project module the source imports, `from X import name` resolved to
    X.name when that is a module."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".") if is_package else module.split(".")[:-1]
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                found.append((node.lineno, target if target in known else base))
    return [(line, name) for line, name in found if name.split(".")[0] == "cardtable"]


def place(module: str) -> tuple[str, str | None]:
    """A module's layer, and for a game's modules which game (None: `cardtable.games` itself, or a
    module of no game)."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] == "__main__":
        return ("entry", None)
    if parts[1] not in RANKS:
        return (parts[1], None)
    if parts[1] == "games" and len(parts) > 3 and parts[3] in FRONT_END_PARTS:
        return (FRONT_END_PARTS[parts[3]], parts[2])
    return (parts[1], parts[2] if parts[1] == "games" and len(parts) > 2 else None)


def problem(importer: str, imported: str) -> str | None:
    """Why `importer` may not import `imported`, or None when it may."""
    layer, game = place(importer)
    target_layer, target_game = place(imported)
    if imported == "cardtable":
        return None
    if importer == "cardtable":
        return "every module loads the package's own __init__, so it may import nothing of the project"
    if layer == "entry":
        # The program's entry point (`python -m cardtable`) sits above every layer.
        return None
    for name in (layer, target_layer):
        if name not in RANKS and name != "entry":
            return f"{name!r} is in no layer: give it a place in RANKS ({', '.join(RANKS)})"
    if target_layer == "entry":
        return "the program's entry point is above every layer"
    if game is not None and target_game is not None and game != target_game:
        return f"the game {game} imports only core and itself, not the game {target_game}"
    if RANKS[target_layer] > RANKS[layer]:
        return f"{target_layer} is above {layer}"
    if RANKS[target_layer] == RANKS[layer] and target_layer != layer:
        return f"{layer} and {target_layer} are separate applications"
    if layer == "games" and target_layer == "games" and game != target_game:
        if game is None:
            return "cardtable.games announces the games by name and imports none"
        if target_game is None:
            return f"the game {game} imports only core and itself, not cardtable.games"
        return f"the game {game} imports only core and itself, not the game {target_game}"
    return None


def rule_breaches(modules: dict[str, Path], sources: dict[str, str] | None = None) -> list[str]:
    """Every import that breaks the rule, as `file line N: importer imports imported (why)`.

    `sources` stands in for the files' text (to test the rule itself).
    """
    known = set(package_modules())
    breaches = []
    for module, path in modules.items():
        source = path.read_text(encoding="utf-8") if sources is None else sources[module]
        tree = ast.parse(source, filename=str(path))
        for line, imported in imported_names(module, path.name == "__init__.py", tree, known):
            why = problem(module, imported)
            if why is not None:
                breaches.append(f"{path} line {line}: {module} imports {imported} ({why})")
    return breaches


def test_every_import_points_down_the_layers() -> None:
    breaches = rule_breaches(package_modules())
    assert not breaches, "imports against the layering rule:\n" + "\n".join(breaches)


def test_the_walk_sees_every_layer() -> None:
    layers = {place(module)[0] for module in package_modules()}
    assert {"core", "games", "bots", "sim", "frontends", "entry"} <= layers


def path_of(module: str) -> Path:
    """The file of a module, whether or not the package has it."""
    return package_modules().get(module) or PACKAGE.joinpath(*module.split(".")[1:]).with_suffix(".py")


@pytest.mark.parametrize(
    ("module", "source", "why"),
    [
        ("cardtable.core.match", "from cardtable.sim.runner import play_game", "sim is above core"),
        ("cardtable.games.drump.rules", "def f():\n    import cardtable.bots\n", "bots is above games"),
        ("cardtable.games.drump.rules", "from cardtable.games import scout", "not the game scout"),
        (
            "cardtable.games.drump.rules",
            "from cardtable.games.scout.shows import strength",
            "not the game scout",
        ),
        ("cardtable.games.drump.rules", "from ..scout import rules", "not the game scout"),
        ("cardtable.games.drump.rules", "from cardtable.games import get_game", "not cardtable.games"),
        ("cardtable.games", "from cardtable.games.drump import GAME", "imports none"),
        (
            "cardtable.games.drump.rules",
            "from cardtable.games.drump import screen",
            "frontends is above games",
        ),
        ("cardtable.games.drump.view", "import cardtable.games.drump.encoding", "bots is above games"),
        ("cardtable.games.fm.decks", "from cardtable.games.fm.server import tables", "server is above games"),
        ("cardtable.games.drump.screen", "from cardtable.games.scout import view", "not the game scout"),
        ("cardtable.games.drump.screen", "import cardtable.rl", "rl is above frontends"),
        ("cardtable.games.drump.encoding", "from cardtable.frontends import layout", "above bots"),
        (
            "cardtable.games.fm.server.tables",
            "from cardtable.games.fm.terminal import screen",
            "above server",
        ),
        (
            "cardtable.server.app",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cardtable.frontends import cli\n",
            "frontends is above server",
        ),
        ("cardtable.server.app", "import cardtable.web", "separate applications"),
        ("cardtable.server.app", "import cardtable.rl.aec", "rl is above server"),
        ("cardtable.frontends.cli", "from cardtable.rl import env", "rl is above frontends"),
        ("cardtable.sim.runner", "import cardtable.__main__", "entry point is above every layer"),
        ("cardtable", "from cardtable.core import game", "may import nothing of the project"),
        ("cardtable.tools.build", "from cardtable.core import game", "'tools' is in no layer"),
    ],
)
def test_the_rule_finds_each_kind_of_breach(module: str, source: str, why: str) -> None:
    (breach,) = rule_breaches({module: path_of(module)}, {module: source})
    assert f"{module} imports" in breach and why in breach


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("cardtable.games.drump.rules", "from cardtable.games.drump.cards import RANK\nfrom . import state"),
        ("cardtable.games.drump.rules", "from cardtable.core.game import Outcome"),
        ("cardtable.games", "from cardtable.core.registry import announce"),
        ("cardtable.frontends.cli", "from cardtable.games import drump\nfrom cardtable.sim import runner"),
        ("cardtable.bots", "from cardtable.games import AnyGame"),
        (
            "cardtable.games.drump.screen",
            "from cardtable.frontends.registry import FrontEnd\nfrom . import view",
        ),
        ("cardtable.games.fm.terminal.play", "from cardtable.games.fm.server import tables"),
        ("cardtable.games.fm.server.tables", "from cardtable.server.service import TableService"),
        ("cardtable.games.scout.encoding", "from cardtable.bots.learned.encoding import Layout"),
        ("cardtable.__main__", "from cardtable.frontends.cli import main"),
        ("cardtable.sim.arena", "import json\nfrom cardtable import core"),
    ],
)
def test_the_rule_allows_imports_that_point_down(module: str, source: str) -> None:
    assert rule_breaches({module: path_of(module)}, {module: source}) == []


def import_cycles(modules: dict[str, Path], sources: dict[str, str] | None = None) -> list[list[str]]:
    """Every circle of imports among `modules` (each import counts, as for the rule), as a list of
    modules from its least name round to it again; `sources` stands in for the files' text."""
    known = set(package_modules())
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        source = path.read_text(encoding="utf-8") if sources is None else sources[module]
        tree = ast.parse(source, filename=str(path))
        imported = {name for _, name in imported_names(module, path.name == "__init__.py", tree, known)}
        graph[module] = {name for name in imported if name in modules and name != module}
    circles: set[tuple[str, ...]] = set()

    def walk(module: str, trail: list[str]) -> None:
        for target in sorted(graph[module]):
            if target in trail:
                circle = trail[trail.index(target) :]
                start = circle.index(min(circle))
                circles.add(tuple(circle[start:] + circle[:start]))
            elif target > trail[0]:
                # Each circle is found once, from its least module.
                walk(target, [*trail, target])

    for module in sorted(graph):
        walk(module, [module])
    return [[*circle, circle[0]] for circle in sorted(circles)]


def test_sim_has_no_import_circle() -> None:
    sim = {module: path for module, path in package_modules().items() if module.startswith("cardtable.sim.")}
    assert len(sim) > 5
    assert import_cycles(sim) == []


def test_the_circle_check_finds_a_circle_through_a_function_and_type_checking() -> None:
    names = ("cardtable.sim.runner", "cardtable.sim.backends", "cardtable.sim.stats")
    sources = {
        "cardtable.sim.runner": "from cardtable.sim.backends import Pool\nfrom cardtable.sim import stats",
        "cardtable.sim.backends": "def play():\n    from cardtable.sim.runner import run\n",
        "cardtable.sim.stats": "import typing\nif typing.TYPE_CHECKING:\n    from . import runner",
    }
    circles = import_cycles({name: path_of(name) for name in names}, sources)
    assert circles == [
        ["cardtable.sim.backends", "cardtable.sim.runner", "cardtable.sim.backends"],
        ["cardtable.sim.runner", "cardtable.sim.stats", "cardtable.sim.runner"],
    ]
