"""No file of the browser client outside the games' folders names a game: each game brings its own
board, pages, styles and lobby entry (cardtable/games/<name>/web/ and its declaration), so that a new
game is one folder."""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.games import SHIPPED, get_game

WEB = Path(__file__).resolve().parent.parent / "cardtable" / "web"


def _naming(text: str, words: list[str]) -> list[str]:
    """The lines of `text` naming one of `words` as a word of its own (in a string, a branch, a comment)."""
    pattern = re.compile(
        r"(?<![A-Za-z0-9_])(" + "|".join(map(re.escape, words)) + r")(?![A-Za-z0-9_])", re.IGNORECASE
    )
    return [
        f"{number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        if pattern.search(line)
    ]


def test_no_file_of_the_client_names_a_game() -> None:
    words = sorted(
        {name for name in SHIPPED} | {get_game(name).title for name in SHIPPED} | {"Forbidden Memories"}
    )
    files = sorted(path for path in WEB.rglob("*") if path.is_file())
    assert any(path.suffix == ".js" for path in files) and any(path.suffix == ".css" for path in files)
    found = {
        str(path.relative_to(WEB)): lines
        for path in files
        if (lines := _naming(path.read_text(encoding="utf-8"), words))
    }
    assert not found, f"files of cardtable/web/ that name a game: {found}"


def test_the_check_finds_a_game_named() -> None:
    words = ["drump", "fm"]
    assert _naming('if (name === "fm") return;', words) == ['1: if (name === "fm") return;']
    assert _naming("// DRUMP's board", words) and _naming("import('/games/drump/board.js')", words)
    assert not _naming("fmCard(label); formatted; drumpValue", words)
