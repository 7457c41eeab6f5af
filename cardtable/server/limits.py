"""The server's limits: sizes, rates and counts that no client may pass, each one a setting.

Every limit has a default fit for a small public server and can be changed at
start (`cardtable serve --limit NAME=VALUE`); `docs/server.md` lists them.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardtable.core.errors import CardtableError


class SettingError(CardtableError, ValueError):
    """A limit setting that names no limit or gives it a bad value."""


@dataclass(frozen=True)
class Limits:
    """What one client may send and hold, and what the server holds at most."""

    #: The longest message a connection may send (characters); longer ones are refused unread.
    max_message_chars: int = 4096
    #: The largest WebSocket frame read at all; a larger one closes the connection (code 1009).
    max_frame_bytes: int = 65536
    #: The largest HTTP request body (a table request with two uploaded decks is about 3 KB).
    max_request_bytes: int = 65536
    #: Messages a connection may send each second, on average ...
    messages_per_second: float = 20.0
    #: ... and in one burst.
    message_burst: int = 40
    #: Messages refused for flooding before the connection is closed.
    flood_disconnect: int = 100
    #: Open connections from one address.
    max_connections_per_address: int = 64
    #: Connections (seats and spectators) at one table.
    max_connections_per_table: int = 64
    #: Unfinished tables created from one address.
    max_tables_per_address: int = 32
    #: Unfinished tables in all.
    max_tables: int = 5000
    #: New browser campaigns one address may start in an hour (each is a row kept in the database).
    campaigns_per_address_per_hour: int = 20
    #: Frames waiting to be sent to one connection before it is dropped as too slow.
    max_queued_frames: int = 512
    #: The longest a bot may wait before its move appears (seconds).
    max_bot_pace: float = 30.0
    #: The largest thinking budget of a tree-search bot: seconds ...
    max_bot_seconds: float = 30.0
    #: ... or iterations.
    max_bot_iterations: int = 100_000
    #: The longest chat line (characters).
    max_chat_chars: int = 300
    #: The longest player name (characters).
    max_name_chars: int = 40
    #: The longest a bot may think, beyond its own time budget, before its worker is ended (seconds).
    bot_move_seconds: float = 60.0
    #: Unfinished tables with no person at them, in all (they play themselves, taking processor time).
    max_bot_tables: int = 20

    @classmethod
    def from_assignments(cls, assignments: Iterable[str]) -> Limits:
        """Defaults changed by `name=value` texts (SettingError naming a bad one)."""
        known = {field.name: field for field in dataclasses.fields(cls)}
        changes: dict[str, Any] = {}
        for text in assignments:
            name, sep, value = (part.strip() for part in text.partition("="))
            field = known.get(name.replace("-", "_"))
            if not sep or field is None:
                raise SettingError(
                    f"limit {text!r} should be NAME=VALUE with NAME one of: {', '.join(sorted(known))}"
                )
            whole = field.type in ("int", int)
            number = _number(value, whole)
            if number is None or number <= 0:
                kind = "a whole number" if whole else "a number"
                raise SettingError(f"limit {name}: {value!r} should be {kind} above 0")
            changes[field.name] = number
        return dataclasses.replace(cls(), **changes)


def _number(text: str, whole: bool) -> int | float | None:
    try:
        return int(text) if whole else float(text)
    except ValueError:
        return None


class RateLimiter:
    """A token bucket: `rate` messages a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def full(self) -> bool:
        """Whether the bucket has refilled to its burst (nothing of its past still counts)."""
        now = time.monotonic()
        return self.tokens + (now - self.stamp) * self.rate >= self.burst

    def allow(self) -> bool:
        """Whether one more message may pass now (it is counted if so)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
