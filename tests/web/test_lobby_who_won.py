"""The lobby's list of your games says who won a finished one: "you won", or the winner's name."""

from __future__ import annotations

import httpx

from tests.server.helpers import ServerProcess, wait_until
from tests.web.browser import Browser, Player


def test_a_finished_game_says_who_won(server: ServerProcess, browser: Browser) -> None:
    seats = [{"bot": "random", "name": "Rex", "pace": 0}, {"bot": "random", "name": "Zia", "pace": 0}]
    table = server.create_table("dnup", seats)

    def summary() -> dict:
        answer: dict = httpx.get(f"{server.base}/api/tables/{table['table']}").json()
        return answer

    wait_until(lambda: summary()["finished"], seconds=60)
    winners = summary()["outcome"]["winners"]
    assert len(winners) == 1
    winner, loser = winners[0], 3 - winners[0]
    person = Player(browser)
    page = person.page
    page.goto(server.base + "/")
    for mine, words in ((loser, f"{seats[winner - 1]['name']} won"), (winner, "you won")):
        page.evaluate(
            "([created, mine]) => import('/js/api.js').then(api => api.remember({...created, mine}))",
            [table, mine],
        )
        page.reload()
        state = page.wait_for_selector(f'.game-row[data-state][data-table="{table["table"]}"] .state')
        assert state.text_content() == words
    person.close()
