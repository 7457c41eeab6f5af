"""Network-guided ISMCTS: PUCT selection with a policy network's priors, leaves valued by its value head.

Each iteration draws a state consistent with the bot's view (`game.determinizer`, as plain ISMCTS
does) and walks one tree of actions.  At a node, the action chosen among those legal in the drawn
state is the one of highest

    Q + c * P * sqrt(A) / (1 + n)

(PUCT, as in AlphaZero: Silver et al. 2017), where P is the network's prior for the action (its
scores over the legal actions divided by a temperature, softmaxed), n its visits, A how often it was
legal at this node (ISMCTS's count of availability: below the root the legal actions depend on the
state drawn, and at the root A is the node's visits, as in AlphaZero), and
Q its mean reward (an untried one counts the mean of those tried).  The walk stops at a node never
reached before, a leaf, valued by the network's value head (the expected payoff of the seat to act
there) mixed with a random playout's result by the share `mix`; with mix 1 the playout alone values
it and the network is not read there.  A node's priors are read from the acting seat's observation
of the state drawn when the walk first goes on from it (at its leaf if the value head read it
then): most leaves are reached once, and a network read costs as much as a few plies of the game.
At the root the network reads the bot's own view.  The network is a policy file with a value head
(`PolicyValueNetwork`): its policy alone plays as `policy:FILE`.

Named `ismcts+net@N:FILE` (N iterations a decision) or `ismcts+net@Ss:FILE` (S seconds), plain
`ismcts+net:FILE` running 1,000 iterations.  The file names the search's settings (`mix`, the
constant c, the priors' temperature), as it was measured with them.
"""

from __future__ import annotations

import json
import math
import random
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.bots.ismcts import TreeNode, budget_spent, playout
from cardtable.bots.learned.encoding import Encoding, Observation, encoding_for
from cardtable.bots.learned.network import Network, PolicyFileError, write_arrays
from cardtable.core.chance import below
from cardtable.core.errors import UnknownNameError
from cardtable.games import AnyGame

Array = npt.NDArray[np.float32]
PREFIX = "ismcts+net"


class PolicyValueNetwork:
    """A policy network (dense layers, ReLU; one score per action id) with a value head on its last
    hidden layer: one number, through a sigmoid, the expected payoff of the seat whose view it reads.

    It carries the search settings it was measured with: `mix`, PUCT's `exploration` constant and the
    priors' `temperature`.
    """

    def __init__(
        self,
        policy: Network,
        value_weight: Array,
        value_bias: Array,
        mix: float = 0.0,
        exploration: float = 1.5,
        temperature: float = 1.0,
    ) -> None:
        self.policy = policy
        self.value_weight = value_weight
        self.value_bias = value_bias
        #: The share of a leaf's value the search it was trained with took from a random playout.
        self.mix = mix
        self.exploration = exploration
        self.temperature = temperature

    @classmethod
    def fresh(
        cls, encoding: Encoding, hidden: tuple[int, ...], rng: np.random.Generator, mix: float = 0.0
    ) -> PolicyValueNetwork:
        """Random weights (the policy's as `Network.fresh` makes them; the value head small)."""
        policy = Network.fresh(encoding, hidden, rng)
        weight = (rng.standard_normal((hidden[-1], 1)) * 0.01).astype(np.float32)
        return cls(policy, weight, np.zeros(1, dtype=np.float32), mix)

    def hidden(self, observations: Array) -> Array:
        """The last hidden layer of one observation or a batch."""
        layer = observations
        for weight, bias in zip(self.policy.weights[:-1], self.policy.biases[:-1], strict=True):
            layer = np.maximum(layer @ weight + bias, 0.0)
        return layer

    def scores(self, observation: Observation) -> Array:
        """The action scores of one observation (the value head not read)."""
        return self.head(self.hidden(observation))

    def head(self, hidden: Array) -> Array:
        """The action scores of a last hidden layer."""
        return hidden @ self.policy.weights[-1] + self.policy.biases[-1]

    def value(self, hidden: Array) -> float:
        """The value (0 to 1) of a last hidden layer."""
        logit = float(hidden @ self.value_weight[:, 0]) + float(self.value_bias[0])
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))

    def evaluate(self, observation: Observation) -> tuple[Array, float]:
        """The action scores and the value (0 to 1) of one observation."""
        layer = self.hidden(observation)
        scores = layer @ self.policy.weights[-1] + self.policy.biases[-1]
        value = float((layer @ self.value_weight + self.value_bias)[0])
        return scores, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, value))))

    def save(self, path: str | Path, half: bool = False) -> None:
        """A policy file (`policy:FILE` reads it) holding the value head and the search's settings too;
        `half` stores the policy's weights in float16."""
        arrays = self.policy.arrays(
            half=half,
            value_head=True,
            mix=self.mix,
            exploration=self.exploration,
            temperature=self.temperature,
        )
        arrays["value_weight"], arrays["value_bias"] = self.value_weight, self.value_bias
        write_arrays(path, arrays)

    @classmethod
    def load(cls, path: str | Path, encoding: Encoding) -> PolicyValueNetwork:
        """The network in a file, checked as a policy file is, and its value head (PolicyFileError)."""
        policy = Network.load(path, encoding)
        where = f"policy file {str(path)!r}"
        try:
            with np.load(Path(path), allow_pickle=False) as archive:
                weight = archive["value_weight"].astype(np.float32)
                bias = archive["value_bias"].astype(np.float32)
                meta = json.loads(str(archive["meta"]))
                settings = [float(meta.get(key, default)) for key, default in SETTINGS]
        except (KeyError, OSError, ValueError, TypeError, AttributeError, zipfile.BadZipFile):
            raise PolicyFileError(f"{where} has no value head: the guided search needs one") from None
        if weight.shape != (policy.weights[-1].shape[0], 1) or bias.shape != (1,):
            raise PolicyFileError(f"{where}: its value head does not fit its last hidden layer")
        mix, exploration, temperature = settings
        fault = settings_fault(mix, exploration, temperature)
        if fault is not None:
            raise PolicyFileError(f"{where}: its search settings are out of range ({fault})")
        return cls(policy, weight, bias, mix, exploration, temperature)


def settings_fault(mix: float, exploration: float, temperature: float) -> str | None:
    """What is out of range in a network's search settings, in words (None: nothing)."""
    faults = []
    if not 0.0 <= mix <= 1.0:
        faults.append(f"mix {mix}: 0 to 1")
    if not 0.0 < exploration <= 100.0:
        faults.append(f"exploration {exploration}: above 0, at most 100")
    if not 0.01 <= temperature <= 100.0:
        faults.append(f"temperature {temperature}: 0.01 to 100")
    return "; ".join(faults) or None


#: The search's settings a network file may name, and their values where it names none.
SETTINGS = (("mix", 0.0), ("exploration", 1.5), ("temperature", 1.0))


class GuidedNode(TreeNode):
    """A tree node whose children are keyed by their actions' ids; its priors once it is searched from."""

    __slots__ = ("available", "hidden", "priors")

    def __init__(self, action: Any, parent: GuidedNode | None, seat: int) -> None:
        super().__init__(action, parent, seat)
        #: exp((score - the largest score) / temperature) of every action id, from the network's reading
        #: of a state drawn here (None: not yet read); a plain list, which Python indexes faster.
        self.priors: list[float] | None = None
        #: The network's last hidden layer, read for the value at this leaf and kept for its priors.
        self.hidden: Array | None = None
        #: How often each action id was legal here, in the states drawn when the walk went on from here.
        self.available: dict[int, int] = {}


class GuidedBot:
    """ISMCTS guided by a policy-value network; sees only its view, like every bot."""

    def __init__(
        self,
        game: AnyGame,
        network: PolicyValueNetwork,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float | None = None,
        mix: float | None = None,
        playout_depth: int = 8,
        name: str = PREFIX,
        temperature: float | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations or seconds")
        self.game = game
        self.network = network
        self.encoding = encoding_for(game.name)
        self.iterations = iterations
        self.seconds = seconds
        #: PUCT's constant c (None: the network's own setting).
        self.exploration = network.exploration if exploration is None else exploration
        #: The share of a leaf's value taken from a random playout (None: the network's own setting).
        self.mix = network.mix if mix is None else mix
        #: The priors are softmax(scores / temperature) (None: the network's own setting).
        self.temperature = network.temperature if temperature is None else temperature
        self.playout_depth = playout_depth
        self.name = name
        #: Iterations run by the last search, and its root's visits by action (for training).
        self.last_iterations = 0
        self.last_visits: list[tuple[Any, int]] = []
        #: While set, the move is drawn in proportion to the root's visits (self-play), not the most.
        self.sample_moves = False

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The action the search prefers (visited most; in proportion to visits while sampling)."""
        if len(legal) == 1:
            self.last_iterations, self.last_visits = 0, [(legal[0], 1)]
            return legal[0]
        draw = self.game.determinizer(view)
        root = GuidedNode(None, None, -1)
        root.priors = self._priors(self.network.scores(self.encoding.observe(view)))
        started = time.perf_counter()
        count = 0
        root_ids = self.encoding.action_ids(legal)
        unlogged = self.game.unlogged
        while not budget_spent(count, self.iterations, self.seconds, started):
            self._iterate(root, unlogged(draw(rng)), rng, legal, root_ids)
            count += 1
        self.last_iterations = count
        visits: list[int] = [root.children[i].visits if i in root.children else 0 for i in root_ids]
        self.last_visits = list(zip(legal, visits, strict=True))
        total = sum(visits)
        if self.sample_moves and total > 0:
            pick = below(rng, total)
            for action, seen in self.last_visits:
                pick -= seen
                if pick < 0:
                    return action
        best = max(range(len(legal)), key=lambda index: visits[index])
        return legal[best]

    def _priors(self, scores: Array) -> list[float]:
        """exp((score - the largest) / temperature) of every id: the priors, once normalised."""
        # In float64, so that a legal action scored far below an illegal one keeps a prior above 0.
        wide = scores.astype(np.float64)
        return np.exp((wide - wide.max()) / self.temperature).tolist()  # type: ignore[no-any-return]

    def _iterate(
        self, root: GuidedNode, state: Any, rng: random.Random, root_legal: Sequence[Any], root_ids: list[int]
    ) -> None:
        game, encoding = self.game, self.encoding
        outcome, current_seat, apply, legal_actions = (
            game.outcome,
            game.current_seat,
            game.apply,
            game.legal_actions,
        )
        node: GuidedNode = root
        legal: Sequence[Any] = root_legal
        ids = root_ids
        while True:
            result = outcome(state)
            if result is not None:
                rewards = [result.payoff(seat) for seat in range(game.seats(state))]
                break
            seat = current_seat(state)
            assert seat is not None
            if not node.visits and node is not root:
                # A node reached for the first time is a leaf: valued, not searched from yet.
                rewards = self._value(node, state, seat, rng)
                break
            if node is not root:
                legal = legal_actions(state)
                ids = encoding.action_ids(legal)
            if node.priors is None:
                # Its priors are read when it is first searched from (from the hidden layer its
                # leaf's value read, or else the state drawn now): most leaves are reached once.
                hidden = node.hidden
                if hidden is None:
                    hidden = self.network.hidden(self._observe(state, seat))
                node.priors, node.hidden = self._priors(self.network.head(hidden)), None
            index = self._select(node, node.priors, ids)
            child = node.children.get(ids[index])
            if child is None:
                child = node.children[ids[index]] = GuidedNode(legal[index], node, seat)
            node, state = child, apply(state, legal[index])
        node.back_up(tuple(rewards))

    def _select(self, node: GuidedNode, weights: list[float], ids: list[int]) -> int:
        """The index of the legal action of highest PUCT score at `node`."""
        priors = [weights[action_id] for action_id in ids]
        children = node.children
        found = [children.get(action_id) for action_id in ids]
        # An action not yet tried counts the mean of those tried here, for the seat choosing now
        # (the node's own mean is its chooser's, who may be another seat); 0.5 before any.
        visits, total = 0, 0.0
        for child in found:
            if child is not None:
                visits += child.visits
                total += child.total
        untried_mean = total / visits if visits else 0.5
        total_prior = sum(priors)
        if total_prior <= 0.0:
            # Every legal action scored hundreds below some illegal one: no preference among them.
            priors, total_prior = [1.0] * len(ids), float(len(ids))
        scale = self.exploration / total_prior
        available = node.available
        best, best_value = 0, -math.inf
        for index, child in enumerate(found):
            action_id = ids[index]
            seen = available[action_id] = available.get(action_id, 0) + 1
            explore = scale * priors[index] * math.sqrt(seen)
            if child is None or not child.visits:
                value = untried_mean + explore
            else:
                value = child.total / child.visits + explore / (1 + child.visits)
            if value > best_value:
                best, best_value = index, value
        return best

    def _observe(self, state: Any, seat: int) -> Observation:
        """The observation `seat` would have of a drawn state (its view's)."""
        observe_state = self.encoding.observe_state
        if observe_state is not None:
            return observe_state(state, seat)
        return self.encoding.observe(self.game.view(state, seat))

    def _value(self, node: GuidedNode, state: Any, seat: int, rng: random.Random) -> list[float]:
        """Each seat's reward at a node reached for the first time (its hidden layer kept if read)."""
        if self.mix >= 1.0:
            return list(playout(self.game, state, rng, self.playout_depth))
        # The hidden layer is kept, for the priors, should the walk go on from here one day.
        node.hidden = self.network.hidden(self._observe(state, seat))
        value = self.network.value(node.hidden)
        seats = self.game.seats(state)
        # The value is the acting seat's expected payoff; the others share the rest.
        rewards = [(1.0 - value) / max(1, seats - 1)] * seats
        rewards[seat] = value
        if self.mix > 0.0:
            played = playout(self.game, state, rng, self.playout_depth)
            rewards = [
                (1.0 - self.mix) * mine + self.mix * other
                for mine, other in zip(rewards, played, strict=True)
            ]
        return rewards


def guided_bot(spec: str, game: AnyGame) -> GuidedBot:
    """The bot `ismcts+net[@N|@Ss]:FILE` names (UnknownNameError or PolicyFileError if it cannot be)."""
    text = spec.strip()
    rest = text[len(PREFIX) :]
    budget, colon, path = rest.partition(":")
    how = f"write {PREFIX}:FILE, {PREFIX}@500:FILE (iterations) or {PREFIX}@1s:FILE (seconds)"
    if not colon or not path or (budget and not budget.startswith("@")):
        raise UnknownNameError(f"bad bot {spec!r}: {how}")
    iterations: int | None = 1000
    seconds: float | None = None
    if budget:
        number = budget[1:]
        try:
            if number.endswith("s"):
                iterations, seconds = None, float(number[:-1])
                if not (math.isfinite(seconds) and 0 < seconds <= 3600):
                    raise ValueError(number)
            else:
                iterations = int(number) if number.isascii() and number.isdigit() and len(number) <= 8 else 0
                if not iterations:
                    raise ValueError(number)
        except ValueError:
            raise UnknownNameError(f"bad budget in {spec!r}: {how}") from None
    network = PolicyValueNetwork.load(path, encoding_for(game.name))
    return GuidedBot(game, network, iterations, seconds, name=text)
