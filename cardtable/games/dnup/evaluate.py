"""A quick estimate of each seat's chances in an unfinished dnup game, for tree search.

Points so far, the places already taken this round (2 and 1), and fewer
cards in hand count; cards in front of a player will come back if beaten, so
they count half against.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.core.chance import softmax_chances
from cardtable.core.pairs import TOP
from cardtable.games.dnup.actions import Action, Add, Play
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


def playout_action(state: DnupState, legal: Sequence[Action], rng: random.Random) -> Action:
    """A quick playout's move: the largest play (the higher value on ties), else an add, else anything."""
    best: Action | None = None
    key = (0, 0)
    adds: list[Action] = []
    for action in legal:
        if isinstance(action, Play):
            candidate = (len(action.cards), TOP[action.cards[0]])
            if candidate > key:
                best, key = action, candidate
        elif isinstance(action, Add):
            adds.append(action)
    if best is not None:
        return best
    choices = adds or list(legal)
    return choices[rng.randrange(len(choices))]
