"""Chromium through Playwright, and pages that fail the test on any script error."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

#: Debian's Chromium; nothing is ever downloaded (no `playwright install`).
CHROMIUM = "/usr/bin/chromium"
ARGUMENTS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: How long a test waits for the page to show something (milliseconds).
WAIT = 20_000
DESKTOP = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}

__all__ = ["ARGUMENTS", "CHROMIUM", "DESKTOP", "PHONE", "WAIT", "Browser", "Player", "launch"]


@contextlib.contextmanager
def launch() -> Iterator[Browser]:
    """A headless Chromium for the duration of the block."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGUMENTS)
        try:
            yield browser
        finally:
            browser.close()


class Player:
    """One person at a browser: a context of its own (cookies, storage) and its page."""

    def __init__(
        self,
        browser: Browser,
        viewport: dict[str, int] = DESKTOP,
        settings: dict[str, Any] | None = None,
        enforce_csp: bool = False,
    ):
        # Less motion: cards land at once, so that clicks need not wait for them to settle. Playwright's
        # wait_for_function polls with eval, which the server's Content-Security-Policy forbids: tests
        # bypass it, but tests/server/test_defence_http.py drives the client's pages under it.
        self.context: BrowserContext = browser.new_context(
            viewport=viewport,  # type: ignore[arg-type]
            reduced_motion="reduce",
            bypass_csp=not enforce_csp,
        )
        self.context.set_default_timeout(WAIT)
        if settings is not None:
            # What the lobby remembers, set before any page runs (the bots' pace, the name).
            script = (
                "const kept = JSON.parse(localStorage.getItem('cardtable') || '{}');"
                "kept.settings = Object.assign(%s, kept.settings || {});"
                "localStorage.setItem('cardtable', JSON.stringify(kept));"
            )
            self.context.add_init_script(script % _json(settings))
        self.errors: list[str] = []
        self.page: Page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        self.page.on("console", self._console)

    def _console(self, message: Any) -> None:
        # A refused request (a 501 hint, a 409 replay) is the server's answer, shown to the player.
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            self.errors.append(message.text)

    def version(self) -> int:
        """The table's version the page shows (the number of actions taken)."""
        value = self.page.evaluate("document.body.dataset.version")
        return int(value) if value not in (None, "") else -1

    def legal(self) -> list[str]:
        """The legal moves the page lists (the move list: every legal action in notation)."""
        return list(
            self.page.eval_on_selector_all("[data-move]", "buttons => buttons.map(b => b.dataset.move)")
        )

    def wait_for_version_after(self, version: int) -> None:
        """Wait until the page shows a later version, or the end of the game."""
        self.page.wait_for_function(
            "v => Number(document.body.dataset.version) > v || document.body.dataset.over === '1'",
            arg=version,
        )

    def dismiss_round_summary(self) -> bool:
        """Close a round's summary if one is shown (by a key, as a person may); whether one was."""
        if not self.page.locator(".round-dialog").count():
            return False
        self.page.keyboard.press("Enter")
        self.page.wait_for_selector(".round-dialog", state="detached")
        return True

    def close(self) -> None:
        """Close the context; script errors seen on its pages fail the test."""
        self.context.close()
        assert not self.errors, f"the page reported errors: {self.errors}"


def _json(value: Any) -> str:
    import json

    return json.dumps(value)
