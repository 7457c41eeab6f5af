"""What one dnup seat may know: its own hand, the table, and every card seen going into a hand.

Cards in front of players and discarded are face up.  A card taken from the
table or beaten back was turned round in front of everyone, so its face stays
known while it is held; the rest of a hand, and the cards not dealt, are secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.pairs import code_name
from cardtable.core.seat_view import SeatView, seat_parts
from cardtable.games.dnup import events
from cardtable.games.dnup.endings import DnupRoundEnding
from cardtable.games.dnup.events import DnupEvent
from cardtable.games.dnup.options import DnupOptions
from cardtable.games.dnup.state import PHASE_NAMES, DnupState


@dataclass(frozen=True, slots=True)
class DnupView(SeatView[DnupOptions, DnupEvent]):
    """A dnup state as `seat` (None: a spectator) may know it."""

    seats: int
    round: int
    start_seat: int
    #: Turns played this round (option turn_limit ends the round after a number of them).
    turns: int
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

    def describe(self, event: DnupEvent) -> str:
        """One event in words."""
        return describe_event(event)

    def to_json(self, with_log: bool = True) -> dict[str, Any]:
        """Plain data; cards top/bottom, seats from 1."""
        return self.view_json(
            "dnup",
            {
                "round": self.round + 1,
                "start_seat": self.start_seat + 1,
                "turns": self.turns,
                "hand": [code_name(code) for code in self.hand],
                "hand_sizes": list(self.hand_sizes),
                "known_in_hand": [[code_name(code) for code in cards] for cards in self.known_in_hand],
                "tables": [[code_name(code) for code in cards] for cards in self.tables],
                "discards": [code_name(code) for code in self.discards],
                "aside_size": self.aside_size,
                "out": [index + 1 for index in self.out],
                "scores": list(self.scores),
                "round_scores": [list(points) for points in self.round_scores],
            },
            with_log,
        ) | {"round_log_start": self.history.deal_start}


def view(state: DnupState, seat: int | None) -> DnupView:
    """What `seat` (None: a spectator) may know of `state`."""
    known = tuple(
        tuple(code for code in hand if state.known[owner] >> (code >> 1) & 1)
        for owner, hand in enumerate(state.hands)
    )
    return DnupView(
        **seat_parts(state, seat, PHASE_NAMES, state.round_log_start),
        seats=state.seats,
        round=state.round,
        start_seat=state.start_seat,
        turns=state.turns,
        hand=state.hands[seat] if seat is not None else (),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        known_in_hand=known,
        tables=state.tables,
        discards=state.discards,
        aside_size=len(state.aside),
        out=state.out,
        scores=state.scores,
        round_scores=state.round_scores,
    )


def hidden_cards(state: DnupState, seat: int | None) -> frozenset[int]:
    """Cards not dealt, and the unknown cards of the other hands."""
    hidden = set(state.aside)
    for owner, hand in enumerate(state.hands):
        if owner != seat:
            hidden.update(code >> 1 for code in hand if not state.known[owner] >> (code >> 1) & 1)
    return frozenset(hidden)


def describe_event(event: DnupEvent, names: Sequence[str] | None = None) -> str:
    """One log event in words; `names` are the players' (default Player 1, ...)."""

    def who(index: int) -> str:
        return names[index] if names else f"Player {index + 1}"

    def cards(codes: Sequence[int]) -> str:
        return " ".join(code_name(code) for code in codes)

    match event:
        case events.RoundStarted(round=number, start_seat=seat):
            return f"Round {number + 1} begins; {who(seat)} starts"
        case events.Dealt(seat=seat, hand=hand):
            return f"{who(seat)} is dealt " + (cards(hand) if hand is not None else "a hand")
        case events.Played(seat=seat, cards=played):
            return f"{who(seat)} plays {cards(played)}"
        case events.Added(seat=seat, card=card, target=target):
            return f"{who(seat)} adds {code_name(card)} to {who(target)}'s cards"
        case events.Took(seat=seat, target=target, cards=taken):
            return f"{who(seat)} takes {who(target)}'s cards, turned round: {cards(taken)}"
        case events.Rotated(seat=seat):
            return f"{who(seat)} turns their hand round"
        case events.Beaten(seat=seat, cards=beaten, back_to_hand=back):
            where = "back into their hand" if back else "to the discards (already out)"
            return f"{who(seat)} is beaten: {cards(beaten)} go, turned round, {where}"
        case events.Discarded(seat=seat, cards=discarded):
            return f"{who(seat)} discards {cards(discarded)} from the table"
        case events.WentOut(seat=seat, place=place):
            return f"{who(seat)} has emptied their hand ({'first' if place == 1 else 'second'})"
        case events.RoundEnded(round=number, ending=ending, out=out, hand_sizes=sizes, points=points):
            scored = ", ".join(f"{who(index)} +{value}" for index, value in enumerate(points) if value)
            if ending is DnupRoundEnding.TURN_LIMIT:
                held = [f"{who(index)} holds {size}" for index, size in enumerate(sizes)]
                held[0] += " cards"
                return f"Round {number + 1} ends at the turn limit ({', '.join(held)}): {scored}"
            went = " and ".join(who(index) for index in out)
            return f"Round {number + 1} ends ({went} went out): {scored}"
        case events.GameEnded(winner=winner):
            return f"Game over: {who(winner)} wins"
    raise ValueError(f"not a dnup event: {event!r}")
