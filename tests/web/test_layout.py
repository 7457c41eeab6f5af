"""Every game's table at 1280x720 and on a 390x844 phone: the hand in one row, no two boxes overlapping.

Each table is played by clicking, as a person plays it, for a number of the
person's decisions; the page is measured (tests/web/layout.py) at every one
of them and a screenshot kept at the first, at an attack or a scout, and at
the last. Scout is played at every number of players, so that every hand
size it deals (9, 11 and 12 cards) and the hands scouting makes are seen.
A bot against bot table, watched to its end, shows a log of 100 entries and
more.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.helpers import ServerProcess
from tests.web.browser import DESKTOP, PHONE, Browser, Player
from tests.web.conftest import Screenshots
from tests.web.drivers import dnup_perform, drump_choice, drump_perform, scout_perform
from tests.web.layout import problems

SIZES = {"desktop": DESKTOP, "phone": PHONE}
#: The person's decisions played and measured at each table.
DECISIONS = 24


def scout_choice(legal: list[str], rng: random.Random) -> str:
    """Scout often, so that the hand grows past its deal; show now and then, so the game moves on."""
    scouts = [text for text in legal if text.startswith("scout ")]
    if scouts and rng.random() < 0.75:
        return rng.choice(scouts)
    return rng.choice(legal)


def dnup_choice(legal: list[str], rng: random.Random) -> str:
    plays = [text for text in legal if text.startswith("play")]
    return rng.choice(plays if plays and rng.random() < 0.7 else legal)


def drump_attacking(legal: list[str], rng: random.Random) -> str:
    """DRUMP's quick choice, bursting whenever it can, so that exchanges are seen."""
    bursts = [text for text in legal if text.startswith("burst ")]
    return rng.choice(bursts) if bursts else drump_choice(legal, rng)


def fm_choice(legal: list[str], rng: random.Random) -> str:
    """Play a card picked, else pick one from the hand, place it, end the battle."""
    for wanted in ("play", "pick h", "place attack", "end"):
        found = [text for text in legal if text.startswith(wanted)]
        if found:
            return rng.choice(found)
    return rng.choice(legal)


def fm_perform(player: Player, text: str) -> None:
    """One FM action by clicking: a hand card, a button, or the placing of what came out."""
    page = player.page
    if text.startswith("pick h"):
        page.click(f'[data-area="hand"][data-position="{text[len("pick h") :]}"]')
    elif text.startswith("place"):
        page.click('[data-role="position-attack"]')
        if page.query_selector('[data-role="place"] button.primary'):
            page.click('[data-role="place"] button.primary')
        else:
            page.click(".fm-zone.target")
    else:
        page.click(f'button[data-action="{text}"]')


Choice = Callable[[list[str], random.Random], str]
TABLES: dict[str, tuple[str, list[dict[str, Any]], Choice, Callable[[Player, str], None]]] = {
    "drump": ("drump", [{"person": "Ann"}, {"bot": "heuristic"}], drump_attacking, drump_perform),
    "scout-2": ("scout", [{"person": "Ann"}, {"bot": "heuristic"}], scout_choice, scout_perform),
    "scout-3": (
        "scout",
        [{"person": "Ann"}, {"bot": "heuristic"}, {"bot": "random"}],
        scout_choice,
        scout_perform,
    ),
    "scout-4": ("scout", [{"person": "Ann"}, *[{"bot": "random"}] * 3], scout_choice, scout_perform),
    "scout-5": ("scout", [{"person": "Ann"}, *[{"bot": "random"}] * 4], scout_choice, scout_perform),
    "dnup": ("dnup", [{"person": "Ann"}, {"bot": "heuristic"}, {"bot": "random"}], dnup_choice, dnup_perform),
    "fm": ("fm", [{"person": "Ann"}, {"duelist": 1}], fm_choice, fm_perform),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", TABLES)
def test_the_table_keeps_the_hand_in_one_row_and_its_boxes_apart(
    server: ServerProcess, browser: Browser, screenshots: Screenshots, name: str, size: str
) -> None:
    game, seats, choose, perform = TABLES[name]
    for seat in seats[1:]:
        seat["pace"] = 0
    table = server.create_table(game, seats)
    ann = Player(browser, viewport=SIZES[size])
    page = ann.page
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector('[data-area="hand"]')
    rng = random.Random(27)
    found: dict[str, str] = {}
    hand_sizes: set[int] = set()
    decisions = 0
    while decisions < DECISIONS and page.evaluate("document.body.dataset.over") != "1":
        legal = ann.legal()
        if ann.dismiss_round_summary() or not legal:
            page.wait_for_timeout(30)
            continue
        decisions += 1
        hand_sizes.add(page.locator('[data-area="hand"]').count())
        shot = f"layout-{name}-{size}-{decisions}"
        for problem in problems(page):
            if problem not in found:
                found[problem] = shot
                page.screenshot(path=screenshots.path(shot))
        if decisions in (1, DECISIONS) or page.locator('[data-role="exchange"]').count():
            page.screenshot(path=screenshots.path(shot))
        if game == "drump" and decisions % 4 == 0 and page.locator(".pile .card.playing").count():
            # The whole pile, opened by a click on it, beside the pile and over nothing.
            page.click('[data-role="pile"]')
            page.wait_for_selector('[data-role="pile-all"]')
            for problem in problems(page):
                found.setdefault(f"with the pile open: {problem}", f"{shot}-pile")
            page.screenshot(path=screenshots.path(f"{shot}-pile"))
            page.click('[data-role="pile"]')
        version = ann.version()
        perform(ann, choose(legal, rng))
        ann.wait_for_version_after(version)
    ann.close()
    assert found == {}, f"hand sizes seen: {sorted(hand_sizes)}; screenshots in {screenshots.folder}"


@pytest.mark.parametrize("size", SIZES)
def test_a_long_log_keeps_its_numbers_in_view(
    server: ServerProcess, browser: Browser, screenshots: Screenshots, size: str
) -> None:
    # Issue 27: numbers from 100 up were clipped. Two bots play a whole game; a spectator reads the log.
    watcher = Player(browser, viewport=SIZES[size])
    page = watcher.page
    # A game's deal is drawn anew each time, and some games end within 100 log lines: play another then.
    for _ in range(4):
        table = server.create_table("drump", [{"bot": "heuristic", "pace": 0}, {"bot": "random", "pace": 0}])
        page.goto(f"{server.base}/watch/{table['table']}")
        # A whole game of two bots: longer than one frame's wait on a loaded machine.
        page.wait_for_function("document.body.dataset.over === '1'", timeout=120_000)
        page.click(".outcome-dialog >> text=See the table")
        if size == "phone":
            page.click(".narrow-only >> text=Log")
        page.wait_for_function("document.querySelectorAll('.log-list li').length > 0")
        if page.evaluate("document.querySelectorAll('.log-list li').length") >= 100:
            break
    page.wait_for_function("document.querySelectorAll('.log-list li').length >= 100")
    page.screenshot(path=screenshots.path(f"layout-log-{size}"))
    # (On a phone the log is a drawer over the table, on purpose: only its numbers are in question here.)
    assert [problem for problem in problems(page) if problem.startswith("log number")] == []
    watcher.close()
