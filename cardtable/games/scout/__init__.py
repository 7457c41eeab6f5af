"""Scout: ladder climbing with double-numbered cards, for 2 to 5 players."""

from cardtable.games.scout.game import GAME, ScoutGame

__all__ = ["GAME", "ScoutGame"]
