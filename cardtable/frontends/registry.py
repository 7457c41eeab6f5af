"""Each game's terminal front end, looked up by the game's name in one table.

A front end module registers a `FrontEnd` at its foot: the board that draws
the game's view (and a compact one for small terminals), how its events and
moves read, its legend, card information and hints, and, for games whose
applications set up more than seats and options (the Forbidden Memories
duelists, decks and campaign), a play set-up and commands of their own.
Everything but the board has a plain default.  The command line and the
terminal game ask this table and never branch on a game's name.  Modules are
imported when their game is first asked for; the commands a front end adds
are named in a table of their own, so that `cardtable --help` lists them
without importing it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from rich.console import RenderableType

    from cardtable.core.match import Match
    from cardtable.core.players import Bot

#: The front end module of each shipped game.
MODULES = {
    "drump": "cardtable.games.drump.screen",
    "scout": "cardtable.games.scout.screen",
    "dnup": "cardtable.games.dnup.screen",
    "fm": "cardtable.games.fm.terminal",
}

#: The commands the front ends add to `cardtable`: each command's game, and its help's first sentence
#: (tests/test_cli_imports.py checks this against the front ends' own commands).
FRONT_END_COMMANDS = {
    "campaign": ("fm", "The Forbidden Memories campaign: duel the 39 duelists, win cards, build your deck."),
    "deck": ("fm", "Forbidden Memories decks: check, make and show deck files, or move the campaign's deck."),
    "fm": ("fm", "Forbidden Memories tools: the fusion finder, the card sheet and the farm planner."),
}


@dataclass(frozen=True)
class PlayRequest:
    """What `cardtable play GAME` was asked for, before any match exists."""

    game: str
    vs: str | None
    players: str | None
    preset: str | None
    assignments: tuple[str, ...]
    seed: int | None
    first: int | None
    deck_files: tuple[str, ...]


#: Builds a match and its bots from a play request; raises click.UsageError on a bad request.
PlaySetup = Callable[[PlayRequest], "tuple[Match[Any, Any, Any, Any], dict[int, Bot]]"]


class UnknownCard(LookupError):
    """`info` was asked about something that is not a card of the game; the message says why."""


@dataclass(frozen=True)
class Hint:
    """A command of the game's own at the prompt (FM's `fusions`): its word, what it does, and its answer."""

    word: str
    #: What it does, for `help` ("the fusions your hand can make").
    summary: str
    #: The answer for a view and the text typed after the word (raises UnknownCard on a bad argument).
    show: Callable[[Any, str], RenderableType]


@dataclass(frozen=True)
class FrontEnd:
    """What the terminal knows of one game: how to draw and explain its view, and any set-up of its own."""

    game: str
    #: The board for a view and the players' names (the terminal adds the events and the moves).
    render: Callable[[Any, Sequence[str]], RenderableType]
    #: The game's own set-up of a new match (None: seats, options and seed, as for any game).
    setup: PlaySetup | None = None
    #: Commands of the game's applications, added to `cardtable` (the FM campaign and decks).
    commands: tuple[click.Command, ...] = field(default_factory=tuple)
    #: The bot to seat again on `--resume`, from the player name the saved game recorded (None: the
    #: names are bot names, as `play --vs` takes them; the FM front end also knows its duelists' names).
    resume_bot: Callable[[str], Bot] | None = None
    #: A smaller board, for terminals where `render`'s does not fit (None: the board is cropped).
    compact: Callable[[Any, Sequence[str]], RenderableType] | None = None
    #: An event in words with the players' names (None: the view's own `describe`).
    describe: Callable[[Any, Sequence[str]], str] | None = None
    #: The labels of the steps that choose an action from a long list, for a view: ("set 7♥", "on 2")
    #: (None: the notation's first word, then the rest).
    steps: Callable[[Any, Any], tuple[str, ...]] | None = None
    #: What the board's symbols and the notation's words mean, for a view (shown by `help`).
    legend: Callable[[Any], str] | None = None
    #: `info CARD`: what a card is and does, for a view (raises UnknownCard naming the input).
    card_info: Callable[[Any, str], RenderableType] | None = None
    #: Commands of the game's own at the prompt (hints such as FM's `fusions`).
    hints: tuple[Hint, ...] = ()
    #: Where the game stands, in a few words, for a view: "turn 12", "round 2 of 3".
    stage: Callable[[Any], str] | None = None
    #: What the end-of-game table calls the outcome's scores (FM's are life points: "LP").
    score_label: str = "score"
    #: More to show at the end of a finished match (FM: a Free Duel's rank and drop), or None.
    epilogue: Callable[[Match[Any, Any, Any, Any]], RenderableType | None] | None = None


_FRONT_ENDS: dict[str, FrontEnd] = {}


def register_front_end(front_end: FrontEnd) -> FrontEnd:
    """Add a game's front end to the table."""
    _FRONT_ENDS[front_end.game] = front_end
    return front_end


def front_end(game: str) -> FrontEnd:
    """The front end of `game` (LookupError if it has none)."""
    if game not in _FRONT_ENDS and game in MODULES:
        import_module(MODULES[game])
    try:
        return _FRONT_ENDS[game]
    except KeyError:
        raise LookupError(f"no terminal front end for {game!r}") from None


def all_front_ends() -> list[FrontEnd]:
    """Every shipped front end (importing each)."""
    return [front_end(game) for game in MODULES]


def front_end_command(name: str) -> click.Command:
    """The command `name` that a front end adds to `cardtable` (importing the front end)."""
    game, _ = FRONT_END_COMMANDS[name]
    for command in front_end(game).commands:
        if command.name == name:
            return command
    raise LookupError(f"the {game} front end has no command {name!r}")
