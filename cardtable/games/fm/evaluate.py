"""A quick estimate of each side's chances in an unfinished duel, for tree search.

Life points count most; the ATK on each side's field counts next.  The lead
goes through a logistic curve.
"""

from __future__ import annotations

import math

from cardtable.games.fm.combat import attack_of
from cardtable.games.fm.state import FmState


def evaluate(state: FmState) -> tuple[float, ...]:
    """Each side's estimated chance of winning."""
    field = [sum(attack_of(m, state.terrain) for m in row if m is not None) for row in state.monsters]
    lead = (state.lp[0] - state.lp[1]) / 2000 + (field[0] - field[1]) / 3000
    first = 1.0 / (1.0 + math.exp(-lead))
    return (first, 1.0 - first)
