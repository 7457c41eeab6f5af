"""What one side of a duel may know: its hand, the whole field but the other side's face-down cards.

A face-down monster is hidden from the opponent until it is attacked or
attacks; set magic and traps stay hidden until they act.  Used-up cards
leave play: each side knows the ones it saw go (a face-up play's materials,
a destroyed face-up monster, a spent magic), and only how many others.  Six duelists see
face-down cards (their AI reads them): for those seats nothing on the field
is hidden.  The deck order is secret, but a seat sees the top of its own
deck as far as its hand window reaches (the AI's larger hand).

A seat knows its own deck list (it built or chose the deck: Free Duel and
the campaign play "with your deck", docs/rules/fm.md "Modes") and every card
that has left it, so it knows which cards its deck still holds, though not
their order.  Who a named duelist is, is public: the player chose it, and
its deck pool is the game's data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardtable.core.events import Event
from cardtable.core.seat_view import SeatView, seat_parts
from cardtable.games.fm import events
from cardtable.games.fm.carddata import TERRAINS, card
from cardtable.games.fm.combat import active_star, attack_of, defence_of, terrain_boost
from cardtable.games.fm.events import FmEvent
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.state import (
    COUNTER_NAMES,
    ENDING_REASONS,
    HAND,
    PHASE_NAMES,
    SEATS,
    FmState,
    Monster,
    Placement,
    all_cards,
)


class SeenMonster(NamedTuple):
    """A monster as a seat sees it: card, star, ATK, DEF and weakening are None when it is hidden.

    The equip bonus of a hidden monster is known all the same: every gain is
    logged, face-down plays included, and a fusion clears it.
    """

    card: int | None
    attack: bool
    face_up: bool
    star: str | None
    atk: int | None
    defence: int | None
    bonus: int | None
    weakened: int | None
    weak_turns: int | None
    #: What the terrain adds to its ATK and DEF (in `atk` and `defence` already), for a board to explain them.
    terrain_bonus: int | None = None


@dataclass(frozen=True, slots=True)
class FmView(SeatView[FmOptions, FmEvent]):
    """A duel as `seat` (None: a spectator) may know it."""

    #: Whether the observer sees the other side's face-down cards (six duelists do).
    sees_face_down: bool
    turn_seat: int
    turn_number: tuple[int, ...]
    lp: tuple[int, ...]
    terrain: int
    #: The observer's hand, then the top of its deck its window reaches (pick numbers follow this order).
    window: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    #: The cards of the observer's own deck past its window, sorted: what its deck still holds, not the order.
    deck_rest: tuple[int, ...]
    #: Which duelist (1-39) plays each seat, or None (a person's deck): public (position `duelists`).
    duelists: tuple[int | None, ...]
    monsters: tuple[tuple[SeenMonster | None, ...], ...]
    #: Set cards: the card, or None when hidden.
    magic: tuple[tuple[int | None, ...], ...]
    #: Whether each magic zone holds a card.
    magic_used: tuple[tuple[bool, ...], ...]
    #: Used-up cards each side saw go (all of the observer's own), and how many each side has.
    graveyards: tuple[tuple[int, ...], ...]
    graveyard_sizes: tuple[int, ...]
    picks: tuple[int, ...] | int
    pending: Placement | None
    used_attacks: int
    switched: int
    locks: tuple[int, ...]
    counters: tuple[tuple[int, ...], ...]

    def describe(self, event: Event) -> str:
        """One event in words."""
        return describe_event(event)

    def to_json(self, with_log: bool = True) -> dict[str, Any]:
        """Plain data: cards by name and number, seats and zones from 1."""
        pending = self.pending
        return self.view_json(
            "fm",
            {
                "turn_seat": self.turn_seat + 1,
                "turn_number": list(self.turn_number),
                "lp": list(self.lp),
                "terrain": TERRAINS[self.terrain],
                "window": [card_label(c) for c in self.window],
                "hand_sizes": list(self.hand_sizes),
                "deck_sizes": list(self.deck_sizes),
                "deck_rest": [card_label(c) for c in self.deck_rest],
                "duelists": list(self.duelists),
                "monsters": [[None if m is None else _monster_json(m) for m in row] for row in self.monsters],
                "magic": [
                    [
                        ("set" if used else None) if c is None else card_label(c)
                        for c, used in zip(row, used_row, strict=True)
                    ]
                    for row, used_row in zip(self.magic, self.magic_used, strict=True)
                ],
                "graveyards": [[card_label(c) for c in row] for row in self.graveyards],
                "graveyard_sizes": list(self.graveyard_sizes),
                "picks": self.picks if isinstance(self.picks, int) else [pick + 1 for pick in self.picks],
                "pending": None
                if pending is None
                else {
                    "card": card_label(pending.card),
                    "bonus": pending.bonus,
                    "face_up": pending.face_up,
                },
                "locks": list(self.locks),
                "counters": [dict(zip(COUNTER_NAMES, row, strict=True)) for row in self.counters],
            },
            with_log,
        )


def card_label(card_id: int) -> str:
    """A card by number and name: `#001 Blue-eyes White Dragon` (three digits: names hold "#1" and "#2")."""
    return f"#{card_id:03d} {card(card_id).name}"


def _monster_json(monster: SeenMonster) -> dict[str, Any]:
    return {
        "card": None if monster.card is None else card_label(monster.card),
        "position": "attack" if monster.attack else "defence",
        "face_up": monster.face_up,
        "star": monster.star,
        "atk": monster.atk,
        "def": monster.defence,
        "terrain_bonus": monster.terrain_bonus,
    }


def _seen(monster: Monster | None, visible: bool, terrain: int) -> SeenMonster | None:
    if monster is None:
        return None
    if not visible:
        return SeenMonster(None, monster.attack, False, None, None, None, monster.bonus, None, None)
    return SeenMonster(
        monster.card,
        monster.attack,
        monster.face_up,
        active_star(monster),
        attack_of(monster, terrain),
        defence_of(monster, terrain),
        monster.bonus,
        monster.weakened,
        monster.weak_turns,
        terrain_boost(monster.card, terrain),
    )


def view(state: FmState, seat: int | None) -> FmView:
    """What `seat` (None: a spectator) may know of `state`."""
    sees_all = seat is not None and state.sees_face_down[seat]
    monsters = tuple(
        tuple(
            _seen(m, owner == seat or sees_all or (m is not None and m.face_up), state.terrain) for m in row
        )
        for owner, row in enumerate(state.monsters)
    )
    magic = tuple(
        tuple(entry.card if entry is not None and (owner == seat or sees_all) else None for entry in row)
        for owner, row in enumerate(state.magic)
    )
    pending = state.pending
    own_turn = seat == state.turn_seat
    if pending is not None and not own_turn and not pending.face_up:
        pending = None
    return FmView(
        **seat_parts(state, seat, PHASE_NAMES),
        sees_face_down=sees_all,
        turn_seat=state.turn_seat,
        turn_number=state.turn_number,
        lp=state.lp,
        terrain=state.terrain,
        window=state.window(seat) if seat is not None else (),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        deck_sizes=tuple(state.deck_size(seat) for seat in range(SEATS)),
        deck_rest=() if seat is None else _deck_rest(state, seat),
        duelists=state.duelists,
        monsters=monsters,
        magic=magic,
        magic_used=tuple(tuple(entry is not None for entry in row) for row in state.magic),
        graveyards=tuple(
            tuple(abs(c) for c in row if owner == seat or c > 0) for owner, row in enumerate(state.graveyards)
        ),
        graveyard_sizes=tuple(len(row) for row in state.graveyards),
        picks=state.picks if own_turn else len(state.picks),
        pending=pending,
        used_attacks=state.used_attacks,
        switched=state.switched,
        locks=state.locks,
        counters=state.counters,
    )


def _deck_rest(state: FmState, seat: int) -> tuple[int, ...]:
    """The cards of `seat`'s deck past its window, sorted (its list, less what has left the deck)."""
    state.deal(seat, state.deck_size(seat))
    return tuple(sorted(state.decks[seat][max(0, state.windows[seat] - HAND) :]))


def describe_event(event: Event, names: Sequence[str] = ("Player 1", "Player 2")) -> str:
    """One log event in words; hidden cards read as 'a hidden card'."""

    def label(card_id: int | None) -> str:
        return "a hidden card" if card_id is None else card_label(card_id)

    def owned(seat: int, card_id: int | None) -> str:
        # "Player 1's #058 Kuriboh", but "a hidden card of Player 2".
        return f"a hidden card of {names[seat]}" if card_id is None else f"{names[seat]}'s {label(card_id)}"

    match event:
        case events.TurnStarted():
            return f"Turn {event.number} of {names[event.seat]}"
        case events.CardDrawn():
            return f"{names[event.seat]} draws {label(event.card)}"
        case events.CardsPlayed():
            cards = f"{event.count} card{'s' if event.count > 1 else ''}"
            return f"{names[event.seat]} plays {cards} face {'up' if event.face_up else 'down'}"
        case events.Fused():
            materials = f"{label(event.first)} and {label(event.second)}"
            return f"{names[event.seat]} fuses {materials} into {label(event.result)}"
        case events.Equipped():
            gain = f"({event.gain:+d})"
            return f"{names[event.seat]} equips {label(event.monster)} with {label(event.equip)} {gain}"
        case events.PlayResulted():
            return f"{names[event.seat]}'s play gives {label(event.card)}"
        case events.MonsterPlaced():
            where = f"zone {event.zone + 1}, {'attack' if event.attack else 'defence'} position"
            return f"{names[event.seat]} places {label(event.card)} in {where}"
        case events.CardSet():
            return f"{names[event.seat]} sets {label(event.card)} in magic zone {event.zone + 1}"
        case events.MagicActivated():
            return f"{names[event.seat]} activates {label(event.card)}"
        case events.TrapSprung():
            return f"{names[event.seat]}'s trap {label(event.card)} springs"
        case events.RitualPerformed():
            return f"{names[event.seat]} performs {label(event.ritual)}, summoning {label(event.monster)}"
        case events.CardLost():
            return f"{owned(event.seat, event.card)} does not combine and is lost"
        case events.CardWasted():
            return f"{label(event.card)} of {names[event.seat]} is used up with no effect"
        case events.AttackDeclared():
            aim = "directly" if event.target is None else f"zone {event.target + 1}"
            return f"{names[event.seat]} attacks {aim} with zone {event.zone + 1}"
        case events.MonsterRevealed():
            return f"{names[event.seat]}'s monster in zone {event.zone + 1} is revealed: {label(event.card)}"
        case events.MonsterDestroyed():
            return f"{owned(event.seat, event.card)} is destroyed"
        case events.PositionChanged():
            position = "attack" if event.attack else "defence"
            return f"{names[event.seat]} switches zone {event.zone + 1} to {position}"
        case events.LifePointsChanged():
            verb = "loses" if event.change < 0 else "gains"
            return f"{names[event.seat]} {verb} {abs(event.change)} LP ({event.life_points} left)"
        case events.TurnEnded():
            return f"{names[event.seat]} ends the turn"
        case events.DuelOver():
            return f"Duel over: {names[event.winner]} wins ({ENDING_REASONS[event.ending]})"
    raise ValueError(f"not a duel event: {event!r}")


def hidden_cards(state: FmState, seat: int | None) -> frozenset[int]:
    """Cards only where `seat` cannot see them: the other hand and deck, face-down and used-up cards
    (a seat's own deck is not hidden from it: it knows the cards, not their order).

    A deck may hold three copies of a card: a card with a copy in sight is not hidden.
    """
    seen = view(state, seat)
    visible = set(seen.window) | set(seen.deck_rest) | {c for row in seen.graveyards for c in row}
    visible.update(m.card for row in seen.monsters for m in row if m is not None and m.card is not None)
    visible.update(c for row in seen.magic for c in row if c is not None)
    if seen.pending is not None:
        visible.add(seen.pending.card)
    return frozenset(set(all_cards(state)) - visible)
