"""The terminal's `help`: its commands, a game's own words, the board's legend, the notation."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.frontends.registry import FrontEnd

#: The terminal's commands, as `help` lists them.
COMMANDS = (
    ("a number", "play that move from the list (or open that step of a long list)"),
    ("<notation>", "play a move written out (see below)"),
    ("back (b)", "the step before, in a list chosen in steps"),
    ("all (a)", "every legal move, numbered"),
    ("help", "this help"),
    ("info CARD", "what a card is and does"),
    ("log", "everything that happened in this game"),
    ("round [N]", "the last round's points, totals and ending (or round N's), in a game of rounds"),
    ("undo", "take back your last move and the bots' answers (against bots only)"),
    (
        "save FILE",
        "save the game (resume with: cardtable play GAME --resume FILE); until the game ends the file "
        "is sealed: only you can resume it or watch it, as your seat",
    ),
    ("rules", "the rules of the game"),
    ("resign", "give up: against one other seat the game ends; at a larger table a bot plays your seat on"),
    ("quit", "leave the game"),
)

BUDGETS = (
    "Bots: a tree-search bot's budget (ismcts:2 seconds, ismcts@500 iterations) is spent on every "
    "decision it makes, so a turn of several decisions takes several budgets; a bar shows what is left."
)


def help_page(front: FrontEnd, game: Any, view: Any, with_bots: bool) -> RenderableType:
    """The page `help` shows for a game's front end and the seat's view."""
    commands = Table.grid(padding=(0, 3, 0, 2))
    commands.add_column(no_wrap=True, style="cyan")
    commands.add_column()
    for word, meaning in (*COMMANDS, *((hint.word, hint.summary) for hint in front.hints)):
        commands.add_row(word, meaning)
    parts: list[RenderableType] = [Text("Commands:", style="bold"), commands]
    if front.legend is not None:
        parts += [Text("\nWhat you see:", style="bold"), Text(front.legend(view))]
    parts.append(Text("\n" + game.notation))
    if with_bots:
        parts.append(Text("\n" + BUDGETS))
    return Group(*parts)
