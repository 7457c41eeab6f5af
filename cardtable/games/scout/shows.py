"""Which adjacent cards of a Scout hand can be shown, how strong a show is, and what beats what.

A show is one card, or two or more adjacent cards that all show the same
number (a set) or step by exactly +1 or -1 (a run).  Shows compare by size,
then set over run, then the lowest number; an equal show does not beat
(scout.md, "A turn").  `show_strength` and `beats` state this for study;
the engine packs a strength into one integer, its `rank`,
`size * 32 + 16 * is_set + lowest`, so that comparing strengths is comparing
integers.  (The packing is written out inline in `shows` and `Insertion`:
this is the hottest code of a Scout search; tests hold it to `rank`.)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise
from typing import Final

from cardtable.core.pairs import HIGHEST

#: The rank of no show at all (an empty table): every show beats it.
NO_SHOW: Final = 0
SIZE: Final = 32
SET: Final = 16


class ShowKind(StrEnum):
    """A set (one number) or a run (steps of one); a single card counts as a set."""

    SET = "set"
    RUN = "run"


@dataclass(frozen=True, slots=True)
class ShowStrength:
    """How strong a show is: its kind, its number of cards and its lowest number.

    A single card counts as a set; its kind never decides, since shows of
    one card compare by number only.
    """

    kind: ShowKind
    size: int
    lowest: int

    @property
    def rank(self) -> int:
        """The strength as one integer: a show beats another exactly when its rank is higher."""
        return packed_rank(self.size, self.kind is ShowKind.SET, self.lowest)


def packed_rank(size: int, is_set: bool, lowest: int) -> int:
    """The rank of a show of `size` cards, a set or not, whose lowest number is `lowest`."""
    return size * SIZE + (SET if is_set or size == 1 else 0) + lowest


def show_strength(numbers: Sequence[int]) -> ShowStrength:
    """The strength of the cards shown, given by their top numbers left to right (ValueError if no show)."""
    # Read as objects: compiled (mypyc), a list[int] holds machine integers, and True would pass as 1.
    given: list[object] = list(numbers)
    if not given:
        raise ValueError("[] is not a show: a show holds at least one card")
    shown: list[int] = []
    for number in given:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= HIGHEST:
            raise ValueError(f"{given} is not a show: {number!r} is not a number from 1 to {HIGHEST}")
        shown.append(number)
    steps = {after - before for before, after in pairwise(shown)}
    if len(shown) == 1 or steps == {0}:
        kind = ShowKind.SET
    elif steps in ({1}, {-1}):
        kind = ShowKind.RUN
    else:
        raise ValueError(f"{shown} is not a show: neither one number nor a run going up or down by one")
    return ShowStrength(kind, len(shown), min(shown))


def beats(show: ShowStrength, active: ShowStrength | None) -> bool:
    """Whether `show` may be played on the active set `active` (None: the table is empty)."""
    return active is None or show.rank > active.rank


def active_rank(numbers: Sequence[int]) -> int:
    """The rank of the active set, given by its top numbers (NO_SHOW when it is empty).

    The active set is always a show, so this does not check it.
    """
    if not numbers:
        return NO_SHOW
    return packed_rank(len(numbers), len(set(numbers)) == 1, min(numbers))


def shows(tops: Sequence[int], beat: int = NO_SHOW) -> list[tuple[int, int, int]]:
    """Every show in a hand (its top numbers) ranked above `beat`: (first, last, rank), both inclusive."""
    found = []
    count = len(tops)
    for first in range(count):
        start = tops[first]
        rank = SIZE + SET + start
        if rank > beat:
            found.append((first, first, rank))
        last = first + 1
        if last == count:
            break
        # The second card fixes the kind; a show of n cards ranks n * per_card + offset.
        step = tops[last] - start
        if step == 0:
            per_card, offset = SIZE, SET + start
        elif step == 1:
            per_card, offset = SIZE, start
        elif step == -1:
            # Running down, the lowest number is the last card's: start - (n - 1).
            per_card, offset = SIZE - 1, start + 1
        else:
            continue
        expected = start + step
        while last < count and tops[last] == expected:
            rank = (last - first + 1) * per_card + offset
            if rank > beat:
                found.append((first, last, rank))
            last += 1
            expected += step
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
        # equal_end[k], up_end[k], down_end[k]: the longest set, run up, run down ending at card k;
        # best_before[p]: the strongest show within tops[:p].  The longest set or run ending at a
        # card beats every shorter one there.
        self.equal_end = equal_end = [1] * count
        self.up_end = up_end = [1] * count
        self.down_end = down_end = [1] * count
        self.best_before = best_before = [NO_SHOW] * (count + 1)
        best = NO_SHOW
        for k in range(count):
            top = t[k]
            ending = SIZE + SET + top
            if k:
                step = top - t[k - 1]
                if step == 0:
                    equal = equal_end[k] = equal_end[k - 1] + 1
                    ending = equal * SIZE + SET + top
                elif step == 1:
                    up = up_end[k] = up_end[k - 1] + 1
                    ending = max(ending, up * SIZE + top - up + 1)
                elif step == -1:
                    down = down_end[k] = down_end[k - 1] + 1
                    ending = max(ending, down * SIZE + top)
            if ending > best:
                best = ending
            best_before[k + 1] = best
        # The same from the right: the longest set and runs starting at card k, and best_from[p],
        # the strongest show within tops[p:].
        self.equal_start = equal_start = [1] * count
        self.up_start = up_start = [1] * count
        self.down_start = down_start = [1] * count
        self.best_from = best_from = [NO_SHOW] * (count + 1)
        best = NO_SHOW
        for k in range(count - 1, -1, -1):
            top = t[k]
            starting = SIZE + SET + top
            if k + 1 < count:
                step = t[k + 1] - top
                if step == 0:
                    equal = equal_start[k] = equal_start[k + 1] + 1
                    starting = equal * SIZE + SET + top
                elif step == 1:
                    up = up_start[k] = up_start[k + 1] + 1
                    starting = max(starting, up * SIZE + top)
                elif step == -1:
                    down = down_start[k] = down_start[k + 1] + 1
                    starting = max(starting, down * SIZE + top - down + 1)
            if starting > best:
                best = starting
            best_from[k] = best

    def beats_with(self, value: int, position: int, beat: int) -> bool:
        """Whether, with a card showing `value` inserted before index `position`, a show beats `beat`."""
        if self.best_before[position] > beat or self.best_from[position] > beat:
            return True
        return self.best_with(value, position) > beat

    def positions_beating(self, value: int, beat: int) -> list[int]:
        """Insertion points (0 to the hand size) where a card showing `value` gives a show above `beat`."""
        count = len(self.tops)
        if SIZE + SET + value > beat:
            # The new card alone is such a show.
            return list(range(count + 1))
        # best_before rises and best_from falls with the position: the part left of a point beats
        # `beat` from `left_beats` on, the part right of it up to `right_beats`; between them only
        # a show through the new card can.
        best_before, best_from = self.best_before, self.best_from
        left_beats = bisect_right(best_before, beat)
        right_beats = count
        while right_beats >= 0 and best_from[right_beats] <= beat:
            right_beats -= 1
        if right_beats + 1 >= left_beats:
            return list(range(count + 1))
        positions = list(range(right_beats + 1))
        positions += [
            position
            for position in range(right_beats + 1, left_beats)
            if self.best_with(value, position) > beat
        ]
        positions += range(left_beats, count + 1)
        return positions

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
