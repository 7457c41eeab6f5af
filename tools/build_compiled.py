"""Build, or remove, the optional compiled rules: the hot modules compiled with mypyc.

    python tools/build_compiled.py              # compile in place, next to the sources
    python tools/build_compiled.py --into DIR   # a copy of the package in DIR, compiled there
    python tools/build_compiled.py --clean      # remove the compiled modules: the pure build again

The sources stay plain typed Python and run without this; Python imports a
compiled module in place of the source beside it.  The build runs in a
staging copy of the package (no pyproject.toml there, which setuptools
before 77 cannot read), then copies the compiled modules to the target:
each module's extension next to its source, and mypyc's shared library at
the root, beside the package.  It needs the `compiled` extra (mypy and
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

#: The modules compiled: the rules, states and evaluations each step of play or search runs, the
#: games' determinize modules, the tree search and the random draws they make.  (mypyc 2.4.1
#: crashes on an expression of the recursive LogNode type, which the determinize modules read
#: through Any; the search's runtime-checkable Protocol is in `cardtable/bots/progress.py`, not
#: compiled.)
MODULES = (
    "cardtable/games/drump/cards.py",
    "cardtable/games/drump/stacks.py",
    "cardtable/games/drump/state.py",
    "cardtable/games/drump/rules.py",
    "cardtable/games/drump/exchange.py",
    "cardtable/games/drump/turns.py",
    "cardtable/games/drump/burst.py",
    "cardtable/games/drump/endings.py",
    "cardtable/games/drump/evaluate.py",
    "cardtable/games/scout/shows.py",
    "cardtable/games/scout/state.py",
    "cardtable/games/scout/rules.py",
    "cardtable/games/scout/evaluate.py",
    "cardtable/games/dnup/state.py",
    "cardtable/games/dnup/rules.py",
    "cardtable/games/dnup/evaluate.py",
    "cardtable/games/fm/state.py",
    "cardtable/games/fm/battle.py",
    "cardtable/games/fm/combat.py",
    "cardtable/games/fm/turn.py",
    "cardtable/games/fm/rules.py",
    "cardtable/games/fm/evaluate.py",
    "cardtable/games/fm/magic.py",
    "cardtable/games/fm/combination.py",
    "cardtable/games/fm/carddata.py",
    "cardtable/games/fm/decks.py",
    "cardtable/games/fm/duelists.py",
    "cardtable/games/drump/determinize.py",
    "cardtable/games/scout/determinize.py",
    "cardtable/games/dnup/determinize.py",
    "cardtable/games/fm/determinize.py",
    "cardtable/core/chance.py",
    "cardtable/core/tuples.py",
    "cardtable/bots/ismcts.py",
)


def compiled_files(root: Path) -> list[Path]:
    """The compiled modules under `root`: the package's extensions and mypyc's shared library."""
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
        command = [sys.executable, "-m", "mypyc", *MODULES]
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
