"""A full duel drawn from a view: what the seat cannot see, dealt at random from what it could be.

The drawn state shows the seat exactly its view, field by field (the
conformance suite checks it): life points, terrain, turn and phase, every
monster's position, face, star, ATK and DEF, equip bonus and weakening,
every set card, the counts of hands, decks and used-up cards, the picks,
the locks and the log.  Only what the view hides is drawn:

- the other side's hand and deck, and the used-up cards the seat did not see
  go: any card a deck may hold (monsters, magic, fields, equips, rituals,
  traps), no card past its copy limit counting what the seat saw of that side;
  when that side is a named duelist (Free Duel, the campaign: the player chose
  it, and its deck pool is the game's data, docs/rules/fm.md "The opponents"),
  drawn by its deck pool's weights as its deck was, the catalogue only once
  the pool has no allowed card left; Duel Master K, who plays a copy of the
  player's deck, is drawn from the catalogue;
- a face-down monster it cannot see: a monster card, carrying the equip bonus
  the view shows (every gain is logged); its weakening, which nobody told
  the seat, is none;
- a set card it cannot see: a card that may be set (magic, field, ritual, trap);
- the other side's face-down play waiting to be placed: a monster.

What the view does not say of the other side (its hand window, its sight
of face-down cards) is the common case: a window of five, no sight.  The
seat's own deck past its window holds exactly the cards the view lists
(`deck_rest`: a player knows its deck list), dealt in a random order.
"""

from __future__ import annotations

import random
from collections import Counter

from cardtable.games.fm.carddata import SETTABLE_KINDS, card, cards, duelists
from cardtable.games.fm.decks import DUEL_MASTER_K, draw_weighted, draw_within_limits
from cardtable.games.fm.state import (
    HAND,
    PHASE_NAMES,
    SEATS,
    DuelEnding,
    FmState,
    Monster,
    Placement,
    SetCard,
    UndealtDecks,
)
from cardtable.games.fm.view import FmView, SeenMonster

_ANY = tuple(cards())
_MONSTERS = tuple(c.id for c in cards().values() if c.is_monster)
_SETTABLE = tuple(c.id for c in cards().values() if c.kind in SETTABLE_KINDS)


def _draw(pool: tuple[int, ...], seen: dict[int, int], rng: random.Random) -> int:
    """One card of `pool` within its copy limit, counted in `seen` (`decks.draw_within_limits`)."""
    drawn: list[int] = []
    draw_within_limits(drawn, pool, 1, seen, rng)
    return drawn[0]


class _Pools:
    """Where one side's hidden cards come from: the catalogue, or a named duelist's deck pool by weight."""

    def __init__(self, duelist: int | None) -> None:
        known = duelist is not None and duelist != DUEL_MASTER_K and duelist in duelists()
        pool = tuple(duelists()[duelist].pools["deck"]) if known and duelist is not None else None
        #: The deck pool's (card, weight) pairs, and its monsters' and settable cards', or None.
        self.any = pool
        self.monsters = None if pool is None else tuple(p for p in pool if card(p[0]).is_monster) or None
        self.settable = (
            None if pool is None else tuple(p for p in pool if card(p[0]).kind in SETTABLE_KINDS) or None
        )

    @staticmethod
    def draw(
        weights: tuple[tuple[int, int], ...] | None,
        pool: tuple[int, ...],
        count: int,
        seen: dict[int, int],
        rng: random.Random,
    ) -> list[int]:
        """`count` cards by `weights` if known, else uniformly from `pool`; within copy limits (`seen`)."""
        drawn: list[int] = []
        if weights is None:
            draw_within_limits(drawn, pool, count, seen, rng)
        else:
            draw_weighted(drawn, weights, pool, count, seen, rng)
        return drawn


def _known_monster(seen_monster: SeenMonster) -> Monster:
    """The monster the seat sees, card and all."""
    assert seen_monster.card is not None
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


class _Side:
    """What one side's drawn cards are made of, fixed by the view: the known parts, how many are hidden.

    A monster slot is None (an empty zone), a Monster (seen), or a SeenMonster (face down, unseen: its
    card is drawn, the rest is as seen); a magic slot is None (empty), a SetCard (seen) or 0 (set, unseen).
    """

    def __init__(self, view: FmView, owner: int) -> None:
        counted: Counter[int] = Counter(view.graveyards[owner])
        row = view.monsters[owner]
        counted.update(m.card for m in row if m is not None and m.card is not None)
        counted.update(c for c in view.magic[owner] if c is not None)
        mine = owner == view.seat
        if mine:
            counted.update(view.window)
        self.seen = dict(counted)
        self.mine = mine
        hand_size = view.hand_sizes[owner]
        if mine:
            self.hand = view.window[:hand_size]
            self.known_top = view.window[hand_size:]
            self.unseen_used = 0
        else:
            self.hand = ()
            self.known_top = ()
            # A used-up card the seat never saw is kept negated (state.py).
            self.unseen_used = view.graveyard_sizes[owner] - len(view.graveyards[owner])
        self.hand_size = hand_size
        self.graveyard = view.graveyards[owner]
        self.hidden_deck = view.deck_sizes[owner] - len(self.known_top)
        #: The cards the seat's own hidden deck holds (its deck list, less what left it).
        self.rest = view.deck_rest if mine else None
        self.pools = _Pools(None if mine else view.duelists[owner])
        self.monsters: list[Monster | SeenMonster | None] = [
            None if m is None else m if m.card is None else _known_monster(m) for m in row
        ]
        self.monsters_known = all(not isinstance(m, SeenMonster) for m in self.monsters)
        self.fixed_monsters = tuple(m for m in self.monsters if not isinstance(m, SeenMonster))
        self.magic: list[SetCard | int | None] = [
            None if not used else SetCard(c) if c is not None else 0
            for c, used in zip(view.magic[owner], view.magic_used[owner], strict=True)
        ]
        self.magic_known = all(slot != 0 for slot in self.magic)
        self.fixed_magic = tuple(slot for slot in self.magic if not isinstance(slot, int))


class Determinizer:
    """Everything one view fixes, worked out once; `draw` deals the rest at random.

    It draws, from the generator it is given, side by side: the other side's hand and its unseen
    used-up cards, face-down monsters, set cards; then a face-down play waiting to be placed.  Each
    deck past what the seat sees of it is dealt later, from the same generator, as far as play on
    the drawn state reaches it (`state.UndealtDecks`): a search's few turns read a deck's top cards,
    and drawing the other thirty cost a quarter of an iteration.
    """

    def __init__(self, view: FmView) -> None:
        self.sides = [_Side(view, owner) for owner in range(SEATS)]
        self.hidden_pending = view.phase == "place" and view.pending is None
        seat = view.seat
        state = FmState.__new__(FmState)
        state.options = view.options
        state.lp = view.lp
        state.terrain = view.terrain
        state.turn_seat = view.turn_seat
        state.turn_number = view.turn_number
        state.phase = PHASE_NAMES.index(view.phase)
        state.picks = view.picks if isinstance(view.picks, tuple) else tuple(range(view.picks))
        state.pending = view.pending
        state.used_attacks = view.used_attacks
        state.switched = view.switched
        state.locks = view.locks
        windows = [HAND] * SEATS
        if seat is not None:
            # The window reaches past the hand by as many deck cards as the view shows.
            windows[seat] = HAND + len(view.window) - view.hand_sizes[seat]
        state.windows = tuple(windows)
        state.sees_face_down = tuple(owner == seat and view.sees_face_down for owner in range(SEATS))
        state.duelists = view.duelists
        state.counters = view.counters
        state.result = view.outcome
        state.ending = None if view.outcome is None else DuelEnding(view.outcome.ending)
        state.logs_from_view(view.history, SEATS)
        state.hands = state.monsters = state.magic = state.graveyards = ()
        state.decks = tuple(side.known_top for side in self.sides)
        state.undealt = tuple(side.hidden_deck for side in self.sides)
        state.undealt_decks = None
        self.template = state

    def draw(self, rng: random.Random) -> FmState:
        """A state consistent with the view; what it hides drawn at random (decks: as play reaches them)."""
        hands, monsters, magic, graveyards, seen_by_side = [], [], [], [], []
        for side in self.sides:
            seen = dict(side.seen)
            seen_by_side.append(seen)
            if side.mine:
                hands.append(side.hand)
                graveyards.append(side.graveyard)
            else:
                pools = side.pools
                hands.append(tuple(pools.draw(pools.any, _ANY, side.hand_size, seen, rng)))
                if side.unseen_used:
                    used = pools.draw(pools.any, _ANY, side.unseen_used, seen, rng)
                    graveyards.append(side.graveyard + tuple(-c for c in used))
                else:
                    graveyards.append(side.graveyard)
            if side.monsters_known:
                monsters.append(side.fixed_monsters)
            else:
                monsters.append(tuple(_hidden_monster(m, side.pools, seen, rng) for m in side.monsters))
            if side.magic_known:
                magic.append(side.fixed_magic)
            else:
                magic.append(tuple(_hidden_set_card(slot, side.pools, seen, rng) for slot in side.magic))
        state = self.template.copy()
        state.hands = tuple(hands)
        state.monsters, state.magic, state.graveyards = tuple(monsters), tuple(magic), tuple(graveyards)
        state.undealt_decks = UndealtDecks(
            state.undealt,
            _ANY,
            seen_by_side,
            rng,
            tuple(None if side.rest is None else list(side.rest) for side in self.sides),
            tuple(side.pools.any for side in self.sides),
        )
        if self.hidden_pending:
            # The other side played face down: what came out is hidden (a fusion's result, maybe).
            state.pending = Placement(_draw(_MONSTERS, {}, rng), 0, False, None)
        return state


def _hidden_monster(
    slot: Monster | SeenMonster | None, pools: _Pools, seen: dict[int, int], rng: random.Random
) -> Monster | None:
    """A zone's monster: as seen, or a monster card drawn behind a face-down one the seat cannot see
    (from a named duelist's pool: most of its plays are cards of its deck, a fusion's result aside)."""
    if isinstance(slot, SeenMonster):
        drawn = pools.draw(pools.monsters, _MONSTERS, 1, seen, rng)[0]
        return Monster(drawn, slot.attack, False, 0, slot.bonus or 0)
    return slot


def _hidden_set_card(
    slot: SetCard | int | None, pools: _Pools, seen: dict[int, int], rng: random.Random
) -> SetCard | None:
    """A magic zone's card: as seen, or a card that may be set drawn behind one the seat cannot see."""
    if isinstance(slot, int):
        return SetCard(pools.draw(pools.settable, _SETTABLE, 1, seen, rng)[0])
    return slot


def determinize(view: FmView, rng: random.Random) -> FmState:
    """A state consistent with everything `view` shows; what it hides drawn at random, decks and all."""
    state = Determinizer(view).draw(rng)
    state.deal_all()
    return state
