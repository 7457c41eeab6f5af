"""Which adjacent cards of a Scout hand can be shown, and how strong a show is.

A show is one card, or two or more adjacent cards that all show the same
number (a set) or step by exactly +1 or -1 (a run).  Strength orders shows by
size, then set over run, then the lower number (scout.md); it is packed into
one integer, `size * 32 + 16 * is_set + low`, so that comparing strengths is
comparing integers.  A single card counts as a set.  (The arithmetic is
written out inline in the loops below: this is the hottest code of a Scout
search.)
"""

from __future__ import annotations

from collections.abc import Sequence

NO_SHOW = 0
SIZE = 32
SET = 16


def strength(size: int, is_set: bool, low: int) -> int:
    """The strength of a show, as one comparable integer."""
    return size * SIZE + (SET if is_set or size == 1 else 0) + low


def set_strength(tops: Sequence[int]) -> int:
    """The strength of shown cards (their top numbers, in order); NO_SHOW for none."""
    if not tops:
        return NO_SHOW
    return strength(len(tops), len(set(tops)) == 1, min(tops))


def shows(tops: Sequence[int], beat: int = NO_SHOW) -> list[tuple[int, int, int]]:
    """Every valid show stronger than `beat`: (first, last, strength), first and last inclusive."""
    found = []
    count = len(tops)
    for first in range(count):
        start = tops[first]
        power = SIZE + SET + start
        if power > beat:
            found.append((first, first, power))
        equal = up = down = True
        previous = start
        for last in range(first + 1, count):
            value = tops[last]
            equal = equal and value == previous
            up = up and value == previous + 1
            down = down and value == previous - 1
            if not (equal or up or down):
                break
            low = start if start < value else value
            power = (last - first + 1) * SIZE + (SET if equal else 0) + low
            if power > beat:
                found.append((first, last, power))
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
        t = self.tops = list(tops)
        count = len(t)
        self.equal_end = equal_end = [1] * count
        self.up_end = up_end = [1] * count
        self.down_end = down_end = [1] * count
        for k in range(1, count):
            if t[k] == t[k - 1]:
                equal_end[k] = equal_end[k - 1] + 1
            elif t[k] == t[k - 1] + 1:
                up_end[k] = up_end[k - 1] + 1
            elif t[k] == t[k - 1] - 1:
                down_end[k] = down_end[k - 1] + 1
        self.equal_start = equal_start = [1] * count
        self.up_start = up_start = [1] * count
        self.down_start = down_start = [1] * count
        for k in range(count - 2, -1, -1):
            if t[k + 1] == t[k]:
                equal_start[k] = equal_start[k + 1] + 1
            elif t[k + 1] == t[k] + 1:
                up_start[k] = up_start[k + 1] + 1
            elif t[k + 1] == t[k] - 1:
                down_start[k] = down_start[k + 1] + 1
        # best_before[p]: the strongest show within tops[:p]; best_from[p]: within tops[p:].
        # The longest set or run ending (or starting) at a card beats every shorter one there.
        self.best_before = best_before = [NO_SHOW] * (count + 1)
        for k in range(count):
            ending = max(
                equal_end[k] * SIZE + SET + t[k],
                up_end[k] * SIZE + t[k] - up_end[k] + 1 + (SET if up_end[k] == 1 else 0),
                down_end[k] * SIZE + t[k] + (SET if down_end[k] == 1 else 0),
            )
            best_before[k + 1] = max(best_before[k], ending)
        self.best_from = best_from = [NO_SHOW] * (count + 1)
        for k in range(count - 1, -1, -1):
            starting = max(
                equal_start[k] * SIZE + SET + t[k],
                up_start[k] * SIZE + t[k] + (SET if up_start[k] == 1 else 0),
                down_start[k] * SIZE + t[k] - down_start[k] + 1 + (SET if down_start[k] == 1 else 0),
            )
            best_from[k] = max(best_from[k + 1], starting)

    def beats_with(self, value: int, position: int, beat: int) -> bool:
        """Whether, with a card showing `value` inserted before index `position`, a show beats `beat`."""
        if self.best_before[position] > beat or self.best_from[position] > beat:
            return True
        return self.best_with(value, position) > beat

    def best_with(self, value: int, position: int) -> int:
        """The strongest show after inserting a card showing `value` before index `position`."""
        t = self.tops
        left, right = position - 1, position
        has_left, has_right = left >= 0, right < len(t)
        equal = 1
        up_left = up_right = down_left = down_right = 0
        if has_left:
            neighbour = t[left]
            if neighbour == value:
                equal += self.equal_end[left]
            elif neighbour == value - 1:
                up_left = self.up_end[left]
            elif neighbour == value + 1:
                down_left = self.down_end[left]
        if has_right:
            neighbour = t[right]
            if neighbour == value:
                equal += self.equal_start[right]
            elif neighbour == value + 1:
                up_right = self.up_start[right]
            elif neighbour == value - 1:
                down_right = self.down_start[right]
        up = up_left + 1 + up_right
        down = down_left + 1 + down_right
        return max(
            self.best_before[position],
            self.best_from[position],
            equal * SIZE + SET + value,
            up * SIZE + value - up_left + (SET if up == 1 else 0),
            down * SIZE + value - down_right + (SET if down == 1 else 0),
        )
