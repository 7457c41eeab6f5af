"""A rule-based Crazy Eights bot: it sheds its costliest cards, keeps its eights for when stuck.

It plays a card when it can (the costliest first, preferring a suit it holds
more of), an eight only when nothing else plays or it is its last card,
names the suit it holds most, draws rather than passes when passing would
keep a playable card.
"""

from __future__ import annotations

from cardtable.core.scoring_bot import ScoringBot
from cardtable.games.crazy_eights.actions import Action, Draw, Name, Pass, Play
from cardtable.games.crazy_eights.cards import HOYLE_PENALTY, IS_EIGHT, SUIT
from cardtable.games.crazy_eights.evaluate import best_suit
from cardtable.games.crazy_eights.view import CrazyEightsView


class CrazyEightsHeuristicBot(ScoringBot[CrazyEightsView, Action]):
    """Plays Crazy Eights by simple priorities, from its view alone."""

    def score(self, view: CrazyEightsView, action: Action) -> float:
        """How much this bot likes an action."""
        hand = view.hand
        match action:
            case Play(card=card):
                if len(hand) == 1:
                    return 1000.0
                if IS_EIGHT[card]:
                    return 5.0
                same_suit = sum(1 for other in hand if SUIT[other] == SUIT[card] and other != card)
                return 20.0 + 0.2 * HOYLE_PENALTY[card] + same_suit
            case Name(suit=suit):
                return 1.0 if suit == best_suit(hand) else 0.0
            case Draw():
                return 2.0
            case Pass():
                return 1.0
        raise TypeError(f"not a Crazy Eights action: {action!r}")
