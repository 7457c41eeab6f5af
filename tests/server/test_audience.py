"""Spectators never crowd out the seats, chat cannot be flooded, and tables may be unlisted or closed.

Every test runs a real server process; connections from other addresses come
from other loopback addresses (127.0.2.1, ...: each in a /24 of its own, as the
server counts addresses by network), which Linux routes to the server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.server.helpers import Client, ServerProcess


def _start(folder: Path, limits: tuple[str, ...]) -> ServerProcess:
    return ServerProcess(folder / "tables.sqlite", limits=limits).start()


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with the default limits."""
    process = _start(tmp_path_factory.mktemp("plain"), ())
    try:
        yield process
    finally:
        process.stop()


async def _watch(server: ServerProcess, table: str, address: str = "127.0.0.1") -> Client | dict[str, Any]:
    """A spectator's connection from `address`, or the refusal it met (at connecting or at joining)."""
    client = Client(server.socket_url)
    client.socket = await connect(server.socket_url, max_size=None, local_addr=(address, 0))
    first = await client.next()
    if first["type"] == "error":
        await client.close()
        return first
    await client.send({"type": "join", "protocol": 1, "table": table})
    answer = await client.next("joined", "error")
    if answer["type"] == "error":
        await client.close()
        return answer
    await client.next("state")
    return client


async def _fill(server: ServerProcess, table: str, addresses: list[str], tries: int) -> list[Client]:
    """Spectators from each address in turn until each is refused (at most `tries` each)."""
    watching: list[Client] = []
    for address in addresses:
        for _ in range(tries):
            found = await _watch(server, table, address)
            if not isinstance(found, Client):
                assert found["code"] == "limit", found
                break
            watching.append(found)
    return watching


def _two_people(server: ServerProcess, **extra: Any) -> tuple[str, list[str]]:
    created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}], **extra)
    return created["table"], [seat["token"] for seat in created["seats"]]


def test_a_table_filled_with_spectators_from_one_address_serves_its_seat_again(plain: ServerProcess) -> None:
    table, tokens = _two_people(plain)

    async def scenario() -> tuple[int, dict[str, Any] | Client, dict[str, Any]]:
        player = await Client(plain.socket_url).open()
        await player.join(table, tokens[0])
        crowd = await _fill(plain, table, ["127.0.0.1"], 80)
        # The player's Wi-Fi drops; the crowd tries to take its place.
        await player.close()
        await asyncio.sleep(0.2)
        extra = await _watch(plain, table)
        back = await Client(plain.socket_url).open()
        state = await back.join(table, tokens[0])
        for client in [*crowd, back] + ([extra] if isinstance(extra, Client) else []):
            await client.close()
        return len(crowd), extra, state

    crowd, extra, state = asyncio.run(scenario())
    assert crowd == 16, "one address watches with at most max_spectators_per_address connections"
    assert isinstance(extra, dict) and "already watches" in extra["message"]
    assert state["seat"] == 1


def test_spectators_from_many_addresses_fill_a_table_and_its_seat_comes_back(plain: ServerProcess) -> None:
    table, tokens = _two_people(plain)

    async def scenario() -> tuple[int, dict[str, Any] | Client, dict[str, Any], dict[str, Any]]:
        player = await Client(plain.socket_url).open()
        await player.join(table, tokens[0])
        crowd = await _fill(plain, table, [f"127.0.{number}.1" for number in range(2, 7)], 17)
        await player.close()
        await asyncio.sleep(0.2)
        extra = await _watch(plain, table, "127.0.9.1")
        back = await Client(plain.socket_url).open()
        state = await back.join(table, tokens[0])
        other = await Client(plain.socket_url).open()
        second = await other.join(table, tokens[1])
        for client in [*crowd, back, other] + ([extra] if isinstance(extra, Client) else []):
            await client.close()
        return len(crowd), extra, state, second

    crowd, extra, state, second = asyncio.run(scenario())
    assert crowd == 64, "the table holds max_spectators_per_table spectators, its seats counted apart"
    assert isinstance(extra, dict) and "64 spectators" in extra["message"]
    assert state["seat"] == 1 and second["seat"] == 2


def test_when_the_server_is_full_a_spectator_is_refused_before_a_player(tmp_path: Path) -> None:
    server = _start(tmp_path, ("max_connections=12", "max_spectators=6", "max_tables_per_address=100"))
    try:
        table, tokens = _two_people(server)

        async def scenario() -> tuple[int, dict[str, Any] | Client, list[dict[str, Any]]]:
            crowd = await _fill(server, table, ["127.0.2.1", "127.0.3.1", "127.0.4.1"], 4)
            refused = await _watch(server, table, "127.0.5.1")
            players = [await Client(server.socket_url).open() for _ in tokens]
            states = [await player.join(table, token) for player, token in zip(players, tokens, strict=True)]
            for client in [*crowd, *players]:
                await client.close()
            return len(crowd), refused, states

        crowd, refused, states = asyncio.run(scenario())
    finally:
        server.stop()
    assert crowd == 6
    assert isinstance(refused, dict) and "kept for the players" in refused["message"]
    assert [state["seat"] for state in states] == [1, 2]


async def _chat_lines(client: Client, seconds: float) -> list[dict[str, Any]]:
    """The chat frames a client has and receives until none comes for a time (others are kept unread)."""
    lines = [frame for frame in client.unread if frame["type"] == "chat"]
    client.unread = [frame for frame in client.unread if frame["type"] != "chat"]
    try:
        while True:
            frame = await asyncio.wait_for(client._receive(), seconds)
            (lines if frame["type"] == "chat" else client.unread).append(frame)
    except TimeoutError:
        pass
    return lines


def test_a_chat_flood_from_many_connections_of_one_address_is_cut_and_the_players_play(
    plain: ServerProcess,
) -> None:
    table, tokens = _two_people(plain)

    async def scenario() -> tuple[list[dict[str, Any]], int, list[dict[str, Any]], dict[str, Any]]:
        players = [await Client(plain.socket_url).open() for _ in tokens]
        states = [await player.join(table, token) for player, token in zip(players, tokens, strict=True)]
        crowd = await _fill(plain, table, ["127.0.7.1"], 12)
        for _ in range(30):
            for spectator in crowd:
                await spectator.send({"type": "chat", "text": "flood"})
        heard = await _chat_lines(players[0], 1.0)
        refused = 0
        for spectator in crowd:
            await _chat_lines(spectator, 0.05)
            refused += sum(frame.get("code") == "rate_limited" for frame in spectator.unread)
        # The players still talk and play.
        await players[1].send({"type": "chat", "text": "still here"})
        said = await _chat_lines(players[0], 0.5)
        acting = next(index for index, state in enumerate(states) if state["legal"])
        state = states[acting]
        await players[acting].send({"type": "action", "id": 0, "version": state["version"], "ref": "go"})
        ack = await players[acting].next("ack", "error")
        for client in [*crowd, *players]:
            await client.close()
        return heard, refused, said, ack

    heard, refused, said, ack = asyncio.run(scenario())
    flood = [line for line in heard if line["text"] == "flood"]
    assert 1 <= len(flood) <= 12, f"{len(flood)} of 360 flooded lines reached a player"
    assert refused >= 300
    assert [line["text"] for line in said if line["seat"] == 2] == ["still here"]
    assert ack["type"] == "ack" and ack["ref"] == "go"


def test_a_player_hides_the_spectators_and_the_maker_mutes_one_or_all(plain: ServerProcess) -> None:
    table, tokens = _two_people(plain)

    async def scenario() -> dict[str, Any]:
        maker, other = [await Client(plain.socket_url).open() for _ in tokens]
        await maker.join(table, tokens[0])
        await other.join(table, tokens[1])
        loud = await _watch(plain, table, "127.0.10.1")
        calm = await _watch(plain, table, "127.0.11.1")
        assert isinstance(loud, Client) and isinstance(calm, Client)
        await other.send({"type": "spectator_chat", "show": False})
        hidden = await other.next("spectator_chat")
        await loud.send({"type": "chat", "text": "hello from the crowd"})
        to_maker = await _chat_lines(maker, 0.5)
        to_other = await _chat_lines(other, 0.3)
        number = to_maker[0]["spectator"]
        await other.send({"type": "moderate", "mute": number})
        not_maker = await other.next("error")
        await maker.send({"type": "moderate", "mute": number})
        muted = await maker.next("moderation")
        await loud.send({"type": "chat", "text": "again"})
        refused = await loud.next("error")
        await calm.send({"type": "chat", "text": "quietly"})
        passed = await _chat_lines(maker, 0.5)
        await maker.send({"type": "moderate", "spectator_chat": False})
        off = await maker.next("moderation")
        await calm.send({"type": "chat", "text": "and now?"})
        silenced = await calm.next("error")
        for client in (maker, other, loud, calm):
            await client.close()
        return locals()

    seen = asyncio.run(scenario())
    assert seen["hidden"]["shown"] is False
    assert [line["text"] for line in seen["to_maker"]] == ["hello from the crowd"]
    assert seen["to_maker"][0]["seat"] is None and seen["to_maker"][0]["name"].startswith("Spectator")
    assert seen["to_other"] == [], "seat 2 hides the spectators' lines"
    assert seen["not_maker"]["code"] == "not_maker"
    assert seen["muted"]["muted"] == [seen["number"]] and seen["muted"]["spectator_chat"] is True
    assert seen["refused"]["code"] == "muted"
    assert [line["text"] for line in seen["passed"]] == ["quietly"]
    assert seen["off"]["spectator_chat"] is False
    assert seen["silenced"]["code"] == "muted"


def test_an_unlisted_table_is_missing_from_the_list_and_watchable_by_its_link(plain: ServerProcess) -> None:
    table, tokens = _two_people(plain, privacy="unlisted")
    public, _ = _two_people(plain)
    listed = [entry["table"] for entry in httpx.get(plain.base + "/api/tables").json()["tables"]]
    assert public in listed and table not in listed
    assert httpx.get(f"{plain.base}/api/tables/{table}").json()["privacy"] == "unlisted"
    assert httpx.get(f"{plain.base}/watch/{table}").status_code in (200, 303)

    async def scenario() -> tuple[Client | dict[str, Any], dict[str, Any]]:
        watcher = await _watch(plain, table)
        player = await Client(plain.socket_url).open()
        await player.send({"type": "join", "protocol": 1, "table": table, "token": tokens[0]})
        joined = await player.next("joined")
        for client in (player, watcher):
            if isinstance(client, Client):
                await client.close()
        return watcher, joined

    watcher, joined = asyncio.run(scenario())
    assert isinstance(watcher, Client)
    assert joined["privacy"] == "unlisted"


def test_a_closed_table_refuses_spectators_and_serves_its_seats(plain: ServerProcess) -> None:
    created = plain.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}], privacy="closed")
    table = created["table"]
    assert created["watch"] is None and created["privacy"] == "closed"
    listed = [entry["table"] for entry in httpx.get(plain.base + "/api/tables").json()["tables"]]
    assert table not in listed
    assert httpx.get(f"{plain.base}/watch/{table}").status_code == 403

    async def scenario() -> tuple[Client | dict[str, Any], dict[str, Any]]:
        refused = await _watch(plain, table)
        player = await Client(plain.socket_url).open()
        state = await player.join(table, created["seats"][1]["token"])
        await player.close()
        return refused, state

    refused, state = asyncio.run(scenario())
    assert isinstance(refused, dict) and refused["code"] == "closed"
    assert state["seat"] == 2


def test_a_bad_privacy_is_refused_naming_it(plain: ServerProcess) -> None:
    response = plain.create(
        {"game": "drump", "seats": [{"person": "A"}, {"bot": "random"}], "privacy": "secret"}
    )
    assert response.status_code == 400 and "'privacy'" in response.json()["error"]["message"]
    moderation = plain.create({"game": "drump", "seats": [{"person": "A"}, {"bot": "random"}], "hot_seat": 1})
    assert moderation.status_code == 400 and "'hot_seat'" in moderation.json()["error"]["message"]


def test_moderation_messages_are_read_strictly(plain: ServerProcess) -> None:
    async def scenario() -> list[dict[str, Any]]:
        client = await Client(plain.socket_url).open()
        answers = []
        for message in (
            {"type": "moderate"},
            {"type": "moderate", "spectator_chat": "no"},
            {"type": "spectator_chat", "show": 1},
            {"type": "invite"},
            {"type": "spectator_chat", "show": True},
        ):
            await client.send(json.dumps(message))
            answers.append(await client.next("error"))
        await client.close()
        return answers

    try:
        answers = asyncio.run(scenario())
    except ConnectionClosed as closed:  # pragma: no cover - a refusal closes nothing
        raise AssertionError(closed) from None
    assert [answer["code"] for answer in answers] == ["malformed"] * 4 + ["not_joined"]
