"""A rule-based Scout bot: it keeps its hand's sets and runs together and sheds cards fast.

It turns its hand when the other ends make better groups, shows the largest
set it can (emptying the hand wins outright), captures when that is cheap,
and scouts the card that best joins a group in its hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise

from cardtable.core.pairs import TOP, turned
from cardtable.core.players import best_scored
from cardtable.games.scout.actions import LEFT, Action, Decline, Orient, Scout, Show
from cardtable.games.scout.shows import shows
from cardtable.games.scout.view import ScoutView


def hand_quality(tops: Sequence[int]) -> float:
    """How well a hand holds together: its largest show, and every adjacent pair that could join."""
    if not tops:
        return 0.0
    largest = max(last - first + 1 for first, last, _ in shows(tops))
    joined = sum(1 for a, b in pairwise(tops) if abs(a - b) <= 1)
    return 2.0 * largest + joined


class ScoutHeuristicBot:
    """Plays Scout by simple priorities, from its view alone."""

    name = "heuristic"

    def choose(self, view: ScoutView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The legal action with the best score (ties broken at random)."""
        tops = [TOP[code] for code in view.hand]
        base = hand_quality(tops)
        action: Action = best_scored(legal, lambda candidate: self.score(view, tops, base, candidate), rng)
        return action

    def score(self, view: ScoutView, tops: list[int], base: float, action: Action) -> float:
        """How much this bot likes an action."""
        match action:
            case Orient(turn=turn):
                other = [TOP[turned(code)] for code in reversed(view.hand)]
                return hand_quality(other) if turn else base
            case Show(first=first, last=last):
                rest = tops[:first] + tops[last + 1 :]
                if not rest:
                    return 1000.0
                return 10.0 * (last - first + 1) + 2.0 * len(view.active) + 0.5 * (hand_quality(rest) - base)
            case Scout(end=end, turned=turn, position=position, with_show=with_show):
                code = view.active[0] if end == LEFT else view.active[-1]
                value = TOP[turned(code)] if turn else TOP[code]
                new = tops[:position] + [value] + tops[position:]
                gain = hand_quality(new) - base
                if with_show:
                    # Worth the chip only for a Show of two or more cards afterwards.
                    largest = max(last - first + 1 for first, last, _ in shows(new))
                    return 9.0 * largest + gain - 8.0 if largest >= 2 else -100.0
                cost = 2.0 if view.seats == 2 else 3.0
                return 3.0 * gain - cost
            case Decline():
                return -50.0
        raise TypeError(f"not a Scout action: {action!r}")
