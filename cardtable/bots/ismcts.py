"""Information-set Monte Carlo tree search (single observer), for any registered game.

Each iteration draws a full state consistent with the bot's view
(`game.determinize`), walks one tree of actions with UCB among the actions
legal in that drawn state (counting, for each child, how often it was
available), adds one node, plays on at random for a few actions, and scores
the end, or the game's own evaluation of where the playout stopped.  The
move played is the root child visited most.  Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search" (2012), describe the method.

The budget is a number of iterations (the same choices on any machine for a
given seed) or a number of seconds, spent on each decision: a turn of five
decisions takes five budgets (a decision with one legal action takes none).
A front end may follow a search (`progress`): it is told every
`PROGRESS_EVERY` iterations how much of the budget is spent.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Self

from cardtable.bots.progress import PROGRESS_EVERY as PROGRESS_EVERY
from cardtable.bots.progress import ProgressReport as ProgressReport
from cardtable.bots.progress import ReportsProgress as ReportsProgress
from cardtable.bots.progress import mypyc_attr
from cardtable.core.chance import below
from cardtable.games import AnyGame


@mypyc_attr(allow_interpreted_subclasses=True)
class TreeNode:
    """A tree node: the action that led here, taken by `seat` (-1 at the root), its visits and reward total.

    Its `children` are keyed by their actions as its search tells actions apart.  ISMCTS's nodes are
    `Node`s; the network-guided search's (`cardtable.bots.guided`, not compiled) are its own kind.
    """

    __slots__ = ("action", "children", "parent", "seat", "total", "visits")

    def __init__(self, action: Any, parent: Self | None, seat: int) -> None:
        self.action = action
        self.parent = parent
        self.seat = seat
        self.children: dict[Any, Self] = {}
        self.visits = 0
        self.total = 0.0

    def back_up(self, rewards: tuple[float, ...]) -> None:
        """One visit more for this node and each above it, and for each its seat's reward."""
        walk: TreeNode | None = self
        while walk is not None:
            walk.visits += 1
            if walk.seat >= 0:
                walk.total += rewards[walk.seat]
            walk = walk.parent


class Node(TreeNode):
    """An ISMCTS node, which counts how often it was available (`TreeSearch.key` keys its children)."""

    __slots__ = ("availability",)

    def __init__(self, action: Any, parent: Node | None, seat: int) -> None:
        super().__init__(action, parent, seat)
        #: A float, as the exploration term takes its logarithm (natively, in the compiled build).
        self.availability = 1.0


class TreeSearch:
    """The search itself; ISMCTS draws a state per iteration, the cheating reference reuses the true one."""

    def __init__(
        self,
        game: AnyGame,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        playout_depth: int = 8,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations or seconds")
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.playout_depth = playout_depth
        #: Iterations run by the last search (for benchmarks).
        self.last_iterations = 0
        #: Told every PROGRESS_EVERY iterations how much of the budget is spent (None: nobody asks).
        self.progress: ProgressReport | None = None
        #: Whether actions are told apart by identity: an equal action is the same object when the
        #: game interns its actions, and an integer's hash costs less than an action's.
        self.by_identity = game.interned_actions
        #: The game's choice of the legal actions worth searching (None: all of them).
        self.searched = game.search_actions

    def __reduce__(self) -> tuple[Any, ...]:
        """A search travels between processes as its settings and what it has (a compiled class is
        made only by its constructor)."""
        settings = (self.game, self.iterations, self.seconds, self.exploration, self.playout_depth)
        return TreeSearch, settings, {"last_iterations": self.last_iterations, "progress": self.progress}

    def key(self, action: Any) -> Any:
        """What the tree keys `action`'s node by: its identity if the game interns actions, else itself."""
        return id(action) if self.by_identity else action

    def child(self, node: Node, action: Any) -> Node | None:
        """The node `action` leads to from `node`, if the search has tried it there."""
        return node.children.get(self.key(action))

    def search(self, draw_state: Callable[[], Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """The most visited of the `legal` actions after the budget is spent."""
        if self.searched is not None:
            legal = self.searched(legal)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.grow(draw_state, legal, rng)
        children = [self.child(root, action) for action in legal]
        best = max(
            (child for child in children if child is not None),
            key=lambda node: (node.visits, node.total),
            default=None,
        )
        return best.action if best is not None else legal[below(rng, len(legal))]

    def grow(self, draw_state: Callable[[], Any], legal: Sequence[Any], rng: random.Random) -> Node:
        """The root of a tree grown from drawn states until the budget is spent; `legal` are its actions."""
        searched = self.searched
        if searched is not None:
            legal = searched(legal)
        unlogged = self.game.unlogged
        root = Node(None, None, -1)
        root_slots: list[Node | None] = [None] * len(legal)
        started = time.perf_counter()
        count = 0
        progress = self.progress
        while True:
            if progress is not None and count % PROGRESS_EVERY == 0:
                self._report(progress, count, started)
            if budget_spent(count, self.iterations, self.seconds, started):
                break
            # The root's legal actions are the seat's own: the same in every state drawn from its view.
            # No view of a drawn state is taken, so it need not log what is played in it.
            self._iterate(root, unlogged(draw_state()), rng, legal, root_slots)
            count += 1
        self.last_iterations = count
        return root

    def _report(self, progress: ProgressReport, count: int, started: float) -> None:
        if self.seconds is not None:
            progress(min(time.perf_counter() - started, self.seconds), self.seconds, "seconds")
        elif self.iterations is not None:
            progress(count, self.iterations, "iterations")

    def _iterate(
        self,
        root: Node,
        state: Any,
        rng: random.Random,
        actions: Sequence[Any] | None = None,
        slots: list[Node | None] | None = None,
    ) -> None:
        """One iteration from a drawn `state`, whose legal actions are the root's `actions`.

        `slots` holds the root's children in the order of its actions (None: not tried yet),
        kept from one iteration to the next; deeper down the children are looked up each time.
        Without them, both are found from the state and the root.
        """
        identity = self.by_identity
        game = self.game
        apply, legal_actions, outcome = game.apply, game.legal_actions, game.outcome
        searched = self.searched
        if actions is None:
            actions = legal_actions(state)
            if searched is not None:
                actions = searched(actions)
        if slots is None:
            slots = [root.children.get(id(action) if identity else action) for action in actions]
        node = root
        exploration = self.exploration
        while True:
            # One pass: every child tried is available once more; the untried actions are counted,
            # and while there are none, the child of highest UCB is kept.
            untried = 0
            best = None
            best_value = -1.0
            for child in slots:
                if child is None:
                    untried += 1
                    continue
                availability = child.availability = child.availability + 1
                if not untried:
                    visits = child.visits
                    value = child.total / visits + exploration * math.sqrt(math.log(availability) / visits)
                    if value > best_value:
                        best, best_value = child, value
            if untried:
                # One of the untried actions at random, counted in the order of the actions.
                pick = below(rng, untried)
                index = -1
                while pick >= 0:
                    index += 1
                    if slots[index] is None:
                        pick -= 1
                seat = game.current_seat(state)
                assert seat is not None
                action = actions[index]
                child = Node(action, node, seat)
                node.children[id(action) if identity else action] = slots[index] = node = child
                state = apply(state, action)
                break
            assert best is not None
            node = best
            state = apply(state, best.action)
            if outcome(state) is not None:
                break
            actions = legal_actions(state)
            if searched is not None:
                actions = searched(actions)
            children = node.children
            slots = [children.get(id(action) if identity else action) for action in actions]
        node.back_up(playout(game, state, rng, self.playout_depth))


def budget_spent(count: int, iterations: int | None, seconds: float | None, started: float) -> bool:
    """Whether a search begun at `started` (by `time.perf_counter`) is done after `count` iterations."""
    if iterations is not None and count >= iterations:
        return True
    if seconds is None or not count:
        return False
    # Stop when one more iteration, at the mean pace so far, would overrun the budget.
    now = time.perf_counter()
    return now + (now - started) / count >= started + seconds


def playout(game: AnyGame, state: Any, rng: random.Random, depth: int) -> tuple[float, ...]:
    """Each seat's reward from `state`: the game played on by the game's playout policy (random if it
    has none) to its end, or for `depth` actions and then the game's evaluation, if it has one."""
    apply, legal_actions, outcome = game.apply, game.legal_actions, game.outcome
    choose = game.playout_action
    steps = 0
    while True:
        result = outcome(state)
        if result is not None:
            return tuple(result.payoff(seat) for seat in range(game.seats(state)))
        if steps >= depth:
            values = game.evaluate(state)
            if values is not None:
                return values
        actions = legal_actions(state)
        state = apply(
            state, actions[below(rng, len(actions))] if choose is None else choose(state, actions, rng)
        )
        steps += 1


@mypyc_attr(allow_interpreted_subclasses=True)
class TreeBot:
    """A bot that decides by a `TreeSearch` of the given budget and settings (see below).

    The root-parallel bot (`cardtable.bots.parallel`, not compiled) is one too.
    """

    def __init__(
        self, game: AnyGame, iterations: int | None = 1000, seconds: float | None = None, **settings: Any
    ) -> None:
        self.game = game
        self.tree = TreeSearch(game, iterations, seconds, **settings)

    def __reduce__(self) -> tuple[Any, ...]:
        """A bot travels between processes made anew for its game, then given its state (its search...)."""
        return type(self), (self.game,), self.__getstate__()

    @property
    def progress(self) -> ProgressReport | None:
        """Told how much of the search's budget is spent, every PROGRESS_EVERY iterations."""
        return self.tree.progress

    @progress.setter
    def progress(self, report: ProgressReport | None) -> None:
        self.tree.progress = report


class ISMCTSBot(TreeBot):
    """Information-set MCTS: sees only its view, draws a consistent state every iteration."""

    name = "ismcts"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The action the search prefers."""
        draw = self.game.determinizer(view)
        return self.tree.search(lambda: draw(rng), legal, rng)


class CheatingMCTSBot(TreeBot):
    """MCTS on the true state: a reference strength for benchmarks only, never a player's opponent."""

    name = "cheat"

    def choose_from_state(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The action the search prefers, knowing every card."""
        return self.tree.search(lambda: state, legal, rng)
