"""Crazy Eights: match the top card's suit or rank, eights are wild, empty your hand first (rules.md).

2 to 5 players, one deck.  The default options are the traditional rules;
the preset `openspiel` plays exactly the rules of OpenSpiel's crazy_eights
at its default parameters, so that the two engines can be compared on one
game (benchmarks/versus.py).  Besides the declaration (`GAME`, registered by
name), the package offers its scoring for study, as the pure functions the
engine itself uses:

    hand_count(hand, scoring)       what the cards left in a hand count against their holder
    final_scores(counts, scoring)   the winners and each seat's score from the counts in hand

The log's events are in `cardtable.games.crazy_eights.events`.
"""

from __future__ import annotations

from cardtable.core.declaration import folder_game
from cardtable.core.game import Game, docstring_section
from cardtable.core.registry import register
from cardtable.games.crazy_eights import actions
from cardtable.games.crazy_eights.actions import Action
from cardtable.games.crazy_eights.bots import CrazyEightsHeuristicBot
from cardtable.games.crazy_eights.cards import card_name
from cardtable.games.crazy_eights.endings import CrazyEightsEnding, final_scores, hand_count
from cardtable.games.crazy_eights.options import CrazyEightsOptions
from cardtable.games.crazy_eights.state import CrazyEightsState
from cardtable.games.crazy_eights.view import CrazyEightsView

GAME: Game[CrazyEightsState, Action, CrazyEightsView, CrazyEightsOptions] = folder_game(
    __name__,
    title="Crazy Eights",
    current_seat=CrazyEightsState.current_seat,
    notation=docstring_section(actions.__doc__, "Cards are written"),
    card_name=card_name,
    bots={"heuristic": CrazyEightsHeuristicBot},
)

register(GAME)

__all__ = ["GAME", "CrazyEightsEnding", "final_scores", "hand_count"]
