"""The FM campaign and the fusion hint in the browser: a campaign started, the shop, the deck editor on the
collection, a campaign duel played by clicking to its end and settled; the hint from the seat's own hand."""

from __future__ import annotations

import json
import sqlite3

from cardtable.games.fm.carddata import cards
from cardtable.games.fm.finder import hints
from tests.server.helpers import ServerProcess
from tests.web.browser import PHONE, Browser, Player
from tests.web.conftest import Screenshots
from tests.web.test_fm import fusion_deck

#: The most of our own actions a duel may take before the test gives up (a duel ends well before).
MOST_ACTIONS = 600


def _hand(player: Player) -> list[int]:
    """The card numbers of the hand (without the top of the deck a wider window shows)."""
    return list(
        player.page.eval_on_selector_all(
            '[data-area="hand"]:not(.from-deck)', "cards => cards.map(c => Number(c.dataset.id))"
        )
    )


def _act_and_wait(player: Player, selector: str) -> None:
    version = player.version()
    player.page.click(selector)
    player.wait_for_version_after(version)


def _campaign(player: Player) -> dict:  # type: ignore[type-arg]
    answer = player.page.evaluate("fetch('/api/campaign').then(r => r.json())")
    assert isinstance(answer, dict)
    return answer


def _give_starchips(server: ServerProcess, name: str, starchips: int) -> None:
    """The stored campaign of the player called `name` is given starchips, as a won duel would."""
    connection = sqlite3.connect(server.database, isolation_level=None)
    try:
        rows = connection.execute("SELECT token_hash, progress FROM campaigns").fetchall()
        ((token, text),) = [(token, text) for token, text in rows if json.loads(text)["name"] == name]
        progress = json.loads(text) | {"starchips": starchips}
        connection.execute(
            "UPDATE campaigns SET progress = ? WHERE token_hash = ?", (json.dumps(progress), token)
        )
    finally:
        connection.close()


def _play_duel_to_its_end(player: Player) -> int:
    """Our side of the duel by clicking: the first pick (or a fusion) played, placed in attack, attacks."""
    page = player.page
    actions = 0
    while page.evaluate("document.body.dataset.over") != "1":
        assert actions < MOST_ACTIONS, "the duel did not end"
        legal = player.legal()
        if not legal:
            page.wait_for_timeout(30)
            continue
        actions += 1
        phase = page.get_attribute(".fm-board", "data-phase")
        if phase == "pick":
            _act_and_wait(player, '[data-area="hand"][data-position="1"]')
            _act_and_wait(player, 'button[data-action="play"]')
        elif phase == "place":
            page.click('[data-role="position-attack"]')
            if page.query_selector('[data-role="place"] button.primary'):
                _act_and_wait(player, '[data-role="place"] button.primary')
            else:
                _act_and_wait(player, ".fm-zone.target")
        elif phase == "battle":
            attacks = [text for text in legal if text.startswith("attack")]
            if attacks:
                words = attacks[0].split()
                page.click(f'.fm-row [data-target="my-{words[1]}"]')
                target = "direct" if words[2] == "direct" else f"their-{words[2]}"
                _act_and_wait(player, f'[data-target="{target}"]')
            else:
                _act_and_wait(player, 'button[data-action="end"]')
        else:
            raise AssertionError(f"unexpected phase {phase} with moves {legal}")
    return actions


def test_a_campaign_in_the_browser(server: ServerProcess, browser: Browser, screenshots: Screenshots) -> None:
    ann = Player(browser, settings={"botPace": 0, "name": "Ann"})
    page = ann.page
    page.goto(server.base + "/")
    page.click('.game-tile[data-game="fm"] [data-role="campaign"]')
    page.fill('[data-role="campaign-name"]', "Ann")
    page.click('[data-role="campaign-start"]')
    page.wait_for_selector('[data-role="summary"]')
    start = _campaign(ann)
    assert "Ann: 0 starchips, 40 cards, next: Simon Muran" in (
        page.text_content('[data-role="summary"]') or ""
    )
    shown = page.eval_on_selector_all("[data-owned]", "cards => cards.map(c => c.dataset.owned)")
    assert sorted(shown, key=int) == sorted(start["collection"], key=int)

    # The shop: a card bought by its password with starchips (given as a won duel would).
    _give_starchips(server, "Ann", 5000)
    page.reload()
    wanted = next(c for c in cards().values() if c.password and c.is_monster and 100 <= c.cost <= 5000)
    page.fill('[data-role="shop-password"]', "12345678")
    page.click('[data-role="buy"]')
    page.wait_for_selector(".notice >> text=no card has the password")
    page.fill('[data-role="shop-search"]', wanted.name)
    page.click(f'[data-shop="{wanted.id}"] [data-role="buy-card"]')
    page.wait_for_selector(f'[data-owned="{wanted.id}"]')
    bought = _campaign(ann)
    assert bought["starchips"] == 5000 - wanted.cost
    assert bought["collection"][str(wanted.id)] == start["collection"].get(str(wanted.id), 0) + 1

    # The deck editor on the collection: one card out, the bought one in, the deck used.
    page.click('[data-role="edit-deck"]')
    page.wait_for_selector('.decks-page[data-mode="campaign"]')
    listed = page.eval_on_selector_all("[data-add]", "cards => cards.map(c => c.dataset.add)")
    assert set(listed) <= set(bought["collection"]), "the editor offers cards not owned"
    taken_out = start["deck"][0]
    page.click(f'.deck-list li[data-card="{taken_out}"] button')
    assert page.get_attribute(".deck-status", "data-ready") == "no"
    page.fill('[data-role="search"]', str(wanted.id))
    page.click(f'[data-add="{wanted.id}"]')
    assert page.get_attribute(".deck-status", "data-ready") == "yes"
    if bought["collection"][str(wanted.id)] == 1:
        # A second copy is not owned: it is refused, and the deck stays as it was.
        page.click(f'[data-add="{wanted.id}"]')
        page.wait_for_selector(".notice >> text=all in the deck already")
    page.evaluate("document.querySelectorAll('.notice').forEach(n => n.remove())")
    page.screenshot(path=screenshots.path("fm-campaign-deck"))
    screenshots.publish("fm-campaign-deck")
    page.click('[data-role="save"]')
    page.wait_for_selector(".notice >> text=campaign deck is saved")
    deck = _campaign(ann)["deck"]
    assert wanted.id in deck and sorted(deck) != sorted(start["deck"])

    # A campaign duel: it cannot be escaped by leaving, and its end is settled into the campaign.
    page.goto(server.base + "/?game=fm&page=campaign")
    page.click('[data-role="duel-next"]')
    page.wait_for_selector('[data-area="hand"]')
    assert set(_hand(ann)) <= set(deck), "the duel was not dealt from the campaign deck"
    page.goto(server.base + "/?game=fm&page=campaign")
    page.wait_for_selector('[data-role="duel-under-way"]')
    assert page.query_selector('[data-role="shop"]') is None
    page.click('[data-role="resume"]')
    page.wait_for_selector('[data-area="hand"]')
    _play_duel_to_its_end(ann)
    page.wait_for_selector(".outcome-dialog .last-result")
    won = page.get_attribute(".outcome-dialog .last-result", "data-won") == "yes"
    if won:
        # The rank by criterion and the drop, as a Free Duel shows them, said kept by the campaign.
        page.wait_for_selector('.outcome-dialog [data-role="kept"]')
        dropped = page.text_content('.outcome-dialog [data-role="dropped"]') or ""
    page.click('.outcome-dialog [data-role="campaign"]')
    page.wait_for_selector('[data-role="last-result"]')
    after = _campaign(ann)
    assert after["duel"] is None and after["last"]["won"] is won
    if won:
        assert dropped.startswith(f"#{after['last']['dropped']:03d} ")
    assert after["records"] == {"1": [1, 0] if won else [0, 1]}
    assert (after["next"]["number"] == 2) is won
    page.screenshot(path=screenshots.path("fm-campaign"))
    screenshots.publish("fm-campaign")
    ann.close()


def test_the_fusion_hint_lists_what_the_hand_makes(server: ServerProcess, browser: Browser) -> None:
    table = server.create_table("fm", [{"person": "Ann", "deck": fusion_deck()}, {"duelist": 1, "pace": 0}])
    ann = Player(browser)
    page = ann.page
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector('[data-role="hint"]')
    hand = _hand(ann)
    page.click('[data-role="hint"]')
    page.wait_for_selector("[data-picks]")
    shown = page.eval_on_selector_all("[data-picks]", "items => items.map(i => JSON.parse(i.dataset.picks))")
    # Each pick is the legal pick action's data, as every board finds actions (web/js/picks.js).
    expected = [[{"kind": "pick", "hand": s.index + 1} for s in hint.sources] for hint in hints(hand)][:6]
    assert shown == expected
    # Pick these: the picks are made in order, then played.
    page.click('[data-picks] [data-role="pick-these"]')
    count = len(expected[0])
    page.wait_for_function(f"document.querySelectorAll('.fm-hand .pick-number').length === {count}")
    _act_and_wait(ann, 'button[data-action="play"]')
    assert "fuses" in (page.text_content(".log-list") or "") or count == 1
    # A spectator has no hint to ask for.
    watcher = Player(browser)
    watcher.page.goto(table["watch"])
    watcher.page.wait_for_selector(".fm-board")
    assert watcher.page.query_selector('[data-role="hint"]') is None
    answer = watcher.page.evaluate(f"fetch('/api/tables/{table['table']}/hint').then(r => r.status)")
    assert answer == 403
    watcher.close()
    ann.close()


def test_a_campaign_on_a_phone_and_a_duel_forfeited(server: ServerProcess, browser: Browser) -> None:
    bob = Player(browser, viewport=PHONE, settings={"botPace": 0})
    page = bob.page
    page.goto(server.base + "/?game=fm&page=campaign")
    page.fill('[data-role="campaign-name"]', "Bob")
    page.click('[data-role="campaign-start"]')
    page.wait_for_selector('[data-role="summary"]')
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click('[data-role="duel-next"]')
    page.wait_for_selector('[data-area="hand"]')
    page.goto(server.base + "/?game=fm&page=campaign")
    page.click('[data-role="forfeit"]')
    page.click('[data-role="forfeit-yes"]')
    page.wait_for_selector('[data-role="last-result"][data-won="no"]')
    assert "Forfeited against Simon Muran" in (page.text_content('[data-role="last-result"]') or "")
    assert _campaign(bob)["records"] == {"1": [0, 1]}
    page.click('[data-role="edit-deck"]')
    page.wait_for_selector('.decks-page[data-mode="campaign"]')
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    bob.close()
