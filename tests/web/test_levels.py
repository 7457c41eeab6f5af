"""The lobby offers each level with its label and rating, and a table made with one seats that bot."""

from __future__ import annotations

from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player


def test_the_lobby_offers_levels_with_their_ratings_and_seats_the_chosen_one(
    server: ServerProcess, browser: Browser
) -> None:
    ann = Player(browser)
    page = ann.page
    page.goto(server.base + "/")
    page.click('.game-tile[data-game="drump"] [data-role="friends"]')
    words = page.locator('select[name="kind-1"] option[value="bot:hard"]').text_content()
    assert words is not None and words.startswith("bot: Hard (Elo ") and "±" in words
    page.select_option('select[name="kind-1"]', "bot:hard")
    page.click('[data-role="create"]')
    page.click('.invitations li[data-seat="1"] [data-role="sit"]')
    page.wait_for_selector('[data-area="my-hand"] .card')
    assert "(bot)" in (page.text_content('.seat-tag[data-seat="2"]') or "")
