"""Reading a line at the terminal with the standard library's line editing (`readline`).

Where the platform has `readline` and the input is a terminal, the arrow keys,
Home and End edit the line being typed and the up arrow recalls earlier lines;
elsewhere (a pipe, a file, Windows without readline) a line is read as Rich
reads it.  The history is kept per person: at a hot-seat table the up arrow
must not recall the other player's moves, which may name a card set face down.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable
from types import ModuleType

from rich.console import Console


def _readline_module() -> ModuleType | None:
    """The standard library's readline, or None where the platform has none."""
    try:
        import readline
    except ImportError:
        return None
    return readline


class LineEditor:
    """Reads lines with editing and a history for each person; a `ReadLine` (called with the prompt)."""

    def __init__(self, console: Console, readline: ModuleType | None = None) -> None:
        self.console = console
        #: The readline module in use, or None: lines are then read by the console, unedited.
        self.readline = readline
        self.histories: dict[Hashable, list[str]] = {}
        self.owner: Hashable = None
        if readline is not None:
            # Lines are added by hand, to the history of the person who typed them.
            readline.set_auto_history(False)
            readline.clear_history()

    @classmethod
    def for_console(cls, console: Console) -> LineEditor:
        """An editor for this console: with readline when standard input and the console are a terminal."""
        interactive = sys.stdin.isatty() and console.is_terminal
        return cls(console, _readline_module() if interactive else None)

    def use_history_of(self, owner: Hashable) -> None:
        """The up arrow recalls `owner`'s lines from now on (a person's seat; None: the one person)."""
        if owner == self.owner:
            return
        self.owner = owner
        if self.readline is not None:
            self.readline.clear_history()
            for line in self.histories.get(owner, []):
                self.readline.add_history(line)

    def __call__(self, prompt: str) -> str:
        """The next line, typed after `prompt` (EOFError or KeyboardInterrupt when the person is gone)."""
        if self.readline is None:
            return self.console.input(prompt)
        # input() writes the prompt itself, so readline knows where the edited text begins.
        self.console.file.flush()
        line = input(prompt)
        typed = line.strip()
        history = self.histories.setdefault(self.owner, [])
        if typed and (not history or history[-1] != typed):
            history.append(typed)
            self.readline.add_history(typed)
        return line
