"""What one DRUMP seat may know (drump.md, "Hidden information"), as its own type.

Hands and the deck order are secret; hand sizes, the deck size and the pile
are public.  A face-down card is known to its owner only until a Burst or a
summon reveals it.  Parts taken back from the pile are known to both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.events import Event
from cardtable.core.game import NOBODY
from cardtable.core.seat_view import SeatView, seat_parts
from cardtable.games.drump import events
from cardtable.games.drump.burst import Exchange, attack_fails, attack_sum
from cardtable.games.drump.cards import BODY_PARTS, IS_ACE, NO_CARD, RANK, card_name
from cardtable.games.drump.options import DrumpOptions
from cardtable.games.drump.stacks import CARD_MASK, FACE_DOWN
from cardtable.games.drump.state import PHASE_NAMES, SEATS, DrumpState

#: A stacked card as a seat sees it: (card, or None when hidden; face up).
StackCard = tuple[int | None, bool]


@dataclass(frozen=True, slots=True)
class DrumpView(SeatView[DrumpOptions, Event]):
    """A DRUMP state as `seat` (None: a spectator) may know it."""

    first_seat: int
    turn_seat: int
    turn_number: int
    #: The observer's own hand (empty for a spectator).
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: Cards in each hand that both players know (parts taken back from the pile).
    known_in_hand: tuple[tuple[int, ...], ...]
    stacks: tuple[tuple[tuple[StackCard, ...], ...], ...]
    zones: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    deck_size: int
    slots_set: int
    summoned: bool
    extra_jacks: int
    recycles: int
    burst_used: bool
    exchange: Exchange | None
    discarding: int | None
    drawing: int | None
    last_turn: int | None

    @property
    def extra_jack_used(self) -> bool:
        """Whether the turn player has made an Extra Jack this turn (`extra_jacks` counts them)."""
        return self.extra_jacks > 0

    def describe(self, event: Event) -> str:
        """One event in words."""
        return describe_event(event)

    def to_json(self, with_log: bool = True) -> dict[str, Any]:
        """Plain data for front ends and the network; cards by name, seats and slots from 1."""
        return self.view_json(
            "drump",
            {
                "first_seat": self.first_seat + 1,
                "turn_seat": self.turn_seat + 1,
                "turn_number": self.turn_number,
                "hand": [card_name(card) for card in self.hand],
                "hand_sizes": list(self.hand_sizes),
                "known_in_hand": [[card_name(card) for card in cards] for cards in self.known_in_hand],
                "stacks": [
                    [[_stacked(card, up) for card, up in stack] for stack in row] for row in self.stacks
                ],
                "stack_values": [[_stack_value(stack) for stack in row] for row in self.stacks],
                "zones": [
                    {
                        part: card_name(card) if card != NO_CARD else None
                        for part, card in zip(BODY_PARTS, row, strict=True)
                    }
                    for row in self.zones
                ],
                "pile": [card_name(card) for card in self.pile],
                "deck_size": self.deck_size,
                "turn": turn_json(self),
                "exchange": _exchange_seen(self.exchange),
                "discarding": _seat(self.discarding),
                "drawing": _seat(self.drawing),
                "last_turn": _seat(self.last_turn),
            },
            with_log,
        )


def turn_json(turn: DrumpView | DrumpState) -> dict[str, Any]:
    """The turn's public counters as JSON data (slots counted from 1)."""
    return {
        "slots_set": [slot + 1 for slot in range(4) if turn.slots_set >> slot & 1],
        "summoned": turn.summoned,
        "extra_jacks": turn.extra_jacks,
        "recycles": turn.recycles,
        "burst_used": turn.burst_used,
    }


def exchange_json(exchange: Exchange | None) -> dict[str, Any] | None:
    """A Burst under way as JSON data: every card of it is public (a stack not yet revealed has no total)."""
    if exchange is None:
        return None
    return {
        "slot": exchange.slot + 1,
        "cards": [card_name(card) for card in exchange.cards],
        "revealed": exchange.revealed,
        "pending_aces": [card_name(card) for card in exchange.pending_aces],
        "stack_total": exchange.stack_total if exchange.revealed else None,
        "attack_total": exchange.attack_total,
        "defense_total": exchange.defense_total,
    }


def _seat(seat: int | None) -> int | None:
    return None if seat is None else seat + 1


def _exchange_seen(exchange: Exchange | None) -> dict[str, Any] | None:
    """A Burst under way as a view shows it: as a position writes it, with the attacking card's value,
    attack plus stack and whether that sum fails the attack (drump.md, "Burst: attack and block")."""
    written = exchange_json(exchange)
    if exchange is None or written is None:
        return None
    return written | {
        "attack_value": RANK[exchange.cards[0]],
        "attack_sum": attack_sum(exchange) if exchange.revealed else None,
        "attack_fails": attack_fails(exchange) if exchange.revealed else None,
    }


def _stack_value(stack: Sequence[StackCard]) -> dict[str, int]:
    """What the observer knows of a stack's value (drump.md, "Cards"): the sum of the cards it sees,
    Aces as 1, how many of those are Aces (which may count 11 when attacked), and the cards it cannot see."""
    known = [card for card, _ in stack if card is not None]
    return {
        "known": sum(RANK[card] for card in known),
        "aces": sum(IS_ACE[card] for card in known),
        "hidden": len(stack) - len(known),
    }


def _stacked(card: int | None, face_up: bool) -> str:
    if card is None:
        return "hidden"
    return card_name(card) if face_up else f"{card_name(card)} down"


def view(state: DrumpState, seat: int | None) -> DrumpView:
    """What `seat` (None: a spectator) may know of `state`."""
    stacks = tuple(
        tuple(
            tuple(
                (code, True) if code < FACE_DOWN else ((code & CARD_MASK) if owner == seat else None, False)
                for code in stack
            )
            for stack in row
        )
        for owner, row in enumerate(state.stacks)
    )
    known = tuple(
        tuple(card for card in hand if state.known[owner] >> card & 1)
        for owner, hand in enumerate(state.hands)
    )
    return DrumpView(
        **seat_parts(state, seat, PHASE_NAMES),
        first_seat=state.first_seat,
        turn_seat=state.turn_seat,
        turn_number=state.turn_number,
        hand=state.hands[seat] if seat is not None else (),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        known_in_hand=known,
        stacks=stacks,
        zones=state.zones,
        pile=state.pile,
        deck_size=len(state.deck),
        slots_set=state.slots_set,
        summoned=state.summoned,
        extra_jacks=state.extra_jacks,
        recycles=state.recycles,
        burst_used=state.burst_used,
        exchange=state.exchange,
        discarding=state.discarding if state.discarding != NOBODY else None,
        drawing=state.drawing if state.drawing != NOBODY else None,
        last_turn=state.last_turn if state.last_turn != NOBODY else None,
    )


def hidden_cards(state: DrumpState, seat: int | None) -> frozenset[int]:
    """The deck, and the other side's unknown hand cards and face-down cards."""
    hidden = set(state.deck)
    for owner in range(SEATS):
        if owner == seat:
            continue
        hidden.update(card for card in state.hands[owner] if not state.known[owner] >> card & 1)
        stacks = state.stacks[owner]
        hidden.update(code & CARD_MASK for stack in stacks for code in stack if code >= FACE_DOWN)
    return frozenset(hidden)


# -- the log in words ----------------------------------------------------------------
def describe_event(
    event: Event,
    names: Sequence[str] = ("Player 1", "Player 2"),
    card_label: Callable[[int], str] = card_name,
) -> str:
    """One log event in words, cards written by `card_label`; hidden cards read as 'a card'."""

    def cards(shown: Sequence[int]) -> str:
        return " ".join(card_label(card) for card in shown) or "nothing"

    # Fields are read by name; `event.seat` is the seat that acted, wherever an event has one.
    match event:
        case events.Dealt(cards=None):
            return f"{names[event.seat]} is dealt 5 cards"
        case events.Dealt(cards=tuple(dealt)):
            return f"{names[event.seat]} is dealt {cards(dealt)}"
        case events.TurnStarted(number=number):
            return f"Turn {number}: {names[event.seat]}"
        case events.Drew(card=None):
            return f"{names[event.seat]} draws a card"
        case events.Drew(card=int(card)):
            return f"{names[event.seat]} draws {card_label(card)}"
        case events.ForceSet(card=None, slot=slot):
            return f"{names[event.seat]} sets a face-down card on slot {slot + 1}"
        case events.ForceSet(card=int(card), slot=slot, face_up=face_up):
            side = "face up" if face_up else "face down"
            return f"{names[event.seat]} sets {card_label(card)} {side} on slot {slot + 1}"
        case events.Summoned(part=part, slot=slot, paid=paid):
            paying = f"paying {cards(paid)} from slot {slot + 1}"
            return f"{names[event.seat]} summons {card_label(part)}, {paying}"
        case events.ExtraJackPlaced(jack=jack, ace=ace):
            discarding = f"discarding {card_label(ace)}"
            return f"{names[event.seat]} places {card_label(jack)} by Extra Jack, {discarding}"
        case events.Recycled(part=part, taken=taken):
            return (
                f"{names[event.seat]} recycles {card_label(part)} and takes {card_label(taken)} from the pile"
            )
        case events.RecycledAndDrew(part=part, card=None):
            return f"{names[event.seat]} recycles {card_label(part)} and draws a card"
        case events.RecycledAndDrew(part=part, card=int(card)):
            return f"{names[event.seat]} recycles {card_label(part)} and draws {card_label(card)}"
        case events.BurstMade(card=card, slot=slot, revealed=None):
            return f"{names[event.seat]} bursts {card_label(card)} on slot {slot + 1}"
        case events.BurstMade(card=card, slot=slot, revealed=tuple(revealed)):
            revealing = f"revealing {cards(revealed)}"
            return f"{names[event.seat]} bursts {card_label(card)} on slot {slot + 1}, {revealing}"
        case events.Received():
            return f"{names[event.seat]} receives the attack"
        case events.StackRevealed(slot=slot, cards=revealed):
            return f"{names[event.seat]}'s slot {slot + 1} is revealed: {cards(revealed)}"
        case events.AceCounted(ace=ace, value=value):
            return f"{names[event.seat]} counts {card_label(ace)} as {value}"
        case events.Blocked(card=card):
            return f"{names[event.seat]} blocks with {card_label(card)}"
        case events.Countered(card=card):
            return f"{names[event.seat]} counters with {card_label(card)}"
        case events.Passed():
            return f"{names[event.seat]} passes"
        case events.AttackFailed(card=card, slot=slot, total=total):
            return f"The attack fails ({total} is 13 or less): {card_label(card)} joins slot {slot + 1}"
        case events.BurstWon(slot=slot):
            return f"{names[event.seat]} wins the Burst: slot {slot + 1} goes to the pile"
        case events.AttackGoesOn(slot=slot):
            return f"{names[event.seat]} beats the block: the attack on slot {slot + 1} goes on"
        case events.DrawDeclined():
            return f"{names[event.seat]} declines to draw"
        case events.BlockWon(slot=slot):
            return f"{names[event.seat]} wins the block: the stack on slot {slot + 1} stays"
        case events.Discarded(card=card):
            return f"{names[event.seat]} discards {card_label(card)} to the hand limit"
        case events.TurnEnded():
            return f"{names[event.seat]} ends the turn"
        case events.DrumpMade():
            return f"{names[event.seat]}: DRUMP!"
        case events.LastTurnGranted():
            return f"{names[event.seat]} plays one last turn"
        case events.GameOver(winners=winners) if len(winners) > 1:
            return f"Game over: a draw ({event.reason})"
        case events.GameOver(winners=winners):
            return f"Game over: {names[winners[0]]} wins ({event.reason})"
    raise ValueError(f"unknown DRUMP event {event!r}")
