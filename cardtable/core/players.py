"""Players that are programs: a bot sees a view and the legal actions, never a state."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeAlias, TypeGuard, TypeVar, runtime_checkable

#: The names that seat a person rather than a bot, wherever players are named.
HUMANS = frozenset({"you", "human", "me"})

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")
# A bot only reads the view or state it is given, so a bot for any view is a bot for a narrower one.
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
StateT_contra = TypeVar("StateT_contra", contravariant=True)


class Bot(Protocol[ViewT_contra, ActionT]):
    """A program that picks one of the legal actions from what its seat may know."""

    name: str

    def choose(self, view: ViewT_contra, legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        """One of `legal`, chosen from `view`, drawing any chance from `rng`."""
        ...


@runtime_checkable
class StateBot(Protocol[StateT_contra, ActionT]):
    """A reference player that reads the true state: for benchmarks only, never against people."""

    name: str

    def choose_from_state(
        self, state: StateT_contra, legal: Sequence[ActionT], rng: random.Random
    ) -> ActionT:
        """One of `legal`, chosen knowing every card."""
        ...


@runtime_checkable
class BlindBot(Protocol[ActionT]):
    """A bot whose choice reads only the legal actions (random play): it is spared a view."""

    name: str

    def choose_blind(self, legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        """One of `legal`, knowing nothing else."""
        ...


#: Anything that can take a seat without a person, for a game of these states, actions and views.
Player: TypeAlias = StateBot[StateT, ActionT] | Bot[ViewT, ActionT]


_READS_STATE: dict[type, bool] = {}
_READS_NOTHING: dict[type, bool] = {}


def reads_state(player: Player[StateT, ActionT, ViewT]) -> TypeGuard[StateBot[StateT, ActionT]]:
    """Whether a player is a state-reading reference (checked once per class: a protocol check is slow)."""
    kind = type(player)
    known = _READS_STATE.get(kind)
    if known is None:
        known = _READS_STATE[kind] = isinstance(player, StateBot)
    return known


def reads_nothing(player: Player[StateT, ActionT, ViewT]) -> TypeGuard[BlindBot[ActionT]]:
    """Whether a player chooses from the legal actions alone (checked once per class)."""
    kind = type(player)
    known = _READS_NOTHING.get(kind)
    if known is None:
        known = _READS_NOTHING[kind] = isinstance(player, BlindBot)
    return known


def best_scored(legal: Sequence[ActionT], score: Callable[[ActionT], float], rng: random.Random) -> ActionT:
    """The legal action with the highest score, ties broken at random (the rule-based bots' choice)."""
    best: list[ActionT] = []
    best_score = float("-inf")
    for action in legal:
        value = score(action)
        if value > best_score:
            best, best_score = [action], value
        elif value == best_score:
            best.append(action)
    return best[rng.randrange(len(best))]


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: object, legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        """A uniformly random legal action."""
        return legal[rng.randrange(len(legal))]

    def choose_blind(self, legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        """A uniformly random legal action (the same draw as `choose`, with no view built for it)."""
        return legal[rng.randrange(len(legal))]
