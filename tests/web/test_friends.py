"""Play with friends in browsers: the maker's link is theirs, each invitation is claimed once by the first
browser to open it, and no browser keeps another seat's token."""

from __future__ import annotations

from tests.server.helpers import ServerProcess
from tests.web.browser import Browser, Player


def _stored(player: Player) -> str:
    return str(player.page.evaluate("localStorage.getItem('cardtable') || ''"))


def _token(player: Player, table: str) -> str:
    cookies = [cookie for cookie in player.context.cookies() if cookie["name"] == f"cardtable-{table}"]
    assert len(cookies) == 1, cookies
    return str(cookies[0]["value"])


def test_an_invitation_is_claimed_once_and_each_browser_holds_its_own_seat(
    server: ServerProcess, browser: Browser
) -> None:
    ann, bob, eve = (Player(browser) for _ in range(3))
    page = ann.page
    page.goto(server.base + "/")
    page.click('.game-tile[data-game="drump"] [data-role="friends"]')
    page.fill('input[name="name-0"]', "Ann")
    page.fill('input[name="name-1"]', "Bob")
    page.select_option('select[name="privacy"]', "unlisted")
    page.click('[data-role="create"]')
    link = page.input_value('.invitations li[data-seat="2"] input.link')
    assert "invite=" in link and "token=" not in link
    table = link.split("/play/")[1].split("?")[0]
    assert page.input_value('.invitations [data-role="watch-link"]').endswith(f"/watch/{table}")
    page.click('.invitations li[data-seat="1"] [data-role="sit"]')
    page.wait_for_selector('[data-area="my-hand"] .card')
    page.wait_for_selector('[data-role="invitations"]')
    assert page.get_attribute('.seat-tag[data-seat="2"]', "data-claimed") == "false"
    assert page.text_content(".badge.privacy") == "unlisted"

    bob.page.goto(link)
    bob.page.wait_for_selector('[data-area="my-hand"] .card')
    assert bob.page.text_content(".seat-tag.me") == "2. Bob (you)"
    assert "invite=" not in bob.page.url, "the code leaves the address once claimed"
    # Ann sees that seat 2 was claimed: no invitation is left to manage.
    page.wait_for_selector('[data-role="invitations"]', state="detached")
    page.wait_for_selector('.seat-tag[data-seat="2"][data-claimed="true"]')

    eve.page.goto(link)
    refusal = eve.page.locator('[data-role="refusal"]')
    refusal.wait_for()
    assert "not open" in (refusal.text_content() or "")
    assert not [cookie for cookie in eve.context.cookies() if cookie["name"] == f"cardtable-{table}"]

    bobs = _token(bob, table)
    anns = _token(ann, table)
    assert bobs != anns
    assert bobs not in _stored(ann) and bobs not in _stored(bob), "a claimed token lives in its cookie alone"
    # The table is not listed on the server.
    eve.page.goto(server.base + "/")
    eve.page.wait_for_selector(".server-tables h3")
    assert eve.page.locator(f'.server-tables [data-table="{table}"]').count() == 0

    # Ann opens her seat in a second tab: both of her pages are told it is open elsewhere.
    second = ann.context.new_page()
    second.goto(f"{server.base}/?table={table}")
    second.wait_for_selector('[data-area="my-hand"] .card')
    page.locator('[data-role="elsewhere"]').wait_for()
    assert "also open elsewhere" in (page.text_content('[data-role="elsewhere"]') or "")
    second.close()
    page.locator('[data-role="elsewhere"]').wait_for(state="hidden")
    for player in (ann, bob, eve):
        assert not player.errors, player.errors
        player.close()


def test_the_maker_mutes_a_spectator_and_a_player_hides_the_spectators(
    server: ServerProcess, browser: Browser
) -> None:
    created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
    table = created["table"]
    ann, bob, watcher = (Player(browser) for _ in range(3))
    ann.page.goto(created["seats"][0]["link"])
    bob.page.goto(created["seats"][1]["link"])
    watcher.page.goto(f"{server.base}/watch/{table}")
    for player in (ann, bob, watcher):
        player.page.wait_for_selector('[data-area="my-hand"] .card')
    # Bob's choice is kept by the server, whose answer draws the box anew, checked: only once it has come
    # are the spectators' lines no longer sent to him (a fixed wait could end before a loaded server
    # had read his message).
    hide = '[data-role="hide-spectators"]'
    bob.page.eval_on_selector(hide, "box => { box.dataset.drawn = 'before'; }")
    bob.page.check(hide)
    bob.page.wait_for_function(
        "s => { const box = document.querySelector(s); return box && box.checked && !box.dataset.drawn; }",
        arg=hide,
    )
    watcher.page.fill(".chat input", "hello players")
    watcher.page.press(".chat input", "Enter")
    line = ann.page.locator(".log-list li.chat.spectator")
    line.wait_for()
    assert "hello players" in (line.text_content() or "")
    ann.page.click('.log-list li.chat.spectator [data-role="mute"]')
    ann.page.locator('.log-list li.chat.spectator [data-role="mute"]').wait_for(state="detached")
    watcher.page.fill(".chat input", "still me")
    watcher.page.press(".chat input", "Enter")
    watcher.page.locator('.notice[data-kind="error"]').get_by_text("muted").wait_for()
    ann.page.fill(".chat input", "from Ann")
    ann.page.press(".chat input", "Enter")
    bob.page.locator(".log-list li.chat").get_by_text("Ann: from Ann").wait_for()
    assert bob.page.locator(".log-list li.chat.spectator").count() == 0, "Bob hides the spectators' lines"
    assert ann.page.locator(".log-list li.chat").get_by_text("still me").count() == 0
    for player in (ann, bob, watcher):
        player.close()


def test_tables_kept_by_an_older_client_keep_only_this_browsers_own_seat(
    server: ServerProcess, browser: Browser
) -> None:
    created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}], hot_seat=True)
    links = [seat["link"] for seat in created["seats"]]
    old = {
        "tables": [
            {
                "table": created["table"],
                "game": "drump",
                "created": 1,
                "mine": 1,
                "watch": None,
                "seats": [
                    {"seat": 1, "name": "Ann", "kind": "person", "link": links[0]},
                    {"seat": 2, "name": "Bob", "kind": "person", "link": links[1]},
                ],
            }
        ]
    }
    ann = Player(browser)
    ann.page.goto(server.base + "/")
    ann.page.evaluate("kept => localStorage.setItem('cardtable', JSON.stringify(kept))", old)
    ann.page.reload()
    ann.page.wait_for_selector(f'.your-games [data-table="{created["table"]}"]')
    stored = _stored(ann)
    assert links[0] in stored and links[1] not in stored
    ann.close()
