"""The dnup state: tuples of small integers, copied shallowly (as in DRUMP and Scout)."""

from __future__ import annotations

from typing import Final

from cardtable.core.round_state import RoundState
from cardtable.games.dnup.options import DnupOptions

# Phases (Final: the compiled build reads them as constants, not from the module's globals).
PLAYING: Final = 0
OVER: Final = 1
PHASE_NAMES = ("play", "over")


class DnupState(RoundState):
    """A dnup position: seats 0..n-1; hands are sorted oriented codes (order is the holder's to choose)."""

    __slots__ = (
        "aside",
        "discards",
        "hands",
        "known",
        "options",
        "out",
        "phase",
        "tables",
        "turns",
    )

    options: DnupOptions
    #: Turns played this round (each action is one turn); the turn limit counts them.
    turns: int
    phase: int
    hands: tuple[tuple[int, ...], ...]
    #: known[seat]: bitmask of cards in that hand whose face everyone knows (taken or beaten back).
    known: tuple[int, ...]
    #: The cards in front of each seat, as oriented codes.
    tables: tuple[tuple[int, ...], ...]
    #: Cards discarded this round (face up), and cards not dealt (unseen).
    discards: tuple[int, ...]
    aside: tuple[int, ...]
    #: Seats that emptied their hands this round, first first.
    out: tuple[int, ...]

    def copy(self) -> DnupState:
        """A new state sharing every (immutable) field with this one."""
        # Slot by slot, each by name: measured about ten times faster than a loop over __slots__.  The
        # class is called (it has no __init__) rather than its __new__: compiled, that is a native call.
        new = DnupState()
        new.aside = self.aside
        new.chance_seed = self.chance_seed
        new.discards = self.discards
        new.hands = self.hands
        new.known = self.known
        new.log_length = self.log_length
        new.logs = self.logs
        new.options = self.options
        new.out = self.out
        new.phase = self.phase
        new.result = self.result
        new.round = self.round
        new.round_log_start = self.round_log_start
        new.round_scores = self.round_scores
        new.scores = self.scores
        new.seats = self.seats
        new.start_seat = self.start_seat
        new.tables = self.tables
        new.turn_seat = self.turn_seat
        new.turns = self.turns
        new.unlogged = self.unlogged
        return new


def all_cards(state: DnupState) -> list[int]:
    """Every card: hands, tables, discards, cards not dealt."""
    found = [code >> 1 for hand in state.hands for code in hand]
    found += [code >> 1 for cards in state.tables for code in cards]
    found += [code >> 1 for code in state.discards]
    found += state.aside
    return found
