"""Drawing a deck from a weight pool: the fast draw takes exactly the cards the plain one took."""

from __future__ import annotations

import random
from collections import Counter
from itertools import accumulate

from cardtable.games.fm.carddata import duelists, starter_pools
from cardtable.games.fm.decks import EXODIA_PIECES, MAX_COPIES, draw_from_pool


def plain_draw(
    pool: tuple[tuple[int, int], ...], count: int, rng: random.Random, held: Counter[int]
) -> list[int]:
    """The draw as first written: the allowed cards rebuilt at each limit, and `rng.choices`."""
    drawn: list[int] = []
    while len(drawn) < count:
        allowed = [c for c, _ in pool if held[c] < (1 if c in EXODIA_PIECES else MAX_COPIES)]
        weights = [w for c, w in pool if held[c] < (1 if c in EXODIA_PIECES else MAX_COPIES)]
        choice = rng.choices(allowed, cum_weights=list(accumulate(weights)))[0]
        held[choice] += 1
        drawn.append(choice)
    return drawn


def test_every_pool_draws_the_cards_the_plain_draw_takes() -> None:
    pools = [pool for _, pool in starter_pools()]
    pools += [pool for duelist in duelists().values() for pool in duelist.pools.values()]
    for seed in range(3):
        for pool in pools:
            # Some cards already held, one of them at its limit, as in the starter deck's later pools.
            first = pool[0][0]
            held = Counter({first: 1 if first in EXODIA_PIECES else MAX_COPIES, pool[-1][0]: 1})
            expected_held = Counter(held)
            room = sum((1 if c in EXODIA_PIECES else MAX_COPIES) - held[c] for c, _ in pool)
            count = min(40, room)
            expected = plain_draw(pool, count, random.Random(seed), expected_held)
            assert draw_from_pool(pool, count, random.Random(seed), held) == expected
            assert held == expected_held
