"""The browser client in Firefox: a smoke test through Debian's firefox-esr over WebDriver BiDi.

The lobby, a DRUMP game against a bot started from its tile and played a few
moves through the move list, then a Scout and an FM table from the lobby,
each played a move; no page may log a script error. The Chromium tests cover
the client in depth; this one checks that it works in Firefox at all.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import ServerProcess
from tests.web.drivers import drump_choice
from tests.web.firefox import FIREFOX, Firefox, launch

#: DRUMP moves played from the move list.
DRUMP_MOVES = 8
#: Lobby loads left at once for the next one.
LEFT_EARLY = 8
#: Every game's tile in the lobby.
GAMES = ["drump", "scout", "dnup", "fm", "crazy_eights"]


@pytest.fixture(scope="module")
def running_firefox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Firefox]:
    """Firefox ESR, headless, over WebDriver BiDi, with nothing downloaded."""
    if not Path(FIREFOX).exists():
        pytest.fail(
            f"the Firefox test needs Debian's Firefox ESR at {FIREFOX} (apt-get install firefox-esr); "
            "it is missing, so the browser client is untested in Firefox"
        )
    with launch(tmp_path_factory.mktemp("firefox")) as running:
        yield running


@pytest.fixture
def firefox(running_firefox: Firefox) -> Firefox:
    """The running Firefox, with the errors of earlier tests forgotten."""
    running_firefox.events.clear()
    return running_firefox


def _open_lobby(firefox: Firefox, base: str) -> None:
    """The lobby, with the bots playing at once (the pace the lobby remembers)."""
    firefox.navigate(base + "/")
    firefox.wait_for("document.querySelectorAll('.game-tile').length")
    firefox.evaluate(
        "localStorage.setItem('cardtable', JSON.stringify({settings: {botPace: 0, name: 'Ann'}}))"
    )
    firefox.navigate(base + "/")
    firefox.wait_for("document.querySelectorAll('.game-tile').length")


def _quick_game(firefox: Firefox, base: str, game: str, hand: str) -> None:
    """Start a game against bots with the tile's quick button, and wait for the table to show `hand`."""
    _open_lobby(firefox, base)
    firefox.evaluate(
        f'document.querySelector(\'.game-tile[data-game="{game}"] [data-role="quick"]\').click()'
    )
    firefox.wait_for(f"document.querySelector('{hand}')")
    assert "table=" in firefox.evaluate("location.search")


def _legal(firefox: Firefox) -> list[str]:
    """Wait for the move list to offer moves (the bots move at once), and return them."""
    moves: list[str] = firefox.wait_for(
        "Array.from(document.querySelectorAll('[data-move]'), button => button.dataset.move)"
    )
    return moves


def _play(firefox: Firefox, move: str) -> None:
    """Click a move in the move list, and wait for the table's version to advance (or the game to end)."""
    version = int(firefox.evaluate("document.body.dataset.version"))
    firefox.evaluate(
        "Array.from(document.querySelectorAll('[data-move]'))"
        f".find(button => button.dataset.move === {json.dumps(move)}).click()"
    )
    firefox.wait_for(
        f"Number(document.body.dataset.version) > {version} || document.body.dataset.over === '1'"
    )


def test_the_client_works_in_firefox(server: ServerProcess, firefox: Firefox) -> None:
    _open_lobby(firefox, server.base)
    tiles = firefox.evaluate("Array.from(document.querySelectorAll('.game-tile'), tile => tile.dataset.game)")
    assert tiles == GAMES
    assert firefox.evaluate(
        "document.querySelectorAll('.game-tile[data-game=\"drump\"] .tile-cards .card').length"
    )

    _quick_game(firefox, server.base, "drump", '[data-area="my-hand"] .card')
    # The move list opens with the key m.
    firefox.press("m")
    firefox.wait_for("document.querySelector('.moves-open .moves-list [data-move]')")
    first = int(firefox.evaluate("document.body.dataset.version"))
    rng = random.Random(3)
    for _ in range(DRUMP_MOVES):
        _play(firefox, drump_choice(_legal(firefox), rng))
    # Each move advanced the table (and the bot's replies with it).
    assert int(firefox.evaluate("document.body.dataset.version")) >= first + DRUMP_MOVES
    assert firefox.evaluate("document.body.dataset.over") != "1"
    assert firefox.evaluate("document.querySelector('.drump-board')")

    _quick_game(firefox, server.base, "scout", '[data-area="my-hand"] .card')
    _play(firefox, _legal(firefox)[0])
    assert firefox.evaluate("document.querySelector('.active-set, [data-area=\"my-hand\"] .card')")

    _quick_game(firefox, server.base, "fm", '[data-area="hand"]')
    _play(firefox, _legal(firefox)[0])

    assert not firefox.errors(), f"the pages logged script errors in Firefox: {firefox.errors()}"


def test_leaving_a_page_before_it_has_loaded_is_no_error(server: ServerProcess, firefox: Firefox) -> None:
    # Firefox fails the requests of a page being left, where Chromium drops them: the lobby, left
    # while it loads, once reported "Something went wrong" (most of these loads are left mid-way).
    for _ in range(LEFT_EARLY):
        firefox.navigate(server.base + "/")
    firefox.navigate(server.base + "/?rules=drump")
    firefox.wait_for("document.querySelector('.rules-text h1')")
    assert not firefox.errors(), f"leaving a page logged script errors in Firefox: {firefox.errors()}"
