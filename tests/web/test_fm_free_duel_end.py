"""The end of a won Free Duel in the browser, against the real server: the outcome's table says LP, and the
rank with its score by criterion, the starchips and the dropped card are shown, said not kept (no
campaign); the figures are those of the duel's own replay (its seed, public at the end)."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardtable.core.replay import from_lines
from cardtable.games.fm.carddata import cards
from cardtable.games.fm.reward import duel_reward
from tests.server.helpers import Client, ServerProcess
from tests.web.browser import Browser, Player
from tests.web.conftest import Screenshots

EXODIA = [17, 18, 19, 20, 21]
MOST_ACTIONS = 600


def strong_deck() -> list[int]:
    """The five Exodia pieces and the 35 strongest monsters (three copies of each) a deck may hold."""
    monsters = sorted((c for c in cards().values() if c.kind == "monster" and c.stars), key=lambda c: -c.atk)
    strongest = [c.id for c in monsters if c.id not in EXODIA][:12]
    return EXODIA + (strongest * 3)[:35]


def card_number(label: str) -> int:
    return int(label.split()[0].lstrip("#"))


def choose(state: dict[str, Any]) -> str:
    """Keep the Exodia pieces, play the strongest monsters, attack with everything."""
    legal = [entry["action"] for entry in state["legal"]]
    view = state["view"]
    attacks = [text for text in legal if text.startswith("attack")]
    if attacks:
        return next((text for text in attacks if text.endswith("direct")), attacks[0])
    if view["phase"] == "pick":
        if "play" in legal and view["picks"]:
            return "play"
        hand = view["window"][: view["hand_sizes"][0]]
        for index, label in enumerate(hand, 1):
            if card_number(label) not in EXODIA and f"pick h{index}" in legal:
                return f"pick h{index}"
    places = [text for text in legal if text.startswith("place attack")]
    if places:
        return places[0]
    return "end" if "end" in legal else legal[0]


async def play_to_the_end(server: ServerProcess, table: dict[str, Any]) -> dict[str, Any]:
    client = await Client(server.socket_url).open()
    try:
        state = await client.join(table["table"], table["seats"][0]["token"])
        for _ in range(MOST_ACTIONS):
            if state["legal"]:
                await client.send({"type": "action", "action": choose(state), "version": state["version"]})
            frame = await client.next("state", "game_over", "error")
            while frame["type"] == "state" and frame["version"] == state["version"] and state["legal"]:
                frame = await client.next("state", "game_over", "error")
            assert frame["type"] != "error", frame
            if frame["type"] == "game_over":
                return frame
            state = frame
        raise AssertionError("the duel did not end")
    finally:
        await client.close()


def test_a_won_free_duel_shows_the_rank_by_criterion_and_the_drop_in_the_browser(
    server: ServerProcess, browser: Browser, screenshots: Screenshots
) -> None:
    for _ in range(4):
        table = server.create_table(
            "fm", [{"person": "Ann", "deck": strong_deck()}, {"duelist": 1, "pace": 0}]
        )
        # Playwright's page runs an event loop in this thread: the duel is played from another one.
        with ThreadPoolExecutor(1) as pool:
            over = pool.submit(asyncio.run, play_to_the_end(server, table)).result()
        if over["outcome"]["winners"] == [1]:
            break
    else:
        raise AssertionError("four duels against Simon Muran were all lost")
    match = from_lines([json.dumps(line) for line in over["replay"]])
    expected = duel_reward(match.state, 0, 1, match.seed)
    assert expected is not None
    ann = Player(browser)
    page = ann.page
    page.goto(table["seats"][0]["link"])
    reward = page.wait_for_selector('.outcome-dialog [data-role="reward"]')
    assert reward.get_attribute("data-rank") == expected.rank.letter
    assert page.text_content('.outcome-dialog [data-role="dropped"]') == expected.to_json()["dropped"]
    text = " ".join((reward.text_content() or "").split())
    assert f"Rank {expected.rank.letter} (score {expected.rank.score}) against Simon Muran" in text
    assert f"{expected.rank.starchips} starchips" in text and "Not kept" in text
    criteria = page.eval_on_selector_all(
        '[data-role="rank-criteria"] tbody tr', "rows => rows.map(r => r.cells[0].textContent)"
    )
    assert criteria == [
        "start",
        *(row["criterion"] for row in expected.to_json()["criteria"]),
        expected.ending[0],
    ]
    header = page.eval_on_selector_all(
        ".outcome-dialog table.scores:not(.fm-rank) th", "cells => cells.map(c => c.textContent)"
    )
    assert header == ["Player", "LP"]
    page.screenshot(path=str(screenshots.path("fm-free-duel-rank")))
    screenshots.publish("fm-free-duel-rank")
    # The lobby says who won the finished duel, among the games this browser keeps (as if made here).
    page.evaluate("created => import('/js/api.js').then(api => api.remember(created))", table)
    page.goto(server.base + "/")
    state = page.wait_for_selector(f'.game-row[data-state][data-table="{table["table"]}"] .state')
    assert state.text_content() == "you won"
    ann.close()
