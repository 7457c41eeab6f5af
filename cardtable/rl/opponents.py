"""The Gymnasium environment's opponents: bots by name, or policies of this process.

A policy opponent is a callable `opponent(observation, action_mask) -> id`,
or an object with such a method `act`: it is handed the float32 observation
of its own seat's view and that seat's mask, as the learner is, and returns
an id (a numpy integer or a one-element array is taken too).  So a policy
being trained can play the other seats (self-play), or a league of past
policies can.  An id it returns that is not legal is refused with
IllegalActionError naming the seat, whatever `illegal_reward` says: the
penalty is the learner's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, runtime_checkable

import numpy.typing as npt

from cardtable.bots import make_opponent
from cardtable.core.errors import IllegalActionError
from cardtable.core.players import Bot
from cardtable.rl.table import Table

PolicyFunction: TypeAlias = Callable[[npt.NDArray[Any], npt.NDArray[Any]], Any]


@runtime_checkable
class Actor(Protocol):
    """An object that plays a seat by its `act` method."""

    def act(self, observation: npt.NDArray[Any], action_mask: npt.NDArray[Any]) -> Any: ...


#: What `opponents=[...]` holds: bot names, policy callables, or objects with `act`.
Opponent: TypeAlias = "str | PolicyFunction | Actor"


def policy_of(opponent: object) -> PolicyFunction | None:
    """The callable that plays for an opponent given as a policy, None for a bot name.

    ValueError naming it when it is neither.
    """
    if isinstance(opponent, str):
        return None
    if isinstance(opponent, Actor):
        return opponent.act
    if callable(opponent):
        function: PolicyFunction = opponent
        return function
    raise ValueError(
        f"opponent {opponent!r}: a bot name, a callable opponent(observation, action_mask) -> id, "
        "or an object with such a method act"
    )


@dataclass
class Seated:
    """One opponent at its seat for an episode: a bot with its generator, or a policy."""

    seat: int
    bot: Bot[Any, Any] | None
    rng: random.Random | None
    policy: PolicyFunction | None

    def play(self, table: Table) -> None:
        """Choose and play the seat's action."""
        if self.bot is not None and self.rng is not None:
            table.play_bot(self.bot, self.rng)
            return
        assert self.policy is not None
        observation = table.observe(self.seat)
        chosen = self.policy(observation["observation"], observation["action_mask"])
        try:
            action_id = table.check_id(chosen)
        except ValueError as error:
            raise ValueError(f"the opponent at seat {self.seat} returned {chosen!r}: {error}") from None
        refusal = table.refusal(action_id)
        if refusal is not None:
            text = table.action_text(action_id)
            raise IllegalActionError(text, f"{refusal} (chosen by the opponent at seat {self.seat})")
        table.play(action_id)


def seat_opponent(opponent: Opponent, seat: int, table: Table, rng: random.Random) -> Seated:
    """An opponent ready for a new episode: a bot seated anew (no memory of the last game), or the policy."""
    policy = policy_of(opponent)
    if policy is not None:
        return Seated(seat, None, None, policy)
    assert isinstance(opponent, str)
    return Seated(seat, make_opponent(opponent, table.game), rng, None)
