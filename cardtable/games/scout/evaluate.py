"""A quick estimate of each seat's chances in an unfinished Scout game, for tree search.

The round in progress is scored as if it ended now (captured cards and tokens
for, cards in hand against), added to the points of the finished rounds.
"""

from __future__ import annotations

from cardtable.core.chances import softmax_chances
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
