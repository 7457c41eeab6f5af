"""Crazy Eights at the real server: people and bots play to the end, and no frame shows a hidden card."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.core.replay import from_lines
from cardtable.games import get_game
from tests.server.helpers import Client, ServerProcess, play_randomly
from tests.server.test_secrecy import _check_receiver, _record_game, _states


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A running server on 127.0.0.1 and a free port."""
    folder: Path = tmp_path_factory.mktemp("server")
    process = ServerProcess(folder / "tables.sqlite").start()
    try:
        yield process
    finally:
        process.stop()


def test_a_person_and_two_bots_finish_a_game_under_the_openspiel_preset(server: ServerProcess) -> None:
    seats = [{"person": "Ann"}, {"bot": "heuristic"}, {"bot": "random"}]
    created = server.create_table("crazy_eights", seats, preset="openspiel")
    token = created["seats"][0]["token"]

    async def play() -> dict[str, Any]:
        client = await Client(server.socket_url).open()
        first = await client.join(created["table"], token)
        return await play_randomly({0: client}, {0: first}, random.Random(3), by_text=True)

    over = asyncio.run(play())
    assert over["outcome"]["ending"] in ("went_out", "blocked", "play_limit")
    replay = httpx.get(f"{server.base}/api/tables/{created['table']}/replay").text.splitlines()
    match = from_lines(replay)
    assert match.is_over and match.options.scoring == "openspiel"
    assert {json.loads(line).get("seat") for line in replay[1:-1]} >= {1, 2, 3}


@pytest.mark.parametrize("players", [2, 4])
def test_no_frame_shows_a_hidden_card_or_the_seed(server: ServerProcess, players: int) -> None:
    game = get_game("crazy_eights")
    seats = [{"person": name} for name in "ABCD"[:players]]

    async def play_all() -> list[tuple[dict[int | None, Client], dict[str, Any]]]:
        tables = [server.create_table("crazy_eights", seats) for _ in range(2)]
        recorded = await asyncio.gather(
            *(_record_game(server, table, index) for index, table in enumerate(tables))
        )
        return list(zip(recorded, tables, strict=True))

    checked = 0
    for clients, _ in asyncio.run(play_all()):
        over = next(frame for frame in clients[None].frames if frame["type"] == "game_over")
        match, states = _states(over["replay"])
        assert match.is_over and over["outcome"] == match.outcome.to_json()
        for receiver, client in clients.items():
            checked += _check_receiver(game, states, match.seed, receiver, client)
    assert checked > 100
