"""The machine-learning encoding of a game: one integer per possible action, one array per view.

An `Encoding` fixes, for one game, every possible action's integer id (the
game's interned `ACTIONS` table where it has one; a game with no table of
its actions numbers its legal actions of the moment) and the layout of the
observation: a flat float32 array built from a seat's view alone, its parts
named in a `Layout` so that docs/rl.md and the code cannot drift apart.
Seats in an observation are counted from the observer (0 is the observer,
1 the next seat round the table, ...) and padded to the game's largest
table, so one layout serves every table size.

A game's own encoding is the `ENCODING` of the module its declaration names
(`Game.encoding`, in the game's folder); a game that names none has the
generic one (`cardtable.bots.learned.generic`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeAlias, cast

import numpy as np
import numpy.typing as npt

from cardtable.core.errors import UnknownNameError

if TYPE_CHECKING:
    from cardtable.bots.learned.observer import Observer

Observation = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Section:
    """A named run of an observation's entries: where it starts, how long it is, what it holds.

    Every entry lies in [0, 1], or in [-1, 1] for a signed part; counts are
    divided by a scale and capped at 1.
    """

    name: str
    start: int
    size: int
    meaning: str
    signed: bool = False


class Layout:
    """The parts of an observation, in order; `layout.hand` is the offset of the part named `hand`."""

    def __init__(self, parts: Iterable[tuple[str, int, str] | tuple[str, int, str, bool]]) -> None:
        sections: list[Section] = []
        start = 0
        for name, size, meaning, *signed in parts:
            if size <= 0 or any(section.name == name for section in sections):
                raise ValueError(f"layout part {name!r}: a name used once, with a positive size")
            sections.append(Section(name, start, size, meaning, bool(signed and signed[0])))
            start += size
        self.sections = tuple(sections)
        self.size = start
        self._offsets = {section.name: section.start for section in sections}
        for section in sections:
            if section.name in vars(self) or hasattr(Layout, section.name):
                raise ValueError(f"layout part {section.name!r}: the name of a layout's own attribute")
            # An attribute of its own: encoders read offsets in their inner loops, where a
            # `__getattr__` call per read cost the duel's observation a tenth of its time.
            setattr(self, section.name, section.start)

    def __getattr__(self, name: str) -> int:
        # Reached only for names that are not attributes.  `_offsets` is read from the instance's own
        # dict: while copy or pickle rebuild a layout it is not there yet, and looking it up by
        # attribute would come back here forever.
        offsets = self.__dict__.get("_offsets")
        if offsets is None or name not in offsets:
            raise AttributeError(f"no layout part {name!r}")
        offset: int = offsets[name]
        return offset

    def lowest(self) -> Observation:
        """Each entry's least value: -1 in signed parts, else 0 (every entry's greatest is 1)."""
        low = np.zeros(self.size, dtype=np.float32)
        for section in self.sections:
            if section.signed:
                low[section.start : section.start + section.size] = -1.0
        return low

    def section(self, name: str) -> Section:
        """The part called `name`."""
        return self.sections[[section.name for section in self.sections].index(name)]

    def markdown(self) -> str:
        """The layout as a Markdown table: entries, part, meaning."""
        rows = ["| entries | part | meaning |", "|---|---|---|"]
        for section in self.sections:
            last = section.start + section.size - 1
            where = str(section.start) if section.size == 1 else f"{section.start}-{last}"
            meaning = section.meaning + (" (signed: -1 to 1)" if section.signed else "")
            rows.append(f"| {where} | `{section.name}` | {meaning} |")
        return "\n".join(rows) + "\n"


@dataclass(frozen=True, eq=False)
class Encoding:
    """A game's fixed action ids and observation layout."""

    game: str
    #: Every possible action, its index its id.
    actions: tuple[Any, ...]
    layout: Layout
    #: The observation of a view: a new float32 array of `layout.size` entries.
    observe: Callable[[Any], Observation]
    #: How the ids are laid out, for people (docs/rl.md).
    action_doc: str
    #: `observe(game.view(state, seat))` without building the view, where a game has it (faster; equal).
    observe_state: Callable[[Any, int], Observation] | None = None
    #: With no table of actions (`actions` empty): how many legal actions the ids can number, id k the
    #: k-th legal action of the moment in the rules' order (0: the ids are the table's).
    legal_slots: int = 0
    #: A new `Observer` (`observer.py`) of the game's states, where the game names its observation's
    #: parts: each seat's observation kept, rewritten where an action changed what it reads (faster; equal).
    observer: Callable[[], Observer] | None = None
    #: Id by action value, for actions that are not the table's own objects.
    _by_value: dict[Any, int] = field(init=False, repr=False)
    #: Id by object identity: rules hand out the table's own (interned) objects, so this is the fast path.
    _by_identity: dict[int, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_value", {action: index for index, action in enumerate(self.actions)})
        object.__setattr__(
            self, "_by_identity", {id(action): index for index, action in enumerate(self.actions)}
        )

    def __reduce__(self) -> tuple[Callable[[str], Encoding], tuple[str]]:
        # Copied or unpickled, an encoding is the game's own: `_by_identity` is keyed by the addresses of
        # the game's interned actions, which a copy of the table would not have.
        return encoding_for, (self.game,)

    @property
    def action_count(self) -> int:
        """How many ids there are (the size of the discrete action space)."""
        return self.legal_slots or len(self.actions)

    @property
    def observation_size(self) -> int:
        """How many entries an observation has."""
        return self.layout.size

    def action_id(self, action: object) -> int:
        """The integer id of an action (ValueError naming it if it is not one of this game's)."""
        if self.legal_slots:
            raise ValueError(f"{self.game}'s ids number the legal actions of the moment: see action_ids")
        index = self._by_identity.get(id(action))
        if index is None:
            index = self._by_value.get(action)
            if index is None:
                raise ValueError(f"{action!r} is not a {self.game} action")
        return index

    def action_ids(self, legal: Sequence[object]) -> list[int]:
        """The ids of legal actions, in the rules' order."""
        if self.legal_slots:
            if len(legal) > self.legal_slots:
                raise ValueError(
                    f"{len(legal)} legal actions, more than the {self.legal_slots} ids of {self.game}'s "
                    "encoding: the game should declare its action_list"
                )
            return list(range(len(legal)))
        try:
            # The rules' own (interned) objects, looked up by identity in C loops: the environments'
            # path at every step.
            return list(map(self._by_identity.__getitem__, map(id, legal)))
        except KeyError:
            # An action that is not the table's own object (equal to one of them): found by value.
            return [self.action_id(action) for action in legal]

    def action_of(self, action_id: int, legal: Sequence[object]) -> object | None:
        """The action an id in range stands for now (`legal`: the legal actions), or None if none does."""
        if self.legal_slots:
            return legal[action_id] if action_id < len(legal) else None
        action: object = self.actions[action_id]
        return action

    def mask(self, legal: Sequence[object]) -> npt.NDArray[np.int8]:
        """A 0/1 array over every id, 1 where the action is legal."""
        mask = np.zeros(self.action_count, dtype=np.int8)
        mask[self.action_ids(legal)] = 1
        return mask


def encoding_for(game: str) -> Encoding:
    """The encoding of the game called `game`: the game's own, else the generic one (UnknownNameError if
    there is no such game)."""
    from cardtable.games import get_game

    try:
        rules = get_game(game)
    except UnknownNameError as error:
        raise UnknownNameError(f"no machine-learning encoding for {game!r}: {error}") from None
    if rules.encoding is None:
        from cardtable.bots.learned.generic import generic_encoding

        return generic_encoding(rules)
    encoding: Encoding = import_module(rules.encoding).ENCODING
    return encoding


def relative_seats(observer: int, seats: int) -> list[int]:
    """The table's seats in the observer's order: the observer first, then round the table."""
    return [(observer + offset) % seats for offset in range(seats)]


#: An observation being filled in: float32 entries seen through a memoryview.  Writing one entry through
#: a memoryview costs about half what writing it into an `array('f')` does (which parses a format string
#: for every item) and a third of numpy's; the value stored is the same (the double cast to float).
Entries: TypeAlias = "memoryview[float]"
#: A run of entries kept to be copied into observations (a slice assignment): an `array('f')`.
Block: TypeAlias = "array[float]"


def capped(value: float) -> float:
    """A scaled count, capped at 1 (a part's greatest value)."""
    return value if value < 1.0 else 1.0


def clamped(value: float) -> float:
    """A scaled signed number, kept within -1 and 1."""
    return -1.0 if value < -1.0 else value if value < 1.0 else 1.0


def new_entries(layout: Layout) -> Entries:
    """Entries of zeros, to be filled in."""
    return memoryview(bytearray(4 * layout.size)).cast("f")


def new_block(size: int) -> Block:
    """A run of `size` zeros, to be filled in and kept."""
    return array("f", bytes(4 * size))


def block_of(entries: Entries, start: int, stop: int) -> Block:
    """A copy of the entries from `start` up to `stop`, to be kept."""
    return array("f", entries[start:stop].tobytes())


def finished(entries: Entries) -> Observation:
    """The filled-in entries as a numpy array (sharing their memory: the entries are not used again)."""
    # The bytes under the entries (`new_entries` made them): numpy reads a memoryview of floats as well,
    # but its annotations take only a memoryview of bytes.
    return np.frombuffer(cast(bytearray, entries.obj), dtype=np.float32)
