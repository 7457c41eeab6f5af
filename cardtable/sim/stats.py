"""Statistics for many games: rates with Wilson 95% intervals, means."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rate:
    """A proportion with its Wilson score interval at 95%."""

    successes: float
    trials: int

    @property
    def value(self) -> float:
        """The observed proportion (0 when there were no trials)."""
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval."""
        return wilson_interval(self.successes, self.trials)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{100 * self.value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (draws may count as half successes)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # The interval holds p: at none or all successes its bound is p itself, which rounding would
    # otherwise miss (0 of 3 gave a low end of 5.6e-17, and a plot's error bar below zero).
    return (min(p, max(0.0, centre - margin)), max(p, min(1.0, centre + margin)))


def mean_and_deviation(values: list[float]) -> tuple[float, float]:
    """The mean and sample standard deviation (0 for fewer than two values)."""
    if not values:
        return (0.0, 0.0)
    mean = sum(values) / len(values)
    if len(values) < 2:
        return (mean, 0.0)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return (mean, math.sqrt(variance))
