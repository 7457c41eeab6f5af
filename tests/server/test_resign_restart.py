"""A resign or a claim acknowledged just before a kill -9 is there after the restart (a real server)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import FAST, WAIT, Client, ServerProcess

#: A seat to act that nobody has joined may be claimed against at once (the grace period is a millisecond).
NO_GRACE = (*FAST, "disconnect_grace_seconds=0.001")


async def _resign(url: str, table: str, token: str, kind: str = "resign") -> dict[str, Any]:
    """Send a resign (or a claim) and wait for the table to be told: the acknowledgement."""
    client = await Client(url).open()
    try:
        await client.join(table, token)
        await client.send({"type": kind, "ref": "bye"})
        while True:
            told = await client.next("withdrawn", "error")
            assert told["type"] == "withdrawn", told
            if told["ref"] == "bye":
                return told
    finally:
        await client.close()


async def _play_until_the_bot_moved(url: str, table: str, tokens: dict[int, str]) -> None:
    """The people play at random until a move they did not make appears: the bot's (no action came before)."""
    clients = {seat: await Client(url).open() for seat in tokens}
    rng = random.Random(5)
    ours = 0
    try:
        states = {seat: await client.join(table, tokens[seat]) for seat, client in clients.items()}
        while True:
            newest = max(states.values(), key=lambda frame: frame["version"])
            if newest["version"] > ours:
                return
            seat = newest["to_act"] - 1
            if seat in clients:
                state = states[seat]
                choice = rng.choice(state["legal"])
                await clients[seat].send({"type": "action", "id": choice["id"], "version": state["version"]})
                ack = await clients[seat].next("ack", "error")
                assert ack["type"] == "ack", ack
                ours += 1
            states = {seat: await client.latest_state() for seat, client in clients.items()}
    finally:
        for client in clients.values():
            await client.close()


def test_a_resign_acknowledged_before_a_kill_survives_it(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables.sqlite", limits=NO_GRACE).start()
    try:
        duel = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
        party = server.create_table("scout", [{"person": "Ann"}, {"person": "Bob"}, {"person": "Cara"}])
        claimed = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
        away = httpx.get(f"{server.base}/api/tables/{claimed['table']}", timeout=WAIT).json()["to_act"]
        claimer = 3 - away

        async def end_them() -> None:
            told = await _resign(server.socket_url, duel["table"], duel["seats"][0]["token"])
            assert told["why"] == "resigned" and told["name"] == "Ann"
            told = await _resign(server.socket_url, party["table"], party["seats"][1]["token"])
            assert told["seats"][1]["name"] == "Bob (bot)"
            told = await _resign(
                server.socket_url, claimed["table"], claimed["seats"][claimer - 1]["token"], "claim"
            )
            assert told["why"] == "abandoned" and told["seat"] == away

        asyncio.run(end_them())
        server.kill()
        server.start()
        summary = httpx.get(f"{server.base}/api/tables/{claimed['table']}", timeout=WAIT).json()
        assert summary["finished"] and summary["outcome"]["ending"] == "abandoned"
        assert summary["outcome"]["winners"] == [claimer]
        summary = httpx.get(f"{server.base}/api/tables/{duel['table']}", timeout=WAIT).json()
        assert summary["finished"] and summary["outcome"]["ending"] == "resigned"
        assert summary["outcome"]["winners"] == [2] and summary["outcome"]["reason"] == "Ann resigned"
        replay = httpx.get(f"{server.base}/api/tables/{duel['table']}/replay", timeout=WAIT)
        assert '{"seat": 1, "withdraws": "resigned"}' in replay.text
        summary = httpx.get(f"{server.base}/api/tables/{party['table']}", timeout=WAIT).json()
        assert not summary["finished"]
        assert summary["seats"][1] == {
            "seat": 2,
            "name": "Bob (bot)",
            "kind": "bot",
            "bot": "heuristic",
            "connected": True,
            "claimed": None,
            "invited": None,
            "left": "resigned",
        }
        tokens = {0: party["seats"][0]["token"], 2: party["seats"][2]["token"]}
        asyncio.run(_play_until_the_bot_moved(server.socket_url, party["table"], tokens))
    finally:
        server.stop()
