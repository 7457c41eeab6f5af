"""A server killed (SIGKILL) at random moments and started again loses no acknowledged action (on SQLite
and on PostgreSQL).

People's clients reconnect on their own and play on; bots pick up where they
were.  Every action a client had an acknowledgement for must be in the
table's record, at the version the acknowledgement named, when the games end.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tests.server.helpers import Client, Place, ServerProcess

#: The tables played through the restarts: people only, people with bots, a duel against a duelist.
TABLES = [
    ("drump", [{"person": "A"}, {"person": "B"}]),
    ("scout", [{"person": "A"}, {"bot": "random"}, {"person": "C"}, {"bot": "heuristic"}]),
    ("fm", [{"person": "A"}, {"duelist": 3}]),
]
KILLS = 3


async def _play_once(
    url: str, table: str, token: str, rng: random.Random, acked: dict[int, str]
) -> dict[str, Any]:
    """Play at random, a little slower than a program could, until the game ends or the server goes."""
    client = await Client(url).open(open_timeout=5)
    try:
        state = await client.join(table, token)
        asked: int | None = None
        while True:
            if state["legal"] and asked != state["version"]:
                await asyncio.sleep(rng.uniform(0.0, 0.02))
                choice = rng.choice(state["legal"])
                asked = state["version"]
                await client.send({"type": "action", "id": choice["id"], "version": state["version"]})
            frame = await client.next()
            assert frame["type"] != "error", frame
            if frame["type"] == "ack":
                acked[frame["version"]] = frame["action"]
            elif frame["type"] == "state":
                state = frame
            elif frame["type"] == "game_over":
                return frame
    finally:
        await client.close()


async def _play_through_restarts(
    server: ServerProcess, table: str, token: str, seed: int, acked: dict[int, str]
) -> dict[str, Any]:
    rng = random.Random(seed)
    while True:
        try:
            return await _play_once(server.socket_url, table, token, rng, acked)
        except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError):
            await asyncio.sleep(0.05)


def test_a_killed_server_resumes_every_table(place: Place) -> None:
    server = place.server().start()
    rng = random.Random(2024)
    try:
        created = [server.create_table(game, seats) for game, seats in TABLES]
        players = [
            (table["table"], seat["token"]) for table in created for seat in table["seats"] if "token" in seat
        ]
        acked: dict[str, dict[int, str]] = {table["table"]: {} for table in created}

        async def kill_now_and_then() -> list[int]:
            grown = []
            for _ in range(KILLS):
                await asyncio.sleep(rng.uniform(0.3, 1.2))
                before = {table: dict(versions) for table, versions in acked.items()}
                server.kill()
                await asyncio.to_thread(server.start)
                for table, versions in before.items():
                    summary = httpx.get(f"{server.base}/api/tables/{table}").json()
                    assert summary["version"] >= max(versions, default=0), f"table {table} lost actions"
                grown.append(sum(map(len, before.values())))
            return grown

        async def everything() -> tuple[list[int], list[dict[str, Any]]]:
            games = asyncio.gather(
                *(
                    _play_through_restarts(server, table, token, index, acked[table])
                    for index, (table, token) in enumerate(players)
                )
            )
            grown = await kill_now_and_then()
            return grown, list(await games)

        grown, endings = asyncio.run(everything())
        assert grown == sorted(grown) and grown[0] > 0, "the kills fell during play"
        for table in created:
            over = next(frame for frame in endings if frame["table"] == table["table"])
            actions = [line for line in over["replay"][1:] if "action" in line]
            for version, text in acked[table["table"]].items():
                assert actions[version - 1]["action"] == text, f"acknowledged action {version} was lost"
            assert {line["seat"] for line in actions} == set(range(1, len(table["seats"]) + 1))
    finally:
        server.stop()
