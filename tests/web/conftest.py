"""Browser tests: the real server on 127.0.0.1 and Debian's Chromium driven by Playwright.

Nothing is downloaded: Chromium is /usr/bin/chromium (CI installs it with
apt-get). Without it these tests fail, saying so; they never skip.
Screenshots go to a folder under the test's tmp path, and also to
$CARDTABLE_SCREENSHOTS when it is set (`make screenshots` writes
docs/screenshots/ that way).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import ServerProcess
from tests.web.browser import CHROMIUM, Browser, launch


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A running server on 127.0.0.1 and a free port, with a fresh database."""
    folder: Path = tmp_path_factory.mktemp("server")
    process = ServerProcess(folder / "tables.sqlite").start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium, headless, with nothing downloaded."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"the browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium); "
            "it is missing, so the browser client is untested"
        )
    with launch() as running:
        yield running


class Screenshots:
    """Where a test's screenshots go: its tmp folder, and $CARDTABLE_SCREENSHOTS if set."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        extra = os.environ.get("CARDTABLE_SCREENSHOTS")
        self.published = Path(extra) if extra else None

    def path(self, name: str) -> Path:
        """The file for a screenshot called `name` (its published copy is made by `publish`)."""
        return self.folder / f"{name}.png"

    def publish(self, name: str) -> None:
        """Copy a screenshot to the published folder, when there is one."""
        if self.published is not None:
            self.published.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(self.path(name), self.published / f"{name}.png")


@pytest.fixture
def screenshots(tmp_path: Path) -> Screenshots:
    """The test's screenshot folder."""
    folder = tmp_path / "screenshots"
    folder.mkdir()
    return Screenshots(folder)
