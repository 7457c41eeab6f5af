"""Scout: ladder climbing with double-numbered cards, for 2 to 5 players (scout.md).

Besides the game's declaration (`GAME`, registered by name), the package
offers its rules for study, as pure functions the engine itself uses:

    show_strength([5, 6, 7])              ShowStrength(kind=RUN, size=3, lowest=5); ValueError if no show
    beats(show, active)                   whether a show may be played on the active set (None: empty)
    round_points(RoundFacts(captured, tokens, hand_sizes, exempt))   each seat's points for a round
    game_winners(scores)                  the seats with the most points

The log's events are in `cardtable.games.scout.events`.
"""

from __future__ import annotations

from cardtable.core import pairs
from cardtable.core.declaration import folder_game
from cardtable.core.game import Game, docstring_section
from cardtable.core.registry import register
from cardtable.games.scout import actions
from cardtable.games.scout.actions import Action
from cardtable.games.scout.bots import ScoutHeuristicBot
from cardtable.games.scout.endings import (
    RoundFacts,
    ScoutEnding,
    ScoutRoundEnding,
    game_winners,
    round_points,
)
from cardtable.games.scout.options import ScoutOptions
from cardtable.games.scout.shows import ShowKind, ShowStrength, beats, show_strength
from cardtable.games.scout.state import ScoutState
from cardtable.games.scout.view import ScoutView

GAME: Game[ScoutState, Action, ScoutView, ScoutOptions] = folder_game(
    __name__,
    title="Scout",
    current_seat=ScoutState.current_seat,
    lobby={
        "order": 2,
        "text": "Climb the ladder with double-numbered cards you may never reorder. 2 to 5 players.",
        "quick": {"opponents": [{"bot": "heuristic"}, {"bot": "heuristic"}]},
    },
    notation=docstring_section(actions.__doc__, "Hand positions"),
    card_name=pairs.card_name,
    card_spellings=pairs.card_spellings,
    bots={"heuristic": ScoutHeuristicBot},
    # 2: the 2-player game's second round is dealt from the cards set aside in the first.
    rules_version=2,
)

register(GAME)

__all__ = [
    "GAME",
    "RoundFacts",
    "ScoutEnding",
    "ScoutRoundEnding",
    "ShowKind",
    "ShowStrength",
    "beats",
    "game_winners",
    "round_points",
    "show_strength",
]
