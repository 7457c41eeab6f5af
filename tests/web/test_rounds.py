"""A round summary in the browser: Scout's first round against two bots, summed up before the next deal."""

from __future__ import annotations

import random

from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player
from tests.web.drivers import scout_perform
from tests.web.test_scout import scout_choice

MOST_ACTIONS = 200


def test_a_scout_round_is_summed_up_dismissed_by_a_key_and_shown_again_from_the_log(
    server: ServerProcess, browser: Browser
) -> None:
    seats = [{"person": "Ann"}, {"bot": "heuristic"}, {"bot": "heuristic"}]
    table = server.create_table("scout", seats)
    ann = Player(browser)
    page = ann.page
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector('[data-area="my-hand"] .card')
    rng = random.Random(6)
    for _ in range(MOST_ACTIONS):
        # The moves first, then the summary: a round's summary is drawn with the frame that ends it, so
        # moves read before a look that finds none are not covered by one. (Read the other way round,
        # the frames of the bots' first moves of round 2 may come between the two reads, and the
        # summary covers the move clicked.)
        legal = ann.legal()
        if page.locator(".round-dialog").count():
            break
        if not legal:
            page.wait_for_timeout(30)
            continue
        version = ann.version()
        scout_perform(ann, scout_choice(legal, rng))
        ann.wait_for_version_after(version)
    else:
        raise AssertionError("no round summary was shown")
    dialog = page.locator(".round-dialog")
    assert dialog.locator("h2").inner_text() == "Round 1"
    names = dialog.locator("tbody td:first-child").all_inner_texts()
    assert names == ["1. Ann", "2. Robin (bot)", "3. Sasha (bot)"]
    points = [int(text) for text in dialog.locator('[data-role="round-points"]').all_inner_texts()]
    totals = [int(text) for text in dialog.locator('[data-role="round-total"]').all_inner_texts()]
    # After the first round the totals are its points; the reason is the log's.
    assert points == totals
    reason = dialog.locator('[data-role="round-reason"]').inner_text()
    log_line = page.locator(".log-list li.round-end").first.inner_text()
    assert reason.rstrip(".").lower() in log_line.lower(), (reason, log_line)
    page.keyboard.press("Escape")
    page.wait_for_selector(".round-dialog", state="detached")
    page.locator(".log-list li.round-end").first.click()
    page.wait_for_selector(".round-dialog")
    assert page.locator('.round-dialog [data-role="round-points"]').all_inner_texts() == [
        f"{value:+d}" if value else "0" for value in points
    ]
    page.click('[data-role="round-close"]')
    page.wait_for_selector(".round-dialog", state="detached")
    ann.close()
