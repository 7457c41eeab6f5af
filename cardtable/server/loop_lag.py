"""How late the event loop runs: what every action, frame and bot move waits behind the work before it.

A timer that should fire every few milliseconds notes how late it runs; each
window (ten seconds) the lateness at p50, p99 and worst is logged at the info
level (`--log-level info`), with how many ticks were over a threshold.  The
loop serves one thing at a time, so a late tick means something held it: a
burst of actions served one after another, a write to the database, a
garbage collection.  This is how `benchmarks/serve_load.py` tells the
server's queueing from its own (docs/server.md, "Load").

At `--log-level debug` a stall of DUMP_SECONDS also writes every thread's
stack to the server's standard error as it happens (`faulthandler`, from a
thread of its own, re-armed at every tick): what held the loop, named.
"""

from __future__ import annotations

import asyncio
import faulthandler
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger("cardtable.server")

#: Seconds between two ticks of the timer.
TICK_SECONDS = 0.005
#: Seconds over which the lateness is summed up and logged.
WINDOW_SECONDS = 10.0
#: Lateness above which a tick counts as a stall, in seconds.
STALL_SECONDS = 0.05
#: Lateness past which the stacks are written, at the debug level.
DUMP_SECONDS = 0.25


@dataclass(frozen=True)
class LagSummary:
    """The loop's lateness over one window, in seconds."""

    ticks: int
    p50: float
    p99: float
    worst: float
    stalls: int

    def line(self) -> str:
        """The log line (benchmarks/serve_load.py reads it back: keep its words)."""
        return (
            f"event loop lag: p50 {self.p50 * 1000:.2f} ms, p99 {self.p99 * 1000:.2f} ms, "
            f"worst {self.worst * 1000:.2f} ms, {self.stalls} of {self.ticks} ticks over "
            f"{STALL_SECONDS * 1000:.0f} ms"
        )


def summarise(lags: list[float]) -> LagSummary:
    """Sum up one window's lateness (at least one tick)."""
    if not lags:
        raise ValueError("summarise: no tick in the window")
    ordered = sorted(lags)
    last = len(ordered) - 1
    return LagSummary(
        ticks=len(ordered),
        p50=ordered[min(last, len(ordered) // 2)],
        p99=ordered[min(last, int(0.99 * len(ordered)))],
        worst=ordered[last],
        stalls=sum(lag > STALL_SECONDS for lag in ordered),
    )


async def watch_loop_lag(
    report: Callable[[LagSummary], None] = lambda summary: log.info(summary.line()),
    tick: float = TICK_SECONDS,
    window: float = WINDOW_SECONDS,
    dump_stalls: bool = False,
) -> None:
    """Run for the server's life: time the timer's lateness, and report it every window (and if
    `dump_stalls`, write the stacks whenever the loop is DUMP_SECONDS late)."""
    lags: list[float] = []
    window_end = time.perf_counter() + window
    try:
        while True:
            expected = time.perf_counter() + tick
            if dump_stalls:
                faulthandler.dump_traceback_later(tick + DUMP_SECONDS, exit=False)
            await asyncio.sleep(tick)
            now = time.perf_counter()
            lags.append(max(0.0, now - expected))
            if now >= window_end:
                report(summarise(lags))
                lags = []
                window_end = now + window
    finally:
        if dump_stalls:
            faulthandler.cancel_dump_traceback_later()
