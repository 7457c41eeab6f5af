"""The Forbidden Memories duel: the engine of the PlayStation card game, with its real card data (fm.md).

The package ends in the game's declaration, registered by name.
"""

from __future__ import annotations

from operator import attrgetter

from cardtable.core.game import Game, docstring_section
from cardtable.core.registry import register
from cardtable.games.fm import actions, position, rules
from cardtable.games.fm.actions import Action
from cardtable.games.fm.ai import DuelistAI
from cardtable.games.fm.determinize import determinize
from cardtable.games.fm.duelists import random_duel
from cardtable.games.fm.evaluate import evaluate
from cardtable.games.fm.explain import explain_illegal
from cardtable.games.fm.options import OPTION_TABLE, FmOptions
from cardtable.games.fm.state import SEATS, FmState, all_cards
from cardtable.games.fm.view import FmView, card_label, hidden_cards, view

GAME: Game[FmState, Action, FmView, FmOptions] = Game(
    name="fm",
    title="Forbidden Memories",
    min_seats=SEATS,
    max_seats=SEATS,
    option_table=OPTION_TABLE,
    new_state=random_duel,
    state_from_position=position.state_from_position,
    position_of=position.position_of,
    options_of=attrgetter("options"),
    seats=lambda state: SEATS,
    current_seat=FmState.current_seat,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    outcome=attrgetter("result"),
    explain_illegal=explain_illegal,
    parse_action=actions.parse_action,
    format_action=actions.format_action,
    notation=docstring_section(actions.__doc__, "A turn is built"),
    view=view,
    card_name=card_label,
    # A card is named in views and logs by its number, `#001`.
    card_spellings=lambda card_id: (f"#{card_id:03d}",),
    all_cards=all_cards,
    hidden_cards=hidden_cards,
    determinize=determinize,
    evaluate=evaluate,
    # The shared duelist AI with average parameters; campaign duels give each duelist its own.
    bots={"heuristic": DuelistAI},
    # Each side brings its own deck, and fusions make new cards.
    known_card_set=False,
    conserves_cards=False,
)

register(GAME)

__all__ = ["GAME"]
