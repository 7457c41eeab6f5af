"""The lobby and the pages around a game: resuming, watching, rules, the guided first game, refusals
explained, a phone-sized screen, and a dnup game played by clicking."""

from __future__ import annotations

import random

from playwright.sync_api import WebSocketRoute

from tests.server.helpers import ServerProcess
from tests.web.browser import PHONE, Browser, Player
from tests.web.conftest import Screenshots
from tests.web.drivers import dnup_perform, drump_perform


def test_the_lobby_resumes_your_games_and_lists_the_tables(
    server: ServerProcess, browser: Browser, screenshots: Screenshots
) -> None:
    ann = Player(browser, settings={"botPace": 0, "name": "Ann"})
    page = ann.page
    page.goto(server.base + "/")
    page.click('.game-tile[data-game="drump"] [data-role="quick"]')
    page.wait_for_selector('[data-area="my-hand"] .card')
    # The bot may open the game: the lobby says "your turn" once Ann has moves to make.
    page.wait_for_selector("[data-move]", state="attached")
    table = page.url.split("table=")[1]
    page.goto(server.base + "/")
    row = page.locator(f'.your-games [data-table="{table}"]')
    row.wait_for()
    assert "your turn" in (row.text_content() or "")
    page.locator(".server-tables").get_by_text("Playing now").wait_for()
    assert page.locator(f'.server-tables [data-table="{table}"] [data-role="watch"]').count() == 1
    page.screenshot(path=screenshots.path("lobby"))
    screenshots.publish("lobby")
    row.locator('[data-role="resume"]').click()
    page.wait_for_selector('[data-area="my-hand"] .card')
    assert table in page.url
    # A spectator's link from the lobby, in another browser.
    watcher = Player(browser)
    watcher.page.goto(server.base + "/")
    watcher.page.click(f'.server-tables [data-table="{table}"] [data-role="watch"]')
    watcher.page.wait_for_selector(".badge.watching")
    watcher.page.wait_for_selector('[data-area="my-hand"] .card.back')
    assert watcher.page.query_selector('[data-area="hand"]') is None, "a spectator holds no hand"
    for player in (ann, watcher):
        player.close()


def test_an_illegal_move_is_refused_with_the_rules_reason(server: ServerProcess, browser: Browser) -> None:
    table = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
    players = [Player(browser) for _ in range(2)]
    for player, seat in zip(players, table["seats"], strict=True):
        player.page.goto(seat["link"])
        player.page.wait_for_selector('[data-area="my-hand"] .card')
    mover = next(player for player in players if player.legal())
    card = mover.page.get_attribute('[data-area="hand"]', "data-card")
    mover.page.keyboard.press("m")
    mover.page.fill(".move-field", f"block {card}")
    mover.page.press(".move-field", "Enter")
    refusal = mover.page.locator('.notice[data-kind="error"]')
    refusal.wait_for()
    assert "no exchange or discard is under way" in (refusal.text_content() or "")
    other = next(player for player in players if player is not mover)
    other.page.keyboard.press("m")
    other.page.fill(".move-field", "end")
    other.page.press(".move-field", "Enter")
    other.page.locator('.notice[data-kind="error"]').get_by_text("Not your turn").wait_for()
    for player in players:
        player.close()


def test_the_rules_pages(server: ServerProcess, browser: Browser) -> None:
    ann = Player(browser)
    page = ann.page
    page.goto(server.base + "/?rules=scout")
    page.wait_for_selector(".rules-text h1")
    assert page.text_content(".rules-text h1") == "Scout"
    assert page.locator(".rules-text table").count() >= 1
    table = server.create_table("fm", [{"person": "Ann"}, {"duelist": 1}])
    page.goto(table["seats"][0]["link"])
    page.click(".header-buttons >> text=Rules")
    page.wait_for_selector(".rules-panel h1")
    assert "Forbidden Memories" in (page.text_content(".rules-panel h1") or "")
    ann.close()


def test_the_rules_button_waits_for_the_tables_game(server: ServerProcess, browser: Browser) -> None:
    """A table page learns its game from the server's frames: until then Rules has nothing to open, so
    it is disabled rather than a button whose click is lost (as one was, now and then, in CI)."""
    held: list[str | bytes] = []
    page_sides: list[WebSocketRoute] = []
    passing = {"frames": False}

    def hold_the_servers_frames(page_side: WebSocketRoute) -> None:
        page_sides.append(page_side)
        page_side.connect_to_server().on_message(
            lambda message: page_side.send(message) if passing["frames"] else held.append(message)
        )

    ann = Player(browser)
    page = ann.page
    page.route_web_socket("**/ws", hold_the_servers_frames)
    table = server.create_table("scout", [{"person": "Ann"}, {"bot": "random"}, {"bot": "random"}])
    page.goto(table["seats"][0]["link"])
    rules = page.locator(".header-buttons >> text=Rules")
    rules.wait_for()
    for _ in range(400):  # the server's greeting, held here, within 20 s
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the server sent the table page nothing"
    assert rules.is_disabled()
    passing["frames"] = True
    for message in held:
        page_sides[0].send(message)
    rules.click()  # Playwright's click waits for the button to be enabled
    page.wait_for_selector(".rules-panel h1")
    assert page.text_content(".rules-panel h1") == "Scout"
    ann.close()


def test_the_guided_first_game_of_drump(server: ServerProcess, browser: Browser) -> None:
    ann = Player(browser, settings={"botPace": 0})
    page = ann.page
    page.goto(server.base + "/")
    page.click('.game-tile[data-game="drump"] [data-role="guide"]')
    page.wait_for_selector('.guide[data-tip="welcome"]')
    page.click('[data-role="guide-next"]')
    # The bot may begin; on your turn the guide shows how to set a card.
    page.wait_for_selector('.guide[data-tip="set"]', timeout=30_000)
    assert page.locator(".guide-spot").count() >= 1
    setting = next(text for text in ann.legal() if text.startswith("set "))
    version = ann.version()
    drump_perform(ann, setting)
    ann.wait_for_version_after(version)
    page.click('[data-role="guide-next"]')
    # The next note waits for the next move: notes never come back to back.
    assert page.locator(".guide").count() == 0
    ann.close()


def test_a_phone_sized_table(server: ServerProcess, browser: Browser, screenshots: Screenshots) -> None:
    table = server.create_table("drump", [{"person": "Ann"}, {"bot": "heuristic"}])
    ann = Player(browser, viewport=PHONE)
    page = ann.page
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector('[data-area="my-hand"] .card')
    page.wait_for_function("document.querySelectorAll('[data-move]').length > 0")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "the page is wider"
    hand = page.locator('[data-area="hand"]').first.bounding_box()
    assert hand is not None and hand["x"] + hand["width"] <= PHONE["width"]
    setting = next(text for text in ann.legal() if text.startswith("set "))
    version = ann.version()
    drump_perform(ann, setting)
    ann.wait_for_version_after(version)
    page.screenshot(path=screenshots.path("drump-phone"))
    screenshots.publish("drump-phone")
    page.click(".narrow-only >> text=Log")
    page.wait_for_selector(".show-side .log-list li")
    ann.close()


def test_a_dnup_game_by_clicking(server: ServerProcess, browser: Browser, screenshots: Screenshots) -> None:
    table = server.create_table("dnup", [{"person": "Ann"}, {"bot": "heuristic"}, {"bot": "random"}])
    ann = Player(browser)
    page = ann.page
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector('[data-area="my-hand"] .card')
    rng = random.Random(5)
    done: set[str] = set()
    for _ in range(200):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        legal = ann.legal()
        if ann.dismiss_round_summary() or not legal:
            page.wait_for_timeout(20)
            continue
        # Each kind of move once where it can be, then plays: the game moves on.
        fresh = [text for text in legal if text.split()[0] not in done and text != "rotate"]
        text = rng.choice(fresh or [text for text in legal if text.startswith("play")] or legal)
        version = ann.version()
        dnup_perform(ann, text)
        ann.wait_for_version_after(version)
        done.add(text.split()[0])
        if len(done) == 3 and "shot" not in done:
            page.screenshot(path=screenshots.path("dnup"))
            screenshots.publish("dnup")
            done.add("shot")
    assert {"play", "take"} <= done or {"play", "add"} <= done, done
    ann.close()
