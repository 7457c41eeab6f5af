"""The games: one folder each; none imports another."""

from __future__ import annotations

from typing import Any

from cardtable.core.game import Game


def registered() -> list[Game[Any, Any, Any, Any]]:
    """Every game this package ships."""
    from cardtable.games.dnup import GAME as DNUP
    from cardtable.games.drump import GAME as DRUMP
    from cardtable.games.fm import GAME as FM
    from cardtable.games.scout import GAME as SCOUT

    return [DRUMP, SCOUT, DNUP, FM]
