"""Undo at the table server: against bots at once, against people by their leave; a restart agrees."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.server.helpers import Client, ServerProcess


async def _play_until_the_bot_replied(client: Client, state: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Play the first legal action until Ann is to act again after a bot's reply; returns her states by
    version."""
    seen = {state["version"]: state}
    acted_at: int | None = None
    while True:
        if state["legal"]:
            if acted_at is not None and state["version"] > acted_at + 1:
                return seen
            acted_at = state["version"]
            await client.send({"type": "action", "id": 0, "version": state["version"]})
        state = await client.next("state")
        seen[state["version"]] = state


def _last_own_version(states: dict[int, dict[str, Any]], now: int) -> int:
    """The version at which Ann last acted before `now` (her states with legal moves)."""
    return max(version for version, state in states.items() if state["legal"] and version < now)


def test_an_undo_against_a_bot_takes_back_the_move_and_the_replies_and_survives_a_kill(
    tmp_path: Path,
) -> None:
    server = ServerProcess(tmp_path / "tables.sqlite").start()
    try:
        created = server.create_table("drump", [{"person": "Ann"}, {"bot": "random"}])
        token = created["seats"][0]["token"]

        async def undo() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            ann = await Client(server.socket_url).open()
            states = await _play_until_the_bot_replied(ann, await ann.join(created["table"], token))
            now = max(states)
            await ann.send({"type": "undo"})
            undone = await ann.next("undone", "error")
            after = await ann.next("state")
            await ann.close()
            return undone, after, states[_last_own_version(states, now)]

        undone, after, before = asyncio.run(undo())
        assert undone["type"] == "undone" and undone["seat"] == 1 and undone["count"] >= 2, undone
        # Back where Ann last decided: the same view and the same legal moves, the log sent whole again.
        assert after["version"] == before["version"] == undone["version"]
        assert after["view"] == before["view"] and after["legal"] == before["legal"]
        assert after["log"]["from"] == 0
        server.kill()
        server.start()

        async def rejoin() -> dict[str, Any]:
            ann = await Client(server.socket_url).open()
            state = await ann.join(created["table"], token)
            await ann.close()
            return state

        again = asyncio.run(rejoin())
        assert again["version"] == after["version"] and again["view"] == after["view"]
    finally:
        server.stop()


def test_an_undo_against_people_is_asked_and_answered(server: ServerProcess) -> None:
    async def scenario() -> None:
        created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bo"}])
        ann, bo = await Client(server.socket_url).open(), await Client(server.socket_url).open()
        states = {0: await ann.join(created["table"], created["seats"][0]["token"])}
        states[1] = await bo.join(created["table"], created["seats"][1]["token"])
        first = 0 if states[0]["legal"] else 1
        mover, other = (ann, bo) if first == 0 else (bo, ann)
        await mover.send({"type": "undo"})
        assert (await mover.next("error"))["code"] == "nothing_to_undo"
        version = states[first]["version"]
        await mover.send({"type": "action", "id": 0, "version": version})
        await mover.next("ack")
        await mover.send({"type": "undo"})
        for client in (ann, bo):
            asked = await client.next("undo_request")
            assert asked["seat"] == first + 1 and asked["waiting"] == [2 - first], asked
        # The asker cannot answer for the other; the other refuses, and nothing changes.
        await mover.send({"type": "undo", "accept": True})
        assert (await mover.next("error"))["code"] == "answered"
        await other.send({"type": "undo", "accept": False})
        refused = await mover.next("undo_request")
        assert refused["refused_by"] == 2 - first
        await mover.send({"type": "undo"})
        await other.next("undo_request")
        await other.send({"type": "undo", "accept": True})
        for client in (ann, bo):
            done = await client.next("undone")
            assert done["version"] == version and done["count"] == 1
            # The state that follows the undone frame (the ones before it were read and put aside).
            client.unread.clear()
            state = await client.next("state")
            assert state["version"] == version and state["log"]["from"] == 0
        await ann.close()
        await bo.close()

    asyncio.run(scenario())


def test_a_duel_against_a_duelist_is_never_undone(server: ServerProcess) -> None:
    async def scenario() -> dict[str, Any]:
        created = server.create_table("fm", [{"person": "Yugi"}, {"duelist": 3}])
        yugi = await Client(server.socket_url).open()
        state = await yugi.join(created["table"], created["seats"][0]["token"])
        while not state["legal"]:
            state = await yugi.next("state")
        await yugi.send({"type": "action", "id": 0, "version": state["version"]})
        await yugi.next("ack")
        await yugi.send({"type": "undo"})
        refused = await yugi.next("error")
        await yugi.close()
        return refused

    refused = asyncio.run(scenario())
    assert refused["code"] == "duelist" and "cannot be undone" in refused["message"]
