"""The Scout state: tuples of small integers, copied shallowly (as in DRUMP)."""

from __future__ import annotations

from typing import Final

from cardtable.core.round_state import RoundState
from cardtable.games.scout.options import ScoutOptions

# Phases (Final: the compiled build reads them as constants, not from the module's globals).
ORIENTING: Final = 0
PLAYING: Final = 1
SHOWING: Final = 2
OVER: Final = 3
PHASE_NAMES = ("orient", "play", "show", "over")


class ScoutState(RoundState):
    """A Scout position: seats 0..n-1; hands are oriented card codes, left to right."""

    __slots__ = (
        "active",
        "aside",
        "aside_seen",
        "captured",
        "chips",
        "hands",
        "known",
        "options",
        "owner",
        "phase",
        "rounds",
        "scouts_in_row",
        "tokens",
    )

    options: ScoutOptions
    #: How many rounds the game has.
    rounds: int
    #: The seat deciding (`turn_seat`, TurnState's) orients its hand, or plays.
    phase: int
    hands: tuple[tuple[int, ...], ...]
    #: known[seat]: bitmask of cards in that hand everyone knows (scouted from the table).
    known: tuple[int, ...]
    #: The active set, left to right, as oriented codes; its owner or NOBODY.
    active: tuple[int, ...]
    owner: int
    #: Cards each seat captured this round (face down, one point each).
    captured: tuple[tuple[int, ...], ...]
    #: Scout tokens: received this round (3 or more players), or still held (2 players).
    tokens: tuple[int, ...]
    #: Whether each seat still has its Scout & Show chip this round.
    chips: tuple[bool, ...]
    #: Scouts since the last Show (3 or more players: n - 1 of them end the round).
    scouts_in_row: int
    #: Cards set aside face down (two players): in the first round the next round's deal, later the
    #: cards of the round before, out of the game (scout.md, "2-player mode").
    aside: tuple[int, ...]
    #: aside_seen[seat]: bitmask of the set-aside cards that seat has seen (in its hand or on the table).
    aside_seen: tuple[int, ...]

    def copy(self) -> ScoutState:
        """A new state sharing every (immutable) field with this one."""
        # Slot by slot, each by name: measured about ten times faster than a loop over __slots__.  The
        # class is called (it has no __init__) rather than its __new__: compiled, that is a native call.
        new = ScoutState()
        new.active = self.active
        new.aside = self.aside
        new.aside_seen = self.aside_seen
        new.captured = self.captured
        new.chance_seed = self.chance_seed
        new.chips = self.chips
        new.hands = self.hands
        new.known = self.known
        new.log_length = self.log_length
        new.logs = self.logs
        new.options = self.options
        new.owner = self.owner
        new.phase = self.phase
        new.result = self.result
        new.round = self.round
        new.round_log_start = self.round_log_start
        new.round_scores = self.round_scores
        new.rounds = self.rounds
        new.scores = self.scores
        new.scouts_in_row = self.scouts_in_row
        new.seats = self.seats
        new.start_seat = self.start_seat
        new.tokens = self.tokens
        new.turn_seat = self.turn_seat
        new.unlogged = self.unlogged
        return new


def all_cards(state: ScoutState) -> list[int]:
    """Every card in play: hands, the active set, captured cards, cards set aside."""
    found = [code >> 1 for hand in state.hands for code in hand]
    found += [code >> 1 for code in state.active]
    found += [card for cards in state.captured for card in cards]
    found += state.aside
    return found
