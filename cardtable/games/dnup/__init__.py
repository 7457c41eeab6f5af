"""dnup: empty your hand of double-numbered cards first, for 2 to 5 players (dnup.md).

Besides the game's declaration (`GAME`, registered by name), the package
offers its scoring for study, as pure functions the engine itself uses:

    round_points(out, seats)                 each seat's points for a round, from who went out first, second
    turn_limit_places(out, hand_sizes, start_seat, places)
                                             who takes the places left when the turn limit ends a round
    game_winner(scores, target, first_out)   the winner once someone has reached the target, else None

The log's events are in `cardtable.games.dnup.events`.
"""

from __future__ import annotations

from operator import attrgetter
from pathlib import Path

from cardtable.core import pairs
from cardtable.core.game import Game, docstring_section
from cardtable.core.registry import register
from cardtable.games.dnup import actions, position, rules
from cardtable.games.dnup.actions import Action
from cardtable.games.dnup.bots import DnupHeuristicBot
from cardtable.games.dnup.determinize import determinize
from cardtable.games.dnup.endings import (
    DnupEnding,
    DnupRoundEnding,
    game_winner,
    round_points,
    turn_limit_places,
)
from cardtable.games.dnup.evaluate import evaluate, playout_action
from cardtable.games.dnup.explain import explain_illegal
from cardtable.games.dnup.options import OPTION_TABLE, DnupOptions
from cardtable.games.dnup.state import DnupState, all_cards
from cardtable.games.dnup.view import DnupView, hidden_cards, view

GAME: Game[DnupState, Action, DnupView, DnupOptions] = Game(
    name="dnup",
    title="dnup",
    min_seats=rules.MIN_SEATS,
    max_seats=rules.MAX_SEATS,
    option_table=OPTION_TABLE,
    new_state=rules.new_game,
    state_from_position=position.state_from_position,
    position_of=position.position_of,
    options_of=attrgetter("options"),
    seats=attrgetter("seats"),
    current_seat=DnupState.current_seat,
    legal_actions=rules.legal_actions,
    interned_actions=True,
    apply=rules.apply,
    unlogged=rules.unlogged,
    outcome=attrgetter("result"),
    explain_illegal=explain_illegal,
    parse_action=actions.parse_action,
    format_action=actions.format_action,
    describe_action=actions.describe_action,
    web_folder=str(Path(__file__).parent / "web"),
    lobby={
        "order": 3,
        "text": "Be first to empty your hand of double-numbered cards. 2 to 5 players.",
        "quick": {"opponents": [{"bot": "heuristic"}, {"bot": "heuristic"}]},
    },
    notation=docstring_section(actions.__doc__, "Cards are written"),
    view=view,
    card_name=pairs.card_name,
    card_spellings=pairs.card_spellings,
    all_cards=all_cards,
    hidden_cards=hidden_cards,
    determinize=determinize,
    evaluate=evaluate,
    playout_action=playout_action,
    bots={"heuristic": DnupHeuristicBot},
    # 2: the turn limit (house rule, on by default), and the turn count in every state.
    rules_version=2,
    # Its front ends, in its folder (docs/new-game.md).
    screen="cardtable.games.dnup.screen",
    encoding="cardtable.games.dnup.encoding",
)

register(GAME)

__all__ = ["GAME", "DnupEnding", "DnupRoundEnding", "game_winner", "round_points", "turn_limit_places"]
