"""docs/rl.md lists each game's action ids and observation layout exactly as the code has them."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.bots.learned import encoding_for

DOCUMENT = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("game", ["drump", "scout", "dnup", "fm"])
def test_the_rl_page_shows_the_codes_layout_and_ids(game: str) -> None:
    text = DOCUMENT.read_text(encoding="utf-8")
    encoding = encoding_for(game)
    assert encoding.layout.markdown() in text, f"regenerate the {game} layout in docs/rl.md"
    assert encoding.action_doc in text
    assert f"{encoding.observation_size:,} entries" in text and f"{encoding.action_count:,} ids" in text
