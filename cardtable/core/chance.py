"""Seeded chance: every random draw comes from a generator derived from the match seed.

`random.Random` seeded with an integer gives the same sequence on every
machine and under any PYTHONHASHSEED; labels are mixed in with SHA-256 so that
independent streams (the deal, each bot, each simulated game) never share
numbers by accident.
"""

from __future__ import annotations

import hashlib
import random
import secrets


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
