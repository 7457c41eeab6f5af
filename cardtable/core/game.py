"""The contract every game implements.

Rules are functions of a state.  `legal_actions` is the single source of
legality; `apply` returns a new state and never changes its input (states are
built from tuples and copied shallowly, which measured faster than deep
copies or rebuilding frozen dataclasses).  Every decision, whoever takes it,
has a `current_seat`.  Front ends and bots see views, never states.
"""

from __future__ import annotations

import abc
import random
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from cardtable.core.options import OptionTable
from cardtable.core.players import Bot

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT", bound="View")
OptionsT = TypeVar("OptionsT")

#: A persistent event log: (newest entry, rest) or None.  Appending shares the
#: older entries, so copying a state never copies its log.
LogNode = tuple[Any, "LogNode"] | None


def log_append(node: LogNode, entry: Any) -> LogNode:
    """The log with one more entry."""
    return (entry, node)


def log_entries(node: LogNode, count: int | None = None) -> tuple[Any, ...]:
    """The last `count` entries of a log (all of them by default), oldest first."""
    entries: list[Any] = []
    while node is not None and (count is None or len(entries) < count):
        entries.append(node[0])
        node = node[1]
    entries.reverse()
    return tuple(entries)


def append_event(
    logs: tuple[LogNode, ...], event: Any, private_seat: int = -1, hidden: Any = None
) -> tuple[LogNode, ...]:
    """Each observer's log with one more event; `hidden` is what all but `private_seat` see instead.

    `logs` holds one log per seat, then the spectators' log.
    """
    if hidden is None:
        return tuple([(event, node) for node in logs])
    return tuple(
        [(event if observer == private_seat else hidden, node) for observer, node in enumerate(logs)]
    )


@dataclass(frozen=True, slots=True)
class ViewLog:
    """The events one seat saw: the log, its length, and where the current deal's events begin.

    Games dealt again each round (Scout, dnup) start a new deal part way
    through the log; events before `deal_start` tell of earlier deals.
    """

    node: LogNode
    length: int
    deal_start: int = 0

    def entries(self) -> tuple[Any, ...]:
        """Every event, oldest first."""
        return log_entries(self.node)

    def since(self, index: int) -> tuple[Any, ...]:
        """The events from `index` on, oldest first."""
        return log_entries(self.node, max(0, self.length - index))


def docstring_section(doc: str | None, first_words: str) -> str:
    """The part of a docstring from the line starting with `first_words`, its indented block dedented."""
    text = doc or ""
    header, _, block = text[text.index(first_words) :].partition("\n")
    return header + "\n" + textwrap.dedent(block).strip("\n")


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: who won, each seat's points, and why."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str

    def payoff(self, seat: int) -> float:
        """1 for a sole winner, a share of 1 for a tie, 0 for a loser."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    @property
    def is_draw(self) -> bool:
        """Whether the win is shared by more than one seat."""
        return len(self.winners) > 1

    def to_json(self) -> dict[str, Any]:
        """Plain data for replays and front ends."""
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}


class View(Protocol):
    """What one seat (or a spectator, seat None) may know of a state, its log included."""

    @property
    def seat(self) -> int | None: ...

    @property
    def history(self) -> ViewLog: ...

    def describe(self, event: Any) -> str:
        """One event of the log in words."""
        ...

    def to_json(self, with_log: bool = True) -> dict[str, Any]:
        """Plain data for front ends and the network (the log as text, unless left out)."""
        ...


class Game(abc.ABC, Generic[StateT, ActionT, ViewT, OptionsT]):
    """A game: its rules as functions of a state, its notation, views and options."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    option_table: OptionTable[OptionsT]
    #: Whether every player knows which cards are in play (a shared deck), so that a state drawn
    #: from a view holds the very same cards; not so when each side brings a deck of its own.
    known_card_set: bool = True
    #: Whether the cards in play stay the same cards (no card is made during play: fusions make them).
    conserves_cards: bool = True

    # -- setting up -------------------------------------------------------
    @abc.abstractmethod
    def new_state(
        self, options: OptionsT, seats: int, rng: random.Random, first_seat: int | None = None
    ) -> StateT:
        """A fresh deal; all chance is drawn from `rng`."""

    @abc.abstractmethod
    def state_from_position(
        self, position: dict[str, Any], rng: random.Random, options: OptionsT | None = None
    ) -> StateT:
        """A state described by a JSON position (PositionError if it is impossible)."""

    @abc.abstractmethod
    def position_of(self, state: StateT) -> dict[str, Any]:
        """The full state as a JSON position (it carries every secret)."""

    @abc.abstractmethod
    def options_of(self, state: StateT) -> OptionsT:
        """The options the state is played under."""

    # -- rules ------------------------------------------------------------
    @abc.abstractmethod
    def seats(self, state: StateT) -> int:
        """The number of seats at the table."""

    @abc.abstractmethod
    def current_seat(self, state: StateT) -> int | None:
        """The seat that must decide now, or None when the game is over."""

    @abc.abstractmethod
    def legal_actions(self, state: StateT) -> Sequence[ActionT]:
        """Every action the current seat may take, in a fixed order."""

    @abc.abstractmethod
    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after a legal action; `state` is left untouched."""

    @abc.abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    @abc.abstractmethod
    def explain_illegal(self, state: StateT, action: ActionT) -> str:
        """Why an action that is not legal now is refused, in a player's words."""

    # -- notation ---------------------------------------------------------
    @abc.abstractmethod
    def parse_action(self, text: str) -> ActionT:
        """The action written as `text` (ActionParseError if it is not notation)."""

    @abc.abstractmethod
    def format_action(self, action: ActionT) -> str:
        """The action in the game's notation; `parse_action` reads it back."""

    @abc.abstractmethod
    def notation_help(self) -> str:
        """A short description of the notation, for players."""

    # -- information ------------------------------------------------------
    @abc.abstractmethod
    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What `seat` may know of the state; None is a spectator."""

    @abc.abstractmethod
    def card_name(self, card: int) -> str:
        """A card's name as it is written in views and notation."""

    def card_spellings(self, card: int) -> tuple[str, ...]:
        """Every way a view may write a card (both ends of a double-numbered card)."""
        return (self.card_name(card),)

    @abc.abstractmethod
    def all_cards(self, state: StateT) -> list[int]:
        """Every card in the state wherever it lies (for conservation checks)."""

    @abc.abstractmethod
    def hidden_cards(self, state: StateT, seat: int | None) -> frozenset[int]:
        """The cards whose place `seat` cannot know, by the rules."""

    @abc.abstractmethod
    def determinize(self, view: ViewT, rng: random.Random) -> StateT:
        """A full state consistent with everything `view` shows, drawn uniformly at random.

        Cards the seat saw stay where it saw them go; hand sizes and the
        deck size are kept; only what the view hides is drawn.  The state's
        logs are the observer's own, so it shows the observer the same view.
        """

    def determinizer(self, view: ViewT) -> Callable[[random.Random], StateT]:
        """Draws states for one view again and again (games may work out the fixed part once)."""
        return lambda rng: self.determinize(view, rng)

    def evaluate(self, state: StateT) -> tuple[float, ...] | None:
        """Each seat's chances from an unfinished state, in [0, 1], or None to play it out.

        Tree search stops its playouts early and asks this; a game without an
        evaluation is played out to the end.
        """
        return None

    def playout_action(self, state: StateT, legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        """The move a quick playout makes in a state drawn by tree search: at random by default.

        A game may play out with a cheap rule of thumb instead, which tells
        the search more about a position than random play does.
        """
        return legal[rng.randrange(len(legal))]

    def bots(self) -> dict[str, Callable[[], Bot]]:
        """The game's own bots by name (game-independent bots live in `cardtable.bots`)."""
        return {}

    def describe_options(self, options: OptionsT) -> dict[str, Any]:
        """Resolved options as plain data."""
        return self.option_table.to_dict(options)
