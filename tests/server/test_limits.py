"""Floods, too many connections and too many tables from one address are refused; limits are settings."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cardtable.server.limits import Limits, RateLimiter, SettingError
from tests.server.helpers import Client, ServerProcess

STRICT = ("max_connections_per_address=3", "max_tables_per_address=2", "flood_disconnect=60")


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with the default message rates and small counts."""
    folder: Path = tmp_path_factory.mktemp("strict")
    process = ServerProcess(folder / "tables.sqlite", limits=STRICT).start()
    try:
        yield process
    finally:
        process.stop()


def test_a_flood_is_refused_then_the_connection_closed(strict: ServerProcess) -> None:
    async def scenario() -> tuple[int, int, int | None]:
        client = await Client(strict.socket_url).open()
        for number in range(200):
            try:
                await client.send({"type": "ping", "ref": number})
            except ConnectionClosed:
                break
        assert client.socket is not None
        code = None
        try:
            while True:
                await client._receive()
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
        pongs = sum(frame["type"] == "pong" for frame in client.frames)
        limited = sum(frame.get("code") == "rate_limited" for frame in client.frames)
        return pongs, limited, code

    pongs, limited, code = asyncio.run(scenario())
    assert 40 <= pongs < 100, "the burst passes, the rest is refused"
    assert limited >= 1
    assert code == 1008


def test_too_many_connections_from_one_address(strict: ServerProcess) -> None:
    async def scenario() -> dict:
        clients = [await Client(strict.socket_url).open() for _ in range(3)]
        async with connect(strict.socket_url) as extra:
            refusal = json.loads(await extra.recv())
        for client in clients:
            await client.close()
        return refusal

    refusal = asyncio.run(scenario())
    assert refusal["code"] == "limit" and "3 connections" in refusal["message"]


def test_too_many_unfinished_tables_from_one_address(strict: ServerProcess) -> None:
    for _ in range(2):
        strict.create_table("drump", [{"person": "A"}, {"person": "B"}])
    response = strict.create({"game": "drump", "seats": [{"person": "A"}, {"person": "B"}]})
    assert response.status_code == 429 and "2 unfinished tables" in response.json()["error"]["message"]


def test_limits_are_settings_refused_by_name() -> None:
    limits = Limits.from_assignments(["max_tables=10", "messages-per-second=2.5"])
    assert limits.max_tables == 10 and limits.messages_per_second == 2.5
    with pytest.raises(SettingError, match="NAME one of"):
        Limits.from_assignments(["max_wombats=1"])
    with pytest.raises(SettingError, match="whole number above 0"):
        Limits.from_assignments(["max_tables=1.5"])
    with pytest.raises(SettingError, match="above 0"):
        Limits.from_assignments(["max_bot_pace=-1"])


def test_the_rate_limiter_lets_a_burst_through_then_the_rate() -> None:
    limiter = RateLimiter(rate=1000.0, burst=5)
    assert all(limiter.allow() for _ in range(5))
    limiter.tokens = 0.0
    assert not limiter.allow()
