"""Chance: seeded generators, the draws made from them, and chances of winning.

Every random draw comes from a generator derived from the match seed.
`random.Random` seeded with an integer gives the same sequence on every
machine and under any PYTHONHASHSEED; labels are mixed in with SHA-256 so that
independent streams (the deal, each bot, each simulated game) never share
numbers by accident.

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

`softmax_chances` turns each seat's standing into chances of winning, for
tree-search evaluations.
"""

from __future__ import annotations

import hashlib
import math
import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_seed(seed: int, *labels: str | int) -> int:
    """A 63-bit seed derived from `seed` and labels, the same on every machine."""
    text = "/".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def make_rng(seed: int, *labels: str | int) -> random.Random:
    """A generator for the stream named by `labels` under `seed`."""
    return random.Random(derive_seed(seed, *labels))


#: Bits of a fresh seed.  A player who sees their own cards could try every seed until one deals
#: them; 63 bits puts that beyond any machine, as the derived streams have 63 bits too.
SEED_BITS = 63


def fresh_seed() -> int:
    """A new seed for a match whose caller gave none (it is recorded in the replay)."""
    return secrets.randbits(SEED_BITS)


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


def softmax_chances(standings: Sequence[float], temperature: float) -> tuple[float, ...]:
    """Chances proportional to exp(standing / temperature), summing to 1."""
    top = max(standings)
    weights = [math.exp((value - top) / temperature) for value in standings]
    total = sum(weights)
    return tuple(weight / total for weight in weights)
