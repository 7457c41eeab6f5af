"""A quick estimate of each seat's chances in an unfinished DRUMP state, for tree search.

Parts on the field count most (DRUMP needs four; a deck-out compares their
points); a part in hand for an empty zone, and a stack that could pay for it
now, count for a little.  The difference goes through a logistic curve.
"""

from __future__ import annotations

import math

from cardtable.games.drump.cards import IS_PART, NO_CARD, RANK
from cardtable.games.drump.endings import has_drump, part_score
from cardtable.games.drump.stacks import payable_values
from cardtable.games.drump.state import DrumpState

#: How sharply a lead in the position turns into a lead in chances.
STEEPNESS = 0.6


def potential(state: DrumpState, seat: int) -> float:
    """How close `seat` is to DRUMP and to winning on points."""
    zones = state.zones[seat]
    options = state.options
    value = 0.0
    for card in zones:
        if card != NO_CARD:
            value += 3.0 + part_score(card, options) / 13.0
    payable = 0
    for stack in state.stacks[seat]:
        payable |= payable_values(stack, options.ace_pays_any)
    useful = set()
    for card in state.hands[seat]:
        if IS_PART[card] and zones[state.part_zone[card]] == NO_CARD:
            zone = state.part_zone[card]
            ready = bool(payable >> RANK[card] & 1)
            useful.add((zone, ready))
    for _, ready in useful:
        value += 1.2 if ready else 0.5
    return value


def evaluate(state: DrumpState) -> tuple[float, ...]:
    """Each seat's estimated chance of winning."""
    drumps = [has_drump(zones) for zones in state.zones]
    if drumps[0] != drumps[1]:
        # Waiting out the opponent's last turn.
        return (0.85, 0.15) if drumps[0] else (0.15, 0.85)
    lead = potential(state, 0) - potential(state, 1)
    first = 1.0 / (1.0 + math.exp(-STEEPNESS * lead))
    return (first, 1.0 - first)
