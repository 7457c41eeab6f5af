"""The share of a core a search worker gets on a host whose cores are all busy with other programs,
at each `cardtable serve --search-priority` (docs/server.md, "Bots").

    python benchmarks/search_priority.py [--seconds 10]

Starts one busy process per core at the normal priority, then a process that lowers itself as a search
worker does (`workers.lower_priority`) and spins for the given time, and prints the CPU time it got as
a share of one core.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from multiprocessing.queues import Queue
from typing import Any

from cardtable.server.limits import SEARCH_PRIORITIES
from cardtable.server.workers import lower_priority


def busy() -> None:
    """Another program that wants a core."""
    while True:
        pass


def search_like(priority: str, seconds: float, shares: Queue[Any]) -> None:
    """Spin at a search worker's priority for `seconds` and report the share of a core it had."""
    lower_priority(True, priority)
    started, cpu = time.monotonic(), time.process_time()
    while time.monotonic() - started < seconds:
        pass
    shares.put((time.process_time() - cpu) / (time.monotonic() - started))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=10.0)
    seconds = parser.parse_args().seconds
    cores = os.cpu_count() or 1
    others = [multiprocessing.Process(target=busy, daemon=True) for _ in range(cores)]
    for other in others:
        other.start()
    for priority in SEARCH_PRIORITIES:
        shares: Queue[Any] = multiprocessing.Queue()
        probe = multiprocessing.Process(target=search_like, args=(priority, seconds, shares))
        probe.start()
        probe.join()
        print(
            f"--search-priority {priority}: {100 * shares.get():.1f}% of a core beside {cores} busy processes"
        )


if __name__ == "__main__":
    main()
