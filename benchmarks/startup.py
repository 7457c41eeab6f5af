"""Start-up time of the command line: CPU and wall seconds of `cardtable --help`, in fresh interpreters.

    python benchmarks/startup.py [--runs 30] [--checkout before=/path/to/old] [-- ARGS...]

Each run starts `python -m cardtable.frontends.cli ARGS` (default `--help`)
from a neutral folder with PYTHONPATH set to a checkout (this one unless
`--checkout NAME=PATH` is given, repeatable, to compare two); checkouts are
run in turn, round after round, so that a busy machine weighs on each alike.
CPU time (user + system, of the child) is the figure to compare on a shared
machine; wall time is printed beside it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def one_run(checkout: Path, args: list[str], folder: str) -> tuple[float, float]:
    """CPU and wall seconds of one `cardtable ARGS` started from `folder` with the checkout on the path."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "cardtable.frontends.cli", *args],
        cwd=folder,  # not a checkout: `python -m` puts the working folder first on the path
        env=os.environ | {"PYTHONPATH": str(checkout)},
        stdout=subprocess.DEVNULL,
        check=True,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, wall


def main() -> None:
    """Time the command in every checkout, interleaved, and print medians and minima."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--checkout", action="append", default=[], metavar="NAME=PATH")
    parser.add_argument("args", nargs="*", default=["--help"])
    options = parser.parse_args()
    checkouts = {"this": HERE}
    if options.checkout:
        checkouts = {name: Path(path) for name, _, path in (text.partition("=") for text in options.checkout)}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(options.runs):
            for name, checkout in checkouts.items():
                times[name].append(one_run(checkout, options.args, folder))
    print(
        f"cardtable {' '.join(options.args)}: {options.runs} runs each, load average {os.getloadavg()[0]:.1f}"
    )
    for name, runs in times.items():
        cpu = [run[0] for run in runs]
        wall = [run[1] for run in runs]
        print(
            f"{name:>8}: CPU median {statistics.median(cpu):.3f} s (least {min(cpu):.3f}), "
            f"wall median {statistics.median(wall):.3f} s (least {min(wall):.3f})"
        )


if __name__ == "__main__":
    main()
