"""The Forbidden Memories duel as one declared object: the contract of `cardtable.core.game.Game`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core.game import Game, Outcome, docstring_section
from cardtable.core.players import Bot
from cardtable.games.fm import actions as notation
from cardtable.games.fm import position, rules
from cardtable.games.fm.actions import ACTION_INDEX, Action
from cardtable.games.fm.carddata import duelists
from cardtable.games.fm.decks import duelist_deck, shuffled, starter_deck
from cardtable.games.fm.determinize import determinize
from cardtable.games.fm.evaluate import evaluate
from cardtable.games.fm.explain import explain_illegal
from cardtable.games.fm.options import OPTION_TABLE, FmOptions
from cardtable.games.fm.state import SEATS, FmState
from cardtable.games.fm.view import FmView, card_label, view


class FmGame(Game[FmState, Action, FmView, FmOptions]):
    """The duel engine of Yu-Gi-Oh! Forbidden Memories, for two sides."""

    name = "fm"
    title = "Forbidden Memories"
    min_seats = 2
    max_seats = 2
    option_table = OPTION_TABLE
    known_card_set = False
    conserves_cards = False

    def new_state(
        self, options: FmOptions, seats: int, rng: random.Random, first_seat: int | None = None
    ) -> FmState:
        """A duel between a new player's starter deck and a duelist's deck, both drawn from `rng`.

        Free Duel, the campaign and two-player duels start from positions
        that name the decks (see `cardtable.games.fm.position`).
        """
        if seats != SEATS:
            raise ValueError(f"a duel has 2 sides, not {seats}")
        player = starter_deck(rng)
        opponent = duelist_deck(rng.choice(sorted(duelists())), rng, player)
        return rules.new_duel(
            options, (shuffled(player, rng), shuffled(opponent, rng)), first_seat=first_seat or 0
        )

    def state_from_position(
        self, data: dict[str, Any], rng: random.Random, options: FmOptions | None = None
    ) -> FmState:
        """A duel from a JSON position: a start (two decks) or a full position."""
        return position.state_from_position(data, rng, options)

    def position_of(self, state: FmState) -> dict[str, Any]:
        """The whole duel as a JSON position."""
        return position.position_of(state)

    def options_of(self, state: FmState) -> FmOptions:
        """The duel's options."""
        return state.options

    def seats(self, state: FmState) -> int:
        """Always two."""
        return SEATS

    def current_seat(self, state: FmState) -> int | None:
        """The turn player (traps fire by themselves)."""
        return state.current_seat()

    def legal_actions(self, state: FmState) -> Sequence[Action]:
        """Every legal action, in a fixed order."""
        return rules.legal_actions(state)

    def apply(self, state: FmState, action: Action) -> FmState:
        """The state after a legal action."""
        return rules.apply(state, action)

    def outcome(self, state: FmState) -> Outcome | None:
        """How the duel ended, if it has."""
        return state.result

    def explain_illegal(self, state: FmState, action: Action) -> str:
        """The rule an illegal action breaks."""
        return explain_illegal(state, action)

    def parse_action(self, text: str) -> Action:
        """Read duel notation."""
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        """Write duel notation."""
        return notation.format_action(action)

    def notation_help(self) -> str:
        """The notation, from the actions module."""
        return docstring_section(notation.__doc__, "A turn is built")

    def action_index(self, action: Action) -> int:
        """The action's integer in the machine-learning encoding."""
        return ACTION_INDEX[action]

    def bots(self) -> dict[str, Callable[[], Bot]]:
        """The shared duelist AI (with average parameters; campaign duels give each duelist its own)."""
        from cardtable.games.fm.ai import DuelistAI

        return {"heuristic": DuelistAI}

    def view(self, state: FmState, seat: int | None) -> FmView:
        """What `seat` may know."""
        return view(state, seat)

    def evaluate(self, state: FmState) -> tuple[float, ...]:
        """Each side's estimated chances, for tree search."""
        return evaluate(state)

    def determinize(self, view: FmView, rng: random.Random) -> FmState:
        """A duel consistent with the view, the hidden cards drawn at random."""
        return determinize(view, rng)

    def card_name(self, card_id: int) -> str:
        """A card as views write it."""
        return card_label(card_id)

    def card_spellings(self, card_id: int) -> tuple[str, ...]:
        """The token that names a card in views and logs: its number, `#001`."""
        return (f"#{card_id:03d}",)

    def all_cards(self, state: FmState) -> list[int]:
        """Every card of both sides: decks, hands, zones, used-up cards, the play under way."""
        found = [c for deck in state.decks for c in deck] + [c for hand in state.hands for c in hand]
        found += [m.card for row in state.monsters for m in row if m is not None]
        found += [e.card for row in state.magic for e in row if e is not None]
        found += [abs(c) for row in state.graveyards for c in row]
        if state.pending is not None:
            found.append(state.pending.card)
        return found

    def hidden_cards(self, state: FmState, seat: int | None) -> frozenset[int]:
        """Cards only where `seat` cannot see them: the other hand and deck, face-down and used-up cards.

        A deck may hold three copies of a card: a card with a copy in sight is not hidden.
        """
        seen = view(state, seat)
        visible = set(seen.window) | {c for row in seen.graveyards for c in row}
        visible.update(m.card for row in seen.monsters for m in row if m is not None and m.card is not None)
        visible.update(c for row in seen.magic for c in row if c is not None)
        if seen.pending is not None:
            visible.add(seen.pending.card)
        return frozenset(set(self.all_cards(state)) - visible)


GAME = FmGame()
