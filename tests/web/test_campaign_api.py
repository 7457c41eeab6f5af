"""The campaign routes in process: a campaign per browser cookie, its duel at a table, the shop, the deck."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.games.fm.campaign import progress_from_json, progress_to_json
from cardtable.games.fm.carddata import cards
from cardtable.games.fm.rank import rank
from cardtable.games.fm.server import campaigns
from cardtable.games.fm.server.campaigns import CAMPAIGN_COOKIE
from cardtable.server import app as application
from cardtable.server import setup
from cardtable.server.limits import Limits
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.tables import token_hash
from tests.web.test_client_api import _run


def _play_to_the_end(service: Any, table_id: str, seed: int) -> Any:
    """Both seats at random through the service, each action stored like a player's."""
    table = service.find(table_id)
    rng = random.Random(seed)
    while not table.finished:
        table.match.play(rng.choice(table.match.legal_actions()), table.match.current_seat)
        service._commit(table, None, None)
    return table


def test_a_campaign_belongs_to_its_browser_and_its_duel_is_settled_once_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(setup, "fresh_seed", lambda: 1234)
    monkeypatch.setattr(campaigns, "fresh_seed", lambda: 99)

    async def scenario(client: httpx.AsyncClient, service: Any) -> None:
        assert (await client.get("/api/campaign")).status_code == 404
        refused = await client.post("/api/campaign", json={"name": "", "extra": 1})
        assert refused.status_code == 400 and "'extra'" in refused.json()["error"]["message"]
        started = await client.post("/api/campaign", json={"name": "Ann"})
        assert started.status_code == 201 and CAMPAIGN_COOKIE in started.cookies
        campaign = (await client.get("/api/campaign")).json()
        assert campaign["name"] == "Ann" and len(campaign["deck"]) == 40 and campaign["starchips"] == 0
        assert sum(campaign["collection"].values()) == 40
        assert campaign["next"] == {"number": 1, "name": "Simon Muran"} and campaign["duel"] is None
        assert [duelist["number"] for duelist in campaign["duelists"]] == [1]
        assert (await client.post("/api/campaign", json={"name": "Bob"})).status_code == 409
        # The token is kept only as its hash.
        assert service.storage.load_campaign(token_hash(started.cookies[CAMPAIGN_COOKIE])) is not None

        locked = await client.post("/api/campaign/duel", json={"duelist": 2})
        assert locked.status_code == 400 and "not a duelist you may duel" in locked.json()["error"]["message"]
        duel = await client.post("/api/campaign/duel", json={"duelist": 1, "pace": 0})
        assert duel.status_code == 201
        table_id = duel.json()["table"]
        assert f"cardtable-{table_id}" in duel.cookies  # the seat's token, for the table page
        table = service.find(table_id)
        assert table.setup.seats[1].duelist == 1 and list(table.match.state.decks[0]) != []
        assert sorted(table.match.initial.hands[0] + table.match.initial.decks[0]) == sorted(campaign["deck"])
        for path, body in (
            ("buy", {"password": "1"}),
            ("deck", {"deck": campaign["deck"]}),
            ("duel", {"duelist": 1}),
        ):
            during = await client.post(f"/api/campaign/{path}", json=body)
            assert during.status_code == 409 and during.json()["error"]["code"] == "duel_under_way", path
        under_way = (await client.get("/api/campaign")).json()
        assert under_way["duel"] == {"table": table_id, "duelist": 1, "name": "Simon Muran"}

        # Another browser has no campaign, and cannot act for this one.
        async with httpx.AsyncClient(transport=client._transport, base_url="http://testserver") as other:
            assert (await other.get("/api/campaign")).status_code == 404
            assert (await other.post("/api/campaign/forfeit", json={})).status_code == 404

        # With these seeds (the deal's, the starter deck's, the random play's) seat 1 wins the first duel.
        table = _play_to_the_end(service, table_id, 5)
        assert table.match.outcome.winners == (0,)
        settled = (await client.get("/api/campaign")).json()
        earned = rank(table.match.state, 0)
        assert settled["duel"] is None and settled["records"] == {"1": [1, 0]}
        assert settled["last"] | {"name": None} == {
            "duelist": 1,
            "won": True,
            "rank": earned.letter,
            "score": earned.score,
            "starchips": earned.starchips,
            "dropped": settled["last"]["dropped"],
            "table": table_id,
            "name": None,
        }
        assert settled["starchips"] == earned.starchips > 0 and settled["next"]["number"] == 2
        dropped = settled["last"]["dropped"]
        assert settled["collection"][str(dropped)] == campaign["collection"].get(str(dropped), 0) + 1
        assert [duelist["number"] for duelist in settled["duelists"]] == [1, 2]
        # Settled once: asking again changes nothing.
        assert (await client.get("/api/campaign")).json() == settled

        # The second, played to a loss: counted, nothing won.
        lost_table = (await client.post("/api/campaign/duel", json={"duelist": 1})).json()["table"]
        assert _play_to_the_end(service, lost_table, 10).match.outcome.winners == (1,)
        lost = (await client.get("/api/campaign")).json()
        assert lost["records"] == {"1": [1, 1]} and lost["last"]["won"] is False
        assert (lost["starchips"], lost["collection"], lost["next"]) == (
            settled["starchips"],
            settled["collection"],
            settled["next"],
        )
        settled = lost

        again = await client.post("/api/campaign/duel", json={"duelist": 1})
        forfeited = await client.post("/api/campaign/forfeit", json={})
        assert forfeited.status_code == 200
        after = forfeited.json()
        assert after["duel"] is None and after["last"]["won"] is False
        assert after["records"]["1"][1] == settled["records"]["1"][1] + 1
        assert (await client.post("/api/campaign/forfeit", json={})).status_code == 409
        # The forfeited duel's table is over too (the duelist won), and holds no place of its address's.
        forfeited_table = service.find(again.json()["table"])
        assert forfeited_table.finished and forfeited_table.match.outcome.winners == (1,)
        assert forfeited_table.match.outcome.ending == "resigned" and not service.tables_by_address
        assert service.storage.load_table(forfeited_table.id).outcome["ending"] == "resigned"
        assert (await client.get("/api/campaign")).json()["records"] == after["records"]

    _run(tmp_path, scenario)


def test_the_shop_and_the_deck_follow_the_campaign_rules(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: Any) -> None:
        started = await client.post("/api/campaign", json={"name": "Ann"})
        record = service.storage.load_campaign(token_hash(started.cookies[CAMPAIGN_COOKIE]))
        poor = await client.post("/api/campaign/buy", json={"password": "00000000"})
        assert poor.status_code == 400 and "no card has the password" in poor.json()["error"]["message"]
        wanted = next(c for c in cards().values() if c.password and 0 < c.cost <= 5000 and c.is_monster)
        too_dear = await client.post("/api/campaign/buy", json={"password": wanted.password})
        assert too_dear.status_code == 400 and "starchips" in too_dear.json()["error"]["message"]
        progress = replace(progress_from_json(record.progress, "test"), starchips=6000)
        service.storage.save_campaign(replace(record, progress=progress_to_json(progress)))
        bought = await client.post("/api/campaign/buy", json={"password": wanted.password})
        assert bought.status_code == 200, bought.text
        after = bought.json()
        assert after["starchips"] == 6000 - wanted.cost
        assert after["collection"][str(wanted.id)] == progress.collection.get(wanted.id, 0) + 1

        deck = list(after["deck"])
        swapped = [wanted.id, *deck[1:]]
        changed = await client.post("/api/campaign/deck", json={"deck": swapped})
        assert changed.status_code == 200 and changed.json()["deck"] == swapped
        not_owned = next(c for c in cards() if str(c) not in after["collection"])
        refused = await client.post("/api/campaign/deck", json={"deck": [not_owned, *deck[1:]]})
        assert refused.status_code == 400 and "do not own" in refused.json()["error"]["message"]
        short = await client.post("/api/campaign/deck", json={"deck": deck[:10]})
        assert short.status_code == 400
        assert (await client.get("/api/campaign")).json()["deck"] == swapped

    _run(tmp_path, scenario)


def test_one_address_may_start_only_so_many_campaigns_an_hour(tmp_path: Path) -> None:
    storage = SqliteStorage(tmp_path / "tables.sqlite")
    app = application.create_app(
        storage, Limits(campaigns_per_address_per_hour=2), workers=1, search_workers=1
    )

    async def run() -> None:
        transport = httpx.ASGITransport(app=app)
        answers = []
        for _ in range(3):
            # A new browser each time (no cookie), as a script starting campaigns would be.
            async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as browser:
                answers.append(await browser.post("/api/campaign", json={"name": "Ann"}))
        assert [answer.status_code for answer in answers] == [201, 201, 429]
        assert answers[2].json()["error"]["code"] == "limit"
        assert "2 campaigns in the last hour" in answers[2].json()["error"]["message"]

    asyncio.run(run())
    storage.close()
