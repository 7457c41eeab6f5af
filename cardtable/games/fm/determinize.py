"""A full duel drawn from a view: what the seat cannot see, dealt at random from what it could be.

The drawn state shows the seat exactly its view, field by field (the
conformance suite checks it): life points, terrain, turn and phase, every
monster's position, face, star, ATK and DEF, equip bonus and weakening,
every set card, the counts of hands, decks and used-up cards, the picks,
the locks and the log.  Only what the view hides is drawn:

- the other side's hand and deck, and the used-up cards the seat did not see
  go: any card a deck may hold (monsters, magic, fields, equips, rituals,
  traps), no card past its copy limit counting what the seat saw of that side;
- a face-down monster it cannot see: a monster card, carrying the equip bonus
  the view shows (every gain is logged); its weakening, which nobody told
  the seat, is none;
- a set card it cannot see: a card that may be set (magic, field, ritual, trap);
- the other side's face-down play waiting to be placed: a monster.

What the view does not say of the other side (its hand window, its sight
of face-down cards) is the common case: a window of five, no sight.  The
seat's own deck past its window is drawn like the other side's (the view
does not list the deck's contents).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardtable.core.chance import below
from cardtable.games.fm.carddata import SETTABLE_KINDS, card, cards
from cardtable.games.fm.decks import EXODIA_PIECES, MAX_COPIES
from cardtable.games.fm.state import (
    HAND,
    PHASE_NAMES,
    SEATS,
    DuelEnding,
    FmState,
    Monster,
    Placement,
    SetCard,
)
from cardtable.games.fm.view import FmView, SeenMonster

_ANY = tuple(cards())
_MONSTERS = tuple(c.id for c in cards().values() if c.is_monster)
_SETTABLE = tuple(c.id for c in cards().values() if c.kind in SETTABLE_KINDS)


def _draw(pool: tuple[int, ...], seen: dict[int, int], rng: random.Random) -> int:
    """A card of `pool` of which `seen` holds fewer copies than a deck may (one of an Exodia piece)."""
    while True:
        choice = pool[below(rng, len(pool))]
        # Counted in a plain dict through get: a Counter's missing key calls its Python __missing__
        # (most draws), and its items are written more slowly in the compiled build.
        copies = seen.get(choice, 0)
        if copies < (1 if choice in EXODIA_PIECES else MAX_COPIES):
            seen[choice] = copies + 1
            return choice


def _monster(seen_monster: SeenMonster, seen: dict[int, int], rng: random.Random) -> Monster:
    """The monster behind what the seat sees of it."""
    if seen_monster.card is None:
        return Monster(_draw(_MONSTERS, seen, rng), seen_monster.attack, False, 0, seen_monster.bonus or 0)
    stars = card(seen_monster.card).stars
    assert stars is not None and seen_monster.star is not None
    return Monster(
        seen_monster.card,
        seen_monster.attack,
        seen_monster.face_up,
        stars.index(seen_monster.star),
        seen_monster.bonus or 0,
        seen_monster.weakened or 0,
        seen_monster.weak_turns or 0,
    )


def determinize(view: FmView, rng: random.Random) -> FmState:
    """A state consistent with everything `view` shows; what it hides drawn at random."""
    seat = view.seat
    state = FmState.__new__(FmState)
    state.options = view.options
    hands, decks, monsters, magic, graveyards = [], [], [], [], []
    for owner in range(SEATS):
        counted: Counter[int] = Counter(view.graveyards[owner])
        row = view.monsters[owner]
        counted.update(m.card for m in row if m is not None and m.card is not None)
        counted.update(c for c in view.magic[owner] if c is not None)
        if owner == seat:
            counted.update(view.window)
        # Drawn against a plain dict of the counts (see _draw).
        seen = dict(counted)
        if owner == seat:
            hand = view.window[: view.hand_sizes[owner]]
            known_top = view.window[view.hand_sizes[owner] :]
            graveyard = view.graveyards[owner]
        else:
            hand = tuple(_draw(_ANY, seen, rng) for _ in range(view.hand_sizes[owner]))
            known_top = ()
            unseen = view.graveyard_sizes[owner] - len(view.graveyards[owner])
            # A used-up card the seat never saw is kept negated (state.py).
            graveyard = view.graveyards[owner] + tuple(-_draw(_ANY, seen, rng) for _ in range(unseen))
        deck = known_top + tuple(
            _draw(_ANY, seen, rng) for _ in range(view.deck_sizes[owner] - len(known_top))
        )
        monsters.append(tuple(None if m is None else _monster(m, seen, rng) for m in row))
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
        state.pending = Placement(_draw(_MONSTERS, {}, rng), 0, False, None)
    state.used_attacks = view.used_attacks
    state.switched = view.switched
    state.locks = view.locks
    windows = [HAND] * SEATS
    if seat is not None:
        # The window reaches past the hand by as many deck cards as the view shows.
        windows[seat] = HAND + len(view.window) - view.hand_sizes[seat]
    state.windows = tuple(windows)
    state.sees_face_down = tuple(owner == seat and view.sees_face_down for owner in range(SEATS))
    state.counters = view.counters
    state.result = view.outcome
    state.ending = None if view.outcome is None else DuelEnding(view.outcome.ending)
    # Read through Any: mypyc 2.4.1 crashes on an expression of the recursive LogNode type.
    history: Any = view.history
    state.logs = (history.node,) * (SEATS + 1)
    state.log_length = view.history.length
    state.unlogged = False
    return state
