"""Keeping the garbage collector's pauses short while hundreds of tables hold their matches.

A full collection walks every object the server holds (each table's states,
logs and moves), which took 100 to 300 ms with 500 tables: long enough to
hold up every action waiting behind it.  The tables' objects live long and
form no cycles, so every little while the objects alive are moved out of
the collector's sight (`gc.freeze`), and its collections only look at what
is new.  Now and then everything is looked at once (a full collection), so
that garbage cycles moved out of sight in the meantime are reclaimed too.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("cardtable.server")

#: Seconds between two moves of the live objects out of the collector's sight.
FREEZE_SECONDS = 2.0
#: Seconds between two full collections.
FULL_COLLECTION_SECONDS = 600.0


def collect_all() -> None:
    """A full collection of everything, then everything left moved out of the collector's sight."""
    started = time.perf_counter()
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    log.info("full garbage collection: %.0f ms", (time.perf_counter() - started) * 1000)


async def tend_memory() -> None:
    """Run for the server's life: freeze the live objects often, collect everything seldom."""
    collect_all()
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(FREEZE_SECONDS)
        if time.monotonic() - last_full >= FULL_COLLECTION_SECONDS:
            collect_all()
            last_full = time.monotonic()
        else:
            gc.freeze()
