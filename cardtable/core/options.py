"""Rule options as data: a named value with a default, a description and its source.

A game declares its options once, in an `OptionTable`, next to a frozen
dataclass whose fields carry the resolved values.  Presets are columns of the
table: an option names its value under each preset that differs from nothing
in particular, and a preset takes, for every option, its value there (or the
default).  Rules pages are generated from this table, never written twice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeAlias, TypeVar

from cardtable.core.errors import OptionError
from cardtable.core.jsonio import JSON, MAX_OPTION_NUMBER, spelt

#: The most digits an option's number is read with (far past every bound, well inside int()'s own limit).
MOST_OPTION_DIGITS = 1000

OptionsT = TypeVar("OptionsT")
#: The value of one option: a switch, a number, a choice among words, or None ("unlimited").
OptionValue: TypeAlias = bool | int | str | None

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_NONE = {"none", "unlimited", "null"}


@dataclass(frozen=True)
class Option:
    """One rule variant: its name, default, meaning, source and each preset's value."""

    name: str
    default: OptionValue
    description: str
    source: str
    presets: Mapping[str, OptionValue] = field(default_factory=dict)
    #: Allowed values, when the option is a choice among a few.
    choices: tuple[OptionValue, ...] | None = None
    #: Inclusive bounds for an integer option.
    minimum: int | None = None
    maximum: int | None = None
    #: Whether None ("unlimited") is allowed for an integer option.
    allow_none: bool = False
    #: Extra check returning a reason when a value is refused, else None; it is given a value of the
    #: default's own type (whichever of OptionValue's that is), hence Any.
    check: Callable[[Any], str | None] | None = None

    def validate(self, value: object) -> OptionValue:
        """Return the value if allowed (converting text), else raise OptionError."""
        if isinstance(value, str) and not isinstance(self.default, str):
            value = self._from_text(value)
        if value is None:
            if self.allow_none:
                return None
            raise OptionError(f"option {self.name}: a value is required, not None")
        kind = type(self.default) if self.default is not None else int
        if (
            (kind is int and isinstance(value, bool))
            or not isinstance(value, kind)
            # Always true of a value of the default's kind; spelt out for the type checker.
            or not isinstance(value, (bool, int, str))
        ):
            wanted = {bool: "true or false", int: "a whole number", str: "text"}.get(kind, kind.__name__)
            raise OptionError(f"option {self.name}: {spelt(value)} is not {wanted}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(spelt(choice) for choice in self.choices)
            raise OptionError(f"option {self.name}: {spelt(value)} is not one of {allowed}")
        # The bounds are those of an integer option.
        if self.minimum is not None and isinstance(value, int) and value < self.minimum:
            raise OptionError(f"option {self.name}: {value!r} is below {self.minimum}")
        if self.maximum is not None and isinstance(value, int) and value > self.maximum:
            raise OptionError(f"option {self.name}: {value!r} is above {self.maximum}")
        if self.maximum is None and isinstance(value, int) and abs(value) > MAX_OPTION_NUMBER:
            raise OptionError(f"option {self.name}: {value!r} is beyond the limit of {MAX_OPTION_NUMBER:,}")
        if self.check is not None:
            reason = self.check(value)
            if reason:
                raise OptionError(f"option {self.name}: {value!r} refused: {reason}")
        return value

    def _from_text(self, text: str) -> OptionValue:
        lowered = text.strip().lower()
        if self.allow_none and lowered in _NONE:
            return None
        if isinstance(self.default, bool):
            if lowered in _TRUE:
                return True
            if lowered in _FALSE:
                return False
            raise OptionError(f"option {self.name}: {text!r} is not true or false")
        if isinstance(self.default, int) or self.default is None:
            # ASCII digits with an optional sign: int() would also take '٣' and '1_000'.
            sign, digits = (-1, lowered[1:]) if lowered.startswith("-") else (1, lowered)
            if not (digits and digits.isascii() and digits.isdigit()):
                raise OptionError(f"option {self.name}: {text!r} is not a whole number")
            if len(digits) > MOST_OPTION_DIGITS:
                # int() refuses texts of thousands of digits; any of them is past every bound anyway.
                raise OptionError(
                    f"option {self.name}: a number of {len(digits):,} digits is beyond the limit of "
                    f"{MAX_OPTION_NUMBER:,}"
                )
            return sign * int(digits)
        return text

    def show(self, value: OptionValue) -> str:
        """The value as written in docs and on the command line."""
        if value is None:
            return "unlimited"
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)


class OptionTable(Generic[OptionsT]):
    """A game's options, resolved into the game's frozen options dataclass."""

    def __init__(
        self,
        values_type: type[OptionsT],
        options: Iterable[Option],
        presets: Mapping[str, str],
    ) -> None:
        self.values_type = values_type
        self.options: dict[str, Option] = {option.name: option for option in options}
        #: Preset name -> one-line description.
        self.presets = dict(presets)
        #: The options dataclass's field names, in its order.
        self._fields = tuple(f.name for f in dataclasses.fields(values_type))  # type: ignore[arg-type]
        if sorted(self._fields) != sorted(self.options):
            raise TypeError(f"option table and {values_type.__name__} disagree")
        for option in self.options.values():
            option.validate(option.default)
            for preset, value in option.presets.items():
                if preset not in self.presets:
                    raise TypeError(f"option {option.name} names unknown preset {preset}")
                option.validate(value)

    def default(self) -> OptionsT:
        """The default options."""
        return self.resolve()

    def resolve(self, preset: str | None = None, overrides: Mapping[str, object] | None = None) -> OptionsT:
        """Options of a preset (or the default) with some options overridden."""
        if preset is not None and preset not in self.presets:
            if not self.presets:
                raise OptionError(f"unknown preset {preset!r}; this game has no presets")
            known = ", ".join(sorted(self.presets))
            raise OptionError(f"unknown preset {preset!r}; known presets: {known}")
        values = {
            name: option.presets.get(preset, option.default) if preset else option.default
            for name, option in self.options.items()
        }
        for name, value in (overrides or {}).items():
            if name not in self.options:
                known = ", ".join(sorted(self.options))
                raise OptionError(f"unknown option {name!r}; known options: {known}")
            values[name] = self.options[name].validate(value)
        return self.values_type(**values)

    def parse_assignments(self, assignments: Iterable[str]) -> dict[str, OptionValue]:
        """Read `name=value` texts (as given on the command line) into overrides."""
        overrides: dict[str, OptionValue] = {}
        for text in assignments:
            name, sep, value = text.partition("=")
            name = name.strip()
            if not sep or not name:
                raise OptionError(f"option {text!r} is not of the form name=value")
            if name not in self.options:
                known = ", ".join(sorted(self.options))
                raise OptionError(f"unknown option {name!r}; known options: {known}")
            overrides[name] = self.options[name].validate(value)
        return overrides

    def to_dict(self, values: OptionsT) -> dict[str, JSON]:
        """Resolved options as a plain dict (for replays and positions)."""
        return {name: getattr(values, name) for name in self._fields}

    def from_dict(self, data: object, where: str = "options") -> OptionsT:
        """Options read back from a dict, checking every name and value."""
        if not isinstance(data, Mapping):
            raise OptionError(f"{where}: expected an object of option values")
        return self.resolve(overrides=data)

    def markdown(self) -> str:
        """The option table as Markdown, one row per option, one column per preset."""
        presets = list(self.presets)
        head = ["option", "default", *presets, "meaning", "source"]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for option in self.options.values():
            cells = [f"`{option.name}`", f"`{option.show(option.default)}`"]
            for preset in presets:
                value = option.presets.get(preset, option.default)
                cells.append(f"`{option.show(value)}`")
            cells += [option.description, option.source]
            lines.append("| " + " | ".join(cells) + " |")
        if self.presets:
            lines += ["", "Presets:", ""]
            lines += [f"- `{preset}`: {description}" for preset, description in self.presets.items()]
        return "\n".join(lines) + "\n"
