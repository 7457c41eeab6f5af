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

from operator import attrgetter

from cardtable.core.game import Game, docstring_section
from cardtable.core.registry import register
from cardtable.games.crazy_eights import actions, position, rules
from cardtable.games.crazy_eights.actions import Action
from cardtable.games.crazy_eights.bots import CrazyEightsHeuristicBot
from cardtable.games.crazy_eights.cards import card_name
from cardtable.games.crazy_eights.determinize import determinize
from cardtable.games.crazy_eights.endings import CrazyEightsEnding, final_scores, hand_count
from cardtable.games.crazy_eights.evaluate import playout_action
from cardtable.games.crazy_eights.explain import explain_illegal
from cardtable.games.crazy_eights.options import OPTION_TABLE, CrazyEightsOptions
from cardtable.games.crazy_eights.state import CrazyEightsState, all_cards
from cardtable.games.crazy_eights.view import CrazyEightsView, hidden_cards, view

GAME: Game[CrazyEightsState, Action, CrazyEightsView, CrazyEightsOptions] = Game(
    name="crazy_eights",
    title="Crazy Eights",
    min_seats=rules.MIN_SEATS,
    max_seats=rules.MAX_SEATS,
    option_table=OPTION_TABLE,
    new_state=rules.new_game,
    state_from_position=position.state_from_position,
    position_of=position.position_of,
    options_of=attrgetter("options"),
    seats=attrgetter("seats"),
    current_seat=CrazyEightsState.current_seat,
    legal_actions=rules.legal_actions,
    interned_actions=True,
    apply=rules.apply,
    unlogged=rules.unlogged,
    outcome=attrgetter("result"),
    explain_illegal=explain_illegal,
    parse_action=actions.parse_action,
    format_action=actions.format_action,
    notation=docstring_section(actions.__doc__, "Cards are written"),
    view=view,
    card_name=card_name,
    all_cards=all_cards,
    hidden_cards=hidden_cards,
    determinize=determinize,
    playout_action=playout_action,
    bots={"heuristic": CrazyEightsHeuristicBot},
)

register(GAME)

__all__ = ["GAME", "CrazyEightsEnding", "final_scores", "hand_count"]
