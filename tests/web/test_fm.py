"""Several turns of a Forbidden Memories duel against a duelist, played by clicking: a fusion picked card
by card, the result placed, attacks made by picking attacker and target; a card's ATK/DEF explained."""

from __future__ import annotations

import itertools
from collections import defaultdict

from cardtable.games.fm.carddata import cards, fusion_of, fusion_table
from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player
from tests.web.conftest import Screenshots

MY_TURNS = 4
MOST_ACTIONS = 200


def fusion_deck() -> list[int]:
    """40 cards, 3 copies of each of 14 monsters chosen so that (nearly) every two of them fuse."""
    partners: dict[int, set[int]] = defaultdict(set)
    for first, second in fusion_table(False):
        partners[first].add(second)
        partners[second].add(first)
    monsters = [card.id for card in cards().values() if card.kind == "monster" and card.stars]
    chosen = [max(monsters, key=lambda monster: len(partners[monster]))]
    while len(chosen) < 14:
        chosen.append(
            max(
                (monster for monster in monsters if monster not in chosen),
                key=lambda monster: (
                    sum(other in partners[monster] for other in chosen),
                    len(partners[monster]),
                ),
            )
        )
    return (chosen * 3)[:40]


def _hand(player: Player) -> list[int]:
    ids = player.page.eval_on_selector_all(
        '[data-area="hand"]', "cards => cards.map(c => Number(c.dataset.id))"
    )
    return list(ids)


def _act_and_wait(player: Player, selector: str) -> None:
    version = player.version()
    player.page.click(selector)
    player.wait_for_version_after(version)


def test_fm_turns_with_a_fusion_against_a_duelist(
    server: ServerProcess, browser: Browser, screenshots: Screenshots
) -> None:
    table = server.create_table("fm", [{"person": "Ann", "deck": fusion_deck()}, {"duelist": 1, "pace": 0}])
    ann = Player(browser)
    page = ann.page
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector('[data-area="hand"]')
    turns = 0
    fused = 0
    actions = 0
    shot = False
    while turns < MY_TURNS and page.evaluate("document.body.dataset.over") != "1":
        assert actions < MOST_ACTIONS
        legal = ann.legal()
        if not legal:
            page.wait_for_timeout(30)
            continue
        actions += 1
        phase = page.get_attribute(".fm-board", "data-phase")
        if phase == "pick":
            hand = _hand(ann)[
                : int(page.evaluate("document.querySelectorAll('[data-area=hand]:not(.from-deck)').length"))
            ]
            pair = next(
                (
                    (first, second)
                    for first, second in itertools.combinations(range(len(hand)), 2)
                    if fusion_of(hand[first], hand[second], True)
                ),
                None,
            )
            picks = pair if pair is not None else (0,)
            for index in picks:
                _act_and_wait(ann, f'[data-area="hand"][data-position="{index + 1}"]')
            assert page.locator(".fm-hand .pick-number").count() == len(picks)
            _act_and_wait(ann, 'button[data-action="play"]')
            fused += pair is not None
        elif phase == "place":
            page.click('[data-role="position-attack"]')
            if page.query_selector('[data-role="place"] button.primary'):
                _act_and_wait(ann, '[data-role="place"] button.primary')
            else:
                _act_and_wait(ann, ".fm-zone.target")
        elif phase == "battle":
            if fused and not shot:
                # The table mid-duel, a card's ATK/DEF explained beside it.
                page.hover('.fm-row [data-target^="my-m"] .card.fm[data-id]')
                page.wait_for_selector('[data-role="explained"]')
                page.screenshot(path=screenshots.path("fm"))
                screenshots.publish("fm")
                shot = True
            attacks = [text for text in legal if text.startswith("attack")]
            if attacks:
                words = attacks[0].split()
                page.click(f'.fm-row [data-target="my-{words[1]}"]')
                target = "direct" if words[2] == "direct" else f"their-{words[2]}"
                _act_and_wait(ann, f'[data-target="{target}"]')
            else:
                _act_and_wait(ann, 'button[data-action="end"]')
                turns += 1
                if turns == 2:
                    page.reload()
                    page.wait_for_selector('[data-area="hand"]')
        else:
            raise AssertionError(f"unexpected phase {phase} with moves {legal}")
    assert fused >= 1, "no fusion was played"
    assert "fuses" in (page.text_content(".log-list") or "")
    # A monster on the field tells its ATK/DEF with the reasons.
    page.hover(".fm-zone:not(.magic-zone) .card.fm[data-id]")
    page.wait_for_selector('[data-role="explained"]')
    assert "Card:" in (page.text_content('[data-role="explained"]') or "")
    assert shot
    ann.close()


def test_a_deck_built_in_the_editor_is_brought_to_a_duel(server: ServerProcess, browser: Browser) -> None:
    ann = Player(browser, settings={"botPace": 0, "name": "Ann"})
    page = ann.page
    page.goto(server.base + "/?game=fm&page=decks")
    page.fill('[data-role="search"]', "dragon")
    results = page.locator("[data-add]")
    results.first.wait_for()
    chosen = [int(results.nth(index).get_attribute("data-add") or 0) for index in range(14)]
    for index in range(14):
        for _ in range(3 if index < 13 else 1):
            results.nth(index).click()
    assert page.get_attribute(".deck-status", "data-ready") == "yes"
    # A fourth copy breaks the rules, and the count says so.
    results.nth(0).click()
    assert "the most is 3" in (page.text_content(".deck-status") or "")
    page.click(f'.deck-list li[data-card="{chosen[0]}"] button')
    page.fill('[data-role="deck-name"]', "Dragons")
    page.click('[data-role="save"]')
    page.goto(server.base + "/")
    tile = page.locator('.game-tile[data-game="fm"]')
    tile.locator('[data-role="deck"]').select_option(label="deck: Dragons")
    tile.locator('[data-role="quick"]').click()
    page.wait_for_selector('[data-area="hand"]')
    hand = [
        int(value)
        for value in page.eval_on_selector_all('[data-area="hand"]', "cards => cards.map(c => c.dataset.id)")
    ]
    assert hand and set(hand) <= set(chosen), "the duel was not dealt from the deck built"
    ann.close()
