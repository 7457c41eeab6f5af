"""Expert iteration: the search plays itself, a network learns its moves and the results, the search uses it.

Round 0's games are played by plain ISMCTS; round k's by the search guided by round k-1's network
(`bots.guided`).  Each decision of a game gives a target: the observation of the mover's view, the
share of the root's visits each legal action got, and, once the game is over, the mover's payoff.
The network of round k is fitted to the targets of rounds k and k-1 (numpy, Adam: cross-entropy
to the visit shares over the legal actions, and to the payoff through the value head's sigmoid),
starting from round k-1's weights.  Anthony, Tian and Barber, "Thinking Fast and Slow with Deep
Learning and Tree Search" (2017), describe the method.  Everything is seeded: the same command
gives the same networks.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.bots.guided import GuidedBot, PolicyValueNetwork
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.learned.encoding import Encoding, encoding_for
from cardtable.bots.learned.network import Network
from cardtable.core.chance import derive_seed
from cardtable.core.match import Match
from cardtable.games import get_game

Array = npt.NDArray[np.float32]


@dataclass
class Targets:
    """What the search's games teach: per decision, the observation, the visit shares and the payoff."""

    observations: list[Array] = field(default_factory=list)
    #: Per decision, the legal ids and the share of the root's visits each got.
    policies: list[tuple[list[int], list[float]]] = field(default_factory=list)
    values: list[float] = field(default_factory=list)

    def extend(self, other: Targets) -> None:
        """Add another set's targets after these."""
        self.observations += other.observations
        self.policies += other.policies
        self.values += other.values

    def __len__(self) -> int:
        return len(self.values)


def self_play(
    game_name: str,
    network: PolicyValueNetwork | None,
    games: int,
    iterations: int,
    seed: int,
    mix: float,
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> Targets:
    """Targets from `games` games of the search against itself (plain ISMCTS without a network), at a
    table of `seats` players (the game's fewest if None) with the rule `options` given by name.

    The guided search draws its moves in proportion to the root's visits, so that games differ.
    """
    game = get_game(game_name)
    encoding = encoding_for(game_name)
    rules = game.option_table.resolve(None, dict(options or {}))
    found = Targets()
    for index in range(games):
        match = Match(game, seed=derive_seed(seed, "self-play", index), seats=seats, options=rules)
        rng = random.Random(derive_seed(seed, "search", index))
        if network is None:
            plain = ISMCTSBot(game, iterations=iterations)
        else:
            guided = GuidedBot(game, network, iterations=iterations, mix=mix)
            guided.sample_moves = True
        movers: list[int] = []
        while not match.is_over:
            seat = match.current_seat
            assert seat is not None
            view, legal = match.view(seat), match.legal_actions()
            if len(legal) == 1:
                match.play(legal[0])
                continue
            if network is None:
                visits = _plain_visits(plain, view, legal, rng)
                action = legal[max(range(len(legal)), key=lambda i: visits[i])]
            else:
                action = guided.choose(view, legal, rng)
                visits = [seen for _, seen in guided.last_visits]
            total = sum(visits) or 1
            found.observations.append(encoding.observe(view))
            found.policies.append((encoding.action_ids(legal), [seen / total for seen in visits]))
            movers.append(seat)
            match.play(action)
        outcome = match.outcome
        assert outcome is not None
        found.values += [outcome.payoff(seat) for seat in movers]
    return found


def _plain_visits(bot: ISMCTSBot, view: Any, legal: Sequence[Any], rng: random.Random) -> list[int]:
    """The root's visits of each legal action after plain ISMCTS's search from `view`."""
    draw = bot.game.determinizer(view)
    root = bot.tree.grow(lambda: draw(rng), legal, rng)
    children = [bot.tree.child(root, action) for action in legal]
    return [child.visits if child is not None else 0 for child in children]


@dataclass(frozen=True)
class Fitting:
    """How a network is fitted: passes over the targets, batch size, learning rate, the value's weight."""

    epochs: int = 20
    batch: int = 128
    learning_rate: float = 1e-3
    value_weight: float = 1.0


def fit(
    network: PolicyValueNetwork, targets: Targets, encoding: Encoding, settings: Fitting, seed: int
) -> list[float]:
    """Fit `network` in place (Adam); the mean loss of each pass."""
    rng = np.random.default_rng(seed)
    observations = np.stack(targets.observations).astype(np.float32)
    count, actions = len(targets), encoding.action_count
    masks = np.zeros((count, actions), dtype=bool)
    wanted = np.zeros((count, actions), dtype=np.float32)
    for row, (ids, shares) in enumerate(targets.policies):
        masks[row, ids] = True
        wanted[row, ids] = shares
    values = np.asarray(targets.values, dtype=np.float32)[:, None]
    params = [*network.policy.weights, *network.policy.biases, network.value_weight, network.value_bias]
    moments = [np.zeros_like(param) for param in params]
    squares = [np.zeros_like(param) for param in params]
    step, losses = 0, []
    layers = len(network.policy.weights)
    for _ in range(settings.epochs):
        order = rng.permutation(count)
        total = 0.0
        for start in range(0, count, settings.batch):
            rows = order[start : start + settings.batch]
            loss, grads = _gradients(
                network, observations[rows], masks[rows], wanted[rows], values[rows], settings
            )
            total += loss * len(rows)
            step += 1
            for index, (param, grad) in enumerate(zip(params, grads, strict=True)):
                moments[index] = 0.9 * moments[index] + 0.1 * grad
                squares[index] = 0.999 * squares[index] + 0.001 * grad * grad
                corrected = moments[index] / (1 - 0.9**step)
                scale = np.sqrt(squares[index] / (1 - 0.999**step)) + 1e-8
                param -= (settings.learning_rate * corrected / scale).astype(np.float32)
        losses.append(total / count)
    assert len(network.policy.weights) == layers
    return losses


def _gradients(
    network: PolicyValueNetwork, inputs: Array, masks: Any, wanted: Array, values: Array, settings: Fitting
) -> tuple[float, list[Array]]:
    """The batch's loss and its gradients, in the order weights, biases, value weight, value bias."""
    weights, biases = network.policy.weights, network.policy.biases
    activations = [inputs]
    layer = inputs
    for weight, bias in zip(weights[:-1], biases[:-1], strict=True):
        layer = np.maximum(layer @ weight + bias, 0.0)
        activations.append(layer)
    hidden = activations[-1]
    scores = np.where(masks, hidden @ weights[-1] + biases[-1], -1e9)
    scores = scores - scores.max(axis=1, keepdims=True)
    probabilities = np.exp(scores) * masks
    probabilities /= probabilities.sum(axis=1, keepdims=True)
    rows = len(inputs)
    policy_loss = -float(np.sum(wanted * np.log(probabilities + 1e-9))) / rows
    predicted = 1.0 / (1.0 + np.exp(-(hidden @ network.value_weight + network.value_bias)))
    value_loss = -float(
        np.mean(values * np.log(predicted + 1e-7) + (1 - values) * np.log(1 - predicted + 1e-7))
    )
    score_grad = (probabilities - wanted) / rows
    value_grad = settings.value_weight * (predicted - values) / rows
    grad_weights: list[Array] = [np.zeros_like(w) for w in weights]
    grad_biases: list[Array] = [np.zeros_like(b) for b in biases]
    grad_weights[-1] = hidden.T @ score_grad
    grad_biases[-1] = score_grad.sum(axis=0)
    grad_value_weight = hidden.T @ value_grad
    grad_value_bias = value_grad.sum(axis=0)
    back = score_grad @ weights[-1].T + value_grad @ network.value_weight.T
    for index in range(len(weights) - 2, -1, -1):
        back = back * (activations[index + 1] > 0)
        grad_weights[index] = activations[index].T @ back
        grad_biases[index] = back.sum(axis=0)
        if index:
            back = back @ weights[index].T
    loss = policy_loss + settings.value_weight * value_loss
    return loss, [*grad_weights, *grad_biases, grad_value_weight, grad_value_bias]


@dataclass(frozen=True)
class Plan:
    """An expert iteration run: the game, rounds, games and search iterations a round, the network."""

    game: str
    rounds: int
    games: int
    iterations: int
    seed: int = 1
    hidden: tuple[int, ...] = (128,)
    #: The share of a leaf's value taken from a random playout (the rest from the network).
    mix: float = 0.5
    fitting: Fitting = Fitting()
    #: Players a game (the game's fewest if None) and rule options by name (Scout's `rounds`: 1).
    seats: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    #: A policy file the first round's network starts from (its layers, and its value head if it has
    #: one), instead of random weights: a policy that imitates a bot, to learn the search from there.
    start: str | None = None
    #: PUCT's constant and the priors' temperature written into every round's network, which its
    #: searches use (None: the starting file's settings, else the search's defaults).
    exploration: float | None = None
    temperature: float | None = None


def run(plan: Plan, save: Callable[[int, PolicyValueNetwork], None], report: Callable[[str], None]) -> None:
    """Every round of the plan: self-play, fitting, the network saved (`save(round, network)`)."""
    encoding = encoding_for(plan.game)
    network: PolicyValueNetwork | None = None
    first = (
        PolicyValueNetwork.fresh(encoding, plan.hidden, np.random.default_rng(plan.seed), plan.mix)
        if plan.start is None
        else starting_network(plan.start, encoding, plan.mix)
    )
    if plan.exploration is not None:
        first.exploration = plan.exploration
    if plan.temperature is not None:
        first.temperature = plan.temperature
    previous = Targets()
    for round_index in range(plan.rounds):
        seed = derive_seed(plan.seed, "round", round_index)
        targets = self_play(
            plan.game, network, plan.games, plan.iterations, seed, plan.mix, plan.seats, plan.options
        )
        learned = first if network is None else _copy(network)
        taught = Targets()
        taught.extend(previous)
        taught.extend(targets)
        losses = fit(learned, taught, encoding, plan.fitting, derive_seed(plan.seed, "fit", round_index))
        report(
            f"round {round_index + 1}: {len(targets)} decisions from {plan.games} games; fitted to "
            f"{len(taught)}, loss {losses[0]:.3f} -> {losses[-1]:.3f}"
        )
        save(round_index + 1, learned)
        network, previous = learned, targets


def starting_network(path: str, encoding: Encoding, mix: float) -> PolicyValueNetwork:
    """The network in a policy file (PolicyFileError if it is none for this game), with its value head
    if it has one and else a head of zeros (a value of one half everywhere), searching with `mix`."""
    policy = Network.load(path, encoding)
    with np.load(Path(path), allow_pickle=False) as archive:
        has_head = "value_weight" in archive.files
    if has_head:
        found = PolicyValueNetwork.load(path, encoding)
        return PolicyValueNetwork(
            found.policy, found.value_weight, found.value_bias, mix, found.exploration, found.temperature
        )
    size = policy.weights[-1].shape[0]
    return PolicyValueNetwork(policy, np.zeros((size, 1), np.float32), np.zeros(1, np.float32), mix)


def _copy(network: PolicyValueNetwork) -> PolicyValueNetwork:
    policy = network.policy
    copied = type(policy)(policy.game, [w.copy() for w in policy.weights], [b.copy() for b in policy.biases])
    return PolicyValueNetwork(
        copied,
        network.value_weight.copy(),
        network.value_bias.copy(),
        network.mix,
        network.exploration,
        network.temperature,
    )


def describe(plan: Plan) -> str:
    """The plan as JSON, for the run's record."""
    return json.dumps(
        {
            "game": plan.game,
            "rounds": plan.rounds,
            "games": plan.games,
            "iterations": plan.iterations,
            "seed": plan.seed,
            # The starting file's layers, when one is given.
            "hidden": list(plan.hidden) if plan.start is None else None,
            "mix": plan.mix,
            "epochs": plan.fitting.epochs,
            "seats": plan.seats,
            "options": dict(plan.options),
            "start": plan.start,
            "exploration": plan.exploration,
            "temperature": plan.temperature,
        }
    )
