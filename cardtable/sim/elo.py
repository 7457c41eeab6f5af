"""Elo ratings from game results, by maximum likelihood (Bradley-Terry), with bootstrap error bars.

Every game is read as pairwise results between the players at its table:
the one with the higher payoff beats the other, equal payoffs draw (half a
win each).  Ratings are anchored so that their mean is 1500.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

#: One game's pairwise results: (player a, player b, a's score against b: 1, 0.5 or 0).
Pairing = tuple[int, int, float]

ANCHOR = 1500.0
#: A floor on win counts, so that an unbeaten player still gets a finite rating.
PRIOR = 0.5


def pairings(players: Sequence[int], payoffs: Sequence[float]) -> list[Pairing]:
    """The pairwise results of one game."""
    found = []
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            if players[i] == players[j]:
                continue
            if payoffs[i] > payoffs[j]:
                score = 1.0
            elif payoffs[i] < payoffs[j]:
                score = 0.0
            else:
                score = 0.5
            found.append((players[i], players[j], score))
    return found


def ratings(count: int, games: Sequence[Sequence[Pairing]], iterations: int = 200) -> list[float]:
    """Elo ratings of `count` players by the minorisation-maximisation algorithm for Bradley-Terry."""
    wins = [PRIOR] * count
    meetings: dict[tuple[int, int], float] = {}
    for game in games:
        for a, b, score in game:
            wins[a] += score
            wins[b] += 1.0 - score
            key = (min(a, b), max(a, b))
            meetings[key] = meetings.get(key, 0.0) + 1.0
    # Every pair also meets once more with a draw (the prior), so that strengths stay finite.
    for a in range(count):
        for b in range(a + 1, count):
            meetings[(a, b)] = meetings.get((a, b), 0.0) + 2 * PRIOR / max(1, count - 1)
    strength = [1.0] * count
    for _ in range(iterations):
        updated = []
        for player in range(count):
            denominator = 0.0
            for (a, b), number in meetings.items():
                if player in (a, b):
                    other = b if player == a else a
                    denominator += number / (strength[player] + strength[other])
            updated.append(wins[player] / denominator if denominator else strength[player])
        scale = math.exp(sum(math.log(value) for value in updated) / count)
        strength = [value / scale for value in updated]
    return [ANCHOR + 400.0 * math.log10(value) for value in strength]


def error_bars(
    count: int, games: Sequence[Sequence[Pairing]], rng: random.Random, samples: int = 100
) -> list[float]:
    """Half-widths of 95% intervals of each rating, from ratings of games resampled with replacement."""
    draws: list[list[float]] = [[] for _ in range(count)]
    for _ in range(samples):
        resampled = [games[rng.randrange(len(games))] for _ in games]
        for player, rating in enumerate(ratings(count, resampled, iterations=60)):
            draws[player].append(rating)
    bars = []
    for values in draws:
        values.sort()
        low = values[int(0.025 * (len(values) - 1))]
        high = values[int(0.975 * (len(values) - 1))]
        bars.append((high - low) / 2)
    return bars
