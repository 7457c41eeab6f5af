"""For tree search: a quick estimate of each side's chances in an unfinished duel, and the actions to search.

Life points count most; the ATK on each side's field counts next.  The lead
goes through a logistic curve.

Tree search leaves cancel out (`search_actions`): it only puts the picked
cards back, so a search that may take it replays its turns (docs/bots.md,
"The hard level against the duelists").
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardtable.games.fm.actions import Action, Cancel
from cardtable.games.fm.combat import attack_of
from cardtable.games.fm.state import FmState


def evaluate(state: FmState) -> tuple[float, ...]:
    """Each side's estimated chance of winning."""
    field = [sum(attack_of(m, state.terrain) for m in row if m is not None) for row in state.monsters]
    lead = (state.lp[0] - state.lp[1]) / 2000 + (field[0] - field[1]) / 3000
    first = 1.0 / (1.0 + math.exp(-lead))
    return (first, 1.0 - first)


def search_actions(legal: Sequence[Action]) -> Sequence[Action]:
    """The actions worth a search's time: all but cancel, which only puts the picked cards back and
    so takes the turn back to a state the search has already met."""
    # Told by type: a game variant in the tests hands out copies of the interned actions.
    kept = [action for action in legal if type(action) is not Cancel]
    return kept if kept and len(kept) < len(legal) else legal
