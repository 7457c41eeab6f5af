"""A bounded cache: the values last asked for, the least recent dropped first."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most `most` worth of values (each weighs `weight(value)`, 1 by default); the least recent go."""

    def __init__(self, most: int, weight: Callable[[V], int] = lambda value: 1) -> None:
        self.most = most
        self.weight = weight
        self.total = 0
        self.values: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self.values)

    def get(self, key: K) -> V | None:
        """The value kept for `key` (now the most recent), or None."""
        value = self.values.get(key)
        if value is not None:
            self.values.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        """Keep a value, dropping the least recent ones past the bound (a value past it alone is not kept)."""
        if key in self.values:
            self.total -= self.weight(self.values.pop(key))
        weight = self.weight(value)
        if weight > self.most:
            return
        self.values[key] = value
        self.total += weight
        while self.total > self.most:
            _, dropped = self.values.popitem(last=False)
            self.total -= self.weight(dropped)
