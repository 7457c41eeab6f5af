"""Each seat's token reaches its own person alone: the maker gets only theirs, invitations claim once."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from tests.server.helpers import Client, ServerProcess

PEOPLE = [{"person": "Ann"}, {"person": "Bob"}, {"person": "Cy"}]


def _scout(server: ServerProcess, **extra: Any) -> tuple[dict[str, Any], str]:
    response = server.create({"game": "scout", "seats": PEOPLE, **extra})
    assert response.status_code == 201, response.text
    return response.json(), response.text


def test_the_makers_answer_holds_no_other_seats_token(server: ServerProcess) -> None:
    created, text = _scout(server)
    table = created["table"]
    mine, *others = created["seats"]
    assert mine["yours"] is True and "token" in mine and "invite" not in mine
    assert all("token" not in seat and "invite" in seat and "invite=" in seat["link"] for seat in others)
    claimed = server.claim(table, others[0]["invite"])
    assert claimed.status_code == 200 and claimed.json()["seat"] == 2
    token = claimed.json()["token"]
    assert token not in text, "the seat's token was made when it was claimed, for its claimer alone"
    assert f"cardtable-{table}={token}" in claimed.headers["set-cookie"]
    summary = httpx.get(f"{server.base}/api/tables/{table}")
    assert token not in summary.text
    claims = [(seat["claimed"], seat["invited"]) for seat in summary.json()["seats"]]
    assert claims == [(True, False), (True, False), (False, True)]

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        maker = await Client(server.socket_url).open()
        state = await maker.join(table, mine["token"])
        invited = await Client(server.socket_url).open()
        theirs = await invited.join(table, token)
        thief = await Client(server.socket_url).open()
        await thief.send({"type": "join", "protocol": 1, "table": table, "token": others[1]["invite"]})
        refused = await thief.next("error")
        for client in (maker, invited, thief):
            await client.close()
        return state, theirs, refused

    state, theirs, refused = asyncio.run(scenario())
    assert state["seat"] == 1 and theirs["seat"] == 2
    assert refused["code"] == "unknown_token", "an invitation is no token"


def test_a_claimed_invitation_cannot_be_claimed_again(server: ServerProcess) -> None:
    created, _ = _scout(server)
    table, invite = created["table"], created["seats"][1]["invite"]
    first = server.claim(table, invite)
    again = server.claim(table, invite)
    assert first.status_code == 200
    assert again.status_code == 409 and again.json()["error"]["code"] == "invitation"
    assert "token" not in again.text and first.json()["token"] not in again.text
    wrong = server.claim(table, "not-an-invitation")
    assert wrong.status_code == 409
    assert server.claim("nosuchtable", invite).status_code == 404
    bad = httpx.post(f"{server.base}/api/tables/{table}/claim", json={"code": invite})
    assert bad.status_code == 400 and "invite" in bad.json()["error"]["message"]


def test_a_browser_holding_a_seat_does_not_claim_another(server: ServerProcess) -> None:
    created, _ = _scout(server)
    table = created["table"]
    cookies = {f"cardtable-{table}": created["seats"][0]["token"]}
    refused = server.claim(table, created["seats"][1]["invite"], cookies=cookies)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "seat_held"
    assert server.claim(table, created["seats"][1]["invite"]).status_code == 200, (
        "the invitation is still open"
    )


def test_the_maker_withdraws_an_invitation_and_issues_a_new_one(server: ServerProcess) -> None:
    created, _ = _scout(server)
    table, seats = created["table"], created["seats"]
    second = server.claim(table, seats[1]["invite"]).json()["token"]

    async def scenario() -> dict[str, Any]:
        maker = await Client(server.socket_url).open()
        await maker.join(table, seats[0]["token"])
        await maker.send({"type": "withdraw", "seat": 3})
        withdrawn = await maker.next("invitation")
        told = await maker.next("seats")
        old = server.claim(table, seats[2]["invite"])
        await maker.send({"type": "invite", "seat": 3})
        issued = await maker.next("invitation")
        await maker.send({"type": "invite", "seat": 2})
        claimed = await maker.next("error")
        invited = await Client(server.socket_url).open()
        await invited.join(table, second)
        await invited.send({"type": "invite", "seat": 3})
        not_maker = await invited.next("error")
        for client in (maker, invited):
            await client.close()
        return locals()

    seen = asyncio.run(scenario())
    assert seen["withdrawn"]["seat"] == 3 and seen["withdrawn"]["invite"] is None
    assert [(seat["claimed"], seat["invited"]) for seat in seen["told"]["seats"]][2] == (False, False)
    assert seen["old"].status_code == 409, "a withdrawn invitation claims nothing"
    fresh = seen["issued"]["invite"]
    assert fresh and fresh != seats[2]["invite"]
    assert server.claim(table, fresh).json()["seat"] == 3
    assert seen["claimed"]["code"] == "claimed"
    assert seen["not_maker"]["code"] == "not_maker"


def test_a_second_connection_on_a_seat_is_announced_to_its_holder(server: ServerProcess) -> None:
    created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
    table, token = created["table"], created["seats"][1]["token"]

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], list[str]]:
        holder = await Client(server.socket_url).open()
        await holder.join(table, token)
        maker = await Client(server.socket_url).open()
        await maker.join(table, created["seats"][0]["token"])
        elsewhere = await Client(server.socket_url).open()
        await elsewhere.join(table, token)
        opened = await holder.next("seat_connections")
        await elsewhere.close()
        closed = await holder.next("seat_connections")
        await asyncio.sleep(0.2)
        told_maker = [frame["type"] for frame in maker.frames]
        for client in (holder, maker):
            await client.close()
        return opened, closed, told_maker

    opened, closed, told_maker = asyncio.run(scenario())
    assert opened["seat"] == 2 and opened["connections"] == 2
    assert closed["connections"] == 1
    assert "seat_connections" not in told_maker, "only the seat's own connections are told"


def test_a_hot_seat_table_gives_its_maker_every_seat_and_says_so(server: ServerProcess) -> None:
    created, _ = _scout(server, hot_seat=True)
    assert created["hot_seat"] is True
    assert all(seat["yours"] and "token" in seat and "invite" not in seat for seat in created["seats"])

    async def scenario() -> list[dict[str, Any]]:
        clients = [await Client(server.socket_url).open() for _ in created["seats"]]
        joined = []
        for client, seat in zip(clients, created["seats"], strict=True):
            await client.send(
                {"type": "join", "protocol": 1, "table": created["table"], "token": seat["token"]}
            )
            joined.append(await client.next("joined"))
        for client in clients:
            await client.close()
        return joined

    assert all(frame["hot_seat"] is True for frame in asyncio.run(scenario()))
