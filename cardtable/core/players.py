"""Players that are programs: a bot sees a view and the legal actions, never a state."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol


class Bot(Protocol):
    """A program that picks one of the legal actions from what its seat may know."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of `legal`, chosen from `view`, drawing any chance from `rng`."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """A uniformly random legal action."""
        return legal[rng.randrange(len(legal))]
