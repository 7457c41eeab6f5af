"""The terminal's screen: one screen redrawn in place on a terminal, plain lines anywhere else.

A `Screen` holds what the person should see: a status line, the board (and a
compact board for small terminals), the last events, the move menu and a
message.  `LiveScreen` (standard output is a terminal) draws all of it in the
alternate screen at each prompt, fitted to the terminal's size: the board
first (the compact one, or cropped with a note, when the full one leaves no
room), then the menu, and the events fill what is left, newest last, so the
prompt stays on the bottom line.  Long texts (the rules, the help, the full
move list) are paged and the board comes back.  `PlainScreen` (output to a
file or a pipe) prints each part once, as it is given, and never redraws.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.progress import BarColumn, Progress, TextColumn
from rich.rule import Rule
from rich.segment import Segment
from rich.text import Text

from cardtable.bots.ismcts import ReportsProgress
from cardtable.frontends.choices import MoveMenu

#: Events a plain screen lists at most, since the person's last decision.
PLAIN_EVENTS = 12
#: The fewest lines the menu gets on a live screen (its header and two rows).
MENU_LINES = 3
#: The most lines a short list of moves may ask for before the board (then compact) gives them up.
MENU_COMFORT = 5
#: The fewest lines the events get when there is room (the rule and one event).
LOG_LINES = 2
PAGER_KEYS = "Enter: more · b: back · q: to the game (or type a move)"

#: Reads a line after showing a prompt (EOFError or KeyboardInterrupt when the person is gone).
ReadLine = Callable[[str], str]


@dataclass(frozen=True)
class Fit:
    """How the last live screen fitted: its size, lines used, and whether the board was compact or cropped."""

    width: int
    height: int
    lines: int
    compact: bool
    cropped: bool


class Lines:
    """Lines of segments already laid out, printed as they are."""

    def __init__(self, lines: Sequence[Sequence[Segment]]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Each line, then a line break."""
        for line in self.lines:
            yield from line
            yield Segment.line()


class Screen:
    """What the person sees; the two kinds of screen share it and differ in when they draw."""

    #: Whether the screen is redrawn in place (a terminal).
    live = False

    def __init__(self, console: Console, read_line: ReadLine) -> None:
        self.console = console
        self.read_line = read_line
        self.status: RenderableType = Text()
        self.board: RenderableType | None = None
        self.compact: RenderableType | None = None
        #: The events to list, oldest first, and how many of the last ones are new to the viewer.
        self.events: Sequence[Text] = ()
        self.new_events = 0
        self.menu: MoveMenu | None = None
        self.messages: list[RenderableType] = []

    def open(self) -> None:
        """Take over the terminal (live screens)."""

    def close(self) -> None:
        """Give the terminal back (live screens)."""

    def set_table(
        self,
        status: RenderableType,
        board: RenderableType,
        compact: RenderableType | None,
        events: Sequence[Text],
        new_events: int,
    ) -> None:
        """The status line, the board and the events to show."""
        self.status, self.board, self.compact = status, board, compact
        self.events, self.new_events = events, new_events
        self.table_set()

    def table_set(self) -> None:
        """Called once a new table is set (a live screen draws it at the next prompt)."""

    def set_menu(self, menu: MoveMenu | None) -> None:
        """The moves to choose from (None: not the viewer's decision)."""
        self.menu = menu

    def say(self, message: RenderableType) -> None:
        """A message for the person: an error, an answer."""
        self.messages.append(message)

    def note(self, renderable: RenderableType) -> str | None:
        """An answer that may run long (`info`): a message if short, else paged (see `page`)."""
        self.say(renderable)
        return None

    def ask(self, prompt: str, redraw: bool = True) -> str:
        """The person's next line (a live screen is drawn first, unless `redraw` is False)."""
        return self.read_line(prompt)

    def page(self, renderable: RenderableType) -> str | None:
        """A long text; on a live screen, a line the person typed instead of paging on (else None)."""
        self.console.print(renderable)
        return None

    def handover(self, name: str) -> None:
        """Hand the terminal to another person (hot-seat): the screen is cleared before and after, and
        nothing of the last person's is drawn while the next one is asked for."""
        self.console.clear()
        self.read_line(f"Pass the terminal to {name}, then press Enter. ")
        self.console.clear()

    @contextmanager
    def thinking(self, name: str, bot: Any) -> Iterator[None]:
        """While a bot thinks."""
        yield


class PlainScreen(Screen):
    """Output to a file or a pipe: each part printed once, as it is given."""

    def table_set(self) -> None:
        """Print the board and the events new to the viewer (the last PLAIN_EVENTS of them)."""
        events, new_events = self.events, self.new_events
        self.console.print(self.status)
        self.console.print(self.board)
        fresh = list(events[len(events) - new_events :])[-PLAIN_EVENTS:] if new_events else []
        if fresh:
            self.console.print(Panel(Text("\n").join(fresh), title="what happened", title_align="left"))

    def set_menu(self, menu: MoveMenu | None) -> None:
        """Print every move, numbered."""
        super().set_menu(menu)
        if menu is not None:
            for line in menu.lines(self.console.width, None):
                self.console.print(line)

    def say(self, message: RenderableType) -> None:
        """Print the message now."""
        self.console.print(message)


class LiveScreen(Screen):
    """A terminal: the whole screen redrawn in place at each prompt, fitted to the terminal's size."""

    live = True

    def __init__(self, console: Console, read_line: ReadLine) -> None:
        super().__init__(console, read_line)
        #: How the last screen drawn fitted (for tests and for the person's own good).
        self.fit: Fit | None = None
        self.opened = False

    def open(self) -> None:
        """Switch to the alternate screen."""
        if not self.opened:
            self.opened = self.console.set_alt_screen(True)

    def close(self) -> None:
        """Back to the normal screen, as it was before."""
        if self.opened:
            self.console.set_alt_screen(False)
            self.opened = False

    def ask(self, prompt: str, redraw: bool = True) -> str:
        """Draw the screen (unless `redraw` is False), then read the person's line on its bottom line."""
        if redraw:
            self.draw()
            self.messages = []
        return self.read_line(prompt)

    def note(self, renderable: RenderableType) -> str | None:
        """A message if it takes at most a third of the screen, else a page (see `page`)."""
        width, height = self.console.size
        if len(self._render(renderable, width)) <= max(2, height // 3):
            self.say(renderable)
            return None
        return self.page(renderable)

    def draw(self, spare: int = 0) -> None:
        """Clear the terminal and draw the screen, leaving the bottom line (and `spare` more) free."""
        width, height = self.console.size
        lines = self.compose(width, height - spare)
        self.console.clear()
        self.console.print(Lines(lines), end="")

    def compose(self, width: int, height: int) -> list[list[Segment]]:
        """The screen's lines for a terminal of this size: at most `height - 1`, each within `width`."""
        room = max(1, height - 1)
        status = self._render(self.status, width)[:1]
        messages = self._render(Group(*self.messages), width) if self.messages else []
        # A message shares the screen with the moves; without moves (the end) it may take half.
        messages = messages[: max(2, room // 3 if self.menu is not None else room // 2)]
        avail = max(0, room - len(status) - len(messages))
        menu_least = MENU_LINES if self.menu is not None else 0
        log_least = LOG_LINES if self.events else 0
        board: list[list[Segment]] = self._render(self.board, width) if self.board is not None else []
        compact = cropped = False
        # The compact board is taken too when the full one would leave a short list of moves
        # (up to MENU_COMFORT lines) too little room to be listed whole.
        menu_wanted = max(menu_least, self._menu_comfort(width))
        if self.compact is not None and len(board) + menu_wanted + log_least > avail:
            board, compact = self._render(self.compact, width), True
        if len(board) + menu_least > avail:
            keep = max(0, avail - menu_least - 1)
            note = Text(f"(the board is cut: {width}x{height} is too small)", style="yellow")
            board, cropped = [*board[:keep], *self._render(note, width)[:1]], True
            board = board[: max(0, avail - menu_least)]
        left = avail - len(board)
        menu: list[list[Segment]] = []
        if self.menu is not None:
            # The events new to the viewer come before a long menu (which then goes in steps),
            # up to half the room left; a short menu (MENU_COMFORT lines) is listed whole before them.
            log_wanted = 0
            if self.events:
                log_wanted = min(max(log_least, 1 + self._new_event_lines(width)), left // 2)
                log_wanted = max(log_least, min(log_wanted, left - menu_wanted))
            budget = left - log_wanted if left - log_wanted >= menu_least else left
            menu = self._render(Group(*self.menu.lines(width, max(1, budget))), width)[: max(0, left)]
        log = self._log(width, left - len(menu))
        padding: list[list[Segment]] = [[] for _ in range(left - len(menu) - len(log))]
        lines = [*status, *board, *log, *padding, *menu, *messages]
        self.fit = Fit(width, height, len(lines), compact, cropped)
        return lines

    def _menu_comfort(self, width: int) -> int:
        """The lines the whole list of moves takes with its header, up to MENU_COMFORT (0: no moves)."""
        if self.menu is None:
            return 0
        return min(MENU_COMFORT, 1 + len(self.menu.lines(width, None)))

    def _new_event_lines(self, width: int) -> int:
        fresh = self.events[len(self.events) - self.new_events :] if self.new_events else []
        return sum(len(self._render(text, width)) for text in fresh)

    def _log(self, width: int, rows: int) -> list[list[Segment]]:
        """The newest events that fit in `rows` lines, under a rule; older ones dim."""
        if rows <= 0 or not self.events:
            return []
        body_rows = rows - 1 if rows >= LOG_LINES else rows
        picked: list[list[Segment]] = []
        first_new = len(self.events) - self.new_events
        for index in range(len(self.events) - 1, -1, -1):
            text = self.events[index]
            if index < first_new:
                text = text.copy()
                text.stylize("dim")
            lines = self._render(text, width)
            if len(picked) + len(lines) > body_rows:
                if not picked:
                    picked = lines[-body_rows:]
                break
            picked = lines + picked
        if rows >= LOG_LINES:
            rule = self._render(Rule("what happened", align="left", style="dim"), width)
            return rule + picked
        return picked

    def _render(self, renderable: RenderableType, width: int) -> list[list[Segment]]:
        options = self.console.options.update(width=width, height=None)
        return self.console.render_lines(renderable, options, pad=False)

    def page(self, renderable: RenderableType) -> str | None:
        """Show a long text a screenful at a time; the board comes back after it."""
        width, height = self.console.size
        lines = self._render(renderable, width)
        size = max(1, height - 1)
        pages = max(1, -(-len(lines) // size))
        number = 0
        while True:
            self.console.clear()
            self.console.print(Lines(lines[number * size : (number + 1) * size]), end="")
            prompt = f"page {number + 1}/{pages} · {PAGER_KEYS}: "
            answer = self.read_line(_fitted(prompt, width)).strip()
            if answer == "":
                if number + 1 >= pages:
                    return None
                number += 1
            elif answer.lower() == "b":
                number = max(0, number - 1)
            elif answer.lower() == "q":
                return None
            else:
                return answer

    @contextmanager
    def thinking(self, name: str, bot: Any) -> Iterator[None]:
        """Draw the table without a menu, and a bar of the bot's budget (a spinner if it has none)."""
        # The bar ends its line, so one line more is left free: the screen never scrolls.
        self.draw(spare=1)
        self.messages = []
        if isinstance(bot, ReportsProgress):
            bar = Progress(
                TextColumn(f"{name} is thinking"),
                BarColumn(),
                TextColumn("{task.fields[left]}"),
                console=self.console,
                transient=True,
            )
            task = bar.add_task("thinking", total=1.0, left="")

            def report(spent: float, budget: float, unit: str) -> None:
                if unit == "seconds":
                    left = f"{budget - spent:.1f} s left"
                else:
                    left = f"{spent:,.0f} of {budget:,.0f} iterations"
                bar.update(task, completed=spent, total=budget, left=left)

            bot.progress = report
            try:
                with bar:
                    yield
            finally:
                bot.progress = None
        else:
            with self.console.status(f"{name} is thinking…", spinner="dots"):
                yield


def _fitted(prompt: str, width: int) -> str:
    """The prompt cut to the terminal's width, so that it never wraps."""
    return prompt if len(prompt) < width else prompt[: max(1, width - 3)] + "…: "


def make_screen(console: Console, read_line: ReadLine, live: bool | None = None) -> Screen:
    """A live screen when the console is a terminal (or `live` says so), else a plain one."""
    if live is None:
        live = console.is_terminal and not console.is_dumb_terminal
    return LiveScreen(console, read_line) if live else PlainScreen(console, read_line)


def join_texts(parts: Iterable[Text | str], separator: str = "   ") -> Text:
    """Texts side by side on one line."""
    line = Text()
    for index, part in enumerate(parts):
        if index:
            line.append(separator)
        line.append_text(part if isinstance(part, Text) else Text(part))
    return line
