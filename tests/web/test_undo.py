"""Undo in the browser against a bot: the person's last move and the bot's replies are taken back."""

from __future__ import annotations

import random

from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player
from tests.web.drivers import drump_choice, drump_perform

MOST_ACTIONS = 60
#: Past a version, with moves to choose from.
AGAIN_TO_ACT = (
    "v => Number(document.body.dataset.version) > v && document.querySelectorAll('[data-move]').length > 0"
)


def test_an_undo_against_a_bot(server: ServerProcess, browser: Browser) -> None:
    table = server.create_table("drump", [{"person": "Ann"}, {"bot": "random"}])
    ann = Player(browser)
    page = ann.page
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector('[data-area="my-hand"] .card')
    rng = random.Random(3)
    # Ann plays by clicking until the bot has answered one of her moves and she is to act again.
    for _ in range(MOST_ACTIONS):
        page.wait_for_function("document.querySelectorAll('[data-move]').length > 0")
        version, legal = ann.version(), sorted(ann.legal())
        drump_perform(ann, drump_choice(legal, rng))
        page.wait_for_function(AGAIN_TO_ACT, arg=version)
        if ann.version() > version + 1:
            break
    else:
        raise AssertionError("the bot never moved")
    page.click('[data-role="undo"]')
    page.wait_for_function("v => Number(document.body.dataset.version) === v", arg=version)
    page.wait_for_function("document.querySelectorAll('[data-move]').length > 0")
    # Back at Ann's last decision: the same moves to choose from, and she is told what happened.
    assert sorted(ann.legal()) == legal
    page.get_by_text("Your last move was taken back").wait_for()
    ann.close()


def test_an_undo_against_a_person_is_asked_and_allowed(server: ServerProcess, browser: Browser) -> None:
    table = server.create_table("drump", [{"person": "Ann"}, {"person": "Bo"}])
    ann, bo = Player(browser), Player(browser)
    for player, seat in ((ann, 0), (bo, 1)):
        player.page.goto(table["seats"][seat]["link"])
        player.page.wait_for_selector('[data-area="my-hand"] .card')
    mover, other = (ann, bo) if ann.legal() else (bo, ann)
    version, legal = mover.version(), sorted(mover.legal())
    drump_perform(mover, drump_choice(legal, random.Random(1)))
    mover.wait_for_version_after(version)
    mover.page.click('[data-role="undo"]')
    # The other person is asked, and allows it: both pages are back before the move.
    other.page.click('[data-role="undo-accept"]')
    for player in (ann, bo):
        player.page.wait_for_function("v => Number(document.body.dataset.version) === v", arg=version)
    mover.page.wait_for_function("document.querySelectorAll('[data-move]').length > 0")
    assert sorted(mover.legal()) == legal
    ann.close()
    bo.close()
