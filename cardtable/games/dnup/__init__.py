"""dnup: empty your hand of double-numbered cards first, for 2 to 5 players."""

from cardtable.games.dnup.game import GAME, DnupGame

__all__ = ["GAME", "DnupGame"]
