"""The server's connections at the socket: caps on how many are open, deadlines, and accept failures.

Each TCP connection costs a file descriptor.  The server counts them, in all
and by network, and refuses one past either cap the moment it is accepted,
with a short HTTP answer, before it reads anything; the cap in all is kept
below the process's descriptor limit, so that accepting never runs out of
descriptors while the database, the workers' pipes and the client's files
still need some.  A connection that sends no request's headers within
`request_seconds` is closed (a client that opens sockets and says nothing
holds them no longer); an idle one is closed after `keep_alive_seconds`
(uvicorn's keep-alive timeout), a silent WebSocket by uvicorn's pings.

Should accepting run out of descriptors anyway (a burst of connections
accepted at once, or descriptors taken by something else), the listening
socket refuses the connections waiting with a spare descriptor kept for
that (libuv's way), rather than leaving them queued while the loop retries;
and the failure is logged at most once a second, with a count, not once per
try (asyncio's own handling logged every try, and scheduled a retry for
each: hundreds of megabytes of log in minutes).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import errno
import json
import logging
import os
import resource
import socket
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from cardtable.core.errors import CardtableError
from cardtable.server.guard import network_of
from cardtable.server.limits import Limits

log = logging.getLogger("cardtable.server")

#: Descriptors kept for the database, the workers' pipes, the client's files and the rest: an eighth
#: of the limit, and at least this many.
RESERVED_DESCRIPTORS = 64
#: The fewest connections worth serving.
FEWEST_SOCKETS = 16
#: The most the descriptor limit is raised to at start (up to the hard limit).
RAISED_DESCRIPTORS = 65536
#: Accept failures that mean the process or the system is out of something, not a bad client.
RESOURCE_ERRORS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})


class DescriptorError(CardtableError):
    """The process may open too few files to serve."""


def fit_descriptors(limits: Limits) -> Limits:
    """The limits with `max_sockets` below the process's descriptor limit (raised to the hard limit first)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = RAISED_DESCRIPTORS if hard == resource.RLIM_INFINITY else min(hard, RAISED_DESCRIPTORS)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        soft = wanted
    if soft == resource.RLIM_INFINITY:
        return limits
    room = soft - max(RESERVED_DESCRIPTORS, soft // 8)
    if room < FEWEST_SOCKETS:
        raise DescriptorError(
            f"the process may open only {soft} files (ulimit -n); the server needs at least "
            f"{RESERVED_DESCRIPTORS + FEWEST_SOCKETS}"
        )
    return dataclasses.replace(limits, max_sockets=min(limits.max_sockets, room))


class SocketGate:
    """The open connections, in all and by network, and the refusal of one more past either cap."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open = 0
        self.by_network: Counter[str] = Counter()

    def admit(self, address: str) -> tuple[int, str] | None:
        """Count one more connection from `address`, or the status and reason of its refusal."""
        network = network_of(address, self.limits)
        if self.open >= self.limits.max_sockets:
            return 503, f"the server holds its limit of {self.limits.max_sockets} connections; try again soon"
        if self.by_network[network] >= self.limits.max_sockets_per_address:
            most = self.limits.max_sockets_per_address
            return 429, f"{network} already has {most} open connections"
        self.open += 1
        self.by_network[network] += 1
        return None

    def release(self, address: str) -> None:
        """A connection admitted from `address` has closed."""
        network = network_of(address, self.limits)
        self.open -= 1
        self.by_network[network] -= 1
        if self.by_network[network] <= 0:
            del self.by_network[network]


def refusal_bytes(status: int, message: str) -> bytes:
    """A whole HTTP answer refusing a connection, written before its request is read."""
    body = json.dumps({"error": {"code": "limit", "message": message}}).encode()
    reason = {429: "Too Many Requests", 503: "Service Unavailable"}[status]
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


def guarded_protocols(gate: SocketGate) -> tuple[type[H11Protocol], type[WebSocketsSansIOProtocol]]:
    """uvicorn's HTTP and WebSocket protocols, admitting each connection through the gate."""
    limits = gate.limits

    class GuardedHttp(H11Protocol):
        admitted: str | None = None
        deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else "unknown"
            refused = gate.admit(address)
            if refused is not None:
                transport.write(refusal_bytes(*refused))
                transport.close()
                return
            self.admitted = address
            self._await_headers()

        def data_received(self, data: bytes) -> None:
            if self.deadline is None and self._between_requests():
                self._await_headers()
            super().data_received(data)
            if self.deadline is not None and not self._between_requests():
                self.deadline.cancel()
                self.deadline = None

        def connection_lost(self, exc: Exception | None) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
            if self.admitted is not None:
                gate.release(self.admitted)
                self.admitted = None
            super().connection_lost(exc)

        def _between_requests(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _await_headers(self) -> None:
            self.deadline = self.loop.call_later(limits.request_seconds, self._headers_late)

        def _headers_late(self) -> None:
            self.deadline = None
            # Once upgraded to a WebSocket, the transport is the socket protocol's.
            if self.transport.get_protocol() is self and self._between_requests():
                self.transport.close()

    class GuardedSocket(WebSocketsSansIOProtocol):
        def connection_lost(self, exc: Exception | None) -> None:
            # Only an admitted HTTP connection is upgraded; its count moves here with its transport.
            gate.release(self.client[0] if self.client else "unknown")
            super().connection_lost(exc)

    return GuardedHttp, GuardedSocket


#: Waiting connections refused at most at once, when out of descriptors.
SHED_AT_ONCE = 256
#: How long accepting pauses when even the spare descriptor is gone (seconds; asyncio's own retry delay).
ACCEPT_PAUSE = 1.0


class AcceptFailures:
    """Counts failed accepts, and says so at most once per `interval` seconds."""

    def __init__(self, interval: float = 1.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = interval
        self.clock = clock
        self.count = 0
        self.reported = -float("inf")

    def failed(self, error: OSError) -> str | None:
        """Count one failure; the line to log if one is due."""
        self.count += 1
        now = self.clock()
        if now - self.reported < self.interval:
            return None
        line = (
            f"out of file descriptors ({error.strerror or error}): {self.count} connection(s) "
            "refused or left waiting since the last report"
        )
        self.count, self.reported = 0, now
        return line


class ListeningSocket(socket.socket):
    """The listening socket: out of descriptors, it refuses the waiting connections, and says so rarely."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.failures = AcceptFailures()
        self.paused_until = 0.0
        self.spare: int | None = os.open(os.devnull, os.O_RDONLY)

    def accept(self) -> tuple[socket.socket, Any]:
        if time.monotonic() < self.paused_until:
            raise BlockingIOError(errno.EAGAIN, "accepting is paused")
        try:
            return super().accept()
        except OSError as error:
            if error.errno not in RESOURCE_ERRORS:
                raise
            line = self.failures.failed(error)
            if line is not None:
                log.error(line)
            if self._shed():
                # The waiting connections are answered: asyncio takes this for "none waiting".
                raise BlockingIOError(errno.EAGAIN, "waiting connections refused") from None
            # Not even the spare: asyncio stops watching the socket for a while; until then, none waits.
            self.paused_until = time.monotonic() + ACCEPT_PAUSE
            raise

    def _shed(self) -> bool:
        """Refuse waiting connections with the spare descriptor; whether there was one."""
        if self.spare is None:
            self.spare = _spare()
            return False
        os.close(self.spare)
        try:
            for _ in range(SHED_AT_ONCE):
                try:
                    connection, _ = super().accept()
                except OSError:
                    break
                with connection, contextlib.suppress(OSError):
                    connection.setblocking(False)
                    connection.send(refusal_bytes(503, "the server is out of connections; try again soon"))
        finally:
            self.spare = _spare()
        return True


def _spare() -> int | None:
    try:
        return os.open(os.devnull, os.O_RDONLY)
    except OSError:
        return None


def log_accept_failures(loop: asyncio.AbstractEventLoop) -> None:
    """Leave the listening socket's own report of running out of descriptors alone; other errors as before."""

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in RESOURCE_ERRORS and "accept" in context["message"]:
            return
        loop.default_exception_handler(context)

    loop.set_exception_handler(handle)
