"""The server over HTTP against another site's page, forged headers and floods of requests (issues 20, 29)."""

from __future__ import annotations

import asyncio
import http.server
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cardtable.server.guard import Site
from cardtable.server.limits import SettingError
from tests.server.defence_helpers import DRUMP_PEOPLE, LoggedServer
from tests.server.helpers import Client, ServerProcess, wait_until
from tests.web.browser import Player, launch

JSON = {"Content-Type": "application/json"}

#: Another site's page: it posts a table request without asking (no-cors, text/plain), then as JSON
#: (which the browser may send only after asking the server, which says nothing yes).
ATTACK = """<!doctype html><title>cute cats</title><script>
const target = "%s/api/tables";
const body = JSON.stringify({protocol: 1, game: "drump", seats: [{person: "A"}, {person: "B"}]});
const quiet = fetch(target, {method: "POST", mode: "no-cors", credentials: "include",
  headers: {"Content-Type": "text/plain"}, body});
const asked = fetch(target, {method: "POST", credentials: "include",
  headers: {"Content-Type": "application/json"}, body});
Promise.allSettled([quiet, asked]).then(() => { document.title = "sent"; });
</script>"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("defence") / "tables.sqlite").start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture
def other_site(server: ServerProcess) -> Iterator[str]:
    """A page of another origin on loopback (another port), aimed at the server."""
    page = (ATTACK % server.base).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, format: str, *args: object) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{site.server_address[1]}/"
    finally:
        site.shutdown()
        site.server_close()


def _tables(server: ServerProcess) -> int:
    return len(httpx.get(server.base + "/api/tables", timeout=30).json()["tables"])


def test_another_sites_page_makes_no_table_and_the_servers_own_page_does(
    server: ServerProcess, other_site: str
) -> None:
    before = _tables(server)
    with launch() as browser:
        visitor = Player(browser)
        # The visitor uses the server first, so its page holds cookies the attack would like to ride on.
        visitor.page.goto(server.base + "/")
        made = visitor.page.evaluate(
            """async () => (await fetch("/api/tables", {method: "POST",
                 headers: {"Content-Type": "application/json"},
                 body: JSON.stringify({protocol: 1, game: "drump",
                                       seats: [{person: "A"}, {person: "B"}]})})).status"""
        )
        assert made == 201, "the server's own page still makes tables"
        visitor.page.goto(other_site)
        visitor.page.wait_for_function("document.title === 'sent'")
        visitor.context.close()
    assert _tables(server) == before + 1, "the other site's page made a table"


def test_a_cross_site_request_is_refused_naming_the_reason(server: ServerProcess) -> None:
    url = server.base + "/api/tables"
    body = b'{"protocol": 1, "game": "drump", "seats": [{"person": "A"}, {"person": "B"}]}'
    plain = httpx.post(url, content=body, headers={"Content-Type": "text/plain"})
    assert plain.status_code == 403 and plain.json()["error"]["code"] == "cross_site"
    assert "Content-Type: application/json" in plain.json()["error"]["message"]
    foreign = httpx.post(url, content=body, headers=JSON | {"Origin": "http://evil.example"})
    assert foreign.status_code == 403 and "'http://evil.example'" in foreign.json()["error"]["message"]
    fetched = httpx.post(url, content=body, headers=JSON | {"Sec-Fetch-Site": "cross-site"})
    assert fetched.status_code == 403 and "Sec-Fetch-Site" in fetched.json()["error"]["message"]
    # The campaign's routes too, before they read anything.
    campaign = httpx.post(server.base + "/api/campaign", content=b'{"name": "Ann"}')
    assert campaign.status_code == 403 and campaign.json()["error"]["code"] == "cross_site"
    # A program (no Origin) sending JSON, and the server's own origin under another loopback name, pass.
    assert httpx.post(url, content=body, headers=JSON).status_code == 201
    local = JSON | {"Origin": f"http://localhost:{server.port}", "Sec-Fetch-Site": "same-origin"}
    assert httpx.post(url, content=body, headers=local).status_code == 201


def test_every_response_carries_the_security_headers(server: ServerProcess) -> None:
    answers = [
        httpx.get(server.base + "/"),
        httpx.get(server.base + "/js/main.js"),
        httpx.get(server.base + "/api/games"),
        httpx.get(server.base + "/api/tables/nosuch"),
        httpx.post(server.base + "/api/tables", content=b"{}"),
    ]
    for answer in answers:
        policy = answer.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, answer.url
        assert "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "no-referrer"


def test_the_client_runs_under_its_content_security_policy(server: ServerProcess) -> None:
    bots = [{"bot": "random", "pace": 0}, {"bot": "random", "pace": 0}]
    finished = server.create_table("drump", bots)["table"]
    wait_until(lambda: httpx.get(f"{server.base}/api/tables/{finished}").json()["finished"])
    with launch() as browser:
        player = Player(browser, settings={"botPace": 0, "name": "Ann"}, enforce_csp=True)
        violations: list[str] = []
        player.page.on("console", lambda message: violations.append(message.text))
        page = player.page
        page.goto(server.base + "/")
        page.click('.game-tile[data-game="drump"] [data-role="quick"]')
        page.wait_for_selector('[data-area="my-hand"] .card')
        page.wait_for_selector("[data-move]", state="attached")
        for path, shown in [
            (f"/?replay={finished}", ".replay-page .drump-board"),
            ("/?rules=scout", "article.rules-text h2"),
            ("/?game=fm&page=decks", ".decks-page"),
            ("/?game=fm&page=campaign", ".campaign-page"),
        ]:
            page.goto(server.base + path)
            page.wait_for_selector(shown)
        assert page.evaluate("document.styleSheets.length") >= 3, "the client's styles are applied"
        player.close()
    assert not [text for text in violations if "Content Security Policy" in text], violations


def test_requests_are_rate_limited_by_network(tmp_path: Path) -> None:
    limits = ("http_requests_per_second=0.01", "http_burst=5")
    server = LoggedServer(tmp_path / "tables.sqlite", limits=limits).start()
    try:
        with server.client_at("127.0.0.2") as one, server.client_at("127.0.0.3") as neighbour:
            assert [one.get("/api/games").status_code for _ in range(5)] == [200] * 5
            refused = neighbour.get("/api/tables/nosuch")
            assert refused.status_code == 429 and refused.json()["error"]["code"] == "limit"
            assert "127.0.0.0/24" in refused.json()["error"]["message"]
            assert one.get("/js/main.js").status_code == 200, "the client's files are not counted"
        with server.client_at("127.1.0.1") as elsewhere:
            assert elsewhere.get("/api/games").status_code == 200
    finally:
        server.stop()


def test_links_come_from_the_public_url_never_from_the_host_header(tmp_path: Path) -> None:
    server = LoggedServer(
        tmp_path / "a.sqlite", options=("--public-url", "https://cards.example.org/")
    ).start()
    try:
        assert "open https://cards.example.org/" in server.banner
        forged = JSON | {"Host": "evil.example", "Origin": "https://cards.example.org"}
        created = httpx.post(server.base + "/api/tables", json=DRUMP_PEOPLE, headers=forged).json()
        table = created["table"]
        assert created["watch"] == f"https://cards.example.org/watch/{table}"
        own, invited_seat = created["seats"]
        assert own["link"] == f"https://cards.example.org/play/{table}?token={own['token']}"
        assert (
            invited_seat["link"] == f"https://cards.example.org/play/{table}?invite={invited_seat['invite']}"
        )
        # Behind TLS the seat's cookie goes over TLS only.
        invited = httpx.get(f"{server.base}/play/{table}", params={"token": created["seats"][0]["token"]})
        assert "secure" in invited.headers["set-cookie"].lower()
        # Its own pages are at the public address: the listening one is another site for a browser.
        local = JSON | {"Origin": server.base}
        assert httpx.post(server.base + "/api/tables", json=DRUMP_PEOPLE, headers=local).status_code == 403
    finally:
        server.stop()
    plain = LoggedServer(tmp_path / "b.sqlite").start()
    try:
        created = httpx.post(plain.base + "/api/tables", json=DRUMP_PEOPLE, headers={"Host": "evil.example"})
        assert created.json()["watch"].startswith(plain.base + "/watch/")
        table, token = created.json()["table"], created.json()["seats"][0]["token"]
        invited = httpx.get(f"{plain.base}/play/{table}", params={"token": token})
        assert "secure" not in invited.headers["set-cookie"].lower()
    finally:
        plain.stop()


def test_a_public_url_is_checked() -> None:
    assert Site.at("HTTPS://Cards.Example.org:443/").url == "https://cards.example.org"
    assert Site.at("http://[::1]:8000").trusts("http://localhost:8000")
    for bad in ("ftp://x", "https://", "https://x/tables", "https://x?a=1", "http://x:99999"):
        with pytest.raises(SettingError, match="public URL"):
            Site.at(bad)


def test_listening_beyond_loopback_warns_once_about_tls(tmp_path: Path) -> None:
    server = LoggedServer(tmp_path / "tables.sqlite", options=("--host", "0.0.0.0")).start()
    try:
        assert "0.0.0.0" not in server.banner.split("(")[0], "the address to open is one people can open"
        wait_until(lambda: "TLS" in server.log.read_text())
    finally:
        server.stop()
    log = server.log.read_text()
    assert log.count("without TLS") == 1 and "docs/server.md" in log and "--public-url" in log


def test_a_rebound_name_gets_no_seat_by_cookie(server: ServerProcess) -> None:
    """A page whose own name was made to point at the server (DNS rebinding) has its own origin, not ours."""
    created = server.create_table("drump", [{"person": "Ann"}, {"person": "Bob"}])
    table, token = created["table"], created["seats"][1]["token"]
    rebound = f"rebound.example:{server.port}"

    async def join(origin: str, host: str) -> dict:
        # The socket goes to the server; the request names the host the page believes it talks to.
        sock = socket.create_connection(("127.0.0.1", server.port))
        cookie = {"Cookie": f"cardtable-{table}={token}"}
        client = await Client(f"ws://{host}/ws").open(additional_headers=cookie, origin=origin, sock=sock)
        joined = await client.join(table)
        await client.close()
        return joined

    assert asyncio.run(join(f"http://{rebound}", rebound))["seat"] is None
    assert asyncio.run(join(server.base, f"127.0.0.1:{server.port}"))["seat"] == 2
    forged = {"Origin": f"http://{rebound}", "Host": rebound}
    assert httpx.post(server.base + "/api/tables", json=DRUMP_PEOPLE, headers=forged).status_code == 403
