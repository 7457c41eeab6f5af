"""A game that brings nothing for the browser is offered in the lobby and played to its end there.

The server of this test registers a fifth game (tests/web/fifth_game_server.py: dnup's declaration
under another name, with no board, stylesheet or lobby entry of its own).  The lobby offers it with the
bots /api/games names; *Play vs bot* seats you against its first bot; the generic board draws the view,
the hand and the moves as buttons, and a card picked lights up the moves that use it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The server, with the fifth game registered."""
    folder: Path = tmp_path_factory.mktemp("server")
    process = ServerProcess(folder / "tables.sqlite", module="tests.web.fifth_game_server").start()
    try:
        yield process
    finally:
        process.stop()


def _quickest(legal: list[str]) -> str:
    """The move that empties the hand fastest: the play of the most cards, else the first move listed."""
    plays = [text for text in legal if text.startswith("play ")]
    return max(plays, key=lambda text: len(text.split())) if plays else legal[0]


def test_the_fifth_game_is_offered_and_played_against_a_bot_to_the_end(
    server: ServerProcess, browser: Browser
) -> None:
    ann = Player(browser, settings={"botPace": 0, "name": "Ann"})
    page = ann.page
    page.goto(server.base + "/")
    tile = page.locator('[data-game="fives"]')
    tile.wait_for()
    assert tile.locator("h3").text_content() == "Fives"
    assert tile.locator('[data-role="quick"]').text_content() == "Play vs bot"
    # The table for friends offers the bots /api/games gives, with what each is.
    tile.locator('[data-role="friends"]').click()
    offered = page.eval_on_selector_all(
        'select[name="kind-1"] option', "options => options.map(o => [o.value, o.title])"
    )
    assert {"bot:random", "bot:heuristic", "bot:ismcts"} <= {value for value, _ in offered}
    assert all(about for value, about in offered if value.startswith("bot:"))
    page.keyboard.press("Escape")
    page.goto(server.base + "/")
    page.locator('[data-game="fives"] [data-role="quick"]').click()
    page.wait_for_selector('[data-role="generic-board"]')
    page.wait_for_selector('[data-area="hand"]')
    assert page.locator('[data-seat="2"].seat-tag').text_content().startswith("2. Robin (bot)")
    picked_a_card = False
    for _ in range(600):
        if page.evaluate("document.body.dataset.over === '1'"):
            break
        if ann.dismiss_round_summary():
            continue
        legal = ann.legal()
        if not legal:
            page.wait_for_timeout(50)
            continue
        version = ann.version()
        text = _quickest(legal)
        words = text.split()
        if words[0] in ("play", "add"):
            # Pick the card first: the moves that use it are the ones left among the buttons.
            if not _click(page, f'[data-area="hand"][data-card="{words[1]}"]'):
                continue
            shown = page.eval_on_selector_all(
                ".action-bar button[data-action]", "b => b.map(e => e.dataset.action)"
            )
            assert text in shown and all(words[1] in move for move in shown), shown
            picked_a_card = True
        if not _click(page, f'.action-bar button[data-action="{text}"]'):
            continue
        ann.wait_for_version_after(version)
    else:
        pytest.fail("the game did not end within 600 moves")
    page.wait_for_selector(".outcome-dialog")
    assert picked_a_card
    assert "Game over" in (page.text_content(".prompt") or "")
    ann.close()


def _click(page: Any, selector: str) -> bool:
    """Click `selector`; False when a round's summary, shown by a frame that came meanwhile, covers it.

    The loop then closes the summary and reads the legal moves again.
    """
    try:
        page.click(selector, timeout=3000)
    except PlaywrightTimeout:
        if page.locator(".round-dialog").count():
            return False
        raise
    return True
