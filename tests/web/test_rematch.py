"""A rematch in the browser: proposed by one person, accepted by the other, both land at one new table."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

from tests.server.helpers import Client, ServerProcess, play_randomly
from tests.web.browser import Browser, Player


def test_a_rematch_proposed_by_one_and_accepted_by_the_other(server: ServerProcess, browser: Browser) -> None:
    created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bo"}])

    async def play_to_the_end() -> None:
        clients = {seat: await Client(server.socket_url).open() for seat in (0, 1)}
        first = {
            seat: await clients[seat].join(created["table"], created["seats"][seat]["token"])
            for seat in (0, 1)
        }
        await play_randomly(clients, first, random.Random(8))
        for client in clients.values():
            await client.close()

    # Played out over the protocol, in a thread of its own (Playwright holds this thread's event loop).
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, play_to_the_end()).result()
    ann, bo = Player(browser), Player(browser)
    for player, seat in ((ann, 0), (bo, 1)):
        player.page.goto(created["seats"][seat]["link"])
        player.page.wait_for_selector('[data-role="play-again"]')
    ann.page.click('[data-role="play-again"]')
    # Bo is asked; Ann sees who accepted so far and whom she waits for.
    bo.page.wait_for_selector('[data-role="rematch-accept"]')
    assert "Ann proposes a rematch" in bo.page.inner_text(".rematch-dialog")
    assert "Waiting for: Bo" in ann.page.inner_text(".rematch-dialog")
    bo.page.click('[data-role="rematch-accept"]')
    old = f"table={created['table']}"
    for player in (ann, bo):
        player.page.wait_for_url(lambda url: "table=" in url and old not in url)
    tables = {player.page.url.split("table=")[1].split("&")[0] for player in (ann, bo)}
    assert len(tables) == 1, tables
    for player, seat in ((ann, "1"), (bo, "2")):
        player.page.wait_for_selector(f'[data-game="drump"][data-seat="{seat}"] [data-area="my-hand"] .card')
        assert player.page.evaluate("document.body.dataset.over") != "1"
    ann.close()
    bo.close()
