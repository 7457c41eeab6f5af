"""The Forbidden Memories duel: the engine of the PlayStation card game, with its real card data (fm.md).

Besides the game's declaration (registered by name at the foot), the
package offers the rules as pure functions, for study: what a combination
of cards gives, guardian stars, terrain, equips, which trap answers an
attack, and the rank of a won duel.  The engine plays by these same
functions.
"""

from __future__ import annotations

from cardtable.core.declaration import folder_game
from cardtable.core.game import Game, docstring_section
from cardtable.core.registry import register
from cardtable.games.fm import actions
from cardtable.games.fm.actions import Action
from cardtable.games.fm.ai import DuelistAI
from cardtable.games.fm.carddata import CardKind, Terrain, can_equip, equip_bonus
from cardtable.games.fm.combat import star_matchup, terrain_bonus
from cardtable.games.fm.combination import Combination, CombinationStep, StepKind, combination_step, combine
from cardtable.games.fm.duelists import random_duel
from cardtable.games.fm.magic import trap_against_attack
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.rank import rank_letter, rank_rewards, rank_score
from cardtable.games.fm.state import DuelEnding, FmState, unlogged
from cardtable.games.fm.view import FmView, card_label

GAME: Game[FmState, Action, FmView, FmOptions] = folder_game(
    __name__,
    title="Forbidden Memories",
    new_state=random_duel,
    current_seat=FmState.current_seat,
    unlogged=unlogged,
    lobby={
        "order": 4,
        "text": (
            "The Forbidden Memories duel: fusions, guardian stars and 722 cards, against its 39 duelists."
        ),
        # Seat 2 may be one of the duelists (Free Duel), who plays with its own deck and AI; a person's or a
        # bot's seat may bring a deck of this browser's.  Each choice's options come from the game's
        # web/lobby.js (the duelists, from the card catalogue; the decks, kept in the browser).
        "seat_kinds": [
            {
                "kind": "duelist",
                "label": "a duelist (Free Duel)",
                "seats": [2],
                "choice": {"field": "duelist", "label": "duelist", "from": "duelists"},
            }
        ],
        "seat_choices": [
            {
                "field": "deck",
                "label": "deck",
                "from": "decks",
                "none": "a new starter deck",
                "kinds": ["person", "bot"],
            }
        ],
        "quick": {"label": "Duel", "opponents": [{"kind": "duelist"}]},
        "links": [
            {"label": "Decks", "page": "decks", "role": "decks"},
            {"label": "Campaign", "page": "campaign", "role": "campaign"},
            {"label": "Farm planner", "page": "farm", "role": "farm"},
        ],
    },
    notation=docstring_section(actions.__doc__, "A turn is built"),
    card_name=card_label,
    # A card is named in views and logs by its number, `#001`.
    card_spellings=lambda card_id: (f"#{card_id:03d}",),
    # The shared duelist AI with average parameters; campaign duels give each duelist its own.
    bots={"heuristic": DuelistAI},
    # Each side brings its own deck, and fusions make new cards.
    known_card_set=False,
    conserves_cards=False,
    # Its terminal front end is a package of its own (docs/new-game.md).
    screen="cardtable.games.fm.terminal",
    server="cardtable.games.fm.server.extension",
)

register(GAME)

__all__ = [
    "GAME",
    "CardKind",
    "Combination",
    "CombinationStep",
    "DuelEnding",
    "StepKind",
    "Terrain",
    "can_equip",
    "combination_step",
    "combine",
    "equip_bonus",
    "rank_letter",
    "rank_rewards",
    "rank_score",
    "star_matchup",
    "terrain_bonus",
    "trap_against_attack",
]
