"""Scout as one declared object: the contract of `cardtable.core.game.Game`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core import pairs
from cardtable.core.game import Game, Outcome, docstring_section
from cardtable.core.players import Bot
from cardtable.games.scout import actions as notation
from cardtable.games.scout import position, rules
from cardtable.games.scout.actions import ACTION_INDEX, ACTIONS, Action
from cardtable.games.scout.bots import ScoutHeuristicBot
from cardtable.games.scout.determinize import Determinizer, determinize
from cardtable.games.scout.evaluate import evaluate, playout_action
from cardtable.games.scout.explain import explain_illegal
from cardtable.games.scout.options import OPTION_TABLE, ScoutOptions
from cardtable.games.scout.state import ScoutState
from cardtable.games.scout.view import ScoutView, view


class ScoutGame(Game[ScoutState, Action, ScoutView, ScoutOptions]):
    """Scout, for 2 to 5 players (scout.md)."""

    name = "scout"
    title = "Scout"
    min_seats = 2
    max_seats = 5
    option_table = OPTION_TABLE
    actions = ACTIONS

    def new_state(
        self, options: ScoutOptions, seats: int, rng: random.Random, first_seat: int | None = None
    ) -> ScoutState:
        """Deal the first round; later rounds are dealt from a seed drawn from `rng`."""
        return rules.new_game(options, seats, rng, first_seat)

    def state_from_position(
        self, data: dict[str, Any], rng: random.Random, options: ScoutOptions | None = None
    ) -> ScoutState:
        """A state from a JSON position."""
        return position.state_from_position(data, rng, options)

    def position_of(self, state: ScoutState) -> dict[str, Any]:
        """The whole state as a JSON position."""
        return position.position_of(state)

    def options_of(self, state: ScoutState) -> ScoutOptions:
        """The state's options."""
        return state.options

    def seats(self, state: ScoutState) -> int:
        """The number of players."""
        return state.seats

    def current_seat(self, state: ScoutState) -> int | None:
        """The seat deciding now."""
        return state.current_seat()

    def legal_actions(self, state: ScoutState) -> Sequence[Action]:
        """Every legal action, in a fixed order."""
        return rules.legal_actions(state)

    def apply(self, state: ScoutState, action: Action) -> ScoutState:
        """The state after a legal action."""
        return rules.apply(state, action)

    def outcome(self, state: ScoutState) -> Outcome | None:
        """How the game ended, if it has."""
        return state.result

    def explain_illegal(self, state: ScoutState, action: Action) -> str:
        """The rule an illegal action breaks."""
        return explain_illegal(state, action)

    def parse_action(self, text: str) -> Action:
        """Read Scout notation."""
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        """Write Scout notation."""
        return notation.format_action(action)

    def notation_help(self) -> str:
        """The notation, from the actions module."""
        return docstring_section(notation.__doc__, "Hand positions")

    def action_index(self, action: Action) -> int:
        """The action's integer in the machine-learning encoding."""
        return ACTION_INDEX[action]

    def bots(self) -> dict[str, Callable[[], Bot]]:
        """The rule-based heuristic bot."""
        return {"heuristic": ScoutHeuristicBot}

    def view(self, state: ScoutState, seat: int | None) -> ScoutView:
        """What `seat` may know."""
        return view(state, seat)

    def card_name(self, card: int) -> str:
        """A card as low/high."""
        return pairs.card_name(card)

    def card_spellings(self, card: int) -> tuple[str, ...]:
        """A card either way up."""
        return pairs.card_spellings(card)

    def all_cards(self, state: ScoutState) -> list[int]:
        """Every card in play: hands, the active set, captured cards, cards set aside."""
        found = [code >> 1 for hand in state.hands for code in hand]
        found += [code >> 1 for code in state.active]
        found += [card for cards in state.captured for card in cards]
        found += state.aside
        return found

    def hidden_cards(self, state: ScoutState, seat: int | None) -> frozenset[int]:
        """Cards set aside, and the unknown cards of the other hands."""
        hidden = set(state.aside)
        for owner, hand in enumerate(state.hands):
            if owner != seat:
                hidden.update(code >> 1 for code in hand if not state.known[owner] >> (code >> 1) & 1)
        return frozenset(hidden)

    def playout_action(self, state: ScoutState, legal: Sequence[Action], rng: random.Random) -> Action:
        """The largest Show, else a plain Scout: a quick playout's move."""
        return playout_action(state, legal, rng)

    def evaluate(self, state: ScoutState) -> tuple[float, ...]:
        """Each seat's estimated chances, for tree search."""
        return evaluate(state)

    def determinizer(self, view: ScoutView) -> Callable[[random.Random], ScoutState]:
        """Draws states for one view, its fixed part worked out once."""
        return Determinizer(view).draw

    def determinize(self, view: ScoutView, rng: random.Random) -> ScoutState:
        """A state consistent with the view, what it hides drawn at random."""
        return determinize(view, rng)


GAME = ScoutGame()
