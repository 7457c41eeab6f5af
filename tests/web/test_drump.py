"""Two people at two browsers play DRUMP to its end by clicking, one of them reloading on the way; then
the result, and the replay stepped through as either seat."""

from __future__ import annotations

import random

from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player
from tests.web.conftest import Screenshots
from tests.web.drivers import drump_choice, drump_perform

#: Actions after which the second player reloads the page.
RELOAD_AT = 25
MOST_ACTIONS = 600


def _make_table_in_the_lobby(ann: Player, base: str) -> str:
    """Ann makes a table for two people in the lobby, sits at seat 1, and returns seat 2's link."""
    page = ann.page
    page.goto(base + "/")
    page.click('.game-tile[data-game="drump"] [data-role="friends"]')
    page.fill('input[name="name-0"]', "Ann")
    page.fill('input[name="name-1"]', "Bob")
    page.click('[data-role="create"]')
    link = page.input_value('.invitations li[data-seat="2"] input.link')
    page.click('.invitations li[data-seat="1"] [data-role="sit"]')
    page.wait_for_selector('[data-area="my-hand"] .card')
    return link


def test_two_browsers_finish_a_drump_game_by_clicking(
    server: ServerProcess, browser: Browser, screenshots: Screenshots
) -> None:
    ann = Player(browser)
    bob = Player(browser)
    link = _make_table_in_the_lobby(ann, server.base)
    table = link.split("/play/")[1].split("?")[0]
    bob.page.goto(link)
    bob.page.wait_for_selector('[data-area="my-hand"] .card')
    assert ann.page.text_content(".seat-tag.me") == "1. Ann (you)"
    assert bob.page.text_content(".seat-tag.me") == "2. Bob (you)"
    ann.page.fill(".chat input", "good luck")
    ann.page.press(".chat input", "Enter")
    bob.page.locator(".log-list li.chat").get_by_text("Ann: good luck").wait_for()
    rng = random.Random(12)
    actions = 0
    shot = False
    while ann.page.evaluate("document.body.dataset.over") != "1":
        assert actions < MOST_ACTIONS, "the game did not end"
        mover = next((player for player in (ann, bob) if player.legal()), None)
        if mover is None:
            ann.page.wait_for_timeout(50)
            continue
        version = mover.version()
        text = drump_choice(mover.legal(), rng)
        drump_perform(mover, text)
        mover.wait_for_version_after(version)
        actions += 1
        if actions == RELOAD_AT:
            # Bob reloads and is back at the table where it was (his hand may be empty by now).
            version = mover.version()
            bob.page.reload()
            bob.page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version)
            bob.page.wait_for_selector(".drump-board")
            assert bob.page.text_content(".seat-tag.me") == "2. Bob (you)"
        if not shot and actions > 40 and ann.page.query_selector(".stack .card.back[data-known]"):
            ann.page.screenshot(path=screenshots.path("drump"))
            screenshots.publish("drump")
            shot = True
    # Both see how it ended; the replay is offered, and can be stepped through as either seat.
    for player in (ann, bob):
        player.page.wait_for_selector(".outcome-dialog .outcome .reason")
    reason = ann.page.text_content(".outcome-dialog .reason")
    assert reason and reason == bob.page.text_content(".outcome-dialog .reason")
    assert actions > 20
    ann.page.click('.outcome-dialog [data-role="replay"]')
    ann.page.wait_for_selector(".replay-page .drump-board")
    assert ann.page.evaluate("document.body.dataset.step") == "0"
    ann.page.click('[data-role="forward"]')
    ann.page.wait_for_function("document.body.dataset.step === '1'")
    ann.page.click('[data-role="last"]')
    ann.page.wait_for_selector(".replay-page .outcome")
    steps = int(ann.page.evaluate("document.body.dataset.step"))
    assert steps >= actions
    ann.page.click('[data-role="back"]')
    ann.page.wait_for_function(f"document.body.dataset.step === '{steps - 1}'")
    # At the start (where Bob surely holds cards: the game, dealt from a new seed, may end with his hand
    # empty), as seat 2, Bob's hand is drawn face up; as a spectator no hand is.
    ann.page.click('[data-role="first"]')
    ann.page.wait_for_function("document.body.dataset.step === '0'")
    ann.page.select_option('[data-role="as"]', "2")
    ann.page.wait_for_selector('[data-area="my-hand"] .card.playing')
    ann.page.select_option('[data-role="as"]', "")
    ann.page.wait_for_function("!document.querySelector('[data-area=\"my-hand\"] .card.playing')")
    assert table in ann.page.url
    for player in (ann, bob):
        player.close()
