"""How a dnup round and game end, and how they score (dnup.md, "Scoring").

The first player to empty their hand scores 2, the second 1.  The round ends
once a second player is out (option `round_end`: or the first; with two
players, the first always).  Rounds go on until someone has reached the
target; the most points win, and of two who reach it in the same round, the
one who scored 2 that round wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

#: Points for going out first, second.
PLACE_POINTS = (2, 1)


class DnupRoundEnding(StrEnum):
    """Why a dnup round ended."""

    #: A first player emptied their hand (two players, or option round_end "first").
    FIRST_OUT = "first_out"
    #: A second player emptied their hand.
    SECOND_OUT = "second_out"


class DnupEnding(StrEnum):
    """How a dnup game ended: there is one way, a player reaching the target."""

    #: Someone reached the target: the most points win.
    TARGET = "target"

    @property
    def text(self) -> str:
        """The reason in words, as the outcome writes it."""
        return _GAME_TEXTS[self]


_GAME_TEXTS = {DnupEnding.TARGET: "reached the target"}


def round_points(out: Sequence[int], seats: int) -> tuple[int, ...]:
    """Each seat's points for a round from who went out, first first: 2, then 1, else 0."""
    if isinstance(seats, bool) or not isinstance(seats, int) or seats < 1:
        raise ValueError(f"round points: {seats!r} seats is not a number of players")
    if len(set(out)) != len(out) or any(
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats for seat in out
    ):
        raise ValueError(f"round points: {list(out)} should list different seats from 0 to {seats - 1}")
    points = [0] * seats
    for seat, gained in zip(out, PLACE_POINTS, strict=False):
        points[seat] = gained
    return tuple(points)


def game_winner(scores: Sequence[int], target: int, first_out: int) -> int | None:
    """The winner once someone has `target` points (None before): the most points, else who went out first.

    `first_out` is the seat that scored 2 in the round just played; of
    players tied on the most points, it wins (dnup.md).
    """
    if not scores:
        raise ValueError("game winner: no scores given")
    best = max(scores)
    if best < target:
        return None
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    if len(leaders) == 1:
        return leaders[0]
    if first_out not in leaders:
        raise ValueError(
            f"game winner: seats {leaders} tie on {best} points and none of them went out first "
            f"(seat {first_out}); two can only tie at the target by scoring in the same round"
        )
    return first_out
