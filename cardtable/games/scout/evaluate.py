"""A quick estimate of each seat's chances in an unfinished Scout game, for tree search.

The round in progress is scored as if it ended now (captured cards and tokens
for, cards in hand against), added to the points of the finished rounds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.core.chance import below, softmax_chances
from cardtable.games.scout.actions import Action, Show
from cardtable.games.scout.rules import plain_scout_count
from cardtable.games.scout.state import ScoutState

#: Points that make about a factor e in chances.
TEMPERATURE = 3.0


def evaluate(state: ScoutState) -> tuple[float, ...]:
    """Each seat's estimated chance of winning."""
    standings = [
        state.scores[seat] + len(state.captured[seat]) + state.tokens[seat] - len(state.hands[seat])
        for seat in range(state.seats)
    ]
    return softmax_chances(standings, TEMPERATURE)


def playout_action(state: ScoutState, legal: Sequence[Action], rng: random.Random) -> Action:
    """A quick playout's move: the largest Show there is, else a plain Scout at random."""
    # The legal actions list the Shows first, then the plain Scouts (rules.legal_actions): the
    # Scout & Shows after them are never looked at.
    best: list[Action] = []
    largest = 0
    for action in legal:
        if type(action) is not Show:
            break
        size = action.last - action.first + 1
        if size > largest:
            best, largest = [action], size
        elif size == largest:
            best.append(action)
    if best:
        return best[below(rng, len(best))]
    scouts = plain_scout_count(state)
    return legal[below(rng, scouts or len(legal))]
