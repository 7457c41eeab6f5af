"""Choosing a move at the terminal: every legal move at once when they fit, else in steps.

Each move has a path of step labels (`("set 7♥", "on 2")`, from the game's
front end).  When the whole list fits the room the screen gives it, every
move is listed and numbered.  When it does not, the menu lists the first
steps ("set 7♥ …", "recycle Q♣ …", "end"); a number opens a step, `back`
goes up one, and a step that holds one move is that move.  The full list is
one word away (`all`), and the notation is always understood.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

#: Spaces between two columns of choices.
GAP = 3


@dataclass(frozen=True)
class Choice:
    """One line of the menu: its label, the moves under it (indexes into the legal list), and if it opens."""

    label: str
    moves: tuple[int, ...]
    opens: bool


def default_steps(text: str) -> tuple[str, ...]:
    """A move's steps from its notation alone: the first word, then the rest."""
    verb, _, rest = text.partition(" ")
    return (verb, rest) if rest else (verb,)


def did_you_mean(typed: str, candidates: Iterable[str]) -> str:
    """' Did you mean …?' with the candidates closest to what was typed, or '' if none is close."""
    close = difflib.get_close_matches(typed.strip().lower(), list(dict.fromkeys(candidates)), n=3, cutoff=0.6)
    if not close:
        return ""
    return " Did you mean " + " or ".join(repr(word) for word in close) + "?"


class MoveMenu:
    """The legal moves of one decision, listed whole or stepped, and what a typed number means."""

    def __init__(self, legal: Sequence[Any], paths: Sequence[tuple[str, ...]]) -> None:
        if len(legal) != len(paths):
            raise ValueError(f"{len(legal)} moves but {len(paths)} step paths")
        self.legal = list(legal)
        self.paths = [tuple(path) or ("?",) for path in paths]
        #: The steps taken so far (empty at the top).
        self.prefix: tuple[str, ...] = ()
        #: Whether the last lines drawn listed every move (so a number is a move's number).
        self.whole = True

    # -- what the menu holds --------------------------------------------------------------
    def full_labels(self) -> list[str]:
        """Every move's label, its steps joined."""
        return [" ".join(path) for path in self.paths]

    def choices(self) -> list[Choice]:
        """The choices under the steps taken so far, in the order of the legal moves."""
        depth = len(self.prefix)
        order: list[tuple[str, bool]] = []
        members: dict[tuple[str, bool], list[int]] = {}
        for index, path in enumerate(self.paths):
            if path[:depth] != self.prefix or len(path) <= depth:
                continue
            key = (path[depth], len(path) > depth + 1)
            if key not in members:
                order.append(key)
                members[key] = []
            members[key].append(index)
        result = []
        for label, opens in order:
            moves = tuple(members[(label, opens)])
            if opens and len(moves) == 1:
                # A step that holds one move is that move: shown whole.
                result.append(Choice(" ".join(self.paths[moves[0]][depth:]), moves, False))
            else:
                result.append(Choice(label, moves, opens))
        return result

    def _descend_single(self) -> None:
        """Open the only choice while there is one choice and it opens."""
        while True:
            choices = self.choices()
            if len(choices) == 1 and choices[0].opens:
                self.prefix += (choices[0].label,)
            else:
                return

    # -- what the person types ------------------------------------------------------------------
    def pick(self, number: int) -> Any | None:
        """The move numbered `number` on the lines last drawn, or None when it opened a step.

        Raises ValueError naming the numbers on offer when there is no such choice.
        """
        if self.whole:
            if not 1 <= number <= len(self.legal):
                raise ValueError(f"There is no move {number}; choose 1 to {len(self.legal)}.")
            return self.legal[number - 1]
        choices = self.choices()
        if not 1 <= number <= len(choices):
            raise ValueError(f"There is no choice {number}; choose 1 to {len(choices)} (or back, all).")
        choice = choices[number - 1]
        if not choice.opens:
            return self.legal[choice.moves[0]]
        self.prefix += (choice.label,)
        self._descend_single()
        return None

    def back(self) -> bool:
        """Go up one step; False when already at the top."""
        if not self.prefix:
            return False
        self.prefix = self.prefix[:-1]
        while self.prefix and len(self.choices()) == 1:
            self.prefix = self.prefix[:-1]
        return True

    # -- drawing ----------------------------------------------------------------------------
    def lines(self, width: int, rows: int | None) -> list[Text]:
        """The menu in at most `rows` lines of `width` cells (None: no limit, every move listed)."""
        everything = list(enumerate(self.full_labels(), 1))
        if rows is None:
            self.whole = True
            return _columns(everything, width)[0]
        flat, _ = _columns(everything, width)
        if not self.prefix and len(flat) + 1 <= rows:
            self.whole = True
            count = len(everything)
            return [Text(f"{count} move{'s' if count != 1 else ''}", style="dim"), *flat]
        self.whole = False
        self._descend_single()
        choices = self.choices()
        entries = [(number, _choice_label(choice)) for number, choice in enumerate(choices, 1)]
        body, _ = _columns(entries, width)
        if len(body) + 1 > rows:
            body, shown = _columns(entries, width, max_rows=max(0, rows - 2))
            more = Text(f"… {len(entries) - shown} more: type a for every move", style="yellow")
            body = [*body, more]
        header = self._header(len(choices))
        header.truncate(width, overflow="ellipsis")
        return [header, *body][: max(rows, 1)]

    def _header(self, count: int) -> Text:
        header = Text(no_wrap=True, overflow="ellipsis")
        if self.prefix:
            header.append(" › ".join(self.prefix) + " › ", style="bold")
            header.append("choose one · b: the step before · a: every move", style="dim")
        else:
            moves = len(self.legal)
            header.append(f"{moves} moves in {count} groups: pick a number, then the next step", style="dim")
            header.append(" · a: every move", style="dim")
        return header


def _choice_label(choice: Choice) -> str:
    return f"{choice.label} … ({len(choice.moves)})" if choice.opens else choice.label


def _columns(
    entries: Sequence[tuple[int, str]], width: int, max_rows: int | None = None
) -> tuple[list[Text], int]:
    """Numbered entries in columns of at most `width` cells, numbered down each column, and how many.

    With `max_rows` lines too few for them all, the first entries are laid
    out across the rows instead, so that the ones shown are the first.
    """
    if not entries:
        return [], 0
    number_width = len(str(entries[-1][0]))
    cells = [f"{number:>{number_width}} {label}" for number, label in entries]
    cell_width = max(len(cell) for cell in cells)
    columns = max(1, (width + GAP) // (cell_width + GAP))
    rows = math.ceil(len(cells) / columns)
    across = max_rows is not None and rows > max_rows
    if across:
        assert max_rows is not None
        rows = max_rows
        entries = entries[: rows * columns]
    else:
        columns = math.ceil(len(cells) / rows)
    lines = []
    for row in range(rows):
        line = Text(no_wrap=True, overflow="ellipsis")
        for column in range(columns):
            index = row * columns + column if across else column * rows + row
            if index >= len(entries):
                break
            if column:
                line.append(" " * GAP)
            number, label = entries[index]
            line.append(f"{number:>{number_width}} ", style="bold cyan")
            line.append(label.ljust(cell_width - number_width - 1) if column < columns - 1 else label)
        line.truncate(width, overflow="ellipsis")
        lines.append(line)
    return lines, len(entries)
