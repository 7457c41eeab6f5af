"""The games this package ships, one folder each; none imports another.

Importing this package announces every shipped game to the registry; a
game's own modules are imported when it is first asked for.  Adding a game
is a new folder, whose package ends in its declaration and `register(GAME)`,
and its name below.
"""

from __future__ import annotations

from cardtable.core.registry import AnyGame, announce, game_names, get_game

SHIPPED = ("drump", "scout", "dnup", "fm", "crazy_eights")

for _name in SHIPPED:
    announce(_name, f"{__name__}.{_name}")

__all__ = ["SHIPPED", "AnyGame", "game_names", "get_game"]
