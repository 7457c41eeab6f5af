"""Random draws made exactly as `random.Random` makes them, in code the compiled build runs natively.

`below(rng, count)` draws what `rng.randrange(count)` draws, and
`shuffle(rng, items)` orders `items` as `rng.shuffle(items)` does: the same
numbers from the same generator, call for call (CPython's own method: as few
random bits as the count needs, drawn again while the number is too large;
a shuffle swaps each place from the last down with one at or before it).  A
seed therefore plays the same game either way.  The tree search and the
games' determinize modules draw thousands of numbers an iteration: `random`'s
versions are Python functions even in the compiled build, these are not.

A generator of a class of its own (a subclass of `random.Random`) draws
through its own `randrange` and `shuffle`, which give the same numbers for a
subclass that changes nothing, and let one that chooses its draws otherwise
(the OpenSpiel bridge's chance nodes, `cardtable/rl/openspiel.py`) be asked
for the count itself rather than for bits.
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def below(rng: random.Random, count: int) -> int:
    """A whole number from 0 to `count` - 1, the one `rng.randrange(count)` would draw."""
    if count <= 0:
        raise ValueError(f"no whole number from 0 to below {count} to draw")
    if type(rng) is not random.Random:
        return rng.randrange(count)
    bits = count.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= count:
        drawn = rng.getrandbits(bits)
    return drawn


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Put `items` in the random order `rng.shuffle(items)` would."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for index in range(len(items) - 1, 0, -1):
        # below(rng, index + 1), written out: a shuffle draws one number a card.
        count = index + 1
        bits = count.bit_length()
        other = getrandbits(bits)
        while other >= count:
            other = getrandbits(bits)
        items[index], items[other] = items[other], items[index]
