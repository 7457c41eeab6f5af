"""Chat budgets, on an injected clock: each is spent and refilled at its rate, narrowest first."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.server.audience import Audience
from cardtable.server.limits import Limits
from cardtable.server.service import TableService
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.tables import Connection


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


Scenario = Callable[[TableService, str, dict[int, str], Clock], Any]


@pytest.fixture
def run(tmp_path: Path) -> Iterator[Callable[[Limits, Scenario], Any]]:
    """Run a scenario at a two-person table of a service whose audience reads an injected clock."""
    storages: list[SqliteStorage] = []

    def runner(limits: Limits, scenario: Scenario) -> Any:
        async def inside() -> Any:
            storage = SqliteStorage(tmp_path / f"tables{len(storages)}.sqlite")
            storages.append(storage)
            service = TableService(storage, None, limits)  # type: ignore[arg-type]
            clock = Clock()
            service.audience = Audience(limits, clock)
            request = {"protocol": 1, "game": "drump", "seats": [{"person": "A"}, {"person": "B"}]}
            table, grants = service.create({**request, "hot_seat": True}, "10.0.0.1")
            tokens = {seat: token for seat, token in enumerate(grants.tokens) if token is not None}
            return scenario(service, table.id, tokens, clock)

        return asyncio.run(inside())

    yield runner
    for storage in storages:
        storage.close()


def _connect(service: TableService, table: str, address: str, token: str | None = None) -> Connection:
    assert service.connection_refused(address) is None
    connection = Connection(address, service.limits)
    message: dict[str, Any] = {"type": "join", "protocol": 1, "table": table}
    if token is not None:
        message["token"] = token
    service.receive(connection, json.dumps(message), {})
    _drain(connection)
    return connection


def _drain(connection: Connection) -> list[dict[str, Any]]:
    frames = []
    while not connection.outbox.empty():
        text = connection.outbox.get_nowait()
        if text is not None:
            frames.append(json.loads(text))
    return frames


def _say(service: TableService, connection: Connection, text: str = "hi") -> str:
    """Send a line; 'said' if it went out, else the refusal's code."""
    service.receive(connection, json.dumps({"type": "chat", "text": text}), {})
    frames = _drain(connection)
    refused = [frame["code"] for frame in frames if frame["type"] == "error"]
    return refused[0] if refused else "said"


def test_a_connections_budget_is_spent_then_refilled_with_time(run: Callable[..., Any]) -> None:
    limits = Limits(chat_lines_per_minute=20)  # a quarter of a minute's lines, 5, may come at once

    def scenario(service: TableService, table: str, tokens: dict[int, str], clock: Clock) -> list[str]:
        player = _connect(service, table, "10.0.0.2", tokens[0])
        said = [_say(service, player) for _ in range(6)]
        clock.now += 2.9
        said.append(_say(service, player))
        clock.now += 0.2  # one line every 3 seconds
        said.append(_say(service, player))
        return said

    assert run(limits, scenario) == ["said"] * 5 + ["rate_limited", "rate_limited", "said"]


def test_an_addresss_budget_holds_all_its_connections_and_spends_nobody_elses(
    run: Callable[..., Any],
) -> None:
    limits = Limits(chat_lines_per_minute_per_address=40, spectator_chat_lines_per_minute_per_table=60)

    def scenario(
        service: TableService, table: str, tokens: dict[int, str], clock: Clock
    ) -> tuple[int, str, str]:
        crowd = [_connect(service, table, "10.0.0.9") for _ in range(8)]
        passed = sum(_say(service, spectator) == "said" for spectator in crowd for _ in range(5))
        other = _connect(service, table, "10.0.0.10")
        player = _connect(service, table, "10.0.0.11", tokens[1])
        return passed, _say(service, other), _say(service, player)

    passed, other, player = run(limits, scenario)
    assert passed == 10, "one address passes its burst of 10 lines, from however many connections"
    assert other == "said" and player == "said"


def test_the_spectators_of_a_table_share_a_budget_the_players_do_not_spend(run: Callable[..., Any]) -> None:
    limits = Limits(spectator_chat_lines_per_minute_per_table=12, max_spectators_per_table=100)

    def scenario(
        service: TableService, table: str, tokens: dict[int, str], clock: Clock
    ) -> tuple[int, list[str]]:
        crowd = [_connect(service, table, f"10.0.1.{number}") for number in range(10)]
        passed = sum(_say(service, spectator) == "said" for spectator in crowd)
        player = _connect(service, table, "10.0.1.200", tokens[0])
        return passed, [_say(service, player) for _ in range(3)]

    passed, player = run(limits, scenario)
    assert passed == 3, "a quarter of the table's 12 lines a minute"
    assert player == ["said"] * 3


def test_the_servers_budget_caps_every_line(run: Callable[..., Any]) -> None:
    limits = Limits(chat_lines_per_minute_in_all=16, max_spectators_per_table=100)

    def scenario(service: TableService, table: str, tokens: dict[int, str], clock: Clock) -> tuple[int, str]:
        speakers = [_connect(service, table, f"10.0.2.{number}") for number in range(8)]
        passed = sum(_say(service, speaker) == "said" for speaker in speakers)
        clock.now += 60.0
        return passed, _say(service, speakers[0])

    assert run(limits, scenario) == (4, "said")
