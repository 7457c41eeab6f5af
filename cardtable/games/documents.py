"""The documents shipped in each game's package: its rules page, position schema and template."""

from __future__ import annotations

import sys
from importlib import resources

from cardtable.core.registry import get_game  # the games are announced by this package


def game_package(game: str) -> str:
    """The package a game's declaration comes from: the package of the module of its rules' `new_state`."""
    module = sys.modules[get_game(game).new_state.__module__]
    return module.__package__ or module.__name__


def game_document(game: str, name: str) -> str:
    """A document shipped in the game's package: its rules page, position schema or template."""
    return resources.files(game_package(game)).joinpath(name).read_text(encoding="utf-8")


def rules_page(game: str) -> str:
    """The game's rules page (Markdown), with its options table and notation filled in."""
    template = game_document(game, "rules.md")
    rules = get_game(game)
    table = rules.option_table.markdown().rstrip("\n")
    notation = "\n".join("    " + line if line.strip() else "" for line in rules.notation.splitlines())
    return template.replace("{{options}}", table).replace("{{notation}}", notation.rstrip())
