"""A spectator's page shows no hidden card: every frame it is sent, and its whole page after every state.

A person (clicking the move list) plays a bot; a spectator's page, open
from the start, records each WebSocket frame and a copy of the page each
time it shows a new version. Once the game is over, its replay
(seed included) rebuilds the state at every version, and each frame and each
copy of the page is checked against the cards hidden from spectators then.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx
import pytest

from cardtable.core.replay import from_lines
from cardtable.games import get_game
from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player

#: Copies the page each time it shows a new version (body[data-version]) or the end.
RECORDER = """
window.__pages = [];
document.addEventListener("DOMContentLoaded", () => {
  const body = document.body;
  const record = () => {
    const copy = body.cloneNode(true);
    const log = [...copy.querySelectorAll(".log-list li, .recent-entry")].map((entry) => entry.textContent);
    for (const entry of copy.querySelectorAll(".log-list, .recent")) entry.remove();
    window.__pages.push({ version: body.dataset.version, html: copy.outerHTML, log: [...new Set(log)] });
  };
  const watched = { attributes: true, attributeFilter: ["data-version", "data-over"] };
  new MutationObserver(record).observe(body, watched);
});
"""
#: What a page could spell a card with: DRUMP `7h`, pairs `7/3`, FM `#001`.
TOKEN = re.compile(r"#\d{3}|[A-Za-z0-9]+(?:/\d+)?")

TABLES = {
    "drump": [{"person": "Ann"}, {"bot": "heuristic"}],
    "fm": [{"person": "Ann"}, {"duelist": 3}],
}
MOST_ACTIONS = 400


def page_leaks(game: Any, hidden: frozenset[int], html: str) -> list[str]:
    """The spellings of hidden cards among the words and attribute values of a page (or a frame)."""
    tokens = set(TOKEN.findall(html))
    return sorted(name for card in hidden for name in game.card_spellings(card) if name in tokens)


def _states(replay_text: str) -> tuple[Any, list[Any]]:
    """The match a replay records, and its state at every version."""
    match = from_lines(replay_text.splitlines())
    states = [match.initial]
    for move in match.moves:
        states.append(match.game.apply(states[-1], move.action))
    return match, states


@pytest.mark.parametrize("name", list(TABLES))
def test_a_spectator_page_never_shows_a_hidden_card(
    server: ServerProcess, browser: Browser, name: str
) -> None:
    game = get_game(name)
    table = server.create_table(name, TABLES[name])
    watcher = Player(browser)
    frames: list[str] = []
    watcher.page.on(
        "websocket", lambda socket: socket.on("framereceived", lambda payload: frames.append(str(payload)))
    )
    watcher.context.add_init_script(RECORDER)
    watcher.page.goto(f"{server.base}/watch/{table['table']}")
    watcher.page.wait_for_selector(".board .card")
    ann = Player(browser)
    ann.page.goto(table["seats"][0]["link"])
    rng = random.Random(7)
    for _ in range(MOST_ACTIONS):
        if ann.page.evaluate("document.body.dataset.over") == "1":
            break
        legal = ann.legal()
        if not legal:
            ann.page.wait_for_timeout(20)
            continue
        version = ann.version()
        ann.page.evaluate(
            'move => document.querySelector(`[data-move="${move}"]`).click()', rng.choice(legal)
        )
        ann.wait_for_version_after(version)
    watcher.page.wait_for_selector(".outcome-dialog")
    assert watcher.page.text_content(".badge.watching") == "watching"
    pages: list[dict[str, str]] = watcher.page.evaluate("window.__pages")
    replay = httpx.get(f"{server.base}/api/tables/{table['table']}/replay", timeout=30).text
    match, states = _states(replay)
    assert match.is_over
    checked = 0
    version = 0
    for text in frames:
        frame = json.loads(text)
        if frame["type"] == "game_over":
            break
        assert str(match.seed) not in text, "the seed was sent before the end"
        version = frame.get("version", version)
        leaked = page_leaks(game, game.hidden_cards(states[version], None), text)
        assert not leaked, f"frame at version {version} shows hidden cards {leaked}"
        checked += 1
    assert checked >= len(states) // 2
    drawn = [copy for copy in pages if copy["version"] not in (None, "")]
    assert len(drawn) >= len(states) // 2, "the page did not follow the game"
    backs = 0
    logged: set[str] = set()
    for copy in drawn:
        hidden = game.hidden_cards(states[int(copy["version"])], None)
        leaked = page_leaks(game, hidden, copy["html"])
        assert not leaked, f"the page at version {copy['version']} shows hidden cards {leaked}"
        new = [entry for entry in copy["log"] if entry not in logged]
        leaked = page_leaks(game, hidden, " ".join(new))
        assert not leaked, f"the log at version {copy['version']} shows hidden cards {leaked}: {new}"
        logged.update(new)
        backs += 'class="card back' in copy["html"]
    assert backs, "the page never drew a hidden card as a back: the check saw no table"
    watcher.close()
    ann.close()


def test_the_page_check_sees_a_hidden_card() -> None:
    game = get_game("drump")
    match = from_lines([json.dumps({"format": "cardtable-replay", "version": 2, "game": "drump", "seed": 5})])
    hidden = game.hidden_cards(match.state, None)
    card = game.card_name(min(hidden))
    assert page_leaks(game, hidden, f'<div class="card playing" data-card="{card}" data-key="hand-{card}">')
    assert not page_leaks(game, hidden, '<div class="card back" data-key="stack-1-2-0-hidden">')
