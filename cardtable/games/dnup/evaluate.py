"""A quick estimate of each seat's chances in an unfinished dnup game, for tree search.

Points so far, the places already taken this round (2 and 1), and fewer
cards in hand count; cards in front of a player will come back if beaten, so
they count half against.
"""

from __future__ import annotations

from cardtable.core.chances import softmax_chances
from cardtable.games.dnup.state import DnupState

#: Points that make about a factor e in chances.
TEMPERATURE = 0.8


def evaluate(state: DnupState) -> tuple[float, ...]:
    """Each seat's estimated chance of winning."""
    standings = []
    for seat in range(state.seats):
        value = float(state.scores[seat])
        if seat in state.out:
            value += 2 - state.out.index(seat)
        else:
            value -= 0.15 * len(state.hands[seat]) + 0.07 * len(state.tables[seat])
        standings.append(value)
    return softmax_chances(standings, TEMPERATURE)
