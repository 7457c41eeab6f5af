"""Each game's terminal front end, found from the game's declaration.

A game's declaration names the module of its front end (`Game.screen`, a
module in the game's folder), which registers a `FrontEnd` at its foot: the board that draws
the game's view (and a compact one for small terminals), how its events and
moves read, its legend, card information and hints, and, for games whose
applications set up more than seats and options (the Forbidden Memories
duelists, decks and campaign), a play set-up and commands of their own.
Everything but the board has a plain default, and a game that names no
front end gets the generic one (`generic_screen.py`: its view's JSON).  The
command line and the terminal game ask for a front end by the game's name
and never branch on it.  Modules are imported when their game is first asked
for; the commands a front end adds are announced with its game
(`cardtable.games`), so that `cardtable --help` lists them without importing
it.
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
    """The front end of `game`: the one its declaration names, else the generic one (UnknownNameError if
    there is no such game)."""
    if game not in _FRONT_ENDS:
        from cardtable.games import get_game

        rules = get_game(game)
        if rules.screen is None:
            from cardtable.frontends.generic_screen import generic_front_end

            register_front_end(generic_front_end(rules.name))
        else:
            import_module(rules.screen)
        if rules.name not in _FRONT_ENDS:
            raise LookupError(f"{rules.screen}, the screen of {rules.name}, registers no front end for it")
        game = rules.name
    return _FRONT_ENDS[game]


def all_front_ends() -> list[FrontEnd]:
    """The front end of every known game (importing each)."""
    from cardtable.games import game_names

    return [front_end(game) for game in game_names()]


def front_end_command(name: str) -> click.Command:
    """The command `name` that a front end adds to `cardtable` (importing the front end)."""
    from cardtable.core.registry import announced_commands

    game, _ = announced_commands()[name]
    for command in front_end(game).commands:
        if command.name == name:
            return command
    raise LookupError(f"the {game} front end has no command {name!r}")
