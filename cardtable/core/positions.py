"""Reading JSON positions: every refusal names the place in the position and the reason.

A reader remembers every key it was asked for; once a game has read its
position, `refuse_unknown_keys` refuses any other key, naming it and the keys
allowed in its place, so that a misspelt key is never silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, overload

from cardtable.core.errors import OptionError, PositionError
from cardtable.core.jsonio import JSON, kind_of, read_json_file, spelt
from cardtable.core.options import OptionTable

_MISSING = object()
OptionsT = TypeVar("OptionsT")
ValueT = TypeVar("ValueT")
OtherT = TypeVar("OtherT")


def read_position_file(path: str) -> dict[str, JSON]:
    """The position in a file: a JSON object, `//` comments allowed (PositionError naming the file)."""
    data = read_json_file(path, PositionError, what="position", comments=True)
    if not isinstance(data, dict):
        raise PositionError(f"position {path!r}: a position is a JSON object ({{...}}), not {kind_of(data)}")
    return data


class PositionReader:
    """Reads one position (or a part of it), remembering where each card was seen."""

    def __init__(
        self,
        data: object,
        parse_card: Callable[[str], int | None],
        card_name: Callable[[int], str],
        seats: int,
        hint: str,
        identity: Callable[[int], int] = lambda card: card,
        prefix: str = "",
        seen: dict[int, str] | None = None,
    ) -> None:
        if not isinstance(data, dict):
            where = f"position {prefix.rstrip('.')}" if prefix else "position"
            raise PositionError(f"{where}: a position is a JSON object ({{...}}), not {kind_of(data)}")
        self.data = data
        self.parse_card = parse_card
        self.card_name = card_name
        self.seats = seats
        self.hint = hint
        self.identity = identity
        self.prefix = prefix
        #: Card identity -> where it was seen, shared by the readers of one position.
        self.seen: dict[int, str] = {} if seen is None else seen
        #: Every key asked for (the keys allowed here), and the readers of objects inside this one.
        self.asked: set[str] = set()
        self.children: list[PositionReader] = []

    def fail(self, where: str, reason: str) -> PositionError:
        """The error for a refused place."""
        return PositionError(f"position {self.prefix}{where}: {reason}")

    def sub(self, name: str) -> PositionReader:
        """A reader of the object under `name` (an empty one when it is left out)."""
        return self.reader_of(self.field(name, dict, {}), name)

    def reader_of(self, value: object, where: str) -> PositionReader:
        """A reader of an object found at `where` inside this one (an item of a list, say)."""
        if not isinstance(value, dict):
            raise self.fail(where, f"{value!r} should be a JSON object")
        child = PositionReader(
            value,
            self.parse_card,
            self.card_name,
            self.seats,
            self.hint,
            self.identity,
            f"{self.prefix}{where}.",
            self.seen,
        )
        self.children.append(child)
        return child

    def refuse_unknown_keys(self) -> None:
        """Refuse a key that no part of the reading asked for, here or in any object inside."""
        for key in self.data:
            if key not in self.asked:
                allowed = ", ".join(sorted(self.asked)) or "none"
                raise self.fail(str(key), f"unknown key; the keys allowed here are: {allowed}")
        for child in self.children:
            child.refuse_unknown_keys()

    def check_game(self, name: str) -> None:
        """Refuse a position written for another game (the `game` key may be left out)."""
        game = self.field("game", str, name)
        if game != name:
            raise self.fail("game", f"{game!r} is not {name}")

    @overload
    def field(self, name: str, kind: type[ValueT]) -> ValueT: ...
    @overload
    def field(self, name: str, kind: type[ValueT], default: ValueT) -> ValueT: ...
    @overload
    def field(self, name: str, kind: tuple[type[ValueT], type[OtherT]]) -> ValueT | OtherT: ...
    @overload
    def field(
        self, name: str, kind: tuple[type[ValueT], type[OtherT]], default: ValueT | OtherT
    ) -> ValueT | OtherT: ...
    # Anything else (three types, a default of another type): no overload says which.
    @overload
    def field(self, name: str, kind: tuple[type, ...], default: object = ...) -> Any: ...
    def field(self, name: str, kind: type | tuple[type, ...], default: object = _MISSING) -> Any:
        """The value under `name`, of the given type(s), or `default` when left out."""
        self.asked.add(name)
        if name not in self.data:
            if default is _MISSING:
                raise self.fail(name, "is missing")
            return default
        value = self.data[name]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise self.fail(name, f"{value!r} has the wrong type")
        return value

    def number(self, name: str, default: int, low: int, high: int | None = None) -> int:
        """An integer field within bounds."""
        value = self.field(name, int, default)
        if high is None and value < low:
            raise self.fail(name, f"{value} is below {low}")
        if high is not None and not low <= value <= high:
            raise self.fail(name, f"{value} is outside {low}..{high}")
        return int(value)

    def card(self, text: object, where: str) -> int:
        """A card, refused if it is not one or was already seen elsewhere."""
        card = self.parse_card(text) if isinstance(text, str) else None
        if card is None:
            raise self.fail(where, f"{text!r} is not a card ({self.hint})")
        key = self.identity(card)
        if key in self.seen:
            raise self.fail(where, f"{self.card_name(card)} appears twice (also at {self.seen[key]})")
        self.seen[key] = self.prefix + where
        return card

    def cards(self, value: object, where: str) -> tuple[int, ...]:
        """A list of cards."""
        if not isinstance(value, list):
            raise self.fail(where, "should be a list of cards")
        return tuple(self.card(text, f"{where}[{index}]") for index, text in enumerate(value))

    def seat(self, value: object, where: str) -> int:
        """A seat number (from 1) as a seat index."""
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= self.seats:
            raise self.fail(where, f"{spelt(value)} is not a seat (1 to {self.seats})")
        return value - 1

    def seats_from(self, name: str, fewest: int, most: int, entry: str) -> list[Any]:
        """The list under `name`, one `entry` per player, whose length sets the number of seats."""
        value: list[Any] = self.field(name, list)
        count = len(value)
        if not fewest <= count <= most:
            raise self.fail(name, f"give one {entry} per player, {fewest} to {most} of them, not {count}")
        # Readers of objects inside this one made from now on take the count with them.
        self.seats = count
        return value

    def per_seat(self, name: str, default: list[Any] | None = None) -> list[Any]:
        """A list with one entry per seat (each entry is the caller's to check, hence Any); None: required."""
        value: list[Any] = self.field(name, list) if default is None else self.field(name, list, default)
        if len(value) != self.seats:
            raise self.fail(name, f"should hold one entry per seat ({self.seats}), not {len(value)}")
        return value

    def seat_rows(self, name: str) -> tuple[tuple[int, ...], ...]:
        """Rows of one whole number per seat (each finished round's points, say); none when left out."""
        rows: list[Any] = self.field(name, list, [])
        for index, row in enumerate(rows):
            if (
                not isinstance(row, list)
                or len(row) != self.seats
                or any(isinstance(value, bool) or not isinstance(value, int) for value in row)
            ):
                raise self.fail(f"{name}[{index}]", f"should hold one whole number per seat ({self.seats})")
        return tuple(tuple(row) for row in rows)

    def options(self, table: OptionTable[OptionsT], given: OptionsT | None) -> OptionsT:
        """The options given by the caller, else the position's own: a preset, with options overriding it."""
        preset = self.field("preset", (str, type(None)), None)
        overrides = self.field("options", dict, {})
        if given is not None:
            return given
        try:
            return table.resolve(preset, overrides)
        except OptionError as error:
            raise PositionError(f"position options: {error}") from None

    def missing(self, deck: tuple[int, ...], where: str) -> None:
        """Refuse a position that places a card not in `deck`, or does not place one that is."""
        allowed = {self.identity(card) for card in deck}
        for key, place in self.seen.items():
            if key not in allowed:
                raise PositionError(f"position {place}: that card is not in play here")
        absent = [card for card in deck if self.identity(card) not in self.seen]
        if absent:
            names = " ".join(self.card_name(card) for card in absent)
            raise self.fail(
                where, f"the position holds {len(deck) - len(absent)} of {len(deck)} cards; missing: {names}"
            )
