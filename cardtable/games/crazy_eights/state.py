"""The Crazy Eights state: tuples of small integers, copied shallowly (as in the other games)."""

from __future__ import annotations

from typing import Final

from cardtable.core.state_logs import TurnState
from cardtable.games.crazy_eights.options import CrazyEightsOptions

# Phases (Final: read as constants).  NAME: the seat that played an eight names a suit.
PLAYING: Final = 0
NAMING: Final = 1
OVER: Final = 2
PHASE_NAMES = ("play", "name", "over")


class CrazyEightsState(TurnState):
    """A Crazy Eights position: seats 0..n-1; hands sorted (their order is the holder's to choose)."""

    __slots__ = (
        "chance_seed",
        "discards",
        "draws",
        "first_seat",
        "hands",
        "options",
        "passes",
        "phase",
        "plays",
        "reshuffles",
        "seats",
        "stock",
        "suit",
    )

    options: CrazyEightsOptions
    seats: int
    #: The seat that played first (left of the dealer; TurnState's `turn_seat` decides now).
    first_seat: int
    phase: int
    hands: tuple[tuple[int, ...], ...]
    #: The stock, its top card last; the discards, the top card (the one to match) last.
    stock: tuple[int, ...]
    discards: tuple[int, ...]
    #: The suit to follow: the top card's, or the one named after an eight.
    suit: int
    #: Cards drawn this turn; passes in a row with the stock empty; cards played (the starter not counted).
    draws: int
    passes: int
    plays: int
    #: Reshuffles so far (each draws from its own stream of the chance seed).
    reshuffles: int
    chance_seed: int

    def copy(self) -> CrazyEightsState:
        """A new state sharing every (immutable) field with this one."""
        new = CrazyEightsState()
        new.chance_seed = self.chance_seed
        new.discards = self.discards
        new.draws = self.draws
        new.first_seat = self.first_seat
        new.hands = self.hands
        new.log_length = self.log_length
        new.logs = self.logs
        new.options = self.options
        new.passes = self.passes
        new.phase = self.phase
        new.plays = self.plays
        new.reshuffles = self.reshuffles
        new.result = self.result
        new.seats = self.seats
        new.stock = self.stock
        new.suit = self.suit
        new.turn_seat = self.turn_seat
        new.unlogged = self.unlogged
        return new


def all_cards(state: CrazyEightsState) -> list[int]:
    """Every card: hands, stock, discards."""
    found = [card for hand in state.hands for card in hand]
    found += state.stock
    found += state.discards
    return found
