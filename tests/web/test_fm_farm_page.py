"""The farm planner's page in the browser's FM section, against the real server: the same rows as the
planner itself (`farm_plan`), a fixed rank, and a card that is not one refused with the reason."""

from __future__ import annotations

import httpx

from cardtable.games.fm.farm import farm_plan
from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player
from tests.web.conftest import Screenshots


def test_the_farm_page_lists_every_duelist_and_rank_best_first(
    server: ServerProcess, browser: Browser, screenshots: Screenshots
) -> None:
    person = Player(browser)
    page = person.page
    page.goto(server.base + "/")
    page.click('[data-role="farm"]')
    page.fill('[data-role="farm-card"]', "Mystical Elf")
    page.press('[data-role="farm-card"]', "Enter")
    page.wait_for_selector('[data-role="farm-rows"]')
    rows = page.eval_on_selector_all(
        '[data-role="farm-rows"] tbody tr',
        "rows => rows.map(r => [Number(r.dataset.duelist), r.dataset.rank])",
    )
    assert rows == [[row.duelist, row.rank] for row in farm_plan(2)]
    page.screenshot(path=str(screenshots.path("fm-farm")))
    screenshots.publish("fm-farm")
    # A fixed rank: only its rows; the address keeps the question, so the page can be shared.
    page.select_option('[data-role="farm-rank"]', "S-TEC")
    page.click(".farm-form button")
    every_s_tec = "[...document.querySelectorAll('[data-role=farm-rows] tbody tr')]"
    page.wait_for_function(f"() => {every_s_tec}.every(row => row.dataset.rank === 'S-TEC')")
    count = page.eval_on_selector_all('[data-role="farm-rows"] tbody tr', "rows => rows.length")
    assert count == len(farm_plan(2, "S-TEC")) and "rank=S-TEC" in page.url
    page.fill('[data-role="farm-card"]', "Blue eyes whte")
    page.press('[data-role="farm-card"]', "Enter")
    error = page.wait_for_selector('[data-role="farm-error"]')
    assert "did you mean Blue-eyes White Dragon" in (error.text_content() or "")
    person.errors = [e for e in person.errors if "400" not in e]
    person.close()


def test_the_farm_route_refuses_what_is_not_a_card_or_a_rank(server: ServerProcess) -> None:
    answer = httpx.get(server.base + "/api/games/fm/farm", params={"card": "2", "rank": "Q-POW"})
    assert answer.status_code == 400 and "no rank 'Q-POW'" in answer.json()["error"]["message"]
    answer = httpx.get(server.base + "/api/games/fm/farm", params={"card": ""})
    assert answer.status_code == 400 and "name a card" in answer.json()["error"]["message"]
    answer = httpx.get(server.base + "/api/games/fm/farm", params={"card": "1", "rank": "a-pow"})
    assert answer.status_code == 200
    assert answer.json()["rows"] == [row.to_json() for row in farm_plan(1, "A-POW")]
