"""Build, or remove, the optional compiled rules: the hot modules compiled with mypyc.

    python tools/build_compiled.py              # compile in place, next to the sources
    python tools/build_compiled.py --into DIR   # a copy of the package in DIR, compiled there
    python tools/build_compiled.py --clean      # remove the compiled modules: the pure build again

The sources stay plain typed Python and run without this; Python imports a
compiled module in place of the source beside it.  The build runs in a
staging copy of the package (no pyproject.toml there, which setuptools
before 77 cannot read), then copies the compiled modules to the target:
each module's extension next to its source, and mypyc's shared library in
the package (`cardtable/_compiled__mypyc...so`).  It needs the `compiled` extra (mypy and
setuptools) and a C compiler; it takes about 45 CPU seconds.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardtable.games import SHIPPED  # noqa: E402  (this checkout's package, whatever is installed)

#: Every shipped game's hot modules, by one convention: its state, rules and evaluation, and its
#: determinize module (each that the game has).  (mypyc 2.4.1 crashes on an expression of the
#: recursive LogNode type, which the determinize modules read through Any.)
GAME_MODULES = ("state", "rules", "evaluate", "determinize")
#: Beyond those, the helpers a game's rules call at every step (a call from compiled code into a
#: pure module is a Python call: docs/compiled.md).
GAME_HELPERS = {
    "drump": ("cards", "stacks", "exchange", "turns", "burst", "endings"),
    "scout": ("shows",),
    "fm": ("battle", "combat", "turn", "magic", "combination", "carddata", "decks", "duelists"),
}
#: The rest: the random draws and tuple helpers the rules use, the states' shared base classes
#: (each game's state derives from one), the dealing of unseen cards, and the tree search.
#: (The search's runtime-checkable Protocol is in `cardtable/bots/progress.py`, not compiled.)
OTHER_MODULES = (
    "cardtable/core/chance.py",
    "cardtable/core/tuples.py",
    "cardtable/core/state_logs.py",
    "cardtable/core/round_state.py",
    "cardtable/core/unseen.py",
    "cardtable/bots/ismcts.py",
)


def game_modules(game: str) -> list[str]:
    """A shipped game's compiled modules (paths from the checkout's root): its hot modules, its helpers."""
    folder = Path("cardtable/games") / game
    names = [name for name in GAME_MODULES if (ROOT / folder / f"{name}.py").is_file()]
    unknown = [name for name in GAME_HELPERS.get(game, ()) if not (ROOT / folder / f"{name}.py").is_file()]
    if unknown:
        raise SystemExit(f"GAME_HELPERS names modules {game} does not have: {', '.join(unknown)}")
    return [(folder / f"{name}.py").as_posix() for name in (*names, *GAME_HELPERS.get(game, ()))]


#: The modules compiled: every game the registry ships (`cardtable.games.SHIPPED`), then the rest.
MODULES = tuple(module for game in SHIPPED for module in game_modules(game)) + OTHER_MODULES


#: mypyc's shared library (the code of every compiled module; each module's own extension is a small
#: shim that imports it) is named for this group, so that it lies inside the package: the build is
#: then importable wherever the package is, an editable install's finder included, which maps the
#: package's folder and nothing beside it.  (Named by a hash of the modules, at the checkout's root,
#: the library was found only with the root on `sys.path`.)
SHARED_LIBRARY_GROUP = "cardtable._compiled"

#: The setup script the build runs (mypyc's own command line names the library by a hash).
SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="cardtable-compiled", ext_modules=mypycify({modules!r}, opt_level="3", group_name={group!r}))
"""


def compiled_files(root: Path) -> list[Path]:
    """The compiled modules under `root`: the package's extensions and mypyc's shared library (and one
    left at the root by a build before the library was named for the package)."""
    return sorted(root.glob("cardtable/**/*.so")) + sorted(root.glob("*__mypyc*.so"))


def copy_sources(target: Path) -> None:
    """The package as git would ship it (sources and data, no compiled modules or caches) in `target`."""
    shutil.copytree(
        ROOT / "cardtable",
        target / "cardtable",
        ignore=shutil.ignore_patterns("*.so", "__pycache__"),
        dirs_exist_ok=True,
    )


def build(target: Path) -> None:
    """Compile MODULES from this checkout's sources and put the results under `target`."""
    with tempfile.TemporaryDirectory(prefix="cardtable-mypyc-") as staging_name:
        staging = Path(staging_name)
        copy_sources(staging)
        setup = SETUP.format(modules=list(MODULES), group=SHARED_LIBRARY_GROUP)
        (staging / "setup_compiled.py").write_text(setup)
        command = [sys.executable, "setup_compiled.py", "build_ext", "--inplace"]
        done = subprocess.run(command, cwd=staging, capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"mypyc failed (exit {done.returncode}):\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
        for built in compiled_files(staging):
            place = target / built.relative_to(staging)
            place.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built, place)


def clean(root: Path) -> None:
    """Remove every compiled module under `root`."""
    for built in compiled_files(root):
        built.unlink()


def main() -> None:
    """Build in place, into a copy, or clean."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--into", type=Path, help="make a compiled copy of the package in this folder")
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules from this checkout")
    args = parser.parse_args()
    if args.clean:
        clean(ROOT)
    elif args.into is not None:
        copy_sources(args.into)
        build(args.into)
    else:
        clean(ROOT)
        build(ROOT)
    for built in compiled_files(args.into or ROOT):
        print(built)


if __name__ == "__main__":
    main()
