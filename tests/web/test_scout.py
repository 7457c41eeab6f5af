"""A Scout game against two bots, started from the lobby in one click and played to its end by clicking
and dragging cards."""

from __future__ import annotations

import random

from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player
from tests.web.conftest import Screenshots
from tests.web.drivers import scout_perform

MOST_ACTIONS = 300


def scout_choice(legal: list[str], rng: random.Random) -> str:
    """Show the longest set often, scout otherwise; keep or turn the hand at a round's start."""
    shows = [text for text in legal if text.startswith("show")]
    if shows and rng.random() < 0.7:
        return max(shows, key=lambda text: (text.count("-"), rng.random()))
    return rng.choice(legal)


def test_a_scout_game_against_bots_from_the_lobby(
    server: ServerProcess, browser: Browser, screenshots: Screenshots
) -> None:
    ann = Player(browser, settings={"botPace": 0, "name": "Ann"})
    page = ann.page
    page.goto(server.base + "/")
    page.click('.game-tile[data-game="scout"] [data-role="quick"]')
    page.wait_for_selector('[data-area="my-hand"] .card')
    assert page.text_content(".seat-tag.me") == "1. Ann (you)"
    rng = random.Random(4)
    actions = 0
    kinds: set[str] = set()
    while page.evaluate("document.body.dataset.over") != "1":
        assert actions < MOST_ACTIONS, "the game did not end"
        legal = ann.legal()
        if ann.dismiss_round_summary() or not legal:
            page.wait_for_timeout(30)
            continue
        version = ann.version()
        text = scout_choice(legal, rng)
        kind = text.split()[0]
        # Every other plain scout is dragged rather than clicked.
        scout_perform(ann, text, drag=kind == "scout" and "scout-drag" not in kinds)
        kinds.add("scout-drag" if kind == "scout" and "scout-drag" not in kinds else kind)
        ann.wait_for_version_after(version)
        actions += 1
        if actions == 6:
            page.screenshot(path=screenshots.path("scout"))
            screenshots.publish("scout")
    page.wait_for_selector(".outcome-dialog .scores")
    assert {"show", "scout-drag", "keep"} <= kinds or {"show", "scout-drag", "turn"} <= kinds, kinds
    rows = page.locator(".outcome-dialog table.scores tbody tr").count()
    assert rows == 3
    ann.close()
