"""Which adjacent cards of a Scout hand can be shown, and how strong a show is.

A show is one card, or two or more adjacent cards that all show the same
number (a set) or step by exactly +1 or -1 (a run).  Strength orders shows by
size, then set over run, then the lower number (scout.md); it is packed into
one integer, `size * 32 + 16 * is_set + low`, so that comparing strengths is
comparing integers.  A single card counts as a set.
"""

from __future__ import annotations

from collections.abc import Sequence

NO_SHOW = 0


def strength(size: int, is_set: bool, low: int) -> int:
    """The strength of a show, as one comparable integer."""
    return size * 32 + (16 if is_set or size == 1 else 0) + low


def set_strength(tops: Sequence[int]) -> int:
    """The strength of shown cards (their top numbers, in order); NO_SHOW for none."""
    if not tops:
        return NO_SHOW
    return strength(len(tops), len(set(tops)) == 1, min(tops))


def shows(tops: Sequence[int]) -> list[tuple[int, int, int]]:
    """Every valid show of a hand: (first, last, strength), first and last inclusive."""
    found = []
    count = len(tops)
    for first in range(count):
        start = tops[first]
        found.append((first, first, strength(1, True, start)))
        equal = up = down = True
        previous = start
        for last in range(first + 1, count):
            value = tops[last]
            equal = equal and value == previous
            up = up and value == previous + 1
            down = down and value == previous - 1
            if not (equal or up or down):
                break
            size = last - first + 1
            found.append((first, last, strength(size, equal, min(start, value))))
            previous = value
    return found


class Insertion:
    """The strongest show a hand would have with one more card inserted, in O(1) per insertion.

    Used to offer Scout & Show only where a Show can follow: a group that
    crosses the insertion point must contain the new card, so the strongest
    show is the strongest of the part left of it, the part right of it, and
    the set and runs through the new card.
    """

    def __init__(self, tops: Sequence[int]) -> None:
        self.tops = list(tops)
        count = len(self.tops)
        t = self.tops
        self.equal_end = [1] * count
        self.up_end = [1] * count
        self.down_end = [1] * count
        for k in range(1, count):
            if t[k] == t[k - 1]:
                self.equal_end[k] = self.equal_end[k - 1] + 1
            if t[k] == t[k - 1] + 1:
                self.up_end[k] = self.up_end[k - 1] + 1
            if t[k] == t[k - 1] - 1:
                self.down_end[k] = self.down_end[k - 1] + 1
        self.equal_start = [1] * count
        self.up_start = [1] * count
        self.down_start = [1] * count
        for k in range(count - 2, -1, -1):
            if t[k + 1] == t[k]:
                self.equal_start[k] = self.equal_start[k + 1] + 1
            if t[k + 1] == t[k] + 1:
                self.up_start[k] = self.up_start[k + 1] + 1
            if t[k + 1] == t[k] - 1:
                self.down_start[k] = self.down_start[k + 1] + 1
        # best_before[p]: the strongest show within tops[:p]; best_from[p]: within tops[p:].
        self.best_before = [NO_SHOW] * (count + 1)
        for k in range(count):
            ending = max(
                strength(self.equal_end[k], True, t[k]),
                strength(self.up_end[k], False, t[k] - self.up_end[k] + 1),
                strength(self.down_end[k], False, t[k]),
            )
            self.best_before[k + 1] = max(self.best_before[k], ending)
        self.best_from = [NO_SHOW] * (count + 1)
        for k in range(count - 1, -1, -1):
            starting = max(
                strength(self.equal_start[k], True, t[k]),
                strength(self.up_start[k], False, t[k]),
                strength(self.down_start[k], False, t[k] - self.down_start[k] + 1),
            )
            self.best_from[k] = max(self.best_from[k + 1], starting)

    def best_with(self, value: int, position: int) -> int:
        """The strongest show after inserting a card showing `value` before index `position`."""
        t = self.tops
        left, right = position - 1, position
        has_left, has_right = left >= 0, right < len(t)
        equal = 1
        if has_left and t[left] == value:
            equal += self.equal_end[left]
        if has_right and t[right] == value:
            equal += self.equal_start[right]
        up_left = self.up_end[left] if has_left and t[left] == value - 1 else 0
        up_right = self.up_start[right] if has_right and t[right] == value + 1 else 0
        down_left = self.down_end[left] if has_left and t[left] == value + 1 else 0
        down_right = self.down_start[right] if has_right and t[right] == value - 1 else 0
        return max(
            self.best_before[position],
            self.best_from[position],
            strength(equal, True, value),
            strength(up_left + 1 + up_right, False, value - up_left),
            strength(down_left + 1 + down_right, False, value - down_right),
        )
