"""The guided first game of DRUMP, played by clicking against the coach (issue 27).

One note a moment (the welcome, then the note for the move at hand, then
nothing until the game moves on), every rule of the first turn told (the
Extra Jack included), and the coach's own moves explained when it makes them.
"""

from __future__ import annotations

import random
import re

from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player
from tests.web.drivers import drump_choice, drump_perform

DECISIONS = 40
#: The coach's moves (as the log words them) and the note each brings.
COACH_NOTES = {"summons": "their-summon", "places": "their-extra", "recycles": "their-recycle"}


def test_one_note_a_moment_every_rule_of_the_first_turn_and_the_coachs_moves(
    server: ServerProcess, browser: Browser
) -> None:
    table = server.create_table(
        "drump", [{"person": "Ann"}, {"bot": "coach", "name": "Coach bot", "pace": 0}]
    )
    ann = Player(browser, settings={"botPace": 0})
    page = ann.page
    page.add_init_script(f"sessionStorage.setItem('guide-{table['table']}', '1')")
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector('.guide[data-tip="welcome"]')
    welcome = page.text_content(".guide") or ""
    for words in (
        "starts with a draw",
        "set force cards",
        "summon",
        "Extra Jack",
        "recycle",
        "burst",
        "end the turn",
    ):
        assert words in welcome, words
    page.click('[data-role="guide-next"]')
    rng = random.Random(27)
    shown: list[str] = ["welcome"]
    decisions = 0
    while decisions < DECISIONS and page.evaluate("document.body.dataset.over") != "1":
        legal = ann.legal()
        if not legal:
            page.wait_for_timeout(30)
            continue
        decisions += 1
        version = ann.version()
        notes = page.locator(".guide")
        assert notes.count() <= 1
        if notes.count():
            shown.append(page.get_attribute(".guide", "data-tip") or "")
            page.click('[data-role="guide-next"]')
            # Put away: no other note until the game moves on.
            assert ann.version() == version and page.locator(".guide").count() == 0, shown
        drump_perform(ann, drump_choice(legal, rng))
        ann.wait_for_version_after(version)
    assert len(shown) == len(set(shown)), f"a note came twice: {shown}"
    assert {"welcome", "set"} <= set(shown), shown
    # Each move the coach made before the last two moments has had its note.
    log = page.eval_on_selector_all(".log-list li", "items => items.map((item) => item.textContent)")
    coach = [match.group(1) for line in log[:-12] if (match := re.match(r"Coach bot (\w+) ", line))]
    for verb, note in COACH_NOTES.items():
        if verb in coach:
            assert note in shown, (verb, shown)
    ann.close()


def test_the_extra_jack_has_its_note_when_it_is_legal(server: ServerProcess, browser: Browser) -> None:
    ann = Player(browser)
    page = ann.page
    page.goto(server.base + "/")
    when = page.evaluate(
        """async () => {
          const { TIPS } = await import("/games/drump/guide.js");
          const extra = TIPS.find((tip) => tip.key === "extra");
          const view = { turn_number: 1, turn: {} };
          const legal = (actions) => extra.when({ legal: actions, view }, []);
          const end = { id: 1, action: "end", kind: "end" };
          const jack = { id: 0, action: "extra Jh with Ah", kind: "extra", jack: "Jh", ace: "Ah" };
          return [legal([jack, end]), legal([end])];
        }"""
    )
    assert when == [True, False]
    ann.close()
