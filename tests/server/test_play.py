"""Whole games through the real server: people, bots, FM duels, leaving and rejoining, replays."""

from __future__ import annotations

import asyncio
import json
import random

import httpx

from cardtable.core.replay import from_lines
from cardtable.games.fm.carddata import cards
from cardtable.games.fm.decks import EXODIA_PIECES
from tests.server.helpers import Client, ServerProcess, play_randomly


def test_two_people_finish_a_drump_game(server: ServerProcess) -> None:
    created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}], preset="pt")
    tokens = {seat["seat"] - 1: seat["token"] for seat in created["seats"]}

    async def play() -> dict:
        clients = {seat: await Client(server.socket_url).open() for seat in tokens}
        first = {seat: await clients[seat].join(created["table"], tokens[seat]) for seat in tokens}
        assert [first[seat]["seat"] for seat in tokens] == [1, 2]
        over = await play_randomly(clients, first, random.Random(1), by_text=True)
        for client in clients.values():
            await client.close()
        return over

    over = asyncio.run(play())
    assert over["outcome"]["ending"]
    replay = httpx.get(f"{server.base}/api/tables/{created['table']}/replay").text.splitlines()
    assert [json.loads(line) for line in replay] == over["replay"]
    match = from_lines(replay)
    assert match.is_over and match.options.__class__.__name__ == "DrumpOptions"
    summary = httpx.get(f"{server.base}/api/tables/{created['table']}").json()
    assert summary["finished"] and summary["version"] == len(match.moves)


def test_four_player_scout_with_two_bots(server: ServerProcess) -> None:
    seats = [{"person": "Ann"}, {"bot": "heuristic"}, {"person": "Cy"}, {"bot": "random", "name": "Rando"}]
    created = server.create_table("scout", seats)
    assert [seat["kind"] for seat in created["seats"]] == ["person", "bot", "person", "bot"]
    assert "token" not in created["seats"][1] and "token" not in created["seats"][3]
    tokens = {seat["seat"] - 1: seat["token"] for seat in created["seats"] if "token" in seat}

    async def play() -> dict:
        clients = {seat: await Client(server.socket_url).open() for seat in tokens}
        first = {seat: await clients[seat].join(created["table"], tokens[seat]) for seat in tokens}
        return await play_randomly(clients, first, random.Random(2))

    over = asyncio.run(play())
    seats_seen = {line["seat"] for line in over["replay"][1:-1]}
    assert seats_seen == {1, 2, 3, 4}, "every seat, bots included, took actions"
    # The bot that came without a name is named apart from the others, in the log and the replay.
    assert over["replay"][0]["players"] == ["Ann", "Robin (bot)", "Cy", "Rando"]


def test_free_duel_against_a_duelist(server: ServerProcess) -> None:
    created = server.create_table("fm", [{"person": "Yugi"}, {"duelist": "Simon Muran"}])
    assert created["seats"][1]["name"] == "Simon Muran"
    token = created["seats"][0]["token"]

    async def play() -> dict:
        client = await Client(server.socket_url).open()
        first = await client.join(created["table"], token)
        assert first["view"]["game"] == "fm"
        return await play_randomly({0: client}, {0: first}, random.Random(3))

    over = asyncio.run(play())
    assert {line["seat"] for line in over["replay"][1:-1]} == {1, 2}
    position = over["replay"][0]["position"]
    assert position["sees_face_down"] == [False, False] and position["windows"][0] == 5


def test_two_people_duel_with_uploaded_decks(server: ServerProcess) -> None:
    monsters = sorted(
        card.id for card in cards().values() if card.is_monster and card.id not in EXODIA_PIECES
    )
    first_deck = [number for number in monsters[:14] for _ in range(3)][:40]
    second_numbers = [number for number in monsters[20:34] for _ in range(3)][:40]
    second_deck = [cards()[number].name for number in second_numbers]
    created = server.create_table(
        "fm", [{"person": "Ann", "deck": first_deck}, {"person": "Bob", "deck": second_deck}]
    )
    tokens = {seat["seat"] - 1: seat["token"] for seat in created["seats"]}

    async def play() -> dict:
        clients = {seat: await Client(server.socket_url).open() for seat in tokens}
        first = {seat: await clients[seat].join(created["table"], tokens[seat]) for seat in tokens}
        return await play_randomly(clients, first, random.Random(4))

    over = asyncio.run(play())
    decks = over["replay"][0]["position"]["decks"]
    assert sorted(decks[0]) == sorted(first_deck)
    assert sorted(decks[1]) == sorted(second_numbers), "the deck given by names"


def test_a_deck_that_breaks_the_deck_rules_is_refused(server: ServerProcess) -> None:
    four_copies = [1, 1, 1, 1] + list(range(2, 38))
    response = server.create(
        {"game": "fm", "seats": [{"person": "Ann", "deck": four_copies}, {"person": "Bob"}]}
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert (
        error["code"] == "bad_request"
        and "seat 1 deck" in error["message"]
        and "4 copies" in error["message"]
    )
    unknown = server.create(
        {"game": "fm", "seats": [{"person": "Ann", "deck": ["No Such Card"] * 40}, {"person": "B"}]}
    )
    assert '"No Such Card" is not a card' in unknown.json()["error"]["message"]


def test_leave_and_rejoin_keeps_the_seat_and_sends_the_whole_log(server: ServerProcess) -> None:
    created = server.create_table("dnup", [{"person": "Ann"}, {"bot": "random"}, {"bot": "random"}])
    token = created["seats"][0]["token"]

    async def scenario() -> None:
        client = await Client(server.socket_url).open()
        state = await client.join(created["table"], token)
        for _ in range(3):
            if state["legal"]:
                await client.send({"type": "action", "id": 0, "version": state["version"]})
            state = await client.next("state")
        await client.send({"type": "leave", "ref": "bye"})
        left = await client.next("left")
        assert left["ref"] == "bye"
        await client.close()
        again = await Client(server.socket_url).open()
        rejoined = await again.join(created["table"], token)
        assert rejoined["seat"] == 1 and rejoined["log"]["from"] == 0
        assert len(rejoined["log"]["entries"]) >= len(state["log"]["entries"])
        watcher = await Client(server.socket_url).open()
        watched = await watcher.join(created["table"])
        assert watched["seat"] is None and watched["legal"] == []

    asyncio.run(scenario())


def test_the_invitation_link_keeps_the_token_in_a_cookie(server: ServerProcess) -> None:
    created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
    seat = created["seats"][1]
    response = httpx.get(seat["link"])
    # The invitation opens the browser client at the table.
    assert response.status_code == 303 and response.headers["location"] == f"/?table={created['table']}"
    cookie = response.cookies.get(f"cardtable-{created['table']}")
    assert cookie == seat["token"]
    assert httpx.get(seat["link"] + "x").status_code == 404

    async def join_by_cookie(origin: str | None) -> dict:
        client = await Client(server.socket_url).open(
            additional_headers={"Cookie": f"cardtable-{created['table']}={cookie}"}, origin=origin
        )
        return await client.join(created["table"])

    assert asyncio.run(join_by_cookie(None))["seat"] == 2
    assert asyncio.run(join_by_cookie(server.base))["seat"] == 2, "a page of this server"
    assert asyncio.run(join_by_cookie("http://elsewhere.example"))["seat"] is None, "another site's page"
    assert httpx.get(created["watch"]).status_code == 303


def test_the_front_page_is_the_client_and_the_games_are_listed(server: ServerProcess) -> None:
    page = httpx.get(server.base + "/")
    assert page.status_code == 200 and '<script type="module" src="/js/main.js">' in page.text
    games = {entry["game"]: entry for entry in httpx.get(server.base + "/api/games").json()["games"]}
    assert set(games) >= {"drump", "scout", "dnup", "fm"}
    assert games["scout"]["seats"] == [2, 5] and "ismcts" in games["scout"]["bots"]
    levels = games["drump"]["levels"]
    assert [level["name"] for level in levels] == ["easy", "medium", "hard", "expert"]
    assert levels[2]["bot"] == "ismcts@500" and levels[2]["rating"].startswith("Elo ")
    assert server.create_table("drump", [{"person": "A"}, {"bot": "hard"}])["table"]
    listing = httpx.get(server.base + "/api/tables").json()["tables"]
    assert all("seed" not in json.dumps(entry) for entry in listing)


def test_every_game_and_table_size_can_be_created(server: ServerProcess) -> None:
    sizes = {"drump": [2], "scout": [2, 3, 4, 5], "dnup": [2, 3, 4, 5], "fm": [2]}
    for game, counts in sizes.items():
        for count in counts:
            seats = [{"person": f"P{seat}"} for seat in range(count)]
            created = server.create_table(game, seats)
            summary = httpx.get(f"{server.base}/api/tables/{created['table']}").json()
            assert len(summary["seats"]) == count and summary["to_act"] is not None
