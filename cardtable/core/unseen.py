"""The cards a view does not show, dealt for a state drawn from it (the games' determinize modules).

The seat's own hand is as its view shows it; every other hand gets its cards
from the end of the pool of unseen cards, shuffled beforehand.  Compiled with
the rules, so that a compiled determinize module calls it natively.
"""

from __future__ import annotations

from collections.abc import Callable


def take_last(pool: list[int], count: int) -> list[int]:
    """The last `count` cards of `pool`, taken out of it (from a shuffled pool: `count` at random)."""
    taken = pool[len(pool) - count :]
    del pool[len(pool) - count :]
    return taken


def dealt_hands(
    seats: int, seat: int | None, hand: tuple[int, ...], deal: Callable[[int], tuple[int, ...]]
) -> list[tuple[int, ...]]:
    """Every seat's hand in seat order: `seat`'s own `hand`, every other one `deal(owner)`."""
    return [hand if owner == seat else deal(owner) for owner in range(seats)]
