"""Positions of a game of rounds (Scout, dnup): the fields of `RoundState`, written and read alike.

Seats are written from 1 and rounds from 1, as every position file counts
them.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core.positions import PositionReader
from cardtable.core.round_state import RoundState


def round_seats(state: RoundState) -> dict[str, Any]:
    """The round and the seats that began it and decide now."""
    return {"round": state.round + 1, "start_seat": state.start_seat + 1, "turn_seat": state.turn_seat + 1}


def round_totals(state: RoundState) -> dict[str, Any]:
    """The points so far, each finished round's, and the later deals' seed."""
    return {
        "scores": list(state.scores),
        "round_scores": [list(points) for points in state.round_scores],
        "chance_seed": state.chance_seed,
    }


def read_round_seats(reader: PositionReader, state: RoundState, rounds: int | None) -> None:
    """Read what `round_seats` writes; `rounds`: how many the game has, if it has a number."""
    state.round = reader.number("round", 1, 1, rounds) - 1
    state.start_seat = reader.seat(reader.field("start_seat", int, 1), "start_seat")
    state.turn_seat = reader.seat(reader.field("turn_seat", int, state.start_seat + 1), "turn_seat")


def read_round_totals(
    reader: PositionReader, state: RoundState, rng: random.Random, *, negative_scores: bool
) -> None:
    """Read what `round_totals` writes; scores below 0 only where the game's points may be."""
    scores = reader.per_seat("scores", [0] * state.seats)
    if any(
        isinstance(value, bool) or not isinstance(value, int) or (value < 0 and not negative_scores)
        for value in scores
    ):
        raise reader.fail(
            "scores", "scores are whole numbers" if negative_scores else "scores are counts, 0 or more"
        )
    state.scores = tuple(scores)
    state.round_scores = reader.seat_rows("round_scores")
    # Drawn only when the position leaves it out: an OpenSpiel deal (cardtable/rl/openspiel.py) makes
    # every draw a chance node, and a seed given is read, not drawn.
    given = "chance_seed" in reader.data
    state.chance_seed = reader.field("chance_seed", int) if given else rng.getrandbits(63)
