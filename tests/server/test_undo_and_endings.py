"""Undo beside the tables' other endings: a resign after an undo, a clock, a spectator who joins later.

Each case was found by a review of the two features together (an undo's stored line, `#undo N`, and the
table events that stand after a number of stored lines).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import FAST, WAIT, Client, ServerProcess


async def _first_move(client: Client, state: dict[str, Any]) -> dict[str, Any]:
    """Wait until the client's seat is to act, play its first legal action; the state after it."""
    while not state["legal"]:
        state = await client.next("state")
    await client.send({"type": "action", "id": 0, "version": state["version"]})
    return await client.next("state")


def _readable(server: ServerProcess, table: str) -> list[int]:
    """The status of every route that rebuilds a finished table from storage."""
    routes = [f"/api/tables/{table}", f"/api/tables/{table}/replay", f"/api/tables/{table}/steps/0?seat=all"]
    return [httpx.get(server.base + route, timeout=WAIT).status_code for route in routes]


def test_a_resign_after_an_undo_leaves_the_table_readable_before_and_after_a_kill(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables.sqlite").start()
    try:
        created = server.create_table("drump", [{"person": "Ann"}, {"bot": "random", "pace": 0}])
        table, token = created["table"], created["seats"][0]["token"]

        async def play() -> dict[str, Any]:
            ann = await Client(server.socket_url).open()
            await _first_move(ann, await ann.join(table, token))
            await ann.send({"type": "undo"})
            assert (await ann.next("undone", "error"))["type"] == "undone"
            await ann.send({"type": "resign"})
            over = await ann.next("game_over", "error")
            await ann.close()
            return over

        over = asyncio.run(play())
        assert over["type"] == "game_over" and over["outcome"]["ending"] == "resigned"
        # Nobody is at the finished table: it left memory, and is rebuilt from storage when asked for.
        assert _readable(server, table) == [200, 200, 200]
        server.kill()
        server.start()
        assert _readable(server, table) == [200, 200, 200]
        summary = httpx.get(f"{server.base}/api/tables/{table}", timeout=WAIT).json()
        assert summary["outcome"]["ending"] == "resigned" and summary["outcome"]["winners"] == [2]
    finally:
        server.stop()


def test_a_table_with_a_clock_has_no_undo(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables.sqlite").start()
    try:
        seats = [{"person": "Ann"}, {"bot": "random", "pace": 0}]
        created = server.create_table("drump", seats, clock={"move": 60})

        async def play() -> tuple[dict[str, Any], dict[str, Any]]:
            ann = await Client(server.socket_url).open()
            after = await _first_move(ann, await ann.join(created["table"], created["seats"][0]["token"]))
            await ann.send({"type": "undo"})
            refused = await ann.next("undone", "error")
            await ann.close()
            return after, refused

        after, refused = asyncio.run(play())
        assert refused["type"] == "error" and refused["code"] == "no_undo", refused
        assert "clock" in refused["message"]
        summary = httpx.get(f"{server.base}/api/tables/{created['table']}", timeout=WAIT).json()
        assert summary["version"] >= after["version"], "nothing was taken back"
    finally:
        server.stop()


def test_a_spectator_joining_after_an_undo_sees_the_branch_that_stands(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables.sqlite").start()
    try:
        created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
        table = created["table"]
        tokens = [seat["token"] for seat in created["seats"]]

        async def play() -> tuple[dict[str, Any], dict[str, Any]]:
            people = [await Client(server.socket_url).open() for _ in tokens]
            states = [await client.join(table, token) for client, token in zip(people, tokens, strict=True)]
            first = states[0]["to_act"] - 1
            mover, other = people[first], people[1 - first]
            await mover.send({"type": "action", "id": 0, "version": 0})
            await mover.next("state")
            early = await Client(server.socket_url).open()
            await early.join(table)  # the spectators' first frame of version 1, on the first branch
            await mover.send({"type": "undo"})
            await other.next("undo_request")
            await other.send({"type": "undo", "accept": True})
            await other.next("undone")
            legal = (await mover.latest_state())["legal"]
            # Version 1 again, by another move.
            await mover.send({"type": "action", "id": len(legal) - 1, "version": 0})
            await mover.next("state")
            watching = await early.next("state")  # the undo's state (version 0), then the new move's
            while watching["version"] != 1:
                watching = await early.next("state")
            late = await Client(server.socket_url).open()
            joined = await late.join(table)
            for client in [*people, early, late]:
                await client.close()
            return watching, joined

        watching, joined = asyncio.run(play())
        assert joined["version"] == watching["version"] == 1
        assert joined["view"] == watching["view"], "the late spectator is shown the branch that was undone"
    finally:
        server.stop()


def test_after_a_person_leaves_an_undo_asks_only_the_people_still_seated(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables.sqlite").start()
    try:
        seats = [{"person": "Ann"}, {"person": "Bob"}, {"bot": "random", "pace": 0}]
        created = server.create_table("scout", seats)
        table = created["table"]
        tokens = [seat["token"] for seat in created["seats"][:2]]

        async def play() -> dict[str, Any]:
            ann, bob = [await Client(server.socket_url).open() for _ in tokens]
            state = await ann.join(table, tokens[0])
            await bob.join(table, tokens[1])
            await bob.send({"type": "resign"})
            await bob.next("withdrawn")
            await _first_move(ann, state)
            await ann.send({"type": "undo"})
            answer = await ann.next("undone", "undo_request", "error")
            await ann.close()
            await bob.close()
            return answer

        answer = asyncio.run(play())
        # Bob's seat is a bot's now, and a bot agrees: against bots alone the undo is done at once.
        assert answer["type"] == "undone", answer
    finally:
        server.stop()


async def _watch_once_let_in(server: ServerProcess, table: str) -> tuple[Client, dict[str, Any]]:
    """A spectator's connection and its first state, asked again while the server is full.

    The server frees a place once it has seen a connection close, which a loaded machine may take more
    than a fixed wait to do; until then each ask is refused for the limit, and nothing else."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while True:
        client = await Client(server.socket_url).open()
        await client.send({"type": "join", "protocol": 1, "table": table})
        joined = await client.next("joined", "error")
        if joined["type"] == "joined":
            return client, await client.next("state")
        await client.close()
        assert joined.get("code") == "limit" and loop.time() < deadline, joined
        await asyncio.sleep(0.05)


def test_a_person_who_resigned_and_watches_on_counts_as_a_spectator(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables.sqlite", limits=(*FAST, "max_spectators=1")).start()
    try:
        seats = [{"person": "Ann"}, {"person": "Bob"}, {"bot": "random", "pace": 0}]
        created = server.create_table("scout", seats)
        table = created["table"]

        async def play() -> dict[str, Any]:
            bob = await Client(server.socket_url).open()
            await bob.join(table, created["seats"][1]["token"])
            await bob.send({"type": "resign"})
            await bob.next("withdrawn")
            # Bob watches on: the server's one spectator.  Another is refused, and once Bob has gone, let in.
            other = await Client(server.socket_url).open()
            await other.send({"type": "join", "protocol": 1, "table": table})
            refused = await other.next("joined", "error")
            await bob.close()
            later, admitted = await _watch_once_let_in(server, table)
            await other.close()
            await later.close()
            return {"refused": refused, "admitted": admitted}

        seen = asyncio.run(play())
        assert seen["refused"]["type"] == "error" and seen["refused"]["code"] == "limit", seen["refused"]
        assert seen["admitted"]["type"] == "state"
    finally:
        server.stop()
