"""Reading JSON from files, the command line and the network, within limits.

Every reader of outside data (positions, replays, deck files, saves, the
server's messages) goes through `parse_json`, so that one set of limits
holds everywhere: the size of the text, the depth of nesting, the length of
a number and of a string.  A text over a limit is refused with the error
type the caller names, saying where and why, before Python's own parser can
run out of stack or spend seconds on a huge integer.  Positions and other
hand-written files may carry `//` comments to the end of a line.
"""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from typing import TypeAlias

from cardtable.core.errors import CardtableError

#: Any JSON value, as `json.loads` returns it.
JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"

#: The largest text read as JSON (a long replay of FM is about 200 KB).
MAX_BYTES = 16 * 1024 * 1024
#: The deepest nesting of arrays and objects.
MAX_DEPTH = 32
#: The most digits in a number.
MAX_DIGITS = 30
#: The longest string.
MAX_STRING = 100_000


#: The parts of a JSON text that matter to the limits: strings, comments, brackets, line ends.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|//[^\n]*|[\[\]{}\n]')


def _scan(text: str, comments: bool, where: str, error: type[CardtableError]) -> str:
    """The text with `//` comments blanked, after checking nesting depth and string length."""
    depth = 0
    line = 1
    cut: list[tuple[int, int]] = []
    for token in _TOKENS.finditer(text):
        first = token.group()[0]
        if first == '"':
            if token.end() - token.start() > MAX_STRING:
                raise error(f"{where} line {line}: a string longer than {MAX_STRING:,} characters")
        elif first in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise error(f"{where} line {line}: nested deeper than {MAX_DEPTH} levels")
        elif first in "]}":
            depth -= 1
        elif first == "\n":
            line += 1
        elif comments:
            cut.append(token.span())
    if not cut:
        return text
    pieces = []
    previous = 0
    for start, end in cut:
        pieces += [text[previous:start], " " * (end - start)]
        previous = end
    pieces.append(text[previous:])
    return "".join(pieces)


def _number(text: str) -> int | float:
    digits = sum(char.isdigit() for char in text)
    if digits > MAX_DIGITS:
        raise ValueError(f"a number of {digits} digits (at most {MAX_DIGITS})")
    if text.lstrip("-").isdigit():
        return int(text)
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


def _constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(
    text: str, where: str, error: type[CardtableError], *, comments: bool = False
) -> JSON:
    """The JSON value in `text`, or `error` naming `where` and the reason."""
    if len(text) > MAX_BYTES:
        raise error(f"{where}: {len(text):,} characters is over the limit of {MAX_BYTES:,}")
    scanned = _scan(text, comments, where, error)
    try:
        value: JSON = json.loads(
            scanned, parse_int=_number, parse_float=_number, parse_constant=_constant
        )
    except json.JSONDecodeError as problem:
        raise error(f"{where} line {problem.lineno}: not JSON ({problem.msg})") from None
    except (ValueError, RecursionError) as problem:
        raise error(f"{where}: {problem}") from None
    return value


def read_json_file(
    path: str | os.PathLike[str], error: type[CardtableError], *, what: str = "file", comments: bool = False
) -> JSON:
    """The JSON value in a file, or `error` naming the file and the reason (unreadable, too big, not JSON)."""
    name = os.fspath(path)
    where = f"{what} {name!r}"
    try:
        size = Path(path).stat().st_size
        if size > MAX_BYTES:
            raise error(f"{where}: {size:,} bytes is over the limit of {MAX_BYTES:,}")
        text = Path(path).read_text(encoding="utf-8")
    except OSError as problem:
        raise error(f"cannot read {where}: {problem.strerror or problem}") from None
    except UnicodeDecodeError:
        raise error(f"{where} is not UTF-8 text") from None
    return parse_json(text, where, error, comments=comments)
