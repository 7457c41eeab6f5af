"""A value head fitted to games' results: the mover's payoff regressed on a network's last hidden layer.

The guided search (`bots.guided`) values a leaf by the network's value head, the expected payoff of
the seat to act.  Here that head is fitted alone, the layers below it kept as they are (a policy's
own, trained for its moves): logistic regression of each decision's final payoff (1 won, 0 lost, a
share for a tie) on the hidden layer's entries, with an L2 penalty, by Newton's method, which needs
no step size and reaches the optimum of this convex loss in a few steps.  The decisions come from
games of any bot at every seat (`record`): cheap games (the heuristic's) give many of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from cardtable.bots.learned.encoding import encoding_for
from cardtable.bots.learned.recorded import self_play
from cardtable.core.chance import derive_seed
from cardtable.core.jsonio import JSON
from cardtable.games import get_game

Array = npt.NDArray[np.float64]


@dataclass
class Decisions:
    """Per decision of recorded games (more than one legal action): the mover's observation, its payoff."""

    observations: list[npt.NDArray[np.float32]] = field(default_factory=list)
    payoffs: list[float] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.payoffs)


def record(
    game_name: str,
    bot: str,
    games: int,
    seed: int,
    first: int = 0,
    seats: int | None = None,
    options: Mapping[str, JSON] | None = None,
) -> Decisions:
    """Every decision of games `first` to `first + games - 1` of `bot` at every seat, game i dealt
    from seed (seed, i); `seats` players (the game's fewest if None: Scout's two, not the four or
    five a value for those tables must learn from), the rule `options` given by name."""
    game = get_game(game_name)
    encoding = encoding_for(game_name)
    resolved = game.option_table.from_dict(dict(options or {}))
    found = Decisions()
    for index in range(first, first + games):
        played = self_play(game, bot, derive_seed(seed, "value", index), seats, resolved)
        found.observations += [encoding.observe(decision.view) for decision in played.decisions]
        found.payoffs += [played.outcome.payoff(decision.seat) for decision in played.decisions]
    return found


def logistic_loss(features: Array, targets: Array, weights: Array, ridge: float) -> tuple[float, Array]:
    """The mean cross-entropy of sigmoid(features @ weights) to the targets (0 to 1), plus
    ridge/2 * |weights without the last, the bias|^2, and its gradient."""
    logits = features @ weights
    # log(1 + e^z) - t*z is the cross-entropy of sigmoid(z) to t, written to stay finite for any z.
    loss = float(np.mean(np.logaddexp(0.0, logits) - targets * logits))
    penalised = weights.copy()
    penalised[-1] = 0.0
    loss += 0.5 * ridge * float(penalised @ penalised)
    predicted = 1.0 / (1.0 + np.exp(-logits))
    gradient = features.T @ (predicted - targets) / len(targets) + ridge * penalised
    return loss, gradient


@dataclass(frozen=True)
class ValueFit:
    """The fitted head: its weights (one a hidden entry), its bias, and the loss after each Newton step."""

    weight: npt.NDArray[np.float32]
    bias: npt.NDArray[np.float32]
    losses: list[float]


def fit_value_head(hidden: Array, payoffs: Array, ridge: float = 1e-3, steps: int = 12) -> ValueFit:
    """The value head of least penalised cross-entropy on `hidden` (one row a decision), by Newton's
    method from zero weights."""
    if len(hidden) == 0 or len(hidden) != len(payoffs):
        raise ValueError("give one payoff for each row of hidden entries, at least one")
    if not np.all((payoffs >= 0.0) & (payoffs <= 1.0)):
        raise ValueError("payoffs lie between 0 and 1")
    features = np.hstack([hidden.astype(np.float64), np.ones((len(hidden), 1))])
    targets = payoffs.astype(np.float64)
    weights = np.zeros(features.shape[1])
    penalty = np.eye(features.shape[1]) * ridge
    penalty[-1, -1] = 0.0
    losses = []
    for _ in range(steps):
        loss, gradient = logistic_loss(features, targets, weights, ridge)
        losses.append(loss)
        predicted = 1.0 / (1.0 + np.exp(-(features @ weights)))
        curvature = (features * (predicted * (1.0 - predicted))[:, None]).T @ features / len(targets)
        # A small floor keeps the system solvable when some hidden entry is never active.
        step = np.linalg.solve(curvature + penalty + np.eye(len(weights)) * 1e-9, gradient)
        # Newton's step, halved while it would raise the loss (far from the optimum it may overshoot).
        for _ in range(30):
            if logistic_loss(features, targets, weights - step, ridge)[0] <= loss:
                break
            step = step / 2
        weights = weights - step
    losses.append(logistic_loss(features, targets, weights, ridge)[0])
    weight = weights[:-1, None].astype(np.float32)
    return ValueFit(weight, np.array([weights[-1]], dtype=np.float32), losses)
