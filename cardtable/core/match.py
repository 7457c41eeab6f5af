"""A match: a game, its options and seed, the state, and the list of actions taken.

The match is the checked entry point: `play` refuses text that does not
parse, an illegal action, a seat acting out of turn and a finished game, each
with its own error, and changes nothing when it refuses.  The seed, the
options (or a starting position) and the action list replay the game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.chance import fresh_seed, make_rng
from cardtable.core.errors import GameOverError, IllegalActionError, NotYourTurnError
from cardtable.core.game import Outcome
from cardtable.core.players import Player, decide
from cardtable.core.registry import AnyGame

#: Actions bots may take in a row before a runner gives up on the game ending.
MAX_BOT_ACTIONS = 100_000


@dataclass(frozen=True)
class Move:
    """One action of the record: who took it, and what."""

    seat: int
    action: Any


class Match:
    """One game being played, from a seed or a position."""

    def __init__(
        self,
        game: AnyGame,
        *,
        options: Any = None,
        seed: int | None = None,
        players: Sequence[str] | None = None,
        first_seat: int | None = None,
        position: Mapping[str, Any] | None = None,
        seats: int | None = None,
    ) -> None:
        self.game = game
        self.seed = fresh_seed() if seed is None else seed
        self.position = dict(position) if position is not None else None
        self.first_seat = first_seat
        deal_rng = make_rng(self.seed, "deal")
        if self.position is not None:
            self.initial = game.state_from_position(self.position, deal_rng, options)
        else:
            count = seats or (len(players) if players else game.min_seats)
            if options is None:
                options = game.option_table.default()
            self.initial = game.new_state(options, count, deal_rng, first_seat)
        self.options = game.options_of(self.initial)
        count = game.seats(self.initial)
        self.players = list(players) if players else [f"seat {seat + 1}" for seat in range(count)]
        if len(self.players) != count:
            raise ValueError(
                f"{game.title} here has {count} seats, but {len(self.players)} players were named"
            )
        self.state = self.initial
        self.moves: list[Move] = []

    # -- the state of play -----------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        """The seat that must act now, or None when the game is over."""
        return self.game.current_seat(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        return self.game.outcome(self.state)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.outcome(self.state) is not None

    def legal_actions(self) -> Sequence[Any]:
        """The legal actions of the current seat."""
        return self.game.legal_actions(self.state)

    def view(self, seat: int | None) -> Any:
        """What `seat` (None: a spectator) may know now."""
        return self.game.view(self.state, seat)

    # -- acting -------------------------------------------------------------
    def play(self, action: Any, seat: int | None = None) -> None:
        """Take an action (an action value or its text) for `seat`, or the current seat."""
        game = self.game
        text = action if isinstance(action, str) else game.format_action(action)
        if game.outcome(self.state) is not None:
            raise GameOverError(text)
        current = game.current_seat(self.state)
        assert current is not None
        if seat is not None and seat != current:
            raise NotYourTurnError(seat, current, text)
        if isinstance(action, str):
            action = game.parse_action(action)
        legal = game.legal_actions(self.state)
        # Rules hand out interned actions, so identity finds a legal one fast.
        if not any(candidate is action for candidate in legal) and action not in legal:
            raise IllegalActionError(game.format_action(action), game.explain_illegal(self.state, action))
        self.state = game.apply(self.state, action)
        self.moves.append(Move(current, action))

    def undo(self, count: int = 1) -> None:
        """Take back the last `count` actions (the state is rebuilt from the start)."""
        if not 0 <= count <= len(self.moves):
            raise ValueError(f"cannot undo {count} actions; {len(self.moves)} have been taken")
        kept = self.moves[: len(self.moves) - count]
        state = self.initial
        for move in kept:
            state = self.game.apply(state, move.action)
        self.state = state
        self.moves = kept

    def undo_turn(self, seat: int) -> int:
        """Take back everything since `seat`'s last decision, that decision included; returns how many."""
        for index in range(len(self.moves) - 1, -1, -1):
            if self.moves[index].seat == seat:
                count = len(self.moves) - index
                self.undo(count)
                return count
        return 0

    def play_bots(
        self,
        bots: Mapping[int, Player],
        rngs: Mapping[int, random.Random],
        on_move: Callable[[Move], None] | None = None,
        max_actions: int = MAX_BOT_ACTIONS,
    ) -> None:
        """Let bots act while the current seat is one of theirs (RuntimeError if they never stop)."""
        game = self.game
        for _ in range(max_actions):
            seat = game.current_seat(self.state)
            if seat is None or seat not in bots:
                return
            self.play(decide(bots[seat], game, self.state, seat, rngs[seat]), seat)
            if on_move is not None:
                on_move(self.moves[-1])
        raise RuntimeError(
            f"{game.title} seed {self.seed}: the bots took {max_actions} actions without the game ending"
        )


def bot_rngs(seed: int, seats: int) -> dict[int, random.Random]:
    """Each seat's own generator for its bot, derived from the match seed."""
    return {seat: make_rng(seed, "bot", seat) for seat in range(seats)}
