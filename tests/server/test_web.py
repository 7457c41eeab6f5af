"""The browser client's folder is served at / once it exists; an invitation then opens it at the table."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from cardtable.server import app as application
from cardtable.server.limits import Limits
from cardtable.server.sqlite_storage import SqliteStorage


def _client(storage: SqliteStorage) -> httpx.AsyncClient:
    app = application.create_app(storage, Limits(), workers=1, search_workers=1)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver")


def test_the_web_folder_is_served_and_an_invitation_opens_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<title>cardtable client</title>", encoding="utf-8")
    monkeypatch.setattr(application, "WEB_FOLDER", web)
    storage = SqliteStorage(tmp_path / "tables.sqlite")

    async def scenario() -> None:
        async with _client(storage) as client:
            assert "cardtable client" in (await client.get("/")).text
            request = {"protocol": 1, "game": "drump", "seats": [{"person": "A"}, {"person": "B"}]}
            created = (await client.post("/api/tables", json=request)).json()
            seat = created["seats"][0]
            invited = await client.get(seat["link"])
            assert invited.status_code == 303 and invited.headers["location"] == f"/?table={created['table']}"
            cookie = invited.headers["set-cookie"]
            assert f"cardtable-{created['table']}={seat['token']}" in cookie and "httponly" in cookie.lower()
            watched = await client.get(f"/watch/{created['table']}")
            assert watched.headers["location"] == f"/?table={created['table']}&watch=1"

    asyncio.run(scenario())
    storage.close()


def test_without_the_web_folder_the_front_page_names_the_api(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(application, "WEB_FOLDER", tmp_path / "absent")
    storage = SqliteStorage(tmp_path / "tables.sqlite")

    async def scenario() -> httpx.Response:
        async with _client(storage) as client:
            return await client.get("/")

    page = asyncio.run(scenario())
    assert page.status_code == 200 and "POST /api/tables" in page.text
    storage.close()
