"""Mutation testing of the games' rules modules: runs mutmut over some games and prints their figures.

    python tools/mutation.py [GAME ...]              mutate and test (every game when none is named)
    python tools/mutation.py --one-in 10 [GAME ...]  only the mutants numbered 1, 11, 21, ... of each function
    python tools/mutation.py --survivors [GAME ...]  try again only the mutants the last run did not catch
    python tools/mutation.py --report [GAME ...]     print the figures of the last run, running nothing

The modules to mutate and the tests to try come from `[tool.mutmut]` in pyproject.toml; a game's
modules are those under `cardtable/games/<game>/`. Each mutant named here is tried afresh (mutmut
keeps a verdict only for mutants it is not asked about by name), against the tests that call the
function it changes. mutmut keeps its copy of the project and its verdicts in `mutants/`.
docs/testing.md says how to read the figures.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# mutmut's exit codes as verdicts (mutmut/stats.py); any other code is "suspicious".
VERDICTS = {
    1: "killed",
    3: "killed",
    0: "survived",
    5: "no tests",
    33: "no tests",
    34: "skipped",
    36: "timeout",
    37: "caught by type check",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    255: "timeout",
    -9: "segfault",
    -11: "segfault",
    2: "interrupted",
    None: "not checked",
}
# A mutant counts as caught when a test failed, ran out of time (a loop that never ends) or crashed.
CAUGHT = {"killed", "timeout", "segfault"}
# A deterministic sample: the mutants of every function whose number ends in these digits.
DIGITS_BY_SAMPLE = {1: "0123456789", 2: "13579", 5: "16", 10: "1"}


def sample_pattern(game: str, one_in: int) -> str:
    """The mutmut name pattern of one game's mutants in a sample of one in `one_in`."""
    digits = DIGITS_BY_SAMPLE[one_in]
    ending = "*" if one_in == 1 else f"*[{digits}]"
    return f"cardtable.games.{game}.*__mutmut_{ending}"


def modules_by_game() -> dict[str, list[str]]:
    """The files mutmut mutates (pyproject.toml, `[tool.mutmut] only_mutate`), grouped by game."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    games: dict[str, list[str]] = {}
    for path in settings["tool"]["mutmut"]["only_mutate"]:
        parts = Path(path).parts
        if parts[:2] != ("cardtable", "games") or len(parts) != 4:
            raise SystemExit(f"pyproject.toml: {path!r} in only_mutate is not a module of a game")
        games.setdefault(parts[2], []).append(path)
    return games


def chosen_games(named: list[str], known: dict[str, list[str]]) -> list[str]:
    """The games named on the command line (every game when none is), refusing an unknown name."""
    for name in named:
        if name not in known:
            raise SystemExit(f"mutation: no game {name!r} is mutated; the games are {', '.join(known)}")
    return named or list(known)


def run_mutmut(names: list[str], max_children: int) -> int:
    """Run mutmut over the mutants with these names or name patterns; return its exit code."""
    mutmut = Path(sys.executable).parent / "mutmut"
    command = [str(mutmut), "run", "--max-children", str(max_children), *names]
    return subprocess.run(command, cwd=ROOT, check=False).returncode


def verdicts(module: str, pattern: str) -> dict[str, str]:
    """Each mutant of one module in the sample and its verdict in the last run (empty if it never ran)."""
    meta = ROOT / "mutants" / f"{module}.meta"
    if not meta.exists():
        return {}
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    chosen = {name: code for name, code in codes.items() if fnmatch.fnmatchcase(name, pattern)}
    return {name: VERDICTS.get(code, "suspicious") for name, code in chosen.items()}


def survivors(games: list[str], known: dict[str, list[str]], one_in: int) -> list[str]:
    """The mutants of these games in the sample that the last run did not catch."""
    return [
        name
        for game in games
        for module in known[game]
        for name, verdict in verdicts(module, sample_pattern(game, one_in)).items()
        if verdict not in CAUGHT
    ]


def report(games: list[str], known: dict[str, list[str]], one_in: int) -> bool:
    """Print the figures of each game and its mutants not caught; return whether every game reached 90%."""
    all_reached = True
    print(f"{'game':8} {'mutants':>8} {'caught':>8} {'survived':>9} {'other':>6} {'score':>7}")
    for game in games:
        counts: Counter[str] = Counter()
        missed: list[tuple[str, str]] = []
        for module in known[game]:
            for name, verdict in verdicts(module, sample_pattern(game, one_in)).items():
                counts[verdict] += 1
                if verdict not in CAUGHT:
                    missed.append((name, verdict))
        total = sum(counts.values())
        caught = sum(counts[verdict] for verdict in CAUGHT)
        score = 100 * caught / total if total else 0.0
        all_reached &= score >= 90
        other = total - caught - counts["survived"]
        print(f"{game:8} {total:8} {caught:8} {counts['survived']:9} {other:6} {score:6.1f}%")
        for name, verdict in sorted(missed):
            print(f"    {verdict}: {name}")
    return all_reached


def main() -> None:
    """Read the command line, run mutmut unless only a report is asked for, and print the figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help="games to mutate (default: every game)")
    parser.add_argument("--report", action="store_true", help="print the last run's figures, run nothing")
    parser.add_argument("--max-children", type=int, default=2, help="mutants tried at once (default: 2)")
    parser.add_argument(
        "--one-in",
        type=int,
        default=1,
        choices=sorted(DIGITS_BY_SAMPLE),
        help="try one mutant in this many, by its number in its function (default: 1, every mutant)",
    )
    parser.add_argument(
        "--survivors", action="store_true", help="try only the mutants the last run did not catch"
    )
    arguments = parser.parse_args()
    known = modules_by_game()
    games = chosen_games(arguments.games, known)
    if not arguments.report:
        if arguments.survivors:
            names = survivors(games, known, arguments.one_in)
        else:
            names = [sample_pattern(game, arguments.one_in) for game in games]
        if names and run_mutmut(names, arguments.max_children) != 0:
            raise SystemExit("mutation: mutmut failed (its output is above)")
    sys.exit(0 if report(games, known, arguments.one_in) else 1)


if __name__ == "__main__":
    main()
