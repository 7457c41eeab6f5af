"""A rule-based dnup bot: it sheds cards in the largest groups it can and avoids taking cards back.

It plays or adds the most cards it safely can, prefers high values (harder to
beat), beats other players when it can, turns its hand when the other ends
make larger groups, and takes cards only when nothing else is left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardtable.core.pairs import TOP, turned
from cardtable.core.scoring_bot import ScoringBot
from cardtable.games.dnup.actions import Action, Add, Play, Rotate, Take
from cardtable.games.dnup.events import MOVES, Rotated
from cardtable.games.dnup.view import DnupView


def hand_quality(hand: Sequence[int]) -> float:
    """Larger groups of one value empty a hand faster: the sum of squared group sizes."""
    return float(sum(count * count for count in Counter(TOP[code] for code in hand).values()))


class DnupHeuristicBot(ScoringBot[DnupView, Action]):
    """Plays dnup by simple priorities, from its view alone."""

    def score(self, view: DnupView, action: Action) -> float:
        """How much this bot likes an action."""
        seat = view.seat
        assert seat is not None
        hand = view.hand
        match action:
            case Play(cards=cards):
                count = len(cards)
                if count == len(hand):
                    return 1000.0
                beaten = sum(
                    1 for other, table in enumerate(view.tables) if other != seat and len(table) == count
                )
                return 10.0 * count + 0.5 * TOP[cards[0]] + 3.0 * beaten
            case Add(target=target):
                if len(hand) == 1:
                    return 1000.0
                size = len(view.tables[target]) + 1
                beaten = sum(
                    1
                    for other, table in enumerate(view.tables)
                    if other not in (seat, target) and len(table) == size
                )
                return 9.0 + 3.0 * beaten
            case Rotate():
                if self._last_move_was_rotate(view, seat):
                    # Turning back would undo it: take cards instead, so that the game moves on.
                    return -100.0
                rotated = [turned(code) for code in hand]
                return 4.0 * (hand_quality(rotated) - hand_quality(hand)) - 6.0
            case Take(target=target):
                return -10.0 - len(view.tables[target])
        raise TypeError(f"not a dnup action: {action!r}")

    def _last_move_was_rotate(self, view: DnupView, seat: int) -> bool:
        """Whether this seat's last move, as its log tells, turned its hand round."""
        node = view.history.node
        while node is not None:
            event = node[0]
            if isinstance(event, MOVES) and event.seat == seat:
                return isinstance(event, Rotated)
            node = node[1]
        return False
