"""dnup as one declared object: the contract of `cardtable.core.game.Game`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core import pairs
from cardtable.core.game import Game, Outcome, docstring_section
from cardtable.core.players import Bot
from cardtable.games.dnup import actions as notation
from cardtable.games.dnup import position, rules
from cardtable.games.dnup.actions import Action
from cardtable.games.dnup.bots import DnupHeuristicBot
from cardtable.games.dnup.determinize import determinize
from cardtable.games.dnup.evaluate import evaluate, playout_action
from cardtable.games.dnup.explain import explain_illegal
from cardtable.games.dnup.options import OPTION_TABLE, DnupOptions
from cardtable.games.dnup.state import DnupState
from cardtable.games.dnup.view import DnupView, view


class DnupGame(Game[DnupState, Action, DnupView, DnupOptions]):
    """dnup, for 2 to 5 players (dnup.md)."""

    name = "dnup"
    title = "dnup"
    min_seats = 2
    max_seats = 5
    option_table = OPTION_TABLE

    def new_state(
        self, options: DnupOptions, seats: int, rng: random.Random, first_seat: int | None = None
    ) -> DnupState:
        """Deal the first round; later rounds are dealt from a seed drawn from `rng`."""
        return rules.new_game(options, seats, rng, first_seat)

    def state_from_position(
        self, data: dict[str, Any], rng: random.Random, options: DnupOptions | None = None
    ) -> DnupState:
        """A state from a JSON position."""
        return position.state_from_position(data, rng, options)

    def position_of(self, state: DnupState) -> dict[str, Any]:
        """The whole state as a JSON position."""
        return position.position_of(state)

    def options_of(self, state: DnupState) -> DnupOptions:
        """The state's options."""
        return state.options

    def seats(self, state: DnupState) -> int:
        """The number of players."""
        return state.seats

    def current_seat(self, state: DnupState) -> int | None:
        """The seat deciding now."""
        return state.current_seat()

    def legal_actions(self, state: DnupState) -> Sequence[Action]:
        """Every legal action, in a fixed order."""
        return rules.legal_actions(state)

    def apply(self, state: DnupState, action: Action) -> DnupState:
        """The state after a legal action."""
        return rules.apply(state, action)

    def outcome(self, state: DnupState) -> Outcome | None:
        """How the game ended, if it has."""
        return state.result

    def explain_illegal(self, state: DnupState, action: Action) -> str:
        """The rule an illegal action breaks."""
        return explain_illegal(state, action)

    def parse_action(self, text: str) -> Action:
        """Read dnup notation."""
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        """Write dnup notation."""
        return notation.format_action(action)

    def notation_help(self) -> str:
        """The notation, from the actions module."""
        return docstring_section(notation.__doc__, "Cards are written")

    def bots(self) -> dict[str, Callable[[], Bot]]:
        """The rule-based heuristic bot."""
        return {"heuristic": DnupHeuristicBot}

    def view(self, state: DnupState, seat: int | None) -> DnupView:
        """What `seat` may know."""
        return view(state, seat)

    def card_name(self, card: int) -> str:
        """A card as low/high."""
        return pairs.card_name(card)

    def card_spellings(self, card: int) -> tuple[str, ...]:
        """A card either way up."""
        return pairs.card_spellings(card)

    def all_cards(self, state: DnupState) -> list[int]:
        """Every card: hands, tables, discards, cards not dealt."""
        found = [code >> 1 for hand in state.hands for code in hand]
        found += [code >> 1 for cards in state.tables for code in cards]
        found += [code >> 1 for code in state.discards]
        found += state.aside
        return found

    def hidden_cards(self, state: DnupState, seat: int | None) -> frozenset[int]:
        """Cards not dealt, and the unknown cards of the other hands."""
        hidden = set(state.aside)
        for owner, hand in enumerate(state.hands):
            if owner != seat:
                hidden.update(code >> 1 for code in hand if not state.known[owner] >> (code >> 1) & 1)
        return frozenset(hidden)

    def playout_action(self, state: DnupState, legal: Sequence[Action], rng: random.Random) -> Action:
        """The largest play, else an add: a quick playout's move."""
        return playout_action(state, legal, rng)

    def evaluate(self, state: DnupState) -> tuple[float, ...]:
        """Each seat's estimated chances, for tree search."""
        return evaluate(state)

    def determinize(self, view: DnupView, rng: random.Random) -> DnupState:
        """A state consistent with the view, what it hides drawn at random."""
        return determinize(view, rng)


GAME = DnupGame()
