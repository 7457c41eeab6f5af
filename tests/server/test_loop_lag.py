"""The event loop's lateness, as the server logs it (cardtable/server/loop_lag.py)."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

from cardtable.server.loop_lag import STALL_SECONDS, LagSummary, summarise, watch_loop_lag

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_a_summary_names_the_middle_the_tail_and_the_stalls() -> None:
    lags = [0.001] * 98 + [0.06, 0.2]
    summary = summarise(lags)
    assert (summary.ticks, summary.p50, summary.worst, summary.stalls) == (100, 0.001, 0.2, 2)
    assert summary.p99 == 0.2


def test_a_window_without_a_tick_is_refused() -> None:
    with pytest.raises(ValueError, match="no tick"):
        summarise([])


def test_a_blocked_loop_is_reported_late() -> None:
    reports: list[LagSummary] = []

    async def blocked_once() -> None:
        watching = asyncio.create_task(watch_loop_lag(reports.append, tick=0.002, window=0.2))
        await asyncio.sleep(0.05)
        time.sleep(STALL_SECONDS + 0.03)  # holds the loop, as a slow write would
        while not reports:
            await asyncio.sleep(0.01)
        watching.cancel()

    asyncio.run(blocked_once())
    assert reports[0].worst >= STALL_SECONDS + 0.03 - 0.002
    assert reports[0].stalls >= 1


def test_the_load_benchmark_reads_the_logged_line_back() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from serve_load import lag_windows
    finally:
        sys.path.remove(str(BENCHMARKS))
    summary = LagSummary(ticks=2000, p50=0.0004, p99=0.0123, worst=0.0815, stalls=3)
    text = f"2026-12-02 10:00:00,000 INFO cardtable.server: {summary.line()}\n"
    assert lag_windows(text) == [(0.0004, 0.0123, 0.0815, 3, 2000)]
