"""Bad input from the network is refused with a code and a reason, and changes nothing."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.helpers import Client, ServerProcess, play_randomly


def _drump(server: ServerProcess) -> tuple[str, dict[int, str]]:
    created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
    return created["table"], {seat["seat"] - 1: seat["token"] for seat in created["seats"]}


async def _refused(client: Client, message: Any, code: str) -> dict[str, Any]:
    # Answers to earlier messages are not the answer to this one.
    client.unread = [frame for frame in client.unread if frame["type"] not in ("ack", "error")]
    await client.send(message)
    error = await client.next("error", "ack")
    assert error["type"] == "error", f"{message} was accepted: {error}"
    assert error["code"] == code, error
    return error


async def _both_seats(
    server: ServerProcess, table: str, tokens: dict[int, str]
) -> tuple[Client, dict, Client]:
    """Both seats joined: the client of the seat to act, its state, and the other seat's client."""
    clients = [await Client(server.socket_url).open() for _ in tokens]
    states = [await client.join(table, tokens[seat]) for seat, client in enumerate(clients)]
    acting = states[0]["to_act"] - 1
    assert states[acting]["legal"] and states[1 - acting]["legal"] == []
    return clients[acting], states[acting], clients[1 - acting]


def _version(server: ServerProcess, table: str) -> int:
    version: int = httpx.get(f"{server.base}/api/tables/{table}").json()["version"]
    return version


def test_actions_out_of_turn_by_spectators_and_with_foreign_tokens(server: ServerProcess) -> None:
    table, tokens = _drump(server)
    other_table, other_tokens = _drump(server)

    async def scenario() -> None:
        first, state, second = await _both_seats(server, table, tokens)
        watcher = await Client(server.socket_url).open()
        error = await _refused(
            second, {"type": "action", "action": state["legal"][0]["action"]}, "not_your_turn"
        )
        assert f"seat {state['to_act']} is to act" in error["message"]
        await _refused(second, {"type": "action", "id": 0, "version": state["version"]}, "not_your_turn")
        await watcher.join(table)
        await _refused(
            watcher, {"type": "action", "action": state["legal"][0]["action"], "ref": 7}, "spectator"
        )
        stranger = await Client(server.socket_url).open()
        await _refused(stranger, {"type": "action", "action": "end"}, "not_joined")
        await stranger.send({"type": "join", "protocol": 1, "table": table, "token": other_tokens[0]})
        assert (await stranger.next("error"))["code"] == "unknown_token"
        await _refused(stranger, {"type": "join", "protocol": 1, "table": "nosuchtable"}, "unknown_table")
        await _refused(
            stranger,
            {"type": "join", "protocol": 1, "table": other_table, "token": "x" * 32},
            "unknown_token",
        )
        await _refused(stranger, {"type": "action", "action": "end"}, "not_joined")
        assert _version(server, table) == 0, "nothing was played"
        await first.send({"type": "action", "id": 0, "version": 0, "ref": "mine"})
        ack = await first.next("ack")
        assert ack["version"] == 1 and ack["ref"] == "mine"

    asyncio.run(scenario())


def test_engine_refusals_carry_the_terminal_reason_and_a_code(server: ServerProcess) -> None:
    table, tokens = _drump(server)

    async def scenario() -> None:
        client, state, _ = await _both_seats(server, table, tokens)
        error = await _refused(client, {"type": "action", "action": "flibber 9"}, "parse")
        assert "cannot read 'flibber 9' as an action" in error["message"]
        # Written as the engine writes actions, so that "not listed" means "not legal".
        legal = {entry["action"] for entry in state["legal"]}
        assert any(re.fullmatch(r"set \w\w on \d", text) for text in legal), legal
        candidates = [
            f"set {rank}{suit} on {slot}" for rank in "23456789TJQKA" for suit in "cdhs" for slot in (1, 2)
        ]
        illegal = next(text for text in candidates if text not in legal)
        error = await _refused(client, {"type": "action", "action": illegal}, "illegal")
        assert "is not legal now" in error["message"]
        await _refused(
            client, {"type": "action", "id": len(state["legal"]), "version": state["version"]}, "illegal"
        )
        await _refused(client, {"type": "action", "id": 0, "version": state["version"] + 5}, "stale")
        await _refused(
            client, {"type": "action", "action": state["legal"][0]["action"], "version": 3}, "stale"
        )
        assert _version(server, table) == 0

    asyncio.run(scenario())


def test_a_finished_game_refuses_actions(server: ServerProcess) -> None:
    table, tokens = _drump(server)

    async def scenario() -> None:
        clients = {seat: await Client(server.socket_url).open() for seat in tokens}
        first = {seat: await clients[seat].join(table, tokens[seat]) for seat in tokens}
        over = await play_randomly(clients, first, random.Random(5))
        length = len(over["replay"]) - 2
        await _refused(clients[0], {"type": "action", "action": "end"}, "game_over")
        await _refused(clients[1], {"type": "action", "id": 0, "version": length}, "game_over")
        assert _version(server, table) == length

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("message", "code", "words"),
    [
        ("not json at all", "malformed", "not JSON"),
        ("[1, 2]", "malformed", "a JSON object"),
        ('{"type": "dance"}', "malformed", "unknown message type"),
        ('{"type": "action", "action": "end", "seat": 2}', "malformed", "no key 'seat'"),
        ('{"type": "action"}', "malformed", "either 'action'"),
        ('{"type": "action", "id": 1}', "malformed", "needs the 'version'"),
        ('{"type": "action", "id": true, "version": 0}', "malformed", "should be a whole number"),
        ('{"type": "join", "table": "x"}', "malformed", "needs 'protocol'"),
        ('{"type": "join", "protocol": 2, "table": "x"}', "version", "protocol 1"),
        ('{"type": "ping", "ref": "' + "r" * 65 + '"}', "malformed", "'ref'"),
        ("[" * 40 + "]" * 40, "malformed", "nested deeper"),
        ('{"type": "ping", "n": 1' + "0" * 50 + "}", "malformed", "digits"),
        (b"binary frame", "malformed", "binary"),
        ('{"type": "chat", "text": "' + "x" * 5000 + '"}', "too_large", "over the limit"),
    ],
)
def test_malformed_and_oversized_messages_are_refused(
    server: ServerProcess, message: str | bytes, code: str, words: str
) -> None:
    async def scenario() -> None:
        client = await Client(server.socket_url).open()
        error = await _refused(client, message, code)
        assert words in error["message"], error
        await client.send({"type": "ping", "ref": 1})
        assert (await client.next("pong"))["ref"] == 1, "the connection still works"

    asyncio.run(scenario())


def test_a_frame_past_the_frame_limit_closes_the_connection(server: ServerProcess) -> None:
    async def scenario() -> int | None:
        client = await Client(server.socket_url).open()
        await client.send("x" * 70_000)
        assert client.socket is not None
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(client.socket.recv(), 10)
        return closed.value.rcvd.code if closed.value.rcvd else None

    assert asyncio.run(scenario()) == 1009
    assert httpx.get(server.base + "/api/games").status_code == 200, "the server goes on"


def test_random_garbage_crashes_nothing(server: ServerProcess) -> None:
    table, tokens = _drump(server)
    rng = random.Random(11)
    pieces: list[Any] = [
        "type",
        "join",
        "action",
        "id",
        "version",
        "table",
        "token",
        "chat",
        None,
        True,
        -1,
        2**40,
        1.5,
        "",
        [],
        {},
        table,
        tokens[0],
        "protocol",
        1,
        "ref",
        "leave",
        "ping",
    ]

    def garbage(depth: int = 0) -> Any:
        if depth > 2 or rng.random() < 0.4:
            return rng.choice(pieces)
        if rng.random() < 0.5:
            return [garbage(depth + 1) for _ in range(rng.randrange(4))]
        return {str(rng.choice(pieces)): garbage(depth + 1) for _ in range(rng.randrange(5))}

    async def scenario() -> None:
        client = await Client(server.socket_url).open()
        for _ in range(300):
            message = garbage()
            if isinstance(message, dict) and rng.random() < 0.7:
                message["type"] = rng.choice(["join", "action", "leave", "chat", "ping"])
            await client.send(json.dumps(message))
        await client.send({"type": "ping", "ref": "alive"})
        while (await client.next("pong"))["ref"] != "alive":
            pass
        assert not [frame for frame in client.frames if frame.get("code") == "internal"]

    asyncio.run(scenario())
    assert _version(server, table) == 0


@pytest.mark.parametrize(
    ("request_body", "words"),
    [
        ({"game": "chess", "seats": []}, "unknown game 'chess'"),
        ({"game": "drump", "seats": [{"person": "A"}]}, "the 2 seats of DRUMP"),
        ({"game": "scout", "seats": [{"person": "A"}] * 6}, "2 to 5 seats"),
        ({"game": "drump", "seats": [{"person": "A"}, {"robot": "x"}]}, "seat 2: name exactly one of"),
        ({"game": "drump", "seats": [{"person": "A"}, {"duelist": "Teana"}]}, "'person' or 'bot'"),
        ({"game": "drump", "seats": [{"person": "A"}, {"bot": "deep blue"}]}, "unknown bot 'deep blue'"),
        ({"game": "drump", "seats": [{"person": "A"}, {"bot": "ismcts:500"}]}, "at most 30 seconds"),
        (
            {"game": "drump", "seats": [{"person": "A"}, {"bot": "ismcts@9999999"}]},
            "at most 100000 iterations",
        ),
        ({"game": "drump", "seats": [{"person": "A"}, {"bot": "cheat@10"}]}, "benchmark reference"),
        ({"game": "drump", "seats": [{"person": "A"}, {"bot": "random", "pace": 99}]}, "pace"),
        ({"game": "drump", "seats": [{"person": "A"}, {"person": "B", "deck": []}]}, "no key 'deck'"),
        (
            {"game": "drump", "preset": "xx", "seats": [{"person": "A"}, {"person": "B"}]},
            "unknown preset 'xx'",
        ),
        (
            {"game": "drump", "options": {"nope": 1}, "seats": [{"person": "A"}, {"person": "B"}]},
            "unknown option",
        ),
        ({"game": "drump", "seed": 5, "seats": [{"person": "A"}, {"person": "B"}]}, "no key 'seed'"),
        ({"game": "fm", "seats": [{"duelist": "Teana"}, {"person": "B"}]}, "a duelist plays seat 2"),
        ({"game": "fm", "seats": [{"person": "A"}, {"duelist": "Nobody"}]}, "no duelist 'Nobody'"),
        ({"game": "drump", "seats": [{"person": "A\n"}, {"person": "B"}]}, "printable text"),
    ],
)
def test_bad_table_requests_are_refused_with_the_reason(
    server: ServerProcess, request_body: dict[str, Any], words: str
) -> None:
    response = server.create(request_body)
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]["message"]


def test_requests_that_are_not_json_or_too_big_are_refused(server: ServerProcess) -> None:
    json_type = {"Content-Type": "application/json"}
    response = httpx.post(server.base + "/api/tables", content=b"{not json", headers=json_type)
    assert response.status_code == 400 and "not JSON" in response.json()["error"]["message"]
    response = httpx.post(server.base + "/api/tables", content=b" " * 70_000, headers=json_type)
    assert response.status_code == 413
    response = httpx.post(server.base + "/api/tables", json={"game": "drump", "seats": []})
    assert response.json()["error"]["code"] == "version"
    assert httpx.get(server.base + "/api/tables/nosuch").status_code == 404
    assert httpx.get(server.base + "/api/tables/nosuch/replay").status_code == 404


def test_the_replay_waits_for_the_end(server: ServerProcess) -> None:
    table, _ = _drump(server)
    response = httpx.get(f"{server.base}/api/tables/{table}/replay")
    assert response.status_code == 409 and "still playing" in response.json()["error"]["message"]
