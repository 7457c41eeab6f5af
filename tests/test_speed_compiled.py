"""The compiled build (mypyc, tools/build_compiled.py) plays exactly the games the pure Python build plays.

Uses the compiled modules of this checkout if they are built (`make compiled`),
and otherwise builds a compiled copy of the package first (about 45 CPU
seconds).  Skipped only when mypyc is not installed (the `compiled` extra).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "build_compiled.py"

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("mypyc") is None, reason="mypyc is not installed (the `compiled` extra)"
)


def digest() -> str:
    """Every game played at fixed seeds: actions, outcomes and final positions, then ISMCTS's choices."""
    import hashlib
    import json
    import random

    from cardtable.bots.ismcts import ISMCTSBot
    from cardtable.core.match import Match
    from cardtable.games import game_names, get_game

    text = []
    for name in game_names():
        game = get_game(name)
        options = game.option_table.default()
        for seats in sorted({game.min_seats, game.max_seats}):
            for seed in range(4):
                rng = random.Random(seed)
                state = game.new_state(options, seats, rng, None)
                while game.outcome(state) is None:
                    legal = game.legal_actions(state)
                    action = legal[rng.randrange(len(legal))]
                    text.append(game.format_action(action))
                    state = game.apply(state, action)
                outcome = game.outcome(state)
                assert outcome is not None
                text.append(json.dumps([outcome.to_json(), game.position_of(state)], sort_keys=True))
        match = Match(game, seed=7, seats=game.min_seats)
        bot = ISMCTSBot(game, iterations=100)
        bot_rng = random.Random(3)
        for _ in range(6):
            if match.is_over:
                break
            action = bot.choose(match.view(match.current_seat), match.legal_actions(), bot_rng)
            text.append(game.format_action(action))
            match.play(action)
    return hashlib.sha256("\n".join(text).encode()).hexdigest()


#: Modules whose build is checked: a game's rules, a determinize module and the tree search.
CHECKED = ("cardtable.games.drump.rules", "cardtable.games.drump.determinize", "cardtable.bots.ismcts")


def run_digest(root: Path) -> tuple[str, list[str]]:
    """(digest, the files of the CHECKED modules) in a fresh interpreter importing cardtable from `root`."""
    code = (
        f"import sys, importlib; sys.path.insert(0, {str(ROOT / 'tests')!r}); "
        "import test_speed_compiled; print(test_speed_compiled.digest()); "
        f"print(*[importlib.import_module(name).__file__ for name in {CHECKED!r}])"
    )
    environment = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=environment, capture_output=True, text=True, check=True
    )
    found, *modules = done.stdout.split()
    return found, modules


@pytest.fixture(scope="module")
def roots(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(pure root, compiled root): this checkout where it is built, copies otherwise."""
    pure = tmp_path_factory.mktemp("pure")
    subprocess.run([sys.executable, "-c", _COPY, str(pure)], check=True)
    if next(ROOT.glob("cardtable/games/drump/rules*.so"), None) is not None:
        return pure, ROOT
    compiled = tmp_path_factory.mktemp("compiled")
    subprocess.run([sys.executable, str(TOOL), "--into", str(compiled)], check=True, capture_output=True)
    return pure, compiled


#: Copies the package's sources without compiled modules (tools/build_compiled.py's copy_sources).
_COPY = (
    f"import sys; sys.path.insert(0, {str(TOOL.parent)!r}); import build_compiled, pathlib; "
    "build_compiled.copy_sources(pathlib.Path(sys.argv[1]))"
)


def test_the_compiled_build_plays_the_same_games_as_the_pure_one(roots: tuple[Path, Path]) -> None:
    pure, compiled = roots
    pure_digest, pure_modules = run_digest(pure)
    compiled_digest, compiled_modules = run_digest(compiled)
    assert all(module.endswith(".py") for module in pure_modules)
    assert all(module.endswith(".so") for module in compiled_modules)
    assert compiled_digest == pure_digest


#: The games' own tests, bad input included, and the search's (its bots travel between processes),
#: which the compiled build must pass as the pure one does; and the environments' pinned digests
#: (every observation, mask, reward and info of seeded play: the same in both builds) and the
#: batch over worker processes (its workers import the compiled build).
GAME_TESTS = (
    "tests/drump",
    "tests/scout",
    "tests/dnup",
    "tests/fm",
    "tests/test_search.py",
    "tests/test_parallel_search.py",
    "tests/rl/test_fast_steps.py",
    "tests/rl/test_processes.py",
)


def test_the_compiled_build_passes_the_games_own_tests(roots: tuple[Path, Path]) -> None:
    _, compiled = roots
    if compiled != ROOT:
        # pytest puts the folder holding the tests package first on the path: the compiled copy's.
        shutil.copytree(ROOT / "tests", compiled / "tests", dirs_exist_ok=True)
    environment = {**os.environ, "PYTHONPATH": str(compiled)}
    check = "import cardtable.games.drump.rules as rules; print(rules.__file__)"
    loaded = subprocess.run(
        [sys.executable, "-c", check],
        cwd=compiled,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.strip().endswith(".so")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *GAME_TESTS],
        cwd=compiled,
        env=environment,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


#: Imports the package from the folder given, as an editable install's finder does: the package's
#: own folder mapped, nothing beside it on `sys.path` (run with `-I`: no PYTHONPATH, no working folder).
_IMPORT_AS_INSTALLED = """
import importlib.util, sys
folder = sys.argv[1] + "/cardtable"

class PackageFinder:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "cardtable":
            return None
        return importlib.util.spec_from_file_location(
            name, folder + "/__init__.py", submodule_search_locations=[folder]
        )

sys.meta_path.insert(0, PackageFinder)
import cardtable.games.drump.rules as rules
from cardtable.core.match import Match
from cardtable.games import get_game

match = Match(get_game("drump"), seed=1)
match.play(match.legal_actions()[0])
print(rules.__file__)
"""


def test_the_compiled_build_imports_wherever_the_package_does(
    roots: tuple[Path, Path], tmp_path: Path
) -> None:
    # `make compiled` then `cardtable play` once stopped at the first import: mypyc's shared library
    # lay beside the package, found only with the checkout's root on the path.
    _, compiled = roots
    done = subprocess.run(
        [sys.executable, "-I", "-c", _IMPORT_AS_INSTALLED, str(compiled)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    module = Path(done.stdout.strip())
    assert module.parent == compiled / "cardtable" / "games" / "drump"
    assert module.suffix == ".so"
