"""Players that are programs, by name: `random`, and each game's own bots (`heuristic`)."""

from __future__ import annotations

from typing import Any

from cardtable.core.errors import UnknownNameError
from cardtable.core.players import Bot, RandomBot
from cardtable.core.registry import AnyGame


def bot_names(game: AnyGame) -> list[str]:
    """Every bot that can play `game`."""
    return ["random", *sorted(game.bots())]


def make_bot(spec: str, game: AnyGame) -> Bot:
    """The bot named by `spec` (for example `random` or `heuristic`) for `game`."""
    name = spec.strip().lower()
    if name == "random":
        return RandomBot()
    factories: dict[str, Any] = game.bots()
    if name in factories:
        bot: Bot = factories[name]()
        return bot
    raise UnknownNameError(f"unknown bot {spec!r} for {game.name}; bots: {', '.join(bot_names(game))}")
