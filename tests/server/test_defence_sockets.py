"""Connections that cost the server descriptors, time and tables: floods, silence, many addresses."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import resource
import socket
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from cardtable.server.limits import Limits
from cardtable.server.logs import LogThrottle
from cardtable.server.sockets import AcceptFailures, SocketGate, fit_descriptors
from tests.server.defence_helpers import DRUMP_PEOPLE, LoggedServer
from tests.server.helpers import WAIT, wait_until

#: The descriptors the flooded server may open.
DESCRIPTORS = 128


def _lower_descriptors() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (DESCRIPTORS, DESCRIPTORS))


def _open(port: int, address: str = "127.0.0.1") -> socket.socket:
    sock = socket.socket()
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def _answer(sock: socket.socket) -> bytes:
    """Everything the server sends before it closes the connection."""
    sock.settimeout(WAIT)
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def test_a_connection_flood_past_the_descriptor_limit_keeps_the_log_small(tmp_path: Path) -> None:
    server = LoggedServer(tmp_path / "tables.sqlite", before=_lower_descriptors).start()
    try:
        flood = [_open(server.port) for _ in range(4 * DESCRIPTORS)]
        # The last ones are past the cap, refused at once with a clear answer.
        refused = _answer(flood[-1])
        assert refused.startswith(b"HTTP/1.1 503") and b'"code": "limit"' in refused
        for sock in flood:
            sock.close()
        with server.client_at("127.0.0.1") as client:
            assert client.get("/api/games").status_code == 200, "the server serves again"
    finally:
        server.stop()
    log = server.log.read_text()
    assert len(log) < 2000, log[:2000]


def test_accept_failures_are_told_once_a_second_with_a_count() -> None:
    now = [100.0]
    failures = AcceptFailures(interval=1.0, clock=lambda: now[0])
    error = OSError(errno.EMFILE, "Too many open files")
    lines = []
    for _ in range(3):
        for _ in range(500):
            lines.append(failures.failed(error))
            now[0] += 0.001
        now[0] += 1.0
    told = [line for line in lines if line is not None]
    assert len(told) == 3
    assert "1 connection(s) refused" in told[0] and "500 connection(s) refused" in told[1]
    assert "out of file descriptors (Too many open files)" in told[1]


def test_the_connection_cap_stays_below_the_descriptor_limit() -> None:
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    fitted = fit_descriptors(Limits(max_sockets=10**9))
    assert fitted.max_sockets < resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert fit_descriptors(Limits(max_sockets=20)).max_sockets == 20
    assert soft <= resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def test_silent_and_half_sent_requests_are_closed(tmp_path: Path) -> None:
    server = LoggedServer(tmp_path / "tables.sqlite", limits=("request_seconds=1",)).start()
    try:
        silent = _open(server.port)
        half = _open(server.port)
        half.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        slow_body = _open(server.port)
        slow_body.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        assert _answer(silent) == b""
        assert _answer(half) == b""
        assert b"408" in _answer(slow_body).split(b"\r\n")[0]
        # A request sent whole is answered as ever.
        whole = _open(server.port)
        whole.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert _answer(whole).startswith(b"HTTP/1.1 200")
    finally:
        server.stop()


def test_a_client_that_leaves_mid_body_is_refused_quietly(tmp_path: Path) -> None:
    """A client gone before its request's body came whole: one debug line, no traceback, no table."""
    server = LoggedServer(tmp_path / "tables.sqlite", options=("--log-level", "debug")).start()
    try:
        gone = _open(server.port)
        gone.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"protocol": 1'
        )
        gone.close()
        wait_until(lambda: "left before its request's body came whole" in server.log.read_text())
        whole = _open(server.port)
        whole.sendall(b"GET /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = _answer(whole)
        assert answer.startswith(b"HTTP/1.1 200") and json.loads(answer.split(b"\r\n\r\n", 1)[1]) == {
            "tables": []
        }
    finally:
        server.stop()
    log = server.log.read_text()
    assert "Traceback" not in log and "ClientDisconnect" not in log, log


def test_addresses_spread_over_a_network_cannot_fill_the_server_with_tables(tmp_path: Path) -> None:
    limits = ("max_tables_per_address=3", "max_tables=10", "http_burst=1000")
    server = LoggedServer(tmp_path / "tables.sqlite", limits=limits).start()
    try:
        answers = []
        for host in range(2, 12):
            with server.client_at(f"127.0.0.{host}") as client:
                answers.append(client.post("/api/tables", json=DRUMP_PEOPLE))
        assert [answer.status_code for answer in answers] == [201] * 3 + [429] * 7
        assert "127.0.0.0/24 already has 3 unfinished tables" in answers[-1].json()["error"]["message"]
        with server.client_at("127.1.0.1") as elsewhere:
            assert elsewhere.post("/api/tables", json=DRUMP_PEOPLE).status_code == 201
    finally:
        server.stop()


def test_addresses_spread_over_a_network_share_its_connections(tmp_path: Path) -> None:
    limits = ("max_connections_per_address=3", "max_sockets=30", "max_sockets_per_address=6")
    server = LoggedServer(tmp_path / "tables.sqlite", limits=limits).start()
    url = server.socket_url

    async def sockets() -> list[dict]:
        held = [await connect(url, local_addr=(f"127.0.0.{host}", 0)) for host in range(2, 5)]
        for socket_ in held:
            await socket_.recv()
        async with connect(url, local_addr=("127.0.0.9", 0)) as extra:
            refusal = json.loads(await extra.recv())
        async with connect(url, local_addr=("127.2.0.1", 0)) as elsewhere:
            welcome = json.loads(await elsewhere.recv())
        for socket_ in held:
            await socket_.close()
        return [refusal, welcome]

    try:
        refusal, welcome = asyncio.run(sockets())
        assert refusal["code"] == "limit" and "127.0.0.0/24 already has 3 connections" in refusal["message"]
        assert welcome["type"] == "hello"
        # At the socket: a network's connections past its cap are refused before anything is read.
        held = [_open(server.port, f"127.0.1.{host}") for host in range(1, 7)]
        refused = _answer(_open(server.port, "127.0.1.200"))
        assert refused.startswith(b"HTTP/1.1 429") and b"127.0.1.0/24 already has 6" in refused
        with server.client_at("127.3.0.1") as elsewhere:
            assert elsewhere.get("/api/games").status_code == 200
        for sock in held:
            sock.close()
    finally:
        server.stop()


def test_the_gate_counts_by_network_and_forgets_closed_connections() -> None:
    gate = SocketGate(Limits(max_sockets=3, max_sockets_per_address=2, ipv6_prefix=64))
    assert gate.admit("2001:db8::1") is None and gate.admit("2001:db8::ffff:2") is None
    refused = gate.admit("2001:db8:0:0:1::3")
    assert refused is not None and refused[0] == 429 and "2001:db8::/64" in refused[1]
    assert gate.admit("::ffff:192.0.2.7") is None
    full = gate.admit("198.51.100.1")
    assert full is not None and full[0] == 503
    gate.release("2001:db8::1")
    gate.release("::ffff:192.0.2.7")
    assert gate.admit("2001:db8::9") is None and gate.by_network == {"2001:db8::/64": 2}


@pytest.mark.parametrize("setting", ["ipv4_prefix=33", "ipv6_prefix=0"])
def test_a_prefix_past_its_address_is_refused(setting: str) -> None:
    from cardtable.server.limits import SettingError

    with pytest.raises(SettingError, match="from 1 to"):
        Limits.from_assignments([setting])


def test_a_flood_of_malformed_requests_writes_a_few_lines_with_a_count(tmp_path: Path) -> None:
    server = LoggedServer(tmp_path / "tables.sqlite").start()
    try:
        for _ in range(300):
            sock = _open(server.port)
            sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            assert _answer(sock).startswith(b"HTTP/1.1 400")
            sock.close()
    finally:
        server.stop()
    lines = [line for line in server.log.read_text().splitlines() if "Invalid HTTP request" in line]
    assert 1 <= len(lines) <= 60, f"{len(lines)} lines for 300 malformed requests"


def test_the_log_throttle_counts_what_it_leaves_out() -> None:
    now = [0.0]
    throttle = LogThrottle(burst=2, interval=1.0, clock=lambda: now[0])

    def record(text: str) -> logging.LogRecord:
        return logging.LogRecord("cardtable.server", logging.WARNING, __file__, 1, text, None, None)

    first = [throttle.filter(record("bad request")) for _ in range(10)]
    assert first == [True, True] + [False] * 8
    assert throttle.filter(record("another message")), "each message has its own allowance"
    debug = logging.LogRecord("cardtable.server", logging.DEBUG, __file__, 1, "bad request", None, None)
    assert throttle.filter(debug), "what the host asked to see is all written"
    now[0] += 1.0
    later = record("bad request")
    assert throttle.filter(later) and later.getMessage() == "bad request [8 more like this were not logged]"
