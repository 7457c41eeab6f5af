"""Debian's Firefox ESR driven over WebDriver BiDi, the protocol Firefox speaks natively.

Nothing is downloaded: no geckodriver, no patched browser. Firefox starts
headless with its remote agent on a free port, and a websocket to its
/session endpoint sends commands (each with an id, answered by a result with
the same id) and receives events (kept: the script errors the pages log).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

#: Debian's Firefox ESR (apt-get install firefox-esr).
FIREFOX = "/usr/bin/firefox-esr"
#: How long a test waits for Firefox or the page (seconds).
WAIT = 30.0
#: How often a wait looks again (seconds).
POLL = 0.05
#: What Firefox prints once its remote agent listens (the port it chose).
LISTENING = re.compile(r"WebDriver BiDi listening on (ws://[\d.]+:\d+)")
#: A fresh profile: WebDriver BiDi only, and nothing fetched from the network on its own.
PREFERENCES = {
    "remote.active-protocols": 1,
    "browser.shell.checkDefaultBrowser": False,
    "app.update.disabledForTesting": True,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
}

__all__ = ["FIREFOX", "WAIT", "BiDiError", "Firefox", "launch"]


class BiDiError(Exception):
    """Firefox refused a command, or a script the page ran threw."""


class Firefox:
    """One browsing context of a running Firefox: navigate, evaluate scripts, wait, and the errors seen."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []
        self.command("session.new", capabilities={})
        self.command("session.subscribe", events=["log.entryAdded"])
        self.context: str = self.command("browsingContext.create", type="tab")["context"]

    def command(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a command and return its result; events received meanwhile are kept."""
        number = next(self.ids)
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        deadline = time.monotonic() + WAIT
        while True:
            message = json.loads(self.socket.recv(timeout=max(deadline - time.monotonic(), 0)))
            if message.get("type") == "event":
                self.events.append(message)
            elif message.get("id") == number:
                if message.get("type") == "error":
                    raise BiDiError(f"{method}: {message.get('error')}: {message.get('message')}")
                result: dict[str, Any] = message["result"]
                return result

    def navigate(self, url: str) -> None:
        """Open `url` and wait until the page has loaded."""
        self.command("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def evaluate(self, expression: str) -> Any:
        """The value of a script expression in the page (promises awaited)."""
        answer = self.command(
            "script.evaluate", expression=expression, target={"context": self.context}, awaitPromise=True
        )
        if answer["type"] == "exception":
            raise BiDiError(f"{expression!r} threw: {answer['exceptionDetails']['text']}")
        return _value(answer["result"])

    def press(self, key: str) -> None:
        """Press and release a key, as the keyboard does (into the element that has the focus)."""
        strokes = [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        self.command(
            "input.performActions",
            context=self.context,
            actions=[{"type": "key", "id": "keyboard", "actions": strokes}],
        )

    def wait_for(self, expression: str, timeout: float = WAIT) -> Any:
        """Wait until a script expression is truthy (a page still loading is not yet), and return it."""
        deadline = time.monotonic() + timeout
        while True:
            with contextlib.suppress(BiDiError):
                value = self.evaluate(expression)
                if value:
                    return value
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"waited {timeout} s for {expression!r} at {self.evaluate('location.href')}"
                )
            time.sleep(POLL)

    def errors(self) -> list[str]:
        """The script errors the pages logged (a refused request aside: it is the server's answer)."""
        # Events arrive between commands: a quick command collects any still in flight.
        self.evaluate("0")
        return [
            f"{entry['type']}: {entry['text']}"
            for entry in (event["params"] for event in self.events if event["method"] == "log.entryAdded")
            if entry["level"] == "error" and not (entry["text"] or "").startswith("Failed to load resource")
        ]


@contextlib.contextmanager
def launch(folder: Path) -> Iterator[Firefox]:
    """A headless Firefox ESR with a fresh profile under `folder`, for the duration of the block."""
    profile = folder / "profile"
    profile.mkdir(parents=True)
    (profile / "user.js").write_text(
        "".join(
            f"user_pref({json.dumps(name)}, {json.dumps(value)});\n" for name, value in PREFERENCES.items()
        )
    )
    log = folder / "firefox.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0", "--profile", str(profile)],
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        address = _listening_address(process, log)
        with connect(address + "/session", max_size=None, open_timeout=WAIT) as socket:
            firefox = Firefox(socket)
            try:
                yield firefox
            finally:
                with contextlib.suppress(Exception):
                    firefox.command("session.end")
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _listening_address(process: subprocess.Popen[bytes], log: Path) -> str:
    """The websocket address Firefox prints once its remote agent listens."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = LISTENING.search(log.read_text(errors="replace"))
        if found:
            return found.group(1)
        if process.poll() is not None:
            break
        time.sleep(POLL)
    raise RuntimeError(
        f"Firefox's remote agent did not start; its output:\n{log.read_text(errors='replace')}"
    )


def _value(remote: dict[str, Any]) -> Any:
    """A BiDi remote value as Python: primitives, lists and dicts (anything else by its type name)."""
    kind = remote["type"]
    if kind in ("undefined", "null"):
        return None
    if kind in ("string", "number", "boolean"):
        return remote["value"]
    if kind == "array":
        return [_value(item) for item in remote.get("value", [])]
    if kind == "object":
        return {key: _value(item) for key, item in remote.get("value", [])}
    return f"<{kind}>"
