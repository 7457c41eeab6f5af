"""Run the benchmark programs at bounded sizes and write their figures into docs/benchmarks.md.

    python tools/benchmark_figures.py              # run every figure's command, rewrite the page's section
    python tools/benchmark_figures.py --list       # the commands, run nothing
    make bench-docs                                # the same as the first, in the project's virtualenv

Each figure is the output of one program of `benchmarks/`, run in a fresh
interpreter from the checkout with the command shown beside it.  The page's
section between the two markers (`BEGIN` and `END` below) is replaced whole;
the rest of the page is left as it is, so what is written about the figures
stays.  The section records when and where it ran (the date, the commit, the
Python, the cores and the load average before and after), since timings on a
shared machine move with its load; the sizes are bounded so that the whole run
takes a few minutes.  A program that fails stops the run and the page is not
touched.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "benchmarks.md"
BEGIN = "<!-- figures: begin (written by tools/benchmark_figures.py; do not edit by hand) -->"
END = "<!-- figures: end -->"
#: Columns the programs' tables are drawn in.
WIDTH = 140


@dataclass(frozen=True)
class Figure:
    """One figure of the page: its heading and the command that prints it (a program and its arguments)."""

    title: str
    command: tuple[str, ...]


FIGURES = (
    Figure("Speed: random self-play in one process", ("benchmarks/speed.py", "--games", "300")),
    Figure(
        "Strength: heuristic against random, DRUMP (every preset)",
        ("benchmarks/strength.py", "--games", "300", "--jobs", "1"),
    ),
    Figure(
        "Strength: one heuristic against three random bots, Scout",
        ("benchmarks/strength.py", "--game", "scout", "--players", "heuristic,random,random,random")
        + ("--games", "200", "--jobs", "1"),
    ),
    Figure(
        "Strength: one heuristic against three random bots, dnup",
        ("benchmarks/strength.py", "--game", "dnup", "--players", "heuristic,random,random,random")
        + ("--games", "200", "--jobs", "1"),
    ),
    Figure(
        "Tree search: ISMCTS iterations per CPU second",
        ("benchmarks/search.py", "speed", "--moves", "10"),
    ),
    Figure("Start-up: `cardtable --help`", ("benchmarks/startup.py", "--runs", "10")),
)


def shown(figure: Figure) -> str:
    """The command as a reader types it from the checkout."""
    return "python " + shlex.join(figure.command)


def run(figure: Figure) -> str:
    """What the figure's program prints (SystemExit naming the command if it fails)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": str(WIDTH), "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, *figure.command], cwd=ROOT, env=environment, capture_output=True, text=True
    )
    if done.returncode:
        sys.exit(f"`{shown(figure)}` failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    return "\n".join(line.rstrip() for line in done.stdout.strip("\n").splitlines())


def load() -> str:
    """The machine's load average over the last minute, as text ("unknown" where it cannot be read)."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "unknown"


def commit() -> str:
    """The checkout's commit, with `+changes` when its files differ from it."""
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True)
    name = head.stdout.strip() or "unknown"
    return name + (" +changes" if dirty.stdout.strip() else "")


def section(outputs: list[tuple[Figure, str]], when: str, where: str) -> str:
    """The page's marked section: how the figures were made, then each figure with its command."""
    parts = [BEGIN, "", where, ""]
    for figure, output in outputs:
        parts += [f"### {figure.title}", "", "```", f"$ {shown(figure)}", output, "```", ""]
    parts += [f"_Written {when} by `make bench-docs`._", "", END]
    return "\n".join(parts)


def rewrite(page: str, new_section: str) -> str:
    """The page with its marked section replaced (ValueError unless each marker is there once, in order)."""
    start, end = page.find(BEGIN), page.find(END)
    if page.count(BEGIN) != 1 or page.count(END) != 1 or end < start:
        raise ValueError(f"the page needs the lines {BEGIN!r} and {END!r}, once each and in that order")
    return page[:start] + new_section + page[end + len(END) :]


def main() -> None:
    """Run every figure's command and rewrite the page's section, or list the commands."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--list", action="store_true", help="print the commands and run nothing")
    parser.add_argument("--page", type=Path, default=PAGE, help="default: docs/benchmarks.md")
    args = parser.parse_args()
    if args.list:
        print("\n".join(shown(figure) for figure in FIGURES))
        return
    page = args.page.read_text(encoding="utf-8")
    rewrite(page, "")  # the markers are checked before anything runs
    load_before, started = load(), time.monotonic()
    outputs = []
    for figure in FIGURES:
        print(f"running: {shown(figure)}", file=sys.stderr)
        outputs.append((figure, run(figure)))
    minutes = (time.monotonic() - started) / 60
    where = (
        f"Commit {commit()}, CPython {platform.python_version()} ({platform.machine()}), "
        f"{os.cpu_count()} cores, load average {load_before} before the run and {load()} after; "
        f"{minutes:.0f} minutes of wall time. Seconds are CPU seconds of the process measured."
    )
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    args.page.write_text(rewrite(page, section(outputs, when, where)), encoding="utf-8")
    print(f"{args.page}: {len(outputs)} figures written", file=sys.stderr)


if __name__ == "__main__":
    main()
