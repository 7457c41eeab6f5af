"""Resigning in the browser: a DRUMP game ends for both; at a Scout table of three a bot takes the seat."""

from __future__ import annotations

import random
from pathlib import Path

import httpx

from tests.server.helpers import FAST, ServerProcess
from tests.web.browser import Browser, Player
from tests.web.conftest import Screenshots
from tests.web.drivers import scout_perform
from tests.web.test_scout import scout_choice

MOST_ACTIONS = 200
NO_GRACE = (*FAST, "disconnect_grace_seconds=0.001")


def _seated(browser: Browser, link: str) -> Player:
    player = Player(browser)
    player.page.goto(link)
    player.page.wait_for_selector(".seat-tag.me")
    return player


def test_a_resign_in_drump_ends_the_game_and_the_other_wins(
    server: ServerProcess, browser: Browser, screenshots: Screenshots
) -> None:
    table = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
    ann, bob = (_seated(browser, seat["link"]) for seat in table["seats"])
    # Thinking better of it first: nothing is sent until the resign is confirmed.
    ann.page.click('[data-role="resign"]')
    ann.page.click(".dialog button.ghost")
    assert ann.page.evaluate("document.body.dataset.over") is None
    ann.page.click('[data-role="resign"]')
    ann.page.click('[data-role="confirm-resign"]')
    for player, headline in ((ann, "Bob wins"), (bob, "You win!")):
        player.page.wait_for_selector(".outcome-dialog .headline")
        assert player.page.text_content(".outcome-dialog .headline") == headline
        assert player.page.text_content(".outcome-dialog .reason") == "Ann resigned."
        assert player.page.is_hidden('[data-role="resign"]')
    bob.page.screenshot(path=screenshots.path("resigned"))
    ann.close()
    bob.close()


def test_a_resign_at_a_scout_table_of_three_puts_a_bot_in_the_seat(
    server: ServerProcess, browser: Browser
) -> None:
    table = server.create_table("scout", [{"person": "Ann"}, {"person": "Bob"}, {"person": "Cara"}])
    ann, bob, cara = (_seated(browser, seat["link"]) for seat in table["seats"])
    bob.page.click('[data-role="resign"]')
    bob.page.click('[data-role="confirm-resign"]')
    for player in (ann, bob, cara):
        player.page.wait_for_selector('.seat-tag[data-seat="2"]:has-text("Bob (bot)")')
    assert bob.page.is_hidden('[data-role="resign"]') and ann.page.is_visible('[data-role="resign"]')
    assert bob.legal() == []
    # Ann and Cara play on; the bot plays Bob's seat when its turn comes.
    rng = random.Random(8)
    people = {1: ann, 3: cara}
    bot_moved = False
    for _ in range(MOST_ACTIONS):
        # Whose turn and the version in one read: a move between two reads would pair them wrongly.
        to_act, version = ann.page.evaluate(
            "[Number(document.body.dataset.toAct || 0), Number(document.body.dataset.version ?? -1)]"
        )
        if to_act == 2:
            ann.wait_for_version_after(version)
            bot_moved = True
            break
        player = people[to_act]
        legal = player.legal()
        if not legal:
            player.page.wait_for_timeout(30)
            continue
        scout_perform(player, scout_choice(legal, rng))
        ann.wait_for_version_after(version)
    assert bot_moved, "the bot never played Bob's seat"
    assert bob.legal() == [] and bob.page.evaluate("document.body.dataset.over") is None
    for player in (ann, bob, cara):
        player.close()


def test_a_table_with_a_clock_shows_it_and_its_maker_closes_it_from_your_games(
    server: ServerProcess, browser: Browser
) -> None:
    ann = Player(browser)
    page = ann.page
    page.goto(server.base + "/")
    page.click('.game-tile[data-game="drump"] [data-role="friends"]')
    page.fill('input[name="name-0"]', "Ann")
    page.select_option('select[name="clock"]', label="10 min + 5 s a move")
    page.click('[data-role="create"]')
    page.click('.invitations li[data-seat="1"] [data-role="sit"]')
    page.wait_for_selector(".seat-clock")
    table = page.evaluate("new URLSearchParams(location.search).get('table')")
    to_act = int(page.evaluate("document.body.dataset.toAct"))
    waiting = 3 - to_act
    assert page.text_content(f'.seat-clock[data-clock="{waiting}"]') == " 10:00"
    assert page.text_content(f'.seat-clock[data-clock="{to_act}"]') in (" 10:00", " 9:59", " 9:58")
    # Back in the lobby, the table is in Your games; its maker closes it, once sure.
    page.goto(server.base + "/")
    row = page.locator(f'.game-row[data-table="{table}"]')
    row.locator('[data-role="close"]').click()
    page.click('[data-role="confirm-close"]')
    page.wait_for_selector(f'.game-row[data-table="{table}"][data-state="closed"]')
    summary = httpx.get(f"{server.base}/api/tables/{table}", timeout=30).json()
    assert summary["finished"] and summary["outcome"]["ending"] == "closed"
    assert summary["outcome"]["reason"] == "closed by Ann, who made it"
    ann.close()


def test_a_claim_against_a_seat_that_never_came_wins_the_game(tmp_path: Path, browser: Browser) -> None:
    # A grace of a millisecond: the seat to act, which nobody has opened, may be claimed against at once.
    server = ServerProcess(tmp_path / "tables.sqlite", limits=NO_GRACE).start()
    try:
        table = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
        away = httpx.get(f"{server.base}/api/tables/{table['table']}", timeout=30).json()["to_act"]
        here = _seated(browser, table["seats"][2 - away]["link"])
        name = ["Ann", "Bob"][away - 1]
        here.page.click('[data-role="claim"]')
        here.page.wait_for_selector(".outcome-dialog .headline")
        assert here.page.text_content(".outcome-dialog .headline") == "You win!"
        assert (
            here.page.text_content(".outcome-dialog .reason") == f"{name} left and did not come back in time."
        )
        here.close()
    finally:
        server.stop()
