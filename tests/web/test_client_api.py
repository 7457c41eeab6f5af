"""The server's routes for the browser client: rules pages, the FM cards, a finished game's steps, hints."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.games import get_game
from cardtable.games.fm.server import extension as fm_extension
from cardtable.games.fm.server import tables as fm_tables
from cardtable.server import app as application
from cardtable.server.guard import Site
from cardtable.server.limits import Limits
from cardtable.server.sqlite_storage import SqliteStorage

Scenario = Callable[[httpx.AsyncClient, Any], Awaitable[None]]


def _run(tmp_path: Path, scenario: Scenario) -> None:
    """Run a scenario against the application in this process (no bots, no workers started)."""
    storage = SqliteStorage(tmp_path / "tables.sqlite")
    # Links name the test client's host, so that following one keeps its cookie.
    site = Site.at("http://testserver")
    app = application.create_app(storage, Limits(), workers=1, search_workers=1, site=site)
    transport = httpx.ASGITransport(app=app)

    async def run() -> None:
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            await scenario(client, app.state.tables.service)

    asyncio.run(run())
    storage.close()


async def _table(client: httpx.AsyncClient, game: str = "drump") -> dict[str, Any]:
    seats = [{"person": "Ann"}, {"person": "Bob"}]
    answer = await client.post("/api/tables", json={"protocol": 1, "game": game, "seats": seats})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def _finish(service: Any, table_id: str) -> Any:
    """Play a table to its end at random through the service (stored like any action)."""
    table = service.find(table_id)
    rng = random.Random(3)
    while not table.finished:
        seat = table.match.current_seat
        table.match.play(rng.choice(table.match.legal_actions()), seat)
        service._commit(table, None, None)
    return table


def test_each_rules_page_is_served_as_markdown(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: Any) -> None:
        page = await client.get("/api/games/drump/rules")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/markdown")
        assert (
            page.text.startswith("# DRUMP") and "{{options}}" not in page.text and "`block_adds`" in page.text
        )
        missing = await client.get("/api/games/chess/rules")
        assert missing.status_code == 404 and "chess" in missing.json()["error"]["message"]

    _run(tmp_path, scenario)


def test_the_fm_cards_carry_their_data_and_what_they_do(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: Any) -> None:
        data = (await client.get("/api/games/fm/cards")).json()
        assert len(data["cards"]) == 722 and len(data["duelists"]) == 39
        dragon = data["cards"]["1"]
        assert (dragon["name"], dragon["atk"], dragon["def"], dragon["stars"]) == (
            "Blue-eyes White Dragon",
            3000,
            2500,
            ["Sun", "Mars"],
        )
        assert (
            data["cards"]["340"]["text"] == "You gain 1,000 life points (at most your starting life points)."
        )
        assert (
            data["cards"]["686"]["name"] == "Widespread Ruin"
            and "any attacker" in data["cards"]["686"]["text"]
        )
        assert data["cards"]["330"]["text"].startswith("Turns the field to Forest")
        # Eternal Rest's text names no side: every Zombie goes, the caster's too.
        assert data["cards"]["656"]["text"] == "Destroys every Zombie monster on the field, yours included."
        assert data["cards"]["656"]["printed"].startswith("Eliminates all Zombie")
        # Every card that is not a monster says what it does.
        assert all(card["text"] for card in data["cards"].values() if card["kind"] != "monster")
        assert data["beats"]["Sun"] == "Moon" and data["terrain_boost"]["Reptile"] == [0] * 6

    _run(tmp_path, scenario)


def test_a_finished_game_is_stepped_through_as_any_seat(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: Any) -> None:
        created = await _table(client)
        table_id = created["table"]
        playing = await client.get(f"/api/tables/{table_id}/steps/0")
        assert playing.status_code == 409 and playing.json()["error"]["code"] == "playing"
        table = _finish(service, table_id)
        game = get_game("drump")
        steps = len(table.match.moves)
        start = (await client.get(f"/api/tables/{table_id}/steps/0?seat=1")).json()
        assert start["steps"] == steps and start["action"] is None and start["seat"] == 1
        # The view is the seat's own at that step: seat 1's hand, not seat 2's.
        initial = table.match.initial
        assert start["view"]["hand"] == game.view(initial, 0).to_json(with_log=False)["hand"]
        assert start["log"] == [game.view(initial, 0).describe(event) for event in game.view(initial, 0).log]
        watched = (await client.get(f"/api/tables/{table_id}/steps/{steps}")).json()
        assert watched["seat"] is None and watched["view"]["hand"] == [] and watched["outcome"]["winners"]
        last = table.match.moves[-1]
        assert watched["action"] == {"seat": last.seat + 1, "action": game.format_action(last.action)}
        for bad in (f"steps/{steps + 1}", "steps/0?seat=3", "steps/0?seat=x"):
            refused = await client.get(f"/api/tables/{table_id}/{bad}")
            assert refused.status_code == 400, bad
        assert (await client.get("/api/tables/nothing/steps/0")).status_code == 404

    _run(tmp_path, scenario)


def test_a_hint_comes_from_the_view_of_the_seat_whose_cookie_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Any] = []

    def finder(view: Any) -> list[dict[str, Any]]:
        seen.append(view)
        return [{"picks": [{"kind": "pick", "hand": 1}], "result": "a card", "atk": 1, "def": 2}]

    async def scenario(client: httpx.AsyncClient, service: Any) -> None:
        created = await _table(client, "fm")
        table_id = created["table"]
        assert (await client.get(f"/api/tables/{table_id}/hint")).status_code == 403
        # Seat 2's person claims the invitation: its token is kept in a cookie.
        await client.post(f"/api/tables/{table_id}/claim", json={"invite": created["seats"][1]["invite"]})
        monkeypatch.setattr(fm_extension, "EXTENSION", replace(fm_extension.EXTENSION, hints=None))
        unconnected = await client.get(f"/api/tables/{table_id}/hint")
        assert unconnected.status_code == 501 and unconnected.json()["error"]["code"] == "no_hint"
        monkeypatch.setattr(fm_extension, "EXTENSION", replace(fm_extension.EXTENSION, hints=finder))
        answer = (await client.get(f"/api/tables/{table_id}/hint")).json()
        assert answer["seat"] == 2 and answer["hints"][0]["picks"] == [{"kind": "pick", "hand": 1}]
        assert seen[0].seat == 1, "the hint was given seat 2's view"

    _run(tmp_path, scenario)


def _hand_picks(hint: Any) -> list[dict[str, Any]]:
    """A hint's hand cards as the legal pick actions' data (the fields a board matches)."""
    return [{"kind": "pick", "hand": source.index + 1} for source in hint.sources]


def test_the_fusion_hint_is_the_finders_answer_on_the_seats_own_cards(tmp_path: Path) -> None:
    from cardtable.games.fm.carddata import card
    from cardtable.games.fm.finder import hints
    from tests.web.test_fm import fusion_deck

    async def scenario(client: httpx.AsyncClient, service: Any) -> None:
        seats = [{"person": "Ann", "deck": fusion_deck()}, {"person": "Bob", "deck": fusion_deck()}]
        # One person holds both seats (hot-seat), to ask each seat's hint in turn.
        request = {"protocol": 1, "game": "fm", "seats": seats, "hot_seat": True}
        created = (await client.post("/api/tables", json=request)).json()
        table = service.find(created["table"])
        await client.get(created["seats"][0]["link"])
        given = (await client.get(f"/api/tables/{table.id}/hint")).json()
        state = table.match.state
        hand = state.hands[0]
        expected = hints(hand)[: fm_tables.MOST_HINTS]
        assert given["seat"] == 1 and len(given["hints"]) == len(expected) > 0
        for suggestion, hint in zip(given["hints"], expected, strict=True):
            assert suggestion["picks"] == _hand_picks(hint)
            assert suggestion["result"].startswith(f"#{hint.result:03d} ")
            assert (suggestion.get("atk"), suggestion.get("def")) == (
                card(hint.result).atk,
                card(hint.result).defence,
            )
        # Nothing hidden from seat 1 counts: another hand and deck for seat 2 give the same hint.
        other = [c for c in range(1, 40) if card(c).is_monster][:5]
        changed = state.copy()
        changed.hands, changed.decks = (hand, tuple(other)), (state.decks[0], state.decks[0])
        table.match.state = changed
        again = (await client.get(f"/api/tables/{table.id}/hint")).json()
        assert again["hints"] == given["hints"]
        # Seat 2's own hint is made from its own hand alone.
        table.match.state = state
        await client.get(created["seats"][1]["link"])
        theirs = (await client.get(f"/api/tables/{table.id}/hint")).json()
        assert theirs["seat"] == 2
        assert [s["picks"] for s in theirs["hints"]] == [
            _hand_picks(hint) for hint in hints(state.hands[1])[: fm_tables.MOST_HINTS]
        ]

    _run(tmp_path, scenario)
