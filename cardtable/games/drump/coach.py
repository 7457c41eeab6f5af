"""The coach: the DRUMP bot of the guided first game, which shows the learner every kind of move.

It plays as the heuristic bot does, except that a kind of move it has not yet
made this game (a summon, an Extra Jack, a recycle, a Burst, a block, a
counter) is made the first time it is legal, so that the guide's notes about
each come up in the learner's first game.  What it has made it reads from its
own log; like every bot, it sees only its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.core.events import Event
from cardtable.core.players import best_scored
from cardtable.games.drump.actions import Action, Block, Burst, Counter, ExtraJack, Recycle, Summon
from cardtable.games.drump.bots import DrumpHeuristicBot
from cardtable.games.drump.events import (
    Blocked,
    BurstMade,
    Countered,
    ExtraJackPlaced,
    Recycled,
    RecycledAndDrew,
    Summoned,
)
from cardtable.games.drump.view import DrumpView

#: Each kind of move the coach shows once, and the event that says it was made.
SHOWN: dict[type[Action], tuple[type[Event], ...]] = {
    Summon: (Summoned,),
    ExtraJack: (ExtraJackPlaced,),
    Recycle: (Recycled, RecycledAndDrew),
    Burst: (BurstMade,),
    Block: (Blocked,),
    Counter: (Countered,),
}
#: Above every score of the heuristic bot: a move not yet shown comes first.
FIRST_TIME = 1000.0


def kinds_made(view: DrumpView) -> set[type[Action]]:
    """The kinds of move the viewing seat has made this game, by its log."""
    made: set[type[Action]] = set()
    for entry in view.log:
        for kind, events in SHOWN.items():
            if isinstance(entry, events) and getattr(entry, "seat", None) == view.seat:
                made.add(kind)
    return made


class DrumpCoachBot(DrumpHeuristicBot):
    """The heuristic bot that makes each kind of move the first time it can (`coach`)."""

    name = "coach"

    def choose(self, view: DrumpView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The first legal move of a kind not yet shown (the heuristic's best of it), else the heuristic's."""
        made = kinds_made(view)

        def score(action: Action) -> float:
            fresh = type(action) in SHOWN and type(action) not in made
            return self.score(view, action) + (FIRST_TIME if fresh else 0)

        action: Action = best_scored(legal, score, rng)
        return action
