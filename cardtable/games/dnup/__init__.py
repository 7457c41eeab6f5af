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

from cardtable.core import pairs
from cardtable.core.declaration import folder_game
from cardtable.core.game import Game, docstring_section
from cardtable.core.registry import register
from cardtable.games.dnup import actions
from cardtable.games.dnup.actions import Action
from cardtable.games.dnup.bots import DnupHeuristicBot
from cardtable.games.dnup.endings import (
    DnupEnding,
    DnupRoundEnding,
    game_winner,
    round_points,
    turn_limit_places,
)
from cardtable.games.dnup.options import DnupOptions
from cardtable.games.dnup.state import DnupState
from cardtable.games.dnup.view import DnupView

GAME: Game[DnupState, Action, DnupView, DnupOptions] = folder_game(
    __name__,
    title="dnup",
    current_seat=DnupState.current_seat,
    lobby={
        "order": 3,
        "text": "Be first to empty your hand of double-numbered cards. 2 to 5 players.",
        "quick": {"opponents": [{"bot": "heuristic"}, {"bot": "heuristic"}]},
    },
    notation=docstring_section(actions.__doc__, "Cards are written"),
    card_name=pairs.card_name,
    card_spellings=pairs.card_spellings,
    bots={"heuristic": DnupHeuristicBot},
    # 2: the turn limit (house rule, on by default), and the turn count in every state.
    rules_version=2,
)

register(GAME)

__all__ = ["GAME", "DnupEnding", "DnupRoundEnding", "game_winner", "round_points", "turn_limit_places"]
