"""The rule-based bots' shape: score each legal action from the seat's view, play the best.

A game's heuristic bot extends `ScoringBot` with its `score`; the choice
among equal scores is drawn from the match's generator (`best_scored`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Generic, TypeVar

from cardtable.core.players import best_scored

ViewT = TypeVar("ViewT")
ActionT = TypeVar("ActionT")


class ScoringBot(Generic[ViewT, ActionT]):
    """Plays the legal action its `score` likes best, from its view alone."""

    name = "heuristic"

    def choose(self, view: ViewT, legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        """The legal action with the best score (ties broken at random)."""
        return best_scored(legal, lambda candidate: self.score(view, candidate), rng)

    def score(self, view: ViewT, action: ActionT) -> float:
        """How much this bot likes `action` (higher is better)."""
        raise NotImplementedError(f"{type(self).__name__} scores no action")
