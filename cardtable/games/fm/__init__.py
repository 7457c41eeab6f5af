"""The Forbidden Memories duel: the engine of the PlayStation card game, with its real card data."""

from cardtable.games.fm.game import GAME, FmGame

__all__ = ["GAME", "FmGame"]
