"""What one Crazy Eights seat may know: its own hand, the discards, how many cards each holds.

Cards played lie face up, so the discards are public; hands and the stock
(its cards and their order) are secret.  A card drawn is seen by its drawer
only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.seat_view import SeatView, seat_parts
from cardtable.games.crazy_eights import events
from cardtable.games.crazy_eights.cards import SUIT_LETTERS, SUIT_NAMES, card_name
from cardtable.games.crazy_eights.events import CrazyEightsEvent
from cardtable.games.crazy_eights.options import CrazyEightsOptions
from cardtable.games.crazy_eights.state import PHASE_NAMES, CrazyEightsState


@dataclass(frozen=True, slots=True)
class CrazyEightsView(SeatView[CrazyEightsOptions, CrazyEightsEvent]):
    """A Crazy Eights state as `seat` (None: a spectator) may know it."""

    seats: int
    first_seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: The discards, the top card (the one to match) last.
    discards: tuple[int, ...]
    #: The suit to follow (the top card's, or the one named after an eight).
    suit: int
    stock_size: int
    #: Cards drawn this turn, passes in a row with the stock empty, cards played so far.
    draws: int
    passes: int
    plays: int

    def describe(self, event: CrazyEightsEvent) -> str:
        """One event in words."""
        return describe_event(event)

    def to_json(self, with_log: bool = True) -> dict[str, Any]:
        """Plain data; cards as notation writes them, seats from 1."""
        return self.view_json(
            "crazy_eights",
            {
                "first_seat": self.first_seat + 1,
                "hand": [card_name(card) for card in self.hand],
                "hand_sizes": list(self.hand_sizes),
                "discards": [card_name(card) for card in self.discards],
                "suit": SUIT_LETTERS[self.suit],
                "stock_size": self.stock_size,
                "draws": self.draws,
                "passes": self.passes,
                "plays": self.plays,
            },
            with_log,
        )


def view(state: CrazyEightsState, seat: int | None) -> CrazyEightsView:
    """What `seat` (None: a spectator) may know of `state`."""
    return CrazyEightsView(
        **seat_parts(state, seat, PHASE_NAMES),
        seats=state.seats,
        first_seat=state.first_seat,
        hand=state.hands[seat] if seat is not None else (),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        discards=state.discards,
        suit=state.suit,
        stock_size=len(state.stock),
        draws=state.draws,
        passes=state.passes,
        plays=state.plays,
    )


def hidden_cards(state: CrazyEightsState, seat: int | None) -> frozenset[int]:
    """The stock and the other hands."""
    hidden = set(state.stock)
    for owner, hand in enumerate(state.hands):
        if owner != seat:
            hidden.update(hand)
    return frozenset(hidden)


def describe_event(event: CrazyEightsEvent, names: Sequence[str] | None = None) -> str:
    """One log event in words; `names` are the players' (default Player 1, ...)."""

    def who(index: int) -> str:
        return names[index] if names else f"Player {index + 1}"

    match event:
        case events.Dealt(seat=seat, hand=hand):
            shown = " ".join(card_name(card) for card in hand) if hand is not None else "a hand"
            return f"{who(seat)} is dealt {shown}"
        case events.StarterTurned(card=card, buried=buried, first_seat=first):
            eights = f" ({buried} eight(s) turned first and buried in the stock)" if buried else ""
            return f"The starter is {card_name(card)}{eights}; {who(first)} plays first"
        case events.Played(seat=seat, card=card):
            return f"{who(seat)} plays {card_name(card)}"
        case events.Named(seat=seat, suit=suit):
            return f"{who(seat)} names {SUIT_NAMES[suit]}"
        case events.Drew(seat=seat, card=card):
            return f"{who(seat)} draws " + (card_name(card) if card is not None else "a card")
        case events.Passed(seat=seat):
            return f"{who(seat)} passes"
        case events.Reshuffled(count=count):
            return f"The stock ran out: {count} discards are shuffled into a new stock"
        case events.GameEnded(ending=ending, winners=winners, counts=counts, scores=scores):
            won = " and ".join(who(seat) for seat in winners)
            held = ", ".join(f"{who(seat)} {count}" for seat, count in enumerate(counts))
            scored = ", ".join(f"{who(seat)} {score}" for seat, score in enumerate(scores))
            return f"Game over ({ending.text}): {won} won; counts in hand: {held}; scores: {scored}"
    raise ValueError(f"not a Crazy Eights event: {event!r}")
