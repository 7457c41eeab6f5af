"""Line editing at the terminal's prompt, typed into a real pseudo-terminal (issue 27).

`cardtable play` runs as a process on the far side of a pty, as it runs in a
person's terminal; the keys are the bytes a terminal sends for the arrows,
Home and End.  What the game logged afterwards says which move was read.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from cardtable.frontends.line_editing import LineEditor
from tests.drump.helpers import position

readline = pytest.importorskip("readline", reason="the platform has no readline")

LEFT, RIGHT, UP, HOME, END = "\x1b[D", "\x1b[C", "\x1b[A", "\x1b[H", "\x1b[F"
BACKSPACE = "\x7f"
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
PROMPT = "your move (number, notation or help): "


class PtyGame:
    """`cardtable play drump` at an 80x24 pseudo-terminal; what it drew, its escapes taken out."""

    def __init__(self, puzzle: Path) -> None:
        command = [sys.executable, "-m", "cardtable", "play", "drump", "--position", str(puzzle)]
        command += ["--vs", "random", "--seed", "1"]
        self.leader, follower = pty.openpty()
        os.set_blocking(self.leader, False)
        size = (24 << 16 | 80).to_bytes(4, "little") + bytes(4)  # struct winsize: rows, columns
        fcntl.ioctl(follower, termios.TIOCSWINSZ, size)
        environment = {**os.environ, "TERM": "xterm", "COLUMNS": "80", "LINES": "24"}
        environment.pop("NO_COLOR", None)
        self.process = subprocess.Popen(
            command, stdin=follower, stdout=follower, stderr=follower, env=environment, start_new_session=True
        )
        os.close(follower)
        self.seen = ""

    def read_until(self, text: str, after: int = 0, seconds: float = 30) -> int:
        """Read the terminal until `text` appears after position `after`; where it ends."""
        deadline = time.monotonic() + seconds
        while True:
            found = self.seen.find(text, after)
            if found >= 0:
                return found + len(text)
            left = deadline - time.monotonic()
            if left <= 0 or (self.process.poll() is not None and not self._read(0)):
                raise AssertionError(f"{text!r} never appeared; the terminal showed:\n{self.seen[-2000:]}")
            self._read(min(left, 1))

    def _read(self, seconds: float) -> bool:
        ready, _, _ = select.select([self.leader], [], [], seconds)
        if not ready:
            return False
        try:
            data = os.read(self.leader, 65536)
        except OSError:
            return False
        self.seen += ESCAPES.sub("", data.decode("utf-8", "replace"))
        return bool(data)

    def type(self, keys: str) -> None:
        os.write(self.leader, keys.encode())

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        os.close(self.leader)


@pytest.fixture
def game(tmp_path: Path) -> Iterator[PtyGame]:
    puzzle = tmp_path / "puzzle.json"
    hands = (["2s", "3h", "4d", "5c", "Kh"], ["6s", "7h"])
    puzzle.write_text(json.dumps(position(hands=hands)))
    playing = PtyGame(puzzle)
    yield playing
    playing.close()


def test_the_arrows_home_and_end_edit_a_typed_move_and_up_recalls_the_last(game: PtyGame) -> None:
    at = game.read_until(PROMPT)
    # "et 2s on 2", then Home, the missing "s", End, and the slot changed with Backspace: set 2s on 1.
    game.type("et 2s on 2" + HOME + "s" + END + BACKSPACE + "1\r")
    at = game.read_until("sets 2♠ face up on slot 1", at)
    at = game.read_until(PROMPT, at)
    # Up recalls "set 2s on 1"; End, Backspace and 2 make the slot 2; five Left (" on 2") reach the
    # card, which two Backspaces and 3h change; Right and End move on without changing anything.
    game.type(UP + END + BACKSPACE + "2" + LEFT * 5 + BACKSPACE * 2 + "3h" + RIGHT + END + "\r")
    at = game.read_until("sets 3♥ face up on slot 2", at)
    game.read_until(PROMPT, at)
    assert "is not" not in game.seen and "unknown" not in game.seen.lower()


def test_each_person_at_a_hot_seat_table_recalls_only_their_own_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The other player's typed moves may name a card set face down: the up arrow must not show them.
    typed = iter(["set 4h on 1", "set 9c on 2", "  ", "end"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    editor = LineEditor(Console(), readline)

    def history() -> list[str]:
        return [
            readline.get_history_item(index) for index in range(1, readline.get_current_history_length() + 1)
        ]

    editor.use_history_of(0)
    editor("P1: ")
    editor.use_history_of(1)
    assert history() == []
    editor("P2: ")
    editor("P2: ")
    assert history() == ["set 9c on 2"]
    editor.use_history_of(0)
    assert history() == ["set 4h on 1"]
    editor("P1: ")
    assert history() == ["set 4h on 1", "end"]
