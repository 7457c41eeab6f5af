"""Decks: the rules a deck must keep, and the decks drawn from weighted pools.

A deck holds exactly 40 cards, at most 3 copies of any card and at most one
of each Exodia piece (docs/rules/fm.md "Life points and decks", fm.md).  Opponents' decks are drawn each duel
from their weight pool; a new player's deck from the seven starter pools.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import accumulate
from typing import Any, Final

from cardtable.core.chance import below, shuffle
from cardtable.core.errors import CardtableError
from cardtable.core.jsonio import spelt
from cardtable.games.fm.carddata import card, card_named, cards, duelists, starter_pools

# Final: the compiled build (mypyc) reads them directly, not through the module's dictionary.
DECK_SIZE: Final = 40
MAX_COPIES: Final = 3
EXODIA_PIECES: Final = (17, 18, 19, 20, 21)
#: Duel Master K plays a copy of the player's own deck.
DUEL_MASTER_K: Final = 39


class DeckError(CardtableError, ValueError):
    """A deck that breaks the deck rules; the message lists every problem."""


def deck_problems(deck: Sequence[int]) -> list[str]:
    """Every rule a deck breaks, in words (empty for a legal deck)."""
    problems = []
    known = cards()
    if len(deck) != DECK_SIZE:
        problems.append(f"a deck holds {DECK_SIZE} cards, this one {len(deck)}")
    unknown = sorted({c for c in deck if c not in known})
    if unknown:
        problems.append("unknown card numbers: " + ", ".join(map(str, unknown)))
    for card_id, copies in sorted(Counter(deck).items()):
        if card_id not in known:
            continue
        limit = 1 if card_id in EXODIA_PIECES else MAX_COPIES
        if copies > limit:
            problems.append(f"{copies} copies of {card(card_id).name} (#{card_id}); the most is {limit}")
    return problems


def check_deck(deck: Sequence[int], owner: str = "deck") -> tuple[int, ...]:
    """The deck, or DeckError naming every rule it breaks."""
    problems = deck_problems(deck)
    if problems:
        raise DeckError(f"{owner} refused: " + "; ".join(problems))
    return tuple(deck)


def deck_from_json(data: Any, where: str) -> tuple[int, ...]:
    """A deck from JSON data: a list of 40 card numbers or names, checked by the deck rules.

    DeckError names `where`, the entry (counted from 1) and the reason.
    """
    if not isinstance(data, list):
        raise DeckError(f"{where} should be a JSON list of card numbers or names")
    if len(data) > 2 * DECK_SIZE:
        raise DeckError(f"{where} lists {len(data)} cards; a deck holds {DECK_SIZE}")
    deck = []
    for index, entry in enumerate(data):
        found = None
        if isinstance(entry, int) and not isinstance(entry, bool):
            found = entry if entry in cards() else None
        elif isinstance(entry, str):
            found = card_named(entry)
        if found is None:
            raise DeckError(f"{where} entry {index + 1}: {spelt(entry)} is not a card number or name")
        deck.append(found)
    return check_deck(deck, where)


#: The pools' cards and running weight totals, by the pool's identity: a pool is a tuple of the card
#: data, kept here beside its totals so that its identity is never reused (hashing a pool to look it
#: up cost more than drawing from it).
_TOTALS: Final[dict[int, tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[float, ...]]]] = {}
#: The most pools whose totals are kept (the game's data holds about a hundred).
_MOST_POOLS: Final = 256


def _running_totals(pool: Iterable[tuple[int, int]]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """A pool's cards and their running weight totals (a tuple pool: built once)."""
    if type(pool) is not tuple:
        return _totals_of(tuple(pool))
    kept = _TOTALS.get(id(pool))
    if kept is not None and kept[0] is pool:
        return kept[1], kept[2]
    cards_of_pool, totals = _totals_of(pool)
    if len(_TOTALS) >= _MOST_POOLS:
        _TOTALS.clear()
    _TOTALS[id(pool)] = (pool, cards_of_pool, totals)
    return cards_of_pool, totals


def _totals_of(pool: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    # The totals as floats, exactly (whole numbers far below 2**53): a draw compares a float with
    # them, and the compiled build compares two floats natively.
    totals = tuple(float(total) for total in accumulate(weight for _, weight in pool))
    return tuple(card_id for card_id, _ in pool), totals


def _leave_draw(allowed: list[int], totals: list[float], card_id: int) -> None:
    """Take a card out of the draw: the totals after it lose its weight (as if rebuilt without it)."""
    while card_id in allowed:
        index = allowed.index(card_id)
        weight = totals[index] - (totals[index - 1] if index else 0)
        del allowed[index]
        totals[index:] = [total - weight for total in totals[index + 1 :]]


def draw_from_pool(
    pool: Iterable[tuple[int, int]], count: int, rng: random.Random, held: dict[int, int] | None = None
) -> list[int]:
    """`count` cards drawn by weight, never past the copy limits given what is `held` already.

    `held` (copies by card: a dict, or a Counter) counts the drawn cards too.
    """
    held = {} if held is None else held
    # The cards still allowed and their running weight totals.
    cards_of_pool, running_totals = _running_totals(pool)
    allowed, totals = list(cards_of_pool), list(running_totals)
    for card_id, copies in held.items():
        if copies >= (1 if card_id in EXODIA_PIECES else MAX_COPIES):
            _leave_draw(allowed, totals, card_id)
    drawn: list[int] = []
    while len(drawn) < count:
        if not allowed:
            raise DeckError("the pool has too few cards to draw a legal deck")
        # What rng.choices(allowed, cum_weights=totals) draws, from one rng.random(), without its
        # list and checks: measured three times faster, and random() is the part Python keeps stable.
        # The search is bisect_right(totals, point, 0, len(totals) - 1), written out: the compiled
        # build runs it natively.
        point = rng.random() * totals[-1]
        low, high = 0, len(totals) - 1
        while low < high:
            middle = (low + high) // 2
            if point < totals[middle]:
                high = middle
            else:
                low = middle + 1
        choice = allowed[low]
        # Counted through get: a Counter's missing key calls its Python __missing__.
        copies = held[choice] = held.get(choice, 0) + 1
        drawn.append(choice)
        if copies >= (1 if choice in EXODIA_PIECES else MAX_COPIES):
            _leave_draw(allowed, totals, choice)
    return drawn


def draw_within_limits(
    drawn: list[int], pool: tuple[int, ...], count: int, seen: dict[int, int], rng: random.Random
) -> None:
    """Append `count` cards of `pool` to `drawn`, each one of which `seen` holds fewer copies than a
    deck may (one of an Exodia piece), counting it: how a search deals the cards it cannot see.

    Each card is the pool's `below(rng, len(pool))`-th, drawn again while over its limit: the numbers
    `core.chance.below` would draw, written out (one function call a card cost a duel's draw a third
    of its time).  Counted in a plain dict through get: a Counter's missing key calls its Python
    __missing__ (most draws), and its items are written more slowly in the compiled build.
    """
    size = len(pool)
    bits = size.bit_length()
    getrandbits = rng.getrandbits
    while count > 0:
        index = getrandbits(bits)
        while index >= size:
            index = getrandbits(bits)
        choice = pool[index]
        copies = seen.get(choice, 0)
        if copies < (1 if choice in EXODIA_PIECES else MAX_COPIES):
            seen[choice] = copies + 1
            drawn.append(choice)
            count -= 1


def deal_from(drawn: list[int], rest: list[int], count: int, rng: random.Random) -> None:
    """Append `count` cards taken at random from `rest` (a deck's known cards, in no order) to `drawn`.

    Each card is equally likely to come next, as from a shuffled deck: a deck whose list is known
    deals in an order nobody knows.
    """
    for _ in range(min(count, len(rest))):
        index = below(rng, len(rest))
        last = len(rest) - 1
        rest[index], rest[last] = rest[last], rest[index]
        drawn.append(rest.pop())


def draw_weighted(
    drawn: list[int],
    weights: tuple[tuple[int, int], ...],
    pool: tuple[int, ...],
    count: int,
    seen: dict[int, int],
    rng: random.Random,
) -> None:
    """Append `count` cards drawn by `weights` (a duelist's deck pool) within the copy limits `seen`
    counts, as `draw_from_pool` does, to `drawn`; once the weight pool has no allowed card left
    (a card seen that its pool never gave: a fusion's result), the rest from `pool` as
    `draw_within_limits` does."""
    available = 0
    for card_id, _ in weights:
        available += max(0, (1 if card_id in EXODIA_PIECES else MAX_COPIES) - seen.get(card_id, 0))
    weighted = min(count, available)
    if weighted:
        drawn += draw_from_pool(weights, weighted, rng, seen)
    if count > weighted:
        draw_within_limits(drawn, pool, count - weighted, seen, rng)


def starter_deck(rng: random.Random) -> tuple[int, ...]:
    """A new player's deck: 16, 16, 4, 1, 1, 1 and 1 cards from the seven starter pools."""
    held: dict[int, int] = {}
    deck: list[int] = []
    for draws, pool in starter_pools():
        deck += draw_from_pool(pool, draws, rng, held)
    return check_deck(deck, "starter deck")


def duelist_deck(duelist: int, rng: random.Random, player_deck: Sequence[int] = ()) -> tuple[int, ...]:
    """A duelist's deck for one duel, drawn from its weight pool (Duel Master K copies the player's)."""
    if duelist == DUEL_MASTER_K and player_deck:
        return tuple(player_deck)
    return tuple(draw_from_pool(duelists()[duelist].pools["deck"], DECK_SIZE, rng))


def shuffled(deck: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """The deck in a random order (the order `rng.shuffle` gives, drawn by compiled code)."""
    order = list(deck)
    shuffle(rng, order)
    return tuple(order)
