"""What one Scout seat may know: its own hand in order and orientation, and the table.

Another hand is a count, plus the cards everyone saw it scout (where they went
and which way up stay secret).  Shown and captured cards were seen by all.
The cards set aside in the 2-player game are seen by none in the first round;
from the second on they are the cards of the round before, and each seat
knows those it saw (its own hand, the table): a spectator knows the ones both
players saw.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.game import NOBODY
from cardtable.core.pairs import card_name, code_name
from cardtable.core.seat_view import SeatView, seat_parts
from cardtable.games.scout import events
from cardtable.games.scout.actions import END_NAMES
from cardtable.games.scout.events import ScoutEvent
from cardtable.games.scout.options import ScoutOptions
from cardtable.games.scout.state import PHASE_NAMES, ScoutState


@dataclass(frozen=True, slots=True)
class ScoutView(SeatView[ScoutOptions, ScoutEvent]):
    """A Scout state as `seat` (None: a spectator) may know it."""

    seats: int
    round: int
    rounds: int
    start_seat: int
    #: The observer's own hand, left to right, as oriented codes.
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: Cards each hand is known to hold (scouted from the table), in no particular order.
    known_in_hand: tuple[tuple[int, ...], ...]
    active: tuple[int, ...]
    owner: int | None
    captured: tuple[tuple[int, ...], ...]
    tokens: tuple[int, ...]
    chips: tuple[bool, ...]
    scouts_in_row: int
    scores: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    aside_size: int
    #: For each seat, the set-aside cards it has seen, as far as the observer knows (its own row whole).
    aside_seen: tuple[tuple[int, ...], ...]

    def describe(self, event: ScoutEvent) -> str:
        """One event in words."""
        return describe_event(event)

    def to_json(self, with_log: bool = True) -> dict[str, Any]:
        """Plain data; oriented cards as top/bottom, other cards as low/high, seats from 1."""
        return self.view_json(
            "scout",
            {
                "round": self.round + 1,
                "rounds": self.rounds,
                "start_seat": self.start_seat + 1,
                "hand": [code_name(code) for code in self.hand],
                "hand_sizes": list(self.hand_sizes),
                "known_in_hand": [[card_name(card) for card in cards] for cards in self.known_in_hand],
                "active": [code_name(code) for code in self.active],
                "owner": None if self.owner is None else self.owner + 1,
                "captured": [[card_name(card) for card in cards] for cards in self.captured],
                "tokens": list(self.tokens),
                "chips": list(self.chips),
                "scouts_in_row": self.scouts_in_row,
                "scores": list(self.scores),
                "round_scores": [list(points) for points in self.round_scores],
                "aside_size": self.aside_size,
                "aside_seen": [[card_name(card) for card in cards] for cards in self.aside_seen],
            },
            with_log,
        ) | {"round_log_start": self.history.deal_start}


def view(state: ScoutState, seat: int | None) -> ScoutView:
    """What `seat` (None: a spectator) may know of `state`."""
    known = tuple(
        tuple(code >> 1 for code in hand if state.known[owner] >> (code >> 1) & 1)
        for owner, hand in enumerate(state.hands)
    )
    known = tuple(tuple(sorted(cards)) for cards in known)
    return ScoutView(
        **seat_parts(state, seat, PHASE_NAMES, state.round_log_start),
        seats=state.seats,
        round=state.round,
        rounds=state.rounds,
        start_seat=state.start_seat,
        hand=state.hands[seat] if seat is not None else (),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        known_in_hand=known,
        active=state.active,
        owner=None if state.owner == NOBODY else state.owner,
        captured=state.captured,
        tokens=state.tokens,
        chips=state.chips,
        scouts_in_row=state.scouts_in_row,
        scores=state.scores,
        round_scores=state.round_scores,
        aside_size=len(state.aside),
        aside_seen=_aside_seen(state, seat),
    )


def _seen_by(state: ScoutState, seat: int | None) -> int:
    """The set-aside cards `seat` has seen, as a bitmask; a spectator knows those every seat saw."""
    if seat is not None:
        return state.aside_seen[seat]
    common = -1
    for mask in state.aside_seen:
        common &= mask
    return common


def _aside_seen(state: ScoutState, seat: int | None) -> tuple[tuple[int, ...], ...]:
    if not state.aside:
        return ((),) * state.seats
    mine = _seen_by(state, seat)
    return tuple(
        tuple(card for card in sorted(state.aside) if (mask & mine) >> card & 1) for mask in state.aside_seen
    )


def hidden_cards(state: ScoutState, seat: int | None) -> frozenset[int]:
    """Cards set aside that the seat has not seen, and the unknown cards of the other hands."""
    mine = _seen_by(state, seat)
    hidden = {card for card in state.aside if not mine >> card & 1}
    for owner, hand in enumerate(state.hands):
        if owner != seat:
            hidden.update(code >> 1 for code in hand if not state.known[owner] >> (code >> 1) & 1)
    return frozenset(hidden)


def describe_event(
    event: ScoutEvent,
    names: Sequence[str] | None = None,
    label: Callable[[int], str] = code_name,
) -> str:
    """One log event in words; `names` are the players' (default Player 1, ...), `label` writes a card."""

    def who(index: int) -> str:
        return names[index] if names else f"Player {index + 1}"

    def cards(codes: Sequence[int]) -> str:
        return " ".join(label(code) for code in codes)

    match event:
        case events.RoundStarted(round=number, start_seat=seat):
            return f"Round {number + 1} begins; {who(seat)} starts"
        case events.Dealt(seat=seat, hand=hand):
            return f"{who(seat)} is dealt " + (cards(hand) if hand is not None else "a hand")
        case events.Oriented(seat=seat, turned=turned):
            return f"{who(seat)} {'turns their hand round' if turned else 'keeps their hand'}"
        case events.Shown(seat=seat, cards=shown, captured=captured):
            return f"{who(seat)} shows {cards(shown)}" + (f", capturing {captured}" if captured else "")
        case events.Scouted(seat=seat, card=card, end=end, turned=turned, position=position, with_show=chip):
            where = "" if position is None else f", {'turned, ' if turned else ''}to position {position + 1}"
            also = " (Scout & Show)" if chip else ""
            return f"{who(seat)} scouts {label(card)} from the {END_NAMES[end]} end{where}{also}"
        case events.Declined(seat=seat):
            return f"{who(seat)} declines to Show or Scout"
        case events.RoundEnded(round=number, ending=ending, points=points):
            scored = ", ".join(f"{who(index)} {value:+d}" for index, value in enumerate(points))
            return f"Round {number + 1} ends ({ending.text}): {scored}"
        case events.GameEnded(winners=winners):
            return "Game over: " + ", ".join(who(index) for index in winners) + " won"
    raise ValueError(f"not a Scout event: {event!r}")
