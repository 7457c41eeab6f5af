"""A game's browser files are served from its own folder; /api/games says where, with its lobby entry."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from cardtable.server import app as application
from cardtable.server.limits import Limits
from cardtable.server.sqlite_storage import SqliteStorage


def _client(storage: SqliteStorage) -> httpx.AsyncClient:
    app = application.create_app(storage, Limits(), workers=1, search_workers=1)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver")


def test_a_games_board_and_style_come_from_its_folder_and_nothing_else_does(tmp_path: Path) -> None:
    storage = SqliteStorage(tmp_path / "tables.sqlite")
    folder = Path(application.__file__).resolve().parent.parent / "games"

    async def scenario() -> None:
        async with _client(storage) as client:
            board = await client.get("/games/scout/board.js")
            assert board.status_code == 200 and board.headers["content-type"].startswith("text/javascript")
            assert board.text == (folder / "scout" / "web" / "board.js").read_text(encoding="utf-8")
            style = await client.get("/games/fm/style.css")
            assert style.status_code == 200 and style.headers["content-type"].startswith("text/css")
            # The same policy as every page: the game's scripts are the server's own.
            assert "script-src 'self'" in board.headers["content-security-policy"]
            for path, why in (
                ("/games/chess/board.js", "no game 'chess'"),
                ("/games/scout/nothing.js", "no browser file 'nothing.js'"),
                ("/games/scout/rules.md", "no browser file 'rules.md'"),
            ):
                refused = await client.get(path)
                assert refused.status_code == 404 and why in refused.json()["error"]["message"], path
            # A way out of the folder is no file of it (a slash, even written as %2F, is no part of a name).
            for path in (
                "/games/scout/..%2F__init__.py",
                "/games/scout/%2e%2e",
                "/games/scout/../__init__.py",
            ):
                refused = await client.get(path)
                assert refused.status_code == 404 and "register(GAME)" not in refused.text, path

    asyncio.run(scenario())


def test_api_games_names_each_games_board_and_lobby_entry(tmp_path: Path) -> None:
    storage = SqliteStorage(tmp_path / "tables.sqlite")

    async def scenario() -> dict[str, dict]:
        async with _client(storage) as client:
            return {game["game"]: game for game in (await client.get("/api/games")).json()["games"]}

    games = asyncio.run(scenario())
    assert (
        games["drump"]["board"] == "/games/drump/board.js"
        and games["drump"]["style"] == "/games/drump/style.css"
    )
    assert games["scout"]["lobby_module"] == "/games/scout/lobby.js"
    assert [games[name]["lobby"]["order"] for name in ("drump", "scout", "dnup", "fm")] == [1, 2, 3, 4]
    fm = games["fm"]["lobby"]
    assert fm["seat_kinds"][0]["kind"] == "duelist" and fm["seat_kinds"][0]["seats"] == [2]
    assert fm["quick"] == {"label": "Duel", "opponents": [{"kind": "duelist"}]}
    assert [link["page"] for link in fm["links"]] == ["decks", "campaign", "farm"]
    # The bots offered, each with a label and what it is.
    choices = {choice["bot"]: choice for choice in games["drump"]["bot_choices"]}
    assert set(choices) == set(games["drump"]["bots"])
    assert choices["heuristic"]["about"] and choices["random"]["about"]
