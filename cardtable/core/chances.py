"""Turning each seat's standing into chances of winning, for tree-search evaluations."""

from __future__ import annotations

import math
from collections.abc import Sequence


def softmax_chances(standings: Sequence[float], temperature: float) -> tuple[float, ...]:
    """Chances proportional to exp(standing / temperature), summing to 1."""
    top = max(standings)
    weights = [math.exp((value - top) / temperature) for value in standings]
    total = sum(weights)
    return tuple(weight / total for weight in weights)
