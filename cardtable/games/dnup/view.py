"""What one dnup seat may know: its own hand, the table, and every card seen going into a hand.

Cards in front of players and discarded are face up.  A card taken from the
table or beaten back was turned round in front of everyone, so its face stays
known while it is held; the rest of a hand, and the cards not dealt, are secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.events import ViewLog
from cardtable.core.game import Outcome
from cardtable.core.pairs import code_name
from cardtable.games.dnup.options import DnupOptions
from cardtable.games.dnup.state import PHASE_NAMES, DnupState


@dataclass(frozen=True, slots=True)
class DnupView:
    """A dnup state as `seat` (None: a spectator) may know it."""

    seat: int | None
    options: DnupOptions
    seats: int
    phase: str
    current_seat: int | None
    round: int
    start_seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: The cards of each hand whose face everyone knows, as oriented codes.
    known_in_hand: tuple[tuple[int, ...], ...]
    tables: tuple[tuple[int, ...], ...]
    discards: tuple[int, ...]
    aside_size: int
    out: tuple[int, ...]
    scores: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    outcome: Outcome | None
    history: ViewLog

    @property
    def log(self) -> tuple[tuple[Any, ...], ...]:
        """The events this seat saw, oldest first."""
        return self.history.entries()

    def describe(self, event: tuple[Any, ...]) -> str:
        """One event in words."""
        return describe_event(event)

    def to_json(self, with_log: bool = True) -> dict[str, Any]:
        """Plain data; cards top/bottom, seats from 1."""

        def seat(index: int | None) -> int | None:
            return None if index is None else index + 1

        return {
            "game": "dnup",
            "seat": seat(self.seat),
            "phase": self.phase,
            "current_seat": seat(self.current_seat),
            "round": self.round + 1,
            "start_seat": self.start_seat + 1,
            "hand": [code_name(code) for code in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "known_in_hand": [[code_name(code) for code in cards] for cards in self.known_in_hand],
            "tables": [[code_name(code) for code in cards] for cards in self.tables],
            "discards": [code_name(code) for code in self.discards],
            "aside_size": self.aside_size,
            "out": [index + 1 for index in self.out],
            "scores": list(self.scores),
            "round_scores": [list(points) for points in self.round_scores],
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "log": [describe_event(event) for event in self.log] if with_log else None,
            "round_log_start": self.history.deal_start,
        }


def view(state: DnupState, seat: int | None) -> DnupView:
    """What `seat` (None: a spectator) may know of `state`."""
    known = tuple(
        tuple(code for code in hand if state.known[owner] >> (code >> 1) & 1)
        for owner, hand in enumerate(state.hands)
    )
    return DnupView(
        seat=seat,
        options=state.options,
        seats=state.seats,
        phase=PHASE_NAMES[state.phase],
        current_seat=state.current_seat(),
        round=state.round,
        start_seat=state.start_seat,
        hand=state.hands[seat] if seat is not None else (),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        known_in_hand=known,
        tables=state.tables,
        discards=state.discards,
        aside_size=len(state.aside),
        out=state.out,
        scores=state.scores,
        round_scores=state.round_scores,
        outcome=state.result,
        history=ViewLog(
            state.logs[state.seats if seat is None else seat], state.log_length, state.round_log_start
        ),
    )


def hidden_cards(state: DnupState, seat: int | None) -> frozenset[int]:
    """Cards not dealt, and the unknown cards of the other hands."""
    hidden = set(state.aside)
    for owner, hand in enumerate(state.hands):
        if owner != seat:
            hidden.update(code >> 1 for code in hand if not state.known[owner] >> (code >> 1) & 1)
    return frozenset(hidden)


def describe_event(event: tuple[Any, ...], names: Sequence[str] | None = None) -> str:
    """One log event in words."""
    kind, seat = event[0], event[1]

    def who(index: int) -> str:
        return names[index] if names else f"Player {index + 1}"

    def cards(codes: Sequence[int]) -> str:
        return " ".join(code_name(code) for code in codes)

    if kind == "round":
        return f"Round {event[2]} begins; {who(event[3])} starts"
    if kind == "deal":
        return (
            f"{who(seat)} is dealt {cards(event[2])}"
            if event[2] is not None
            else f"{who(seat)} is dealt a hand"
        )
    if kind == "play":
        return f"{who(seat)} plays {cards(event[2])}"
    if kind == "add":
        return f"{who(seat)} adds {code_name(event[2])} to {who(event[3])}'s cards"
    if kind == "take":
        return f"{who(seat)} takes {who(event[2])}'s cards, turned round: {cards(event[3])}"
    if kind == "rotate":
        return f"{who(seat)} turns their hand round"
    if kind == "beaten":
        where = "back into their hand" if event[3] else "to the discards (already out)"
        return f"{who(seat)} is beaten: {cards(event[2])} go, turned round, {where}"
    if kind == "discard":
        return f"{who(seat)} discards {cards(event[2])} from the table"
    if kind == "out":
        return f"{who(seat)} has emptied their hand ({'first' if event[2] == 1 else 'second'})"
    if kind == "round_end":
        points = ", ".join(f"{who(index)} +{value}" for index, value in enumerate(event[3]) if value)
        return f"Round {event[2]} ends: {points}"
    if kind == "over":
        return f"Game over: {who(event[2][0])} wins"
    raise ValueError(f"unknown dnup event {event!r}")
