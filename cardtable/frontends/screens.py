"""Each game's terminal screen and rules page, by game name."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any

from rich.console import RenderableType

from cardtable.frontends.registry import front_end
from cardtable.games import get_game


def render_view(game: str, view: Any, names: Sequence[str], recent: Sequence[Any]) -> RenderableType:
    """The screen of `game` for a view, with recent events listed."""
    return front_end(game).render(view, names, recent)


def game_document(game: str, name: str) -> str:
    """A document shipped in the game's package: its rules page, position schema or template."""
    return resources.files(f"cardtable.games.{game}").joinpath(name).read_text(encoding="utf-8")


def rules_page(game: str) -> str:
    """The game's rules page (Markdown), with its options table filled in."""
    template = game_document(game, "rules.md")
    rules = get_game(game)
    table = rules.option_table.markdown().rstrip("\n")
    notation = "\n".join("    " + line if line.strip() else "" for line in rules.notation.splitlines())
    return template.replace("{{options}}", table).replace("{{notation}}", notation.rstrip())
