"""DRUMP: two players, one shared 52-card deck, four body parts to DRUMP."""

from cardtable.games.drump.game import GAME, DrumpGame

__all__ = ["GAME", "DrumpGame"]
