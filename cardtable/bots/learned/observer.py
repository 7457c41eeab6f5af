"""Observations kept from one position to the next, each part rewritten only when what it reads changed.

A game whose observation is read from its state (`Encoding.observe_state`)
can name the parts of that reading (`Part`): a run of entries, what they are
read from (the `key`, a few of the state's fields), and how they are filled
in.  An `Observer` keeps each seat's last observation; at the next position
it compares each part's key with the one it filled the part from and fills
in again only the parts whose key changed.  States share the fields an
action leaves alone (they are never changed in place), so most keys are the
very same objects and the comparison is one identity test.  Keys are
compared by value too: a part whose fields are equal holds the same entries,
whatever happened in between, so an observation never depends on the order
in which positions were observed.

A part may also say how to bring its entries from one key to the next
(`update`) instead of being cleared and filled in again: a hand or a pile
that changed by a card or two has that card or two written, a part of every
seat has only the rows of the seats that changed written again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.bots.learned.encoding import Entries, Layout, Observation, finished, new_entries

#: Runs of entries, each from its start up to (not including) its stop.
Spans = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Part:
    """Runs of an observation's entries, what they are read from, and how they are filled in.

    `fill(entries, state, seat)` writes only within `spans`, into entries that are 0 there; what it
    writes depends on nothing but `key(state)` (some of the state's fields; `key(state, seat)` when
    `by_seat`) and the seat.  A part whose key is None is filled in at every position.

    `update(entries, old, new, seat)`, where a part has one, turns the part's entries as filled in for
    the key `old` into those of the key `new` (the same seat), writing only within `spans`: the entries
    afterwards equal the fill's for `new` on zeros.
    """

    spans: Spans
    key: Callable[..., object] | None
    fill: Callable[[Entries, Any, int], None]
    #: Whether the key is read for a seat, `key(state, seat)` (a part of the seat's own, its hand).
    by_seat: bool = False
    update: Callable[[Entries, Any, Any, int], None] | None = None


def sections(layout: Layout, first: str, last: str | None = None) -> Spans:
    """The entries of the layout's parts from `first` to `last` (just `first` when None), as one span."""
    start = layout.section(first).start
    end = layout.section(last or first)
    return ((start, end.start + end.size),)


def update_cards(out: Entries, base: int, old: Sequence[int], new: Sequence[int]) -> None:
    """Entries `base + card` holding 1 for each card of `old` turned into those of `new`.

    A pile that grew at its end has only its new cards written; otherwise the old cards are cleared and
    the new ones written.
    """
    count = len(old)
    if len(new) >= count and new[:count] == old:
        for card in new[count:]:
            out[base + card] = 1.0
        return
    for card in old:
        out[base + card] = 0.0
    for card in new:
        out[base + card] = 1.0


def observe_parts(layout: Layout, parts: Sequence[Part]) -> Callable[[Any, int], Observation]:
    """The whole observation, every part filled in: the `observe_state` the parts make."""

    def observe_state(state: Any, seat: int) -> Observation:
        entries = new_entries(layout)
        for part in parts:
            part.fill(entries, state, seat)
        return finished(entries)

    return observe_state


#: No key a part has had yet: equal to none.
_NOTHING = object()


class Observer:
    """Each seat's observation of the positions handed to it, parts rewritten when their keys change."""

    def __init__(self, layout: Layout, parts: Sequence[Part]) -> None:
        self._layout = layout
        zeros = new_entries(layout)
        # Each span with zeros of its length, made once: what clears it before its part is filled in.
        self._parts = tuple(
            (
                tuple((start, stop, zeros[start:stop]) for start, stop in part.spans),
                part.key,
                part.fill,
                part.by_seat,
                part.update,
            )
            for part in parts
        )
        #: Each seat's entries, a numpy array of their memory (copied to hand out), the parts' keys.
        self._seats: dict[int, tuple[Entries, Observation, list[object]]] = {}

    def observe(self, state: Any, seat: int) -> Observation:
        """The seat's observation of `state` (a new array, equal to `observe_state(state, seat)`)."""
        kept = self._seats.get(seat)
        if kept is None:
            entries = new_entries(self._layout)
            kept = self._seats[seat] = (entries, finished(entries), [_NOTHING] * len(self._parts))
        entries, shared, keys = kept
        try:
            for index, (spans, key, fill, by_seat, update) in enumerate(self._parts):
                if key is not None:
                    now = key(state, seat) if by_seat else key(state)
                    last = keys[index]
                    if now is last or now == last:
                        continue
                    keys[index] = now
                    if update is not None and last is not _NOTHING:
                        update(entries, last, now, seat)
                        continue
                for start, stop, zeros in spans:
                    entries[start:stop] = zeros
                fill(entries, state, seat)
        except BaseException:
            # A part left half filled in: this seat's observation starts afresh next time.
            del self._seats[seat]
            raise
        return shared.copy()

    def again(self, seat: int) -> Observation:
        """The seat's last observation again (a new array), the position unchanged since."""
        return self._seats[seat][1].copy()
