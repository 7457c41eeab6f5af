"""Input limits, in one place, and reading JSON from files, the command line and the network within them.

Every reader of outside data (positions, replays, deck files, saves, the
server's messages) goes through `parse_json`, so that one set of limits
holds everywhere: the size of the text, the depth of nesting, the items in a
list or object, the length of a number and of a string.  A text over a limit
is refused with the error type the caller names, saying where (the line) and
why, before Python's own parser can run out of stack or spend seconds on a
huge integer.  Positions and other hand-written files may carry `//`
comments to the end of a line.

The limits of values given on the command line (search budgets, games,
processes, seeds, option numbers) live here too; docs/limits.md lists every
limit and why it is what it is.
"""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from typing import TypeAlias

from cardtable.core.errors import CardtableError
from cardtable.core.paths import path_error

#: Any JSON value, as `json.loads` returns it.
JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"

# -- limits of JSON texts ---------------------------------------------------------------------------
#: The largest text read as JSON (a long replay of FM is about 200 KB).
MAX_BYTES = 16 * 1024 * 1024
#: The deepest nesting of arrays and objects.
MAX_DEPTH = 32
#: The most items in one array or object (a deck holds 40 cards, the FM card list 722).
MAX_ITEMS = 10_000
#: The most digits in a number.
MAX_DIGITS = 30
#: The longest string.
MAX_STRING = 100_000

# -- limits of values given on the command line ----------------------------------------------------
#: The longest a tree search may think about one move, in seconds.
MAX_SEARCH_SECONDS = 3600
#: The most iterations a tree search may run for one move.
MAX_SEARCH_ITERATIONS = 10_000_000
#: The most games one `simulate` run, or one arena, may play.
MAX_GAMES = 1_000_000
#: The most worker processes a run may start.
MAX_JOBS = 256
#: The largest seed (seeds run from 0): 63 bits, as the seeds the engine derives.
MAX_SEED = 2**63 - 1
#: The largest value of a whole-number rule option that names no maximum of its own.
MAX_OPTION_NUMBER = 1_000_000


#: The parts of a JSON text that matter to the limits: strings, comments, brackets, commas, numbers,
#: line ends.
_TOKENS = re.compile(r'"(?:[^"\\\n]|\\.)*"?|//[^\n]*|[\[\]{},\n]|-?[0-9][0-9.eE+-]*')


def _scan(text: str, comments: bool, where: str, first_line: int, error: type[CardtableError]) -> str:
    """The text with `//` comments blanked, after checking it against every limit of a JSON text."""
    items: list[int] = []  # the items seen so far in each array or object open, innermost last
    line = first_line
    cut: list[tuple[int, int]] = []
    for token in _TOKENS.finditer(text):
        first = token.group()[0]
        if first == '"':
            if token.end() - token.start() > MAX_STRING:
                raise error(f"{where} line {line}: a string longer than {MAX_STRING:,} characters")
        elif first in "[{":
            items.append(1)
            if len(items) > MAX_DEPTH:
                raise error(f"{where} line {line}: nested deeper than {MAX_DEPTH} levels")
        elif first in "]}":
            if items:
                items.pop()
        elif first == ",":
            if items:
                items[-1] += 1
                if items[-1] > MAX_ITEMS:
                    raise error(f"{where} line {line}: more than {MAX_ITEMS:,} items in one list or object")
        elif first == "\n":
            line += 1
        elif first == "/":
            if comments:
                cut.append(token.span())
        else:
            _check_number(token.group(), f"{where} line {line}", error)
    if not cut:
        return text
    pieces = []
    previous = 0
    for start, end in cut:
        pieces += [text[previous:start], " " * (end - start)]
        previous = end
    pieces.append(text[previous:])
    return "".join(pieces)


def _check_number(text: str, where: str, error: type[CardtableError]) -> None:
    digits = sum(char.isdigit() for char in text)
    if digits > MAX_DIGITS:
        raise error(f"{where}: a number of {digits} digits (at most {MAX_DIGITS})")
    if not text.lstrip("-").isdigit():
        try:
            value = float(text)
        except ValueError:
            return  # not a number after all: the parser says what is wrong
        if not math.isfinite(value):
            raise error(f"{where}: {text} is too large a number")


def _constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


class DuplicateKeyError(ValueError):
    """An object names the same key twice (json.loads would keep the last, silently)."""


def _object(pairs: list[tuple[str, JSON]]) -> dict[str, JSON]:
    made: dict[str, JSON] = {}
    for key, value in pairs:
        if key in made:
            raise DuplicateKeyError(f"the key {key!r} is given twice in one object")
        made[key] = value
    return made


def parse_json(
    text: str, where: str, error: type[CardtableError], *, comments: bool = False, first_line: int = 1
) -> JSON:
    """The JSON value in `text`, or `error` naming `where`, the line and the reason.

    `first_line` is the number of the text's first line where it came from (a line of a replay, say).
    """
    if len(text) > MAX_BYTES:
        raise error(f"{where}: {len(text):,} characters is over the limit of {MAX_BYTES:,}")
    scanned = _scan(text, comments, where, first_line, error)
    try:
        value: JSON = json.loads(scanned, parse_constant=_constant, object_pairs_hook=_object)
    except json.JSONDecodeError as problem:
        line = first_line + problem.lineno - 1
        raise error(f"{where} line {line}: not JSON ({problem.msg})") from None
    except (ValueError, RecursionError) as problem:
        # The limits keep these out; this is the last guard, should a text slip past the scan.
        raise error(f"{where}: {problem}") from None
    return value


def read_text_file(path: str | os.PathLike[str], error: type[CardtableError], what: str = "file") -> str:
    """The text of a file, or `error` naming the file and the reason (unreadable, too big, not UTF-8)."""
    name = os.fspath(path)
    try:
        size = Path(path).stat().st_size
        if size > MAX_BYTES:
            raise error(f"{what} {name!r}: {size:,} bytes is over the limit of {MAX_BYTES:,}")
        return Path(path).read_text(encoding="utf-8")
    except OSError as problem:
        raise path_error(error, f"read {what}", path, problem) from None
    except UnicodeDecodeError:
        raise error(f"{what} {name!r} is not UTF-8 text") from None


def read_json_file(
    path: str | os.PathLike[str], error: type[CardtableError], *, what: str = "file", comments: bool = False
) -> JSON:
    """The JSON value in a file, or `error` naming the file and the reason (unreadable, too big, not JSON)."""
    text = read_text_file(path, error, what)
    return parse_json(text, f"{what} {os.fspath(path)!r}", error, comments=comments)


def kind_of(value: object) -> str:
    """A JSON value's kind in words, for messages: `an object`, `a list`, `a string`, `null`, ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def spelt(value: object) -> str:
    """A value as a JSON file spells it, for messages (`true`, `null`, `"text"`, `[1, 2]`: a person
    reading about their file should not meet Python's True or None), cut short past 60 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    # Nothing a file holds may reach a terminal as a control code (C1 controls, bidi overrides).
    text = "".join(char if char.isprintable() else f"\\u{ord(char):04x}" for char in text)
    return text if len(text) <= 60 else text[:57] + "..."
