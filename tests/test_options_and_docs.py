"""Options as data, and the rules pages generated from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core.errors import OptionError
from cardtable.games import game_names, get_game
from cardtable.games.documents import rules_page
from cardtable.games.drump.options import OPTION_TABLE, DrumpOptions

DOCS = Path(__file__).parent.parent / "docs" / "rules"


@pytest.mark.parametrize("name", game_names())
def test_the_rules_page_in_docs_is_the_generated_one(name: str) -> None:
    # Regenerate with: make docs
    assert (DOCS / f"{name}.md").read_text(encoding="utf-8") == rules_page(name)


@pytest.mark.parametrize("name", game_names())
def test_every_option_and_preset_is_documented(name: str) -> None:
    page = rules_page(name)
    table = get_game(name).option_table
    for option in table.options.values():
        assert f"`{option.name}`" in page
        assert option.description and option.source
    for preset in table.presets:
        assert f"`{preset}`" in page


def test_presets_select_each_sources_column() -> None:
    assert OPTION_TABLE.resolve() == DrumpOptions()
    assert OPTION_TABLE.resolve("vi") == DrumpOptions(extra_jack_limit=None, discard_from=7)
    assert OPTION_TABLE.resolve("pt") == DrumpOptions(
        ace_pays_any=True,
        recycle_limit=None,
        extra_turn_if_three=True,
        jack_scores=11,
        extra_jack_limit=None,
        block_before_sum=True,
    )
    assert OPTION_TABLE.resolve("en") == DrumpOptions(
        extra_jack_is_summon=True, block_adds=True, draw_after_win="optional"
    )
    assert OPTION_TABLE.resolve("en", {"block_adds": False}).block_adds is False


@pytest.mark.parametrize(
    ("assignment", "message"),
    [
        ("recycle_limit=-1", "is below 0"),
        ("recycle_limit=many", "is not a whole number"),
        # Digits other than ASCII 0-9, and Python's underscores, are not how a person writes a number.
        ("recycle_limit=\u0663", "is not a whole number"),
        ("recycle_limit=1_0", "is not a whole number"),
        ("block_adds=maybe", "is not true or false"),
        ("colour=red", "unknown option 'colour'"),
        ("block_adds", "not of the form name=value"),
        ("part_by_suit=shdd", "each of s, h, d, c once"),
    ],
)
def test_bad_option_values_are_refused_with_the_reason(assignment: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        OPTION_TABLE.parse_assignments([assignment])


def test_option_text_is_read_into_values() -> None:
    overrides = OPTION_TABLE.parse_assignments(["recycle_limit=unlimited", "block_adds=yes", "jack_scores=7"])
    assert overrides == {"recycle_limit": None, "block_adds": True, "jack_scores": 7}
    with pytest.raises(OptionError, match="unknown preset 'fr'"):
        OPTION_TABLE.resolve("fr")
    with pytest.raises(OptionError, match="true is not a whole number"):
        OPTION_TABLE.resolve(overrides={"jack_scores": True})
