"""The server's limits: sizes, rates and counts that no client may pass, each one a setting.

Every limit has a default fit for a small public server and can be changed at
start (`cardtable serve --limit NAME=VALUE`); `docs/server.md` lists them.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cardtable.core.errors import CardtableError

#: Where the search workers run (`cardtable serve --search-priority`, bots in `workers.py`): `idle`,
#: in the idle class where there is one, which gives way at once to anything else but starves on a host
#: whose cores other programs keep busy; `low`, at a nice level alone, which keeps a share of such a host
#: (docs/server.md, "Bots", measures both).
SEARCH_PRIORITIES = ("idle", "low")
#: The settings with an upper bound: a prefix is at most the address's length.
MAXIMA = {"ipv4_prefix": 32, "ipv6_prefix": 128}


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
    #: Open connections in all (seats, spectators and those at no table yet).
    max_connections: int = 4096
    #: Connections holding one seat (tabs, a reload); past it the seat's oldest connection is closed.
    max_connections_per_seat: int = 4
    #: Spectators in all: the rest of `max_connections` is kept for the seats.
    max_spectators: int = 3072
    #: Spectators at one table (its seats are counted apart) ...
    max_spectators_per_table: int = 64
    #: ... and from one address, at all tables.
    max_spectators_per_address: int = 16
    #: Chat lines a minute: from one connection, ...
    chat_lines_per_minute: int = 20
    #: ... from one address, ...
    chat_lines_per_minute_per_address: int = 40
    #: ... from the spectators of one table, ...
    spectator_chat_lines_per_minute_per_table: int = 60
    #: ... and in all (each refused past its budget, `rate_limited`).
    chat_lines_per_minute_in_all: int = 3000
    #: Unfinished tables created from one address.
    max_tables_per_address: int = 32
    #: Unfinished tables in all.
    max_tables: int = 5000
    #: Days without a move after which a table is closed without a result (its replay kept).
    table_expiry_days: float = 14.0
    #: Minutes without a move or anyone at it after which a table is abandoned: it no longer counts
    #: against its address's limit, and is closed when that address needs the room.
    table_idle_minutes: float = 60.0
    #: Seconds a seat to act may stay away (no connection) before the others may claim.
    disconnect_grace_seconds: float = 120.0
    #: New browser campaigns one address may start in an hour (each is a row kept in the database).
    campaigns_per_address_per_hour: int = 20
    #: Frames waiting to be sent to one connection before it is dropped as too slow.
    max_queued_frames: int = 512
    #: The longest a bot may wait before its move appears (seconds).
    max_bot_pace: float = 30.0
    #: The least time before any bot's move appears (seconds), whatever its pace: a bot that answers
    #: faster would tell by its speed what it holds (benchmarks/bot_timing.py, docs/threat-model.md).
    min_bot_answer_seconds: float = 0.4
    #: The largest thinking budget of a tree-search bot: seconds ...
    max_bot_seconds: float = 30.0
    #: ... or iterations.
    max_bot_iterations: int = 100_000
    #: The longest chat line (characters).
    max_chat_chars: int = 300
    #: The longest player name (characters).
    max_name_chars: int = 40
    #: Open TCP connections (HTTP and WebSocket) in all; lowered at start below the descriptor limit.
    max_sockets: int = 4096
    #: Open TCP connections from one network (`ipv4_prefix`, `ipv6_prefix`).
    max_sockets_per_address: int = 256
    #: Seconds a connection may take to send a request's headers, or its body.
    request_seconds: float = 10.0
    #: Seconds an idle HTTP connection is kept open after a response.
    keep_alive_seconds: int = 5
    #: HTTP requests one network may make each second, on average ...
    http_requests_per_second: float = 20.0
    #: ... and in one burst (the browser client's page is about 20 files).
    http_burst: int = 100
    #: The per-address limits count IPv4 addresses together by this prefix (32: each address alone) ...
    ipv4_prefix: int = 24
    #: ... and IPv6 addresses by this one (a /64 is one site's network).
    ipv6_prefix: int = 64
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
            most = MAXIMA.get(field.name)
            if number is None or number <= 0 or (most is not None and number > most):
                kind = "a whole number" if whole else "a number"
                within = "above 0" if most is None else f"from 1 to {most}"
                raise SettingError(f"limit {name}: {value!r} should be {kind} {within}")
            changes[field.name] = number
        return dataclasses.replace(cls(), **changes)


def _number(text: str, whole: bool) -> int | float | None:
    try:
        return int(text) if whole else float(text)
    except ValueError:
        return None


class RateLimiter:
    """A token bucket: `rate` messages a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.stamp = clock()

    def full(self) -> bool:
        """Whether the bucket has refilled to its burst (nothing of its past still counts)."""
        now = self.clock()
        return self.tokens + (now - self.stamp) * self.rate >= self.burst

    def allow(self) -> bool:
        """Whether one more message may pass now (it is counted if so)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
