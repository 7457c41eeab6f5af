"""The server's log kept small: a message repeated faster than a few times a second is counted, not written.

Clients can make the server log (a malformed request is a warning each), so
without a bound a flood of them fills the disk with the log itself.  Each
warning or error (its logger and its text before formatting) may be written
`burst` times a second; past that its repeats are counted, and the next one
written says how many were not.  Debug and info lines, which whoever runs
the server asks for (`--log-level`), are all written.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

#: Messages kept track of; past this many different ones, the count starts afresh.
KEPT_MESSAGES = 1000


class LogThrottle(logging.Filter):
    """Lets each warning or error through `burst` times per `interval` seconds, and counts the rest.

    Debug and info lines are the operator's choice (`--log-level`) and pass as they are.
    """

    def __init__(
        self, burst: int = 5, interval: float = 1.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__()
        self.burst = burst
        self.interval = interval
        self.clock = clock
        #: Per message: the start of its current interval, how many were written in it, how many not.
        self.seen: dict[tuple[str, str], list[float]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        key = (record.name, str(record.msg))
        now = self.clock()
        entry = self.seen.get(key)
        if entry is None:
            if len(self.seen) >= KEPT_MESSAGES:
                self.seen.clear()
            entry = self.seen[key] = [now, 0, 0]
        if now - entry[0] >= self.interval:
            entry[0], entry[1] = now, 0
        if entry[1] >= self.burst:
            entry[2] += 1
            return False
        entry[1] += 1
        if entry[2]:
            record.msg = f"{record.msg} [{int(entry[2])} more like this were not logged]"
            entry[2] = 0
        return True


def throttle_logs(*names: str) -> None:
    """Throttle every handler of the root logger and of the loggers named."""
    throttle = LogThrottle()
    for logger in (logging.getLogger(), *(logging.getLogger(name) for name in names)):
        for handler in logger.handlers:
            handler.addFilter(throttle)
