"""A full duel drawn from a view: what the seat cannot see, dealt at random from what it has not seen.

The seat knows its own cards and every face-up card; it knows how many cards
the other side holds in hand and deck, and where its face-down cards lie.
Which cards those are it does not know, but both decks were legal, so the
hidden cards are drawn from the card pool at random, no card past three
copies (one of an Exodia piece) counting what the seat has seen of that side.
"""

from __future__ import annotations

import random
from collections import Counter

from cardtable.games.fm.carddata import SETTABLE_KINDS, card, cards
from cardtable.games.fm.decks import EXODIA_PIECES, MAX_COPIES
from cardtable.games.fm.state import PHASE_NAMES, SEATS, DuelEnding, FmState, Monster, Placement, SetCard
from cardtable.games.fm.view import FmView

_MONSTERS = tuple(c.id for c in cards().values() if c.is_monster)
_SETTABLE = tuple(c.id for c in cards().values() if c.kind in SETTABLE_KINDS)


def _draw(pool: tuple[int, ...], seen: Counter[int], rng: random.Random) -> int:
    while True:
        choice = pool[rng.randrange(len(pool))]
        if seen[choice] < (1 if choice in EXODIA_PIECES else MAX_COPIES):
            seen[choice] += 1
            return choice


def determinize(view: FmView, rng: random.Random) -> FmState:
    """A state consistent with everything `view` shows; hidden cards drawn at random."""
    seat = view.seat
    state = FmState.__new__(FmState)
    state.options = view.options
    hands, decks, monsters, magic, graveyards = [], [], [], [], []
    for owner in range(SEATS):
        seen: Counter[int] = Counter()
        row_monsters = view.monsters[owner]
        seen.update(m.card for m in row_monsters if m is not None and m.card is not None)
        seen.update(c for c in view.magic[owner] if c is not None)
        if owner == seat:
            hand = view.window[: view.hand_sizes[owner]]
            seen.update(view.window)
            seen.update(view.graveyards[owner])
            graveyard = view.graveyards[owner]
        else:
            public = view.graveyards[owner]
            seen.update(public)
            hand = tuple(_draw(_MONSTERS + _SETTABLE, seen, rng) for _ in range(view.hand_sizes[owner]))
            unseen = view.graveyard_sizes[owner] - len(public)
            graveyard = public + tuple(-_draw(_MONSTERS, seen, rng) for _ in range(unseen))
        known_top = view.window[view.hand_sizes[owner] :] if owner == seat else ()
        deck = known_top + tuple(
            _draw(_MONSTERS + _SETTABLE, seen, rng) for _ in range(view.deck_sizes[owner] - len(known_top))
        )
        monsters.append(
            tuple(
                None
                if m is None
                else Monster(
                    m.card if m.card is not None else _draw(_MONSTERS, seen, rng),
                    m.attack,
                    m.face_up,
                    0 if m.star is None else card(m.card).stars.index(m.star) if m.card is not None else 0,  # type: ignore[union-attr]
                    m.bonus or 0,
                    m.weakened or 0,
                    m.weak_turns or 0,
                )
                for m in row_monsters
            )
        )
        magic.append(
            tuple(
                None if not used else SetCard(c if c is not None else _draw(_SETTABLE, seen, rng))
                for c, used in zip(view.magic[owner], view.magic_used[owner], strict=True)
            )
        )
        hands.append(hand)
        decks.append(deck)
        graveyards.append(graveyard)
    state.hands, state.decks = tuple(hands), tuple(decks)
    state.monsters, state.magic, state.graveyards = tuple(monsters), tuple(magic), tuple(graveyards)
    state.lp = view.lp
    state.terrain = view.terrain
    state.turn_seat = view.turn_seat
    state.turn_number = view.turn_number
    state.phase = PHASE_NAMES.index(view.phase)
    state.picks = view.picks if isinstance(view.picks, tuple) else tuple(range(view.picks))
    state.pending = view.pending
    if view.phase == "place" and view.pending is None:
        # The other side played face down: what came out is hidden.
        state.pending = Placement(_draw(_MONSTERS, Counter(), rng), 0, False, None)
    state.used_attacks = view.used_attacks
    state.switched = view.switched
    state.locks = view.locks
    windows = [5, 5]
    if seat is not None:
        # The window reaches past the hand by as many deck cards as the view shows.
        windows[seat] = 5 + len(view.window) - view.hand_sizes[seat]
    state.windows = tuple(windows)
    state.sees_face_down = (seat == 0 and view.sees_face_down, seat == 1 and view.sees_face_down)
    state.counters = view.counters
    state.result = view.outcome
    state.ending = None if view.outcome is None else DuelEnding(view.outcome.ending)
    state.logs = (view.history.node,) * (SEATS + 1)
    state.log_length = view.history.length
    return state
