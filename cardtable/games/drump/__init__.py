"""DRUMP: two players, one shared 52-card deck, four body parts to DRUMP (drump.md).

The package ends in the game's declaration: the rules of `rules`, the
notation of `actions`, the views of `view`, and the rest, registered by name.

For studying the rules, the same functions the engine plays by (cards are
numbers: `parse_card("7h")`):

    stack_payments(stack, ace_pays_any)   which parts a stack pays for, and how its Aces count
    resolve_burst(attack, stack, ace_values, answers, options)
                                          who wins a Burst, and why
"""

from __future__ import annotations

from cardtable.core.declaration import folder_game
from cardtable.core.game import Game, docstring_section
from cardtable.core.registry import register
from cardtable.games.drump import actions
from cardtable.games.drump.actions import Action
from cardtable.games.drump.bots import DrumpHeuristicBot
from cardtable.games.drump.burst import BurstEnd, BurstResult, resolve_burst
from cardtable.games.drump.cards import card_name, parse_card
from cardtable.games.drump.coach import DrumpCoachBot
from cardtable.games.drump.endings import DrumpEnding
from cardtable.games.drump.options import DrumpOptions
from cardtable.games.drump.stacks import Payment, stack_payments
from cardtable.games.drump.state import DrumpState, unlogged
from cardtable.games.drump.view import DrumpView

GAME: Game[DrumpState, Action, DrumpView, DrumpOptions] = folder_game(
    __name__,
    title="DRUMP",
    current_seat=DrumpState.current_seat,
    unlogged=unlogged,
    lobby={
        "order": 1,
        "text": "Two players race to build a four-part monster, paying for each part with stacks of cards.",
        "quick": {"opponents": [{"bot": "heuristic"}]},
        "links": [{"label": "Learn it", "page": "learn", "role": "guide"}],
    },
    notation=docstring_section(actions.__doc__, "Notation"),
    card_name=card_name,
    bots={"heuristic": DrumpHeuristicBot, "coach": DrumpCoachBot},
)

register(GAME)

__all__ = [
    "GAME",
    "BurstEnd",
    "BurstResult",
    "DrumpEnding",
    "DrumpOptions",
    "Payment",
    "card_name",
    "parse_card",
    "resolve_burst",
    "stack_payments",
]
