"""DRUMP as one declared object: the contract of `cardtable.core.game.Game`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core.game import Game, Outcome, docstring_section
from cardtable.core.players import Bot
from cardtable.games.drump import actions as notation
from cardtable.games.drump import cards, position, rules
from cardtable.games.drump.actions import ACTION_INDEX, ACTIONS, Action
from cardtable.games.drump.bots import DrumpHeuristicBot
from cardtable.games.drump.determinize import Determinizer, determinize
from cardtable.games.drump.evaluate import evaluate
from cardtable.games.drump.explain import explain_illegal
from cardtable.games.drump.options import OPTION_TABLE, DrumpOptions
from cardtable.games.drump.state import (
    CARD_MASK,
    FACE_DOWN,
    SEATS,
    DrumpState,
    deal,
)
from cardtable.games.drump.view import DrumpView, view


class DrumpGame(Game[DrumpState, Action, DrumpView, DrumpOptions]):
    """DRUMP, for two players, with the options of drump.md."""

    name = "drump"
    title = "DRUMP"
    min_seats = 2
    max_seats = 2
    option_table = OPTION_TABLE
    actions = ACTIONS

    def new_state(
        self, options: DrumpOptions, seats: int, rng: random.Random, first_seat: int | None = None
    ) -> DrumpState:
        """Shuffle and deal; the first player is `first_seat` or drawn from `rng`."""
        if seats != SEATS:
            raise ValueError(f"DRUMP is played by 2 seats, not {seats}")
        return deal(options, rng, first_seat)

    def state_from_position(
        self, data: dict[str, Any], rng: random.Random, options: DrumpOptions | None = None
    ) -> DrumpState:
        """A state from a JSON position (see `cardtable.games.drump.position`)."""
        return position.state_from_position(data, rng, options)

    def position_of(self, state: DrumpState) -> dict[str, Any]:
        """The whole state as a JSON position."""
        return position.position_of(state)

    def options_of(self, state: DrumpState) -> DrumpOptions:
        """The state's options."""
        return state.options

    def seats(self, state: DrumpState) -> int:
        """Always two."""
        return SEATS

    def current_seat(self, state: DrumpState) -> int | None:
        """The seat that decides now (the defender during a block)."""
        return state.current_seat()

    def legal_actions(self, state: DrumpState) -> Sequence[Action]:
        """Every legal action, in a fixed order."""
        return rules.legal_actions(state)

    def apply(self, state: DrumpState, action: Action) -> DrumpState:
        """The state after a legal action."""
        return rules.apply(state, action)

    def outcome(self, state: DrumpState) -> Outcome | None:
        """How the game ended, if it has."""
        return state.result

    def explain_illegal(self, state: DrumpState, action: Action) -> str:
        """The rule an illegal action breaks."""
        return explain_illegal(state, action)

    def parse_action(self, text: str) -> Action:
        """Read DRUMP notation."""
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        """Write DRUMP notation."""
        return notation.format_action(action)

    def notation_help(self) -> str:
        """The notation, as documented in the actions module."""
        return docstring_section(notation.__doc__, "Notation")

    def action_index(self, action: Action) -> int:
        """The action's integer in the machine-learning encoding."""
        return ACTION_INDEX[action]

    def bots(self) -> dict[str, Callable[[], Bot]]:
        """The rule-based heuristic bot."""
        return {"heuristic": DrumpHeuristicBot}

    def view(self, state: DrumpState, seat: int | None) -> DrumpView:
        """What `seat` may know."""
        return view(state, seat)

    def card_name(self, card: int) -> str:
        """A card's notation."""
        return cards.card_name(card)

    def all_cards(self, state: DrumpState) -> list[int]:
        """Every card wherever it lies: hands, stacks, zones, deck, pile, exchange."""
        found = [card for hand in state.hands for card in hand]
        found += [code & CARD_MASK for row in state.stacks for stack in row for code in stack]
        found += [card for row in state.zones for card in row if card >= 0]
        found += state.deck
        found += state.pile
        if state.exchange is not None:
            found += state.exchange.cards
        return found

    def hidden_cards(self, state: DrumpState, seat: int | None) -> frozenset[int]:
        """The deck, and the other side's unknown hand cards and face-down cards."""
        hidden = set(state.deck)
        for owner in range(SEATS):
            if owner == seat:
                continue
            hidden.update(card for card in state.hands[owner] if not state.known[owner] >> card & 1)
            hidden.update(
                code & CARD_MASK for stack in state.stacks[owner] for code in stack if code >= FACE_DOWN
            )
        return frozenset(hidden)

    def evaluate(self, state: DrumpState) -> tuple[float, ...]:
        """Each seat's estimated chances, for tree search."""
        return evaluate(state)

    def determinizer(self, view: DrumpView) -> Callable[[random.Random], DrumpState]:
        """Draws states for one view, its fixed part worked out once."""
        return Determinizer(view).draw

    def determinize(self, view: DrumpView, rng: random.Random) -> DrumpState:
        """A state consistent with the view, the cards it hides dealt at random."""
        return determinize(view, rng)


GAME = DrumpGame()
