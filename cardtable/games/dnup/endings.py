"""How a dnup round and game end, and how they score (dnup.md, "Scoring").

The first player to empty their hand scores 2, the second 1.  The round ends
once a second player is out (option `round_end`: or the first; with two
players, the first always).  Rounds go on until someone has reached the
target; the most points win, and of two who reach it in the same round, the
one who scored 2 that round wins.

House rule (option `turn_limit`): a round also ends after a number of turns;
the places it still awards go to the players holding the fewest cards, as if
they had gone out (dnup.md, "Every game ends").
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
    #: The turn limit (house rule) was reached: the fewest cards in hand took the places left.
    TURN_LIMIT = "turn_limit"


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
    _check_seats_out(out, seats, "round points")
    points = [0] * seats
    for seat, gained in zip(out, PLACE_POINTS, strict=False):
        points[seat] = gained
    return tuple(points)


def _check_seats_out(out: Sequence[int], seats: int, where: str) -> None:
    if len(set(out)) != len(out) or any(
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats for seat in out
    ):
        raise ValueError(f"{where}: {list(out)} should list different seats from 0 to {seats - 1}")


def turn_limit_places(
    out: Sequence[int], hand_sizes: Sequence[int], start_seat: int, places: int
) -> tuple[int, ...]:
    """Who takes the places left when the turn limit ends a round: the fewest cards first.

    `out` lists the seats already out (first first), `hand_sizes` each seat's
    cards in hand, and `places` how many players out would have ended the
    round (1 or 2).  The places not yet taken go, in order, to the players
    still in holding the fewest cards; of equal hands, to the earlier in turn
    order from the round's start player (dnup.md, "Every game ends").  The
    round then scores `round_points((*out, *taken), seats)`.
    """
    seats = len(hand_sizes)
    if any(isinstance(size, bool) or not isinstance(size, int) or size < 0 for size in hand_sizes):
        raise ValueError(f"turn limit places: hand sizes {list(hand_sizes)} should be counts, 0 or more")
    if isinstance(start_seat, bool) or not isinstance(start_seat, int) or not 0 <= start_seat < seats:
        raise ValueError(f"turn limit places: start seat {start_seat!r} is not a seat (0 to {seats - 1})")
    if isinstance(places, bool) or not isinstance(places, int) or places < 1:
        raise ValueError(f"turn limit places: {places!r} places is not a number of places, 1 or more")
    _check_seats_out(out, seats, "turn limit places")
    still_in = [(start_seat + step) % seats for step in range(seats)]
    still_in = [seat for seat in still_in if seat not in out]
    if any(hand_sizes[seat] == 0 for seat in still_in) or any(hand_sizes[seat] for seat in out):
        raise ValueError(
            f"turn limit places: seats out {list(out)} and hand sizes {list(hand_sizes)} disagree: "
            "exactly the seats out hold no cards"
        )
    # sorted() keeps turn order among equal hands.
    ranked = sorted(still_in, key=hand_sizes.__getitem__)
    return tuple(ranked[: max(0, places - len(out))])


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
