"""Crazy Eights' rule options: the traditional rules by default, OpenSpiel's crazy_eights as a preset.

Every point where the two differ is an option (rules.md, "Options"); the
preset `openspiel` takes OpenSpiel's default parameters (5 draws at most,
100 plays at most, no reshuffle, no special cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.options import Option, OptionTable

SCORING_HOYLE = "hoyle"
SCORING_OPENSPIEL = "openspiel"
#: The game is blocked after one pass per seat in a row (stock empty), or after one pass more.
BLOCK_SEATS = "seats"
BLOCK_SEATS_AND_ONE = "seats_and_one"


@dataclass(frozen=True, slots=True)
class CrazyEightsOptions:
    """Resolved Crazy Eights options (see OPTION_TABLE)."""

    hand_size: int = 0
    max_draws: int | None = None
    pass_when_able: bool = False
    block: str = BLOCK_SEATS
    play_limit: int | None = None
    reshuffle: bool = False
    scoring: str = SCORING_HOYLE


OPTION_TABLE = OptionTable(
    CrazyEightsOptions,
    [
        Option(
            "hand_size",
            0,
            "Cards dealt to each player; 0 deals the usual 7 with 2 players and 5 with more.",
            "crazy_eights rules.md, the deal; OpenSpiel crazy_eights.h",
            minimum=0,
            maximum=10,
        ),
        Option(
            "max_draws",
            None,
            "Cards a player may draw in one turn before passing; `unlimited`: draw until you play or "
            "the stock is empty.",
            "crazy_eights rules.md, a turn; OpenSpiel parameter max_draw_cards",
            presets={"openspiel": 5},
            minimum=1,
            maximum=52,
            allow_none=True,
        ),
        Option(
            "pass_when_able",
            False,
            "Whether a player may pass, once the stock is empty or the draws are used up, while "
            "holding a card that could be played; off, a player passes only when unable to play.",
            "crazy_eights rules.md, a turn; OpenSpiel crazy_eights.cc (pass is always legal then)",
            presets={"openspiel": True},
        ),
        Option(
            "block",
            BLOCK_SEATS,
            "How many passes in a row, the stock being empty, end a blocked game: `seats`, one per "
            "player; `seats_and_one`, one more than there are players.",
            "crazy_eights rules.md, the end; OpenSpiel crazy_eights.cc (players + 1 passes)",
            presets={"openspiel": BLOCK_SEATS_AND_ONE},
            choices=(BLOCK_SEATS, BLOCK_SEATS_AND_ONE),
        ),
        Option(
            "play_limit",
            None,
            "The game ends, scored as it stands, once this many cards have been played (the starter "
            "not counted); `unlimited`: no such end.",
            "crazy_eights rules.md, the end; OpenSpiel parameter max_turns",
            presets={"openspiel": 100},
            minimum=1,
            maximum=10_000,
            allow_none=True,
        ),
        Option(
            "reshuffle",
            False,
            "When the stock runs out, the discards under the top card are shuffled into a new stock "
            "(a game could then go on for ever: it needs a play_limit).",
            "crazy_eights rules.md, the stock; OpenSpiel parameter reshuffle",
        ),
        Option(
            "scoring",
            SCORING_HOYLE,
            "`hoyle`: the winner scores what the others hold (eight 50, K Q J 10, ace 1, others "
            "their pips); `openspiel`: each player scores minus what they hold as OpenSpiel counts "
            "it (eight 50, J Q K A 10, any other card its number in the deck plus 2).",
            "crazy_eights rules.md, scoring; OpenSpiel crazy_eights.cc (ScoreUp)",
            presets={"openspiel": SCORING_OPENSPIEL},
            choices=(SCORING_HOYLE, SCORING_OPENSPIEL),
        ),
    ],
    presets={
        "openspiel": "the rules of OpenSpiel's crazy_eights at its default parameters (no special cards)",
    },
)
