"""The state of a game dealt again every round (Scout, dnup): what its rounds share.

Seats count from 0.  Each round has a first seat, which moves on by one each
round; every round's points add to the scores.  The first round is dealt
from the match's generator, the later ones from a seed drawn with it (so that
a state drawn for a search deals them afresh).  Compiled with the rules.
"""

from __future__ import annotations

import random

from cardtable.core.round_events import Dealt, RoundStarted
from cardtable.core.state_logs import TurnState


class RoundState(TurnState):
    """A game of rounds: the seats, the round (from 0), its first seat, the scores, the later deals' seed."""

    __slots__ = ("chance_seed", "round", "round_log_start", "round_scores", "scores", "seats", "start_seat")

    seats: int
    round: int
    start_seat: int
    #: Points over the finished rounds, and each finished round's points.
    scores: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    #: The seed the deals of the later rounds come from.
    chance_seed: int
    #: How many events came before this round's deal.
    round_log_start: int

    def start_game(self, seats: int, rng: random.Random, first_seat: int | None) -> None:
        """The first round about to be dealt: no points yet, its first seat `first_seat` or drawn."""
        self.seats = seats
        self.round = 0
        self.start_seat = rng.randrange(seats) if first_seat is None else first_seat
        self.scores = (0,) * seats
        self.round_scores = ()
        self.chance_seed = rng.getrandbits(63)
        self.result = None
        self.start_logs(seats)

    def log_deal(self, hands: tuple[tuple[int, ...], ...]) -> None:
        """The round begins with its first seat to decide; each hand is logged to its seat only."""
        self.turn_seat = self.start_seat
        self.round_log_start = self.log_length
        self.log(RoundStarted(self.round, self.start_seat))
        for seat in range(self.seats):
            self.log(Dealt(seat, hands[seat]), seat, Dealt(seat, None))

    def score_round(self, points: tuple[int, ...]) -> None:
        """Add a finished round's points to the scores."""
        self.scores = tuple(total + gained for total, gained in zip(self.scores, points, strict=True))
        self.round_scores += (points,)

    def next_round(self) -> None:
        """The next round, its first seat the one after this round's."""
        self.round += 1
        self.start_seat = (self.start_seat + 1) % self.seats
