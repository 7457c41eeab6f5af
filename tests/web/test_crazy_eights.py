"""Crazy Eights, the game that brings no browser files, offered in the lobby and played to its end.

Its folder holds rules only (docs/new-game.md): the lobby's tile comes from /api/games and the table
is drawn by the generic board, the moves as buttons (its frames' secrecy is checked at the server,
tests/crazy_eights/test_crazy_eights_server.py).
"""

from __future__ import annotations

import pytest

from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player


def _choose(legal: list[str]) -> str:
    """A play if there is one (an eight last, since it asks for a suit), else the first move listed."""
    plays = [text for text in legal if text.startswith("play ")]
    ordinary = [text for text in plays if not text.startswith("play 8")]
    return (ordinary or plays or legal)[0]


def test_crazy_eights_is_offered_and_played_against_a_bot_to_the_end(
    server: ServerProcess, browser: Browser
) -> None:
    ann = Player(browser, settings={"botPace": 0, "name": "Ann"})
    page = ann.page
    page.goto(server.base + "/")
    tile = page.locator('[data-game="crazy_eights"]')
    tile.wait_for()
    assert tile.locator("h3").text_content() == "Crazy Eights"
    tile.locator('[data-role="quick"]').click()
    page.wait_for_selector('[data-role="generic-board"]')
    page.wait_for_selector('[data-area="hand"]')
    moves = 0
    for _ in range(800):
        if page.evaluate("document.body.dataset.over === '1'"):
            break
        legal = ann.legal()
        if not legal:
            page.wait_for_timeout(50)
            continue
        version = ann.version()
        page.click(f'.action-bar button[data-action="{_choose(legal)}"]')
        ann.wait_for_version_after(version)
        moves += 1
    else:
        pytest.fail("the game did not end within 800 moves")
    page.wait_for_selector(".outcome-dialog")
    assert moves > 0 and "Game over" in (page.text_content(".prompt") or "")
    ann.close()
