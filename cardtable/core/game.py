"""The contract every game implements: one declaration of its rules, notation, views and options.

A game is a `Game` value: its name, seat range and option table, and the
functions that are its rules.  Rules are functions of a state:
`legal_actions` is the single source of legality, in a fixed order; `apply`
returns a new state and never changes its input (states are built from
tuples and copied shallowly, which measured faster than deep copies or
rebuilding frozen dataclasses).  Every decision, whoever takes it, has a
`current_seat`.  Front ends and bots see views, never states.

Seats are counted from 0 in Python and from 1 in everything a person or a
file sees (text, JSON positions, views' JSON, replays, command-line options).
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic, NoReturn, Protocol, TypeVar

from cardtable.core.events import ViewLog
from cardtable.core.jsonio import JSON
from cardtable.core.options import OptionTable
from cardtable.core.players import Bot

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT", bound="View")
OptionsT = TypeVar("OptionsT")


def docstring_section(doc: str | None, first_words: str) -> str:
    """The part of a docstring from the line starting with `first_words`, its indented block dedented."""
    text = doc or ""
    header, _, block = text[text.index(first_words) :].partition("\n")
    return header + "\n" + textwrap.dedent(block).strip("\n")


#: "No seat", where a state keeps seats as integers (an active set nobody owns, no last turn due).
#: Views and the Python API say None instead.
NOBODY = -1


def seat_number(seat: int | None) -> int | None:
    """A seat as people and files count it (from 1), or None for nobody."""
    return None if seat is None else seat + 1


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: who won (seats from 0), each seat's points, and why.

    `ending` is the game's code for how it ended (one of its ending enum's
    values, for statistics); `reason` says the same in words, with the facts
    behind it.  `withdrawn` names the seats that left the game before its
    end (`Match.withdraw`), each with why: `resigned`, `timeout` (its time
    ran out and another seat claimed) or `abandoned` (it stayed away and
    another seat claimed).
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    ending: str
    reason: str
    withdrawn: tuple[tuple[int, str], ...] = ()

    def payoff(self, seat: int) -> float:
        """1 for a sole winner, a share of 1 for a tie, 0 for a loser."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    @property
    def is_draw(self) -> bool:
        """Whether the win is shared by more than one seat."""
        return len(self.winners) > 1

    def to_json(self) -> dict[str, JSON]:
        """Plain data for replays and front ends; winners counted from 1."""
        data: dict[str, JSON] = {
            "winners": [seat + 1 for seat in self.winners],
            "scores": list(self.scores),
            "ending": self.ending,
            "reason": self.reason,
        }
        if self.withdrawn:
            data["withdrawn"] = [{"seat": seat + 1, "why": why} for seat, why in self.withdrawn]
        return data


class View(Protocol):
    """What one seat (or a spectator, seat None) may know of a state, its log included."""

    @property
    def seat(self) -> int | None: ...

    @property
    def history(self) -> ViewLog: ...

    # Events are typed per game (each game's events module); the log's element type is not yet one
    # type across games, hence Any.
    def describe(self, event: Any) -> str:
        """One event of the log in words."""
        ...

    def to_json(self, with_log: bool = True) -> dict[str, JSON]:
        """Plain data for front ends and the network (the log as text, unless left out)."""
        ...


def _evaluate_nothing(state: object) -> None:
    return None


def _spell_by_name(card: int) -> NoReturn:
    raise AssertionError("replaced by the game's card_name when the game is declared")


def _draw_each_time(view: object) -> NoReturn:
    raise AssertionError("replaced by the game's determinize when the game is declared")


def _keep_logging(state: StateT) -> StateT:
    return state


def _describe_by_notation(action: object) -> NoReturn:
    raise AssertionError("replaced by the notation's first word when the game is declared")


#: The keys of a legal action's entry in the protocol that a game's `describe_action` may not use.
RESERVED_ACTION_KEYS = frozenset({"id", "action"})


def notation_kind(text: str) -> dict[str, JSON]:
    """The description of an action that a game does not describe: its kind, the notation's first word."""
    words = text.split()
    return {"kind": words[0] if words else text}


@dataclass(frozen=True, eq=False)
class Game(Generic[StateT, ActionT, ViewT, OptionsT]):
    """A game: its rules as functions of a state, its notation, views and options.

    Each game's package ends in one such declaration, registered by name
    (`cardtable.core.registry`).  Optional parts have defaults: cards are
    spelled one way, states are drawn one view at a time, tree search plays
    out to the end at random, and the game has no bots of its own.
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    option_table: OptionTable[OptionsT]

    # -- setting up ---------------------------------------------------------------------
    #: A fresh deal for (options, seats, rng, first seat or None); all chance is drawn from rng.
    new_state: Callable[[OptionsT, int, random.Random, int | None], StateT]
    #: A state described by a JSON position, with options overriding the position's own.
    state_from_position: Callable[[dict[str, JSON], random.Random, OptionsT | None], StateT]
    #: The full state as a JSON position (it carries every secret).
    position_of: Callable[[StateT], dict[str, JSON]]
    #: The options a state is played under.
    options_of: Callable[[StateT], OptionsT]

    # -- rules ----------------------------------------------------------------------------
    #: The number of seats at the table.
    seats: Callable[[StateT], int]
    #: The seat that must decide now, or None when the game is over.
    current_seat: Callable[[StateT], int | None]
    #: Every action the current seat may take, in a fixed order.
    legal_actions: Callable[[StateT], Sequence[ActionT]]
    #: The state after a legal action; the input is left untouched.
    apply: Callable[[StateT, ActionT], StateT]
    #: How the game ended, or None while it goes on.
    outcome: Callable[[StateT], Outcome | None]
    #: Why an action that is not legal now is refused, in a player's words.
    explain_illegal: Callable[[StateT, ActionT], str]

    # -- notation -------------------------------------------------------------------------
    #: The action written as text (ActionParseError if it is not notation).
    parse_action: Callable[[str], ActionT]
    #: The action in the game's notation; `parse_action` reads it back.
    format_action: Callable[[ActionT], str]
    #: A short description of the notation, for players.
    notation: str

    # -- information ----------------------------------------------------------------------
    #: What a seat (None: a spectator) may know of a state.
    view: Callable[[StateT, int | None], ViewT]
    #: A card's name as views and notation write it.
    card_name: Callable[[int], str]
    #: Every card in a state wherever it lies (for conservation checks).
    all_cards: Callable[[StateT], list[int]]
    #: The cards whose place a seat (None: a spectator) cannot know, by the rules.
    hidden_cards: Callable[[StateT, int | None], frozenset[int]]
    #: A full state consistent with everything a view shows, what it hides drawn at random.
    #: Cards the seat saw stay where it saw them go; the drawn state shows the seat the same view.
    determinize: Callable[[ViewT, random.Random], StateT]

    # -- optional parts -------------------------------------------------------------------
    #: Every way a view may write a card (both ends of a double-numbered card).
    card_spellings: Callable[[int], tuple[str, ...]] = _spell_by_name
    #: Draws states for one view again and again, its fixed part worked out once.
    determinizer: Callable[[ViewT], Callable[[random.Random], StateT]] = _draw_each_time
    #: Each seat's chances from an unfinished state, in [0, 1], or None to play it out;
    #: tree search stops its playouts early and asks this.
    evaluate: Callable[[StateT], tuple[float, ...] | None] = _evaluate_nothing
    #: The move a quick playout makes in a state drawn by tree search (None: at random);
    #: a cheap rule of thumb tells the search more about a position than random play does.
    playout_action: Callable[[StateT, Sequence[ActionT], random.Random], ActionT] | None = None
    #: The legal actions tree search tries, out of all of them (None: every one): a game leaves out a
    #: move that never helps a searcher, one that only takes the turn back to where it was (FM's
    #: cancel), which a search would otherwise try, and play, as often as the moves it undoes.
    search_actions: Callable[[Sequence[ActionT]], Sequence[ActionT]] | None = None
    #: The state, or a copy of it, that plays on by the same rules but writes no more events to its
    #: logs: tree search plays its drawn states this way, as no view of them is ever taken.  The
    #: input is left untouched; by default the state itself, which goes on logging.
    unlogged: Callable[[StateT], StateT] = _keep_logging
    #: Whether `legal_actions` hands out one object per action, kept for the program's life (equal
    #: actions are the same object): tree search then tells actions apart by identity, not by hash.
    interned_actions: bool = False
    #: The game's own bots by name (game-independent bots live in `cardtable.bots`).
    bots: Mapping[str, Callable[[], Bot[ViewT, ActionT]]] = field(default_factory=dict)
    #: Whether every player knows which cards are in play (a shared deck), so that a state drawn
    #: from a view holds the very same cards; not so when each side brings a deck of its own.
    known_card_set: bool = True
    #: Whether the cards in play stay the same cards (no card is made during play: fusions make them).
    conserves_cards: bool = True
    #: The rules' version, written in every replay: raised when a change of the rules (or of the deal)
    #: makes a recorded game play differently, so that a replay says why it no longer rebuilds.
    rules_version: int = 1

    # -- front ends, in the game's folder (docs/new-game.md, "Front ends of a game") -----------------
    # Each is a module's name, imported only when a front end asks for it, so that importing a game
    # imports none of its front ends.  A game that names none plays everywhere by the generic ones.
    #: The module that registers the game's terminal front end (`cardtable.frontends.registry.FrontEnd`:
    #: its screen, any set-up and commands of its own), or None: the generic screen, drawn from the
    #: view's JSON and the legal moves.
    screen: str | None = None
    #: The module whose `ENCODING` is the game's learning encoding (`cardtable.bots.learned`), or None:
    #: the generic encoding, hashed features of the view's JSON.
    encoding: str | None = None
    #: Every action the game can ever take, in a fixed order: the generic encoding's action ids (None:
    #: the generic encoding numbers the legal actions of the moment, in the rules' order).
    action_list: Callable[[], Sequence[ActionT]] | None = None
    #: The module whose `EXTENSION` (`cardtable.server.extension.ServerExtension`) adds the game's own
    #: routes and table set-up to the table server, or None: tables of seats and options only.
    server: str | None = None
    # -- for clients that draw a board ----------------------------------------------------
    #: An action as data, for a board to build its interactions from: `{"kind": ..., field: value}`,
    #: the fields as the action type has them (cards by name, seats, slots and positions counted
    #: from 1).  It says no more than the action's notation does.  By default the kind is the
    #: notation's first word, with no fields.
    describe_action: Callable[[ActionT], dict[str, JSON]] = _describe_by_notation
    #: The folder of the game's own browser files, served at /games/<name>/<file> (docs/web.md): its
    #: board `board.js`, its stylesheet `style.css` if it has one, and any pages of its own.  None:
    #: the browser draws the generic board (the view's public parts, the hand, the moves as buttons).
    web_folder: str | None = None
    #: The game's entry in the browser's lobby, as data (docs/web.md, "The lobby entry"): its text, the
    #: quick game's opponents, seat kinds and seat choices of its own, links to its pages.
    lobby: Mapping[str, JSON] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # The defaults of the optional parts are made from the game's own functions.
        if self.card_spellings is _spell_by_name:
            card_name = self.card_name
            object.__setattr__(self, "card_spellings", lambda card: (card_name(card),))
        if self.determinizer is _draw_each_time:
            object.__setattr__(self, "determinizer", partial(partial, self.determinize))
        if self.describe_action is _describe_by_notation:
            format_action = self.format_action
            object.__setattr__(self, "describe_action", lambda action: notation_kind(format_action(action)))

    @property
    def seat_range(self) -> str:
        """The table sizes the game has, in words for messages: "2", or "2 to 5"."""
        if self.min_seats == self.max_seats:
            return str(self.min_seats)
        return f"{self.min_seats} to {self.max_seats}"

    def __repr__(self) -> str:
        return f"<game {self.name}>"
