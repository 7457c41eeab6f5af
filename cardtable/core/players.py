"""Players that are programs: a bot sees a view and the legal actions, never a state."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol


class Bot(Protocol):
    """A program that picks one of the legal actions from what its seat may know."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of `legal`, chosen from `view`, drawing any chance from `rng`."""
        ...


class StateBot(Protocol):
    """A reference player that reads the true state: for benchmarks only, never against people."""

    name: str
    needs_state: bool

    def choose_from_state(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of `legal`, chosen knowing every card."""
        ...


#: Anything that can take a seat without a person.
Player = Bot | StateBot


def decide(player: Player, game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """The player's action: from its seat's view, or, for a benchmark reference, from the state."""
    legal = game.legal_actions(state)
    if getattr(player, "needs_state", False):
        return player.choose_from_state(state, legal, rng)  # type: ignore[union-attr]
    return player.choose(game.view(state, seat), legal, rng)  # type: ignore[union-attr]


def best_scored(legal: Sequence[Any], score: Callable[[Any], float], rng: random.Random) -> Any:
    """The legal action with the highest score, ties broken at random (the rule-based bots' choice)."""
    best: list[Any] = []
    best_score = float("-inf")
    for action in legal:
        value = score(action)
        if value > best_score:
            best, best_score = [action], value
        elif value == best_score:
            best.append(action)
    return best[rng.randrange(len(best))]


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """A uniformly random legal action."""
        return legal[rng.randrange(len(legal))]
