"""Work the server does now and then while it runs: the sweep for expired tables, the scan for free ones."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


def repeat_in_loop(
    work: Callable[[], object], seconds: float, failed: Callable[[Exception], None], wait_first: bool = False
) -> asyncio.Task[None] | None:
    """Run `work` every `seconds` in the running event loop, from now on (None: no loop runs).

    A failure of one run goes to `failed`, called while the exception is handled (so it may log it),
    and the next run comes as planned.  With `wait_first`, the first run comes after `seconds`.
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None

    async def now_and_then() -> None:
        if wait_first:
            await asyncio.sleep(seconds)
        while True:
            try:
                work()
            except Exception as error:
                failed(error)
            await asyncio.sleep(seconds)

    return loop.create_task(now_and_then())
