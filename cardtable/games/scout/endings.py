"""How a Scout round and game end, and how they score (scout.md, "Round end and scoring").

A round ends when a hand is empty, or when, after a Show, every other player
has only scouted (with two players: the opponent can neither Show nor Scout,
or declines).  Each seat scores +1 a captured card and +1 a Scout token, and
-1 a card in hand, except the player whose Show ended the round the second
way.  After the last round the most points win; ties share the win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class ScoutRoundEnding(StrEnum):
    """Why a Scout round ended."""

    #: A Show emptied a hand.
    HAND_EMPTY = "hand_empty"
    #: After a Show every other player, in turn, only scouted.
    EVERYONE_SCOUTED = "everyone_scouted"
    #: Two players: after a Show the opponent could neither Show nor Scout (or declined).
    NO_SHOW_OR_SCOUT = "no_show_or_scout"

    @property
    def text(self) -> str:
        """The reason in words, as the log writes it."""
        return _ROUND_TEXTS[self]


_ROUND_TEXTS = {
    ScoutRoundEnding.HAND_EMPTY: "a hand is empty",
    ScoutRoundEnding.EVERYONE_SCOUTED: "everyone else scouted",
    ScoutRoundEnding.NO_SHOW_OR_SCOUT: "no Show or Scout",
}


class ScoutEnding(StrEnum):
    """How a Scout game ended: there is one way, after the last round."""

    #: The last round was played: the most points win, ties share.
    MOST_POINTS = "most_points"

    @property
    def text(self) -> str:
        """The reason in words, as the outcome writes it."""
        return _GAME_TEXTS[self]


_GAME_TEXTS = {ScoutEnding.MOST_POINTS: "the most points"}


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """What a round's scoring depends on: for each seat its captured cards, tokens and cards in hand.

    `exempt` is the seat whose Show ended the round without emptying a hand
    (it loses nothing for its cards), or None.
    """

    captured: tuple[int, ...]
    tokens: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    exempt: int | None = None

    def __post_init__(self) -> None:
        seats = len(self.captured)
        for name in ("captured", "tokens", "hand_sizes"):
            counts = getattr(self, name)
            if len(counts) != seats:
                raise ValueError(f"round facts: {name} {counts} counts {len(counts)} seats, not {seats}")
            if any(isinstance(count, bool) or not isinstance(count, int) or count < 0 for count in counts):
                raise ValueError(f"round facts: {name} {counts} should be counts, 0 or more")
        if self.exempt is not None and not 0 <= self.exempt < seats:
            raise ValueError(f"round facts: exempt seat {self.exempt} is not a seat (0 to {seats - 1})")


def round_points(facts: RoundFacts) -> tuple[int, ...]:
    """Each seat's points for a round: +1 a captured card, +1 a token, -1 a card in hand unless exempt."""
    return tuple(
        captured + tokens - (0 if seat == facts.exempt else held)
        for seat, (captured, tokens, held) in enumerate(
            zip(facts.captured, facts.tokens, facts.hand_sizes, strict=True)
        )
    )


def game_winners(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points after the last round (more than one share the win)."""
    if not scores:
        raise ValueError("game winners: no scores given")
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
