"""The browser replay with every card face up (issue 27), as the terminal's `cardtable replay --as all`.

It comes from the server's steps of a finished table (`?seat=all`: every
seat's view at once, and the log naming every card), and is refused while
the game is played.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.helpers import ServerProcess, wait_until
from tests.web.browser import Browser, Player


def _step(server: ServerProcess, table: str, step: int, seat: str = "all") -> httpx.Response:
    return httpx.get(f"{server.base}/api/tables/{table}/steps/{step}?seat={seat}", timeout=20)


def _finished_drump(server: ServerProcess) -> str:
    created: dict[str, Any] = server.create_table(
        "drump", [{"bot": "heuristic", "pace": 0}, {"bot": "random", "pace": 0}]
    )
    table: str = created["table"]
    wait_until(lambda: _step(server, table, 0).status_code == 200, 60)
    return table


def test_every_card_face_up_only_once_the_game_is_over(server: ServerProcess) -> None:
    playing = server.create_table("drump", [{"person": "Ann"}, {"bot": "heuristic"}])
    refused = _step(server, playing["table"], 0)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "playing"
    table = _finished_drump(server)
    start = _step(server, table, 0).json()
    assert start["seat"] == "all" and len(start["views"]) == 2
    assert start["view"]["hand"] == [] and all(len(view["hand"]) >= 5 for view in start["views"])
    # The log names both deals, where a seat's own log names only its own.
    for seat, view in enumerate(start["views"], start=1):
        dealt = next(entry for entry in start["log"] if entry.startswith(f"Player {seat} is dealt "))
        assert set(dealt.split(" is dealt ")[1].split()) <= set(view["hand"]), (dealt, view["hand"])
    assert _step(server, table, 0, "1").json()["log"] != start["log"]
    last = _step(server, table, start["steps"]).json()
    assert last["outcome"] and len(last["log"]) == len(_step(server, table, start["steps"], "").json()["log"])
    hidden_words = ("draws a card", "face-down card", "is dealt 5 cards")
    assert not [entry for entry in last["log"] if any(words in entry for words in hidden_words)]
    assert _step(server, table, 0, "everyone").status_code == 400


def test_the_replay_page_shows_every_seats_cards(server: ServerProcess, browser: Browser) -> None:
    table = _finished_drump(server)
    ann = Player(browser)
    page = ann.page
    page.goto(f"{server.base}/?replay={table}")
    page.wait_for_selector(".replay-page .drump-board")
    assert page.locator('[data-area="my-hand"] .card.playing').count() == 0
    page.select_option('[data-role="as"]', "all")
    page.wait_for_selector(".replay-seat[data-seat='2'] [data-area='my-hand'] .card.playing")
    for seat in (1, 2):
        assert (
            page.locator(f".replay-seat[data-seat='{seat}'] [data-area='my-hand'] .card.playing").count() >= 5
        )
    page.click('[data-role="last"]')
    page.wait_for_selector(".replay-page .outcome")
    assert "draws a card" not in (page.text_content(".log-list") or "")
    ann.close()
