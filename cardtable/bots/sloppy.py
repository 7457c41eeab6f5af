"""A bot that makes mistakes on purpose: `heuristic~0.5` plays a random legal move half the time.

The `easy` level is one (bots/levels.py): weaker than the game's own bot,
stronger than chance.  Its mistakes are drawn from the generator the match
gives it, so a seed replays them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.core.chance import below


class SloppyBot:
    """Plays as `bot` does, but a uniformly random legal action with probability `mistakes`."""

    def __init__(self, bot: Any, mistakes: float, name: str) -> None:
        self.bot = bot
        self.mistakes = mistakes
        self.name = name

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """A random legal action now and then, else the bot's own choice."""
        if rng.random() < self.mistakes:
            return legal[below(rng, len(legal))]
        return self.bot.choose(view, legal, rng)
