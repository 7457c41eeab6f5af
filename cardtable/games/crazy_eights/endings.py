"""How a game of Crazy Eights ends, and how it scores (rules.md, "The end" and "Scoring").

The first player to empty their hand wins.  A game also ends blocked (the
stock empty, and passes all round the table: option `block`) or at the play
limit (option `play_limit`); the lowest count in hand then wins.

`hoyle` scoring: the winner scores the counts of the cards the others hold
(eight 50, K Q J 10, ace 1, others their pips); a winner of a blocked game,
or at the play limit, scores the difference between each other count and
their own.  `openspiel` scoring: each player scores minus their count as
OpenSpiel's crazy_eights counts it; the highest score wins, ties shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from cardtable.games.crazy_eights.cards import HOYLE_PENALTY, OPENSPIEL_PENALTY
from cardtable.games.crazy_eights.options import SCORING_HOYLE


class CrazyEightsEnding(StrEnum):
    """Why a game of Crazy Eights ended."""

    #: A player emptied their hand.
    WENT_OUT = "went_out"
    #: The stock was empty and every player passed (option `block`).
    BLOCKED = "blocked"
    #: The play limit was reached (option `play_limit`).
    PLAY_LIMIT = "play_limit"

    @property
    def text(self) -> str:
        """The reason in words, as the outcome writes it."""
        return _TEXTS[self]


_TEXTS = {
    CrazyEightsEnding.WENT_OUT: "a player emptied their hand",
    CrazyEightsEnding.BLOCKED: "the game was blocked: the stock was empty and everyone passed",
    CrazyEightsEnding.PLAY_LIMIT: "the play limit was reached",
}


def hand_count(hand: Sequence[int], scoring: str) -> int:
    """What the cards left in a hand count against their holder, under the scoring option."""
    table = HOYLE_PENALTY if scoring == SCORING_HOYLE else OPENSPIEL_PENALTY
    return sum(table[card] for card in hand)


def final_scores(counts: Sequence[int], scoring: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The winners (seats) and each seat's score, from each seat's count of cards in hand.

    A player who went out counts 0, so the lowest count wins either way.
    """
    if scoring == SCORING_HOYLE:
        lowest = min(counts)
        winners = tuple(seat for seat, count in enumerate(counts) if count == lowest)
        gain = sum(count - lowest for count in counts)
        return winners, tuple(gain if seat in winners else 0 for seat in range(len(counts)))
    scores = tuple(-count for count in counts)
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best), scores
