"""A match: a game, its options and seed, the state, and the list of actions taken.

The match is the checked entry point: `play` refuses text that does not
parse, an illegal action, a seat acting out of turn and a finished game, each
with its own error, and changes nothing when it refuses.  The seed, the
options (or a starting position) and the action list replay the game exactly.

A game may also end, or change hands, outside its rules: a seat withdraws
(`withdraw`: it resigned, its time ran out, it stayed away) or the table is
closed (`close`).  These are part of the record too, each after the number of
actions it followed, so a replay rebuilds them exactly.  With fewer than two
seats left in the game it ends, the seats left winning; otherwise it goes on
(someone else, a bot, plays the withdrawn seat) and the outcome names the seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from time import perf_counter
from typing import Any, Generic, cast

from cardtable.core.chance import fresh_seed, make_rng
from cardtable.core.errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    PositionError,
    WithdrawError,
)
from cardtable.core.game import ActionT, Game, OptionsT, Outcome, StateT, ViewT
from cardtable.core.jsonio import JSON
from cardtable.core.players import Bot, Player, reads_nothing, reads_state

#: Actions bots may take in a row before a runner gives up on the game ending.  Every shipped game
#: ends by its own rules (dnup by its turn limit); this guard is for a game set to go on for ever,
#: such as dnup with option turn_limit none.
MAX_BOT_ACTIONS = 100_000
#: Why a seat may withdraw from a game, and the words that say it after the seat's name.
WITHDRAWALS = {
    "resigned": "resigned",
    "timeout": "ran out of time",
    "abandoned": "left and did not come back in time",
}
#: The outcome's ending code of a closed table (no result: nobody wins).
CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A seat (from 0) that left the game after `at` actions, and why (a key of WITHDRAWALS)."""

    at: int
    seat: int
    why: str


@dataclass(frozen=True, slots=True)
class Closing:
    """The table was closed after `at` actions, without a result, for a reason in words."""

    at: int
    reason: str


@dataclass(frozen=True, slots=True)
class Move(Generic[ActionT]):
    """One action of the record: who took it (a seat from 0), and what."""

    seat: int
    action: ActionT

    def __init__(self, seat: int, action: ActionT) -> None:
        # Through the slots' own setters: the frozen dataclass's __init__ goes through
        # object.__setattr__, which measured twice as slow, and a move is recorded at every action.
        _set_seat(self, seat)
        _set_action(self, action)


_set_seat: Callable[[Move[Any], int], None] = cast(Any, Move).seat.__set__
_set_action: Callable[[Move[Any], Any], None] = cast(Any, Move).action.__set__


class Match(Generic[StateT, ActionT, ViewT, OptionsT]):
    """One game being played, from a seed or a position."""

    def __init__(
        self,
        game: Game[StateT, ActionT, ViewT, OptionsT],
        *,
        options: OptionsT | None = None,
        seed: int | None = None,
        players: Sequence[str] | None = None,
        first_seat: int | None = None,
        position: Mapping[str, JSON] | None = None,
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
        self.options: OptionsT = game.options_of(self.initial)
        count = game.seats(self.initial)
        self.players = list(players) if players else [f"seat {seat + 1}" for seat in range(count)]
        if len(self.players) != count and self.position is not None:
            raise PositionError(
                f"the position seats {count} players, but {len(self.players)} were named: "
                + ", ".join(self.players)
            )
        if len(self.players) != count:
            raise ValueError(
                f"{game.title} here has {count} seats, but {len(self.players)} players were named"
            )
        self.state: StateT = self.initial
        self._moves: list[Move[ActionT]] = []
        # Who took each action since `moves` was last read, and what: the moves are made when it is
        # read (a Move costs about as much as a random bot's choice; a simulation that saves no
        # replay never reads them).
        self._new_seats: list[int] = []
        self._new_actions: list[ActionT] = []
        # The legal actions of the state they were generated for (states are never changed in place:
        # `apply` returns a new one), so a decision and the play of it generate them once.
        self._legal_state: StateT | None = None
        self._legal: Sequence[ActionT] = ()
        #: The seats that left the game, in order, and the closing of the table, if it was closed.
        self.withdrawals: list[Withdrawal] = []
        self.closing: Closing | None = None
        # The outcome that withdrawals or a closing decided (None while the rules decide it).
        self._ended: Outcome | None = None

    # -- the state of play -----------------------------------------------------
    @property
    def moves(self) -> list[Move[ActionT]]:
        """Every action taken, in order: who took it and what."""
        if self._new_seats:
            self._moves.extend(map(Move, self._new_seats, self._new_actions))
            self._new_seats.clear()
            self._new_actions.clear()
        return self._moves

    def acting_seats(self) -> list[int]:
        """The seat that took each action, in order (read without making the moves)."""
        return [move.seat for move in self._moves] + self._new_seats

    @property
    def current_seat(self) -> int | None:
        """The seat that must act now, or None when the game is over."""
        return None if self._ended is not None else self.game.current_seat(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        if self._ended is not None:
            return self._ended
        outcome = self.game.outcome(self.state)
        if outcome is not None and self.withdrawals:
            return replace(outcome, withdrawn=self._withdrawn())
        return outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._ended is not None or self.game.outcome(self.state) is not None

    def withdrawn(self, seat: int) -> str | None:
        """Why the seat left the game, or None if it is still in it."""
        return next((left.why for left in self.withdrawals if left.seat == seat), None)

    # -- ending outside the rules ---------------------------------------------------
    def withdraw(self, seat: int, why: str = "resigned") -> None:
        """Take a seat out of the game (see the module's docstring); refused once the game is over."""
        if why not in WITHDRAWALS:
            raise WithdrawError(f"a seat withdraws for one of: {', '.join(WITHDRAWALS)}, not {why!r}")
        if self.is_over:
            raise GameOverError(f"{why} (seat {seat + 1})")
        if not 0 <= seat < len(self.players):
            raise WithdrawError(f"seat {seat + 1} is not a seat of this game (1 to {len(self.players)})")
        if self.withdrawn(seat) is not None:
            raise WithdrawError(f"seat {seat + 1} has left the game already ({self.withdrawn(seat)})")
        self.withdrawals.append(Withdrawal(len(self.moves), seat, why))
        self._settle()

    def close(self, reason: str) -> None:
        """End the game without a result (nobody wins, no points); refused once the game is over."""
        if self.is_over:
            raise GameOverError("close")
        self.closing = Closing(len(self.moves), reason)
        self._settle()

    def take_back_leaving(self) -> None:
        """Take back the closing, else the last withdrawal (one that could not be stored, say)."""
        if self.closing is not None:
            self.closing = None
        elif self.withdrawals:
            self.withdrawals.pop()
        self._settle()

    def _withdrawn(self) -> tuple[tuple[int, str], ...]:
        return tuple((left.seat, left.why) for left in self.withdrawals)

    def _settle(self) -> None:
        """The outcome the withdrawals and the closing decide, if they decide one."""
        count = len(self.players)
        gone = {left.seat for left in self.withdrawals}
        if self.closing is not None:
            self._ended = Outcome((), (0.0,) * count, CLOSED, self.closing.reason, self._withdrawn())
        elif self.withdrawals and count - len(gone) < 2:
            last = self.withdrawals[-1]
            winners = tuple(seat for seat in range(count) if seat not in gone)
            self._ended = Outcome(
                winners,
                tuple(1.0 if seat in winners else 0.0 for seat in range(count)),
                last.why,
                f"{self.players[last.seat]} {WITHDRAWALS[last.why]}",
                self._withdrawn(),
            )
        else:
            self._ended = None

    def legal_actions(self) -> Sequence[ActionT]:
        """The legal actions of the current seat."""
        state = self.state
        if state is not self._legal_state:
            self._legal = self.game.legal_actions(state)
            self._legal_state = state
        return self._legal

    def view(self, seat: int | None) -> ViewT:
        """What `seat` (None: a spectator) may know now."""
        return self.game.view(self.state, seat)

    # -- acting -------------------------------------------------------------
    def play(self, action: ActionT | str, seat: int | None = None) -> None:
        """Take an action (an action value or its text) for `seat`, or the current seat."""
        game = self.game
        state = self.state
        current = None if self._ended is not None else game.current_seat(state)
        if current is None:  # no seat is to act once the game is over (Game.current_seat)
            raise GameOverError(action if isinstance(action, str) else game.format_action(action))
        if seat is not None and seat != current:
            raise NotYourTurnError(
                seat, current, action if isinstance(action, str) else game.format_action(action)
            )
        chosen = game.parse_action(action) if isinstance(action, str) else action
        legal = self._legal if state is self._legal_state else self.legal_actions()
        # Rules hand out interned actions, so identity finds a legal one fast (`in` would call each
        # action's __eq__ up to the chosen one; this loop measured faster than any() or map()).
        for candidate in legal:
            if candidate is chosen:
                break
        else:
            if chosen not in legal:
                raise IllegalActionError(game.format_action(chosen), game.explain_illegal(state, chosen))
        self.state = game.apply(state, chosen)
        self._new_seats.append(current)
        self._new_actions.append(chosen)

    def decide(self, player: Player[StateT, ActionT, ViewT], rng: random.Random) -> ActionT:
        """The current seat's player's choice: from its view, or, for a benchmark reference, the state."""
        legal = self.legal_actions()
        assert legal, "decide: the game is over"
        return self.chooser(player)(legal, rng)

    def chooser(
        self, player: Player[StateT, ActionT, ViewT]
    ) -> Callable[[Sequence[ActionT], random.Random], ActionT]:
        """The player's choice among the current state's legal actions, as a function of them and a generator.

        What the player reads (nothing, a view, the state) is found once,
        here, for a loop that asks again and again.
        """
        if reads_nothing(player):
            return player.choose_blind
        if reads_state(player):
            choose_from_state = player.choose_from_state

            def from_state(legal: Sequence[ActionT], rng: random.Random) -> ActionT:
                return choose_from_state(self.state, legal, rng)

            return from_state
        choose = cast(Bot[ViewT, ActionT], player).choose  # every other player is a Bot
        game = self.game

        def from_view(legal: Sequence[ActionT], rng: random.Random) -> ActionT:
            state = self.state
            seat = game.current_seat(state)
            assert seat is not None
            chosen: ActionT = choose(game.view(state, seat), legal, rng)
            return chosen

        return from_view

    def play_out(
        self,
        players: Sequence[Player[StateT, ActionT, ViewT]],
        rngs: Mapping[int, random.Random],
        seconds: list[float],
        max_actions: int = MAX_BOT_ACTIONS,
    ) -> None:
        """Let a player in every seat (seat 0 first) play to the end, each action taken as `play` takes it.

        The seconds each seat takes to decide (its legal actions found, then
        its choice) are added to `seconds`.  An action that is not one of the
        legal ones the rules handed out goes through `play`, which takes an
        equal one and refuses anything else.  RuntimeError if the game goes
        on past `max_actions`.
        """
        game = self.game
        current_seat, legal_actions, apply = game.current_seat, game.legal_actions, game.apply
        choosers = [self.chooser(player) for player in players]
        record_seat, record_action = self._new_seats.append, self._new_actions.append
        state = self.state
        if self._ended is not None:
            return
        for _ in range(max_actions):
            seat = current_seat(state)
            if seat is None:
                return
            started = perf_counter()
            legal = legal_actions(state)
            action = choosers[seat](legal, rngs[seat])
            seconds[seat] += perf_counter() - started
            for candidate in legal:  # an identity loop, as in `play`
                if candidate is action:
                    break
            else:
                self.play(action, seat)
                state = self.state
                continue
            self.state = state = apply(state, action)
            record_seat(seat)
            record_action(action)
        raise RuntimeError(
            f"{game.title} seed {self.seed}: the bots took {max_actions} actions without the game ending"
        )

    def undo(self, count: int = 1) -> None:
        """Take back the last `count` actions (the state is rebuilt from the start)."""
        if not 0 <= count <= len(self.moves):
            raise ValueError(f"cannot undo {count} actions; {len(self.moves)} have been taken")
        kept = self.moves[: len(self.moves) - count]
        state = self.initial
        for move in kept:
            state = self.game.apply(state, move.action)
        self.state = state
        self._moves = kept
        # What happened after the actions taken back is taken back with them.
        self.withdrawals = [left for left in self.withdrawals if left.at <= len(kept)]
        if self.closing is not None and self.closing.at > len(kept):
            self.closing = None
        self._settle()

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
        bots: Mapping[int, Player[StateT, ActionT, ViewT]],
        rngs: Mapping[int, random.Random],
        on_move: Callable[[Move[ActionT]], None] | None = None,
        max_actions: int = MAX_BOT_ACTIONS,
    ) -> None:
        """Let bots act while the current seat is one of theirs (RuntimeError if they never stop)."""
        game = self.game
        choosers = {seat: self.chooser(bot) for seat, bot in bots.items()}
        for _ in range(max_actions):
            seat = game.current_seat(self.state)
            if seat is None or seat not in bots:
                return
            self.play(choosers[seat](self.legal_actions(), rngs[seat]), seat)
            if on_move is not None:
                on_move(self.moves[-1])
        raise RuntimeError(
            f"{game.title} seed {self.seed}: the bots took {max_actions} actions without the game ending"
        )


def bot_rngs(seed: int, seats: int) -> dict[int, random.Random]:
    """Each seat's own generator for its bot, derived from the match seed."""
    return {seat: make_rng(seed, "bot", seat) for seat in range(seats)}
