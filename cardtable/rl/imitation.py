"""Imitation: a teacher bot plays itself, and the actor-critic learns its choices and the results.

Behaviour cloning is the cheap start of a training on the CPU: a teacher (the
heuristic, or a search) plays every seat of seeded games, and each decision
with more than one legal action gives a target, the observation of the
mover's view (its view alone, as any player's), the legal ids, the id the
teacher chose, and, once the game is over, the mover's reward (the
environments' `"outcome"` rewards).  `clone` fits the network's policy head
to the choices (cross-entropy over the legal ids) and its value head to the
rewards, so that PPO can start from a policy that already plays and a critic
that already judges.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from cardtable.bots.learned import encoding_for
from cardtable.bots.learned.recorded import self_play
from cardtable.core.chance import derive_seed
from cardtable.games import get_game
from cardtable.rl.table import outcome_rewards
from cardtable.rl.training import ActorCritic, masked_softmax, minibatches

Array = npt.NDArray[np.float32]


@dataclass
class Demonstrations:
    """The teacher's decisions: observations (float16 to save memory), legal ids, choices, rewards."""

    observations: list[npt.NDArray[np.float16]] = field(default_factory=list)
    legal: list[npt.NDArray[np.int32]] = field(default_factory=list)
    chosen: list[int] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.chosen)


def demonstrate(
    game_name: str,
    teacher: str,
    games: int,
    seed: int,
    seats: int | None = None,
) -> Demonstrations:
    """The decisions of `games` games of the bot `teacher` at every seat, game i dealt from seed (seed, i)."""
    if games < 1:
        raise ValueError(f"games={games}: at least 1 game of demonstrations")
    game = get_game(game_name)
    encoding = encoding_for(game_name)
    found = Demonstrations()
    for index in range(games):
        played = self_play(game, teacher, derive_seed(seed, "demonstration", index), seats)
        rewards = outcome_rewards(played.outcome, played.seats)
        for decision in played.decisions:
            found.observations.append(encoding.observe(decision.view).astype(np.float16))
            found.legal.append(np.asarray(encoding.action_ids(decision.legal), dtype=np.int32))
            found.chosen.append(encoding.action_id(decision.action))
            found.returns.append(rewards[decision.seat])
    return found


def clone(
    model: ActorCritic, demonstrations: Demonstrations, epochs: int, rng: np.random.Generator
) -> list[tuple[float, float]]:
    """Fit the policy head to the teacher's choices and the value head to the rewards (Adam, in place).

    Returns each pass's mean cross-entropy and its share of decisions where
    the greedy policy picks the teacher's choice.
    """
    count = len(demonstrations)
    if count == 0:
        raise ValueError("no demonstrations to learn from (every decision had one legal action)")
    observations = np.stack(demonstrations.observations)
    chosen = np.asarray(demonstrations.chosen)
    returns = np.asarray(demonstrations.returns, dtype=np.float32)
    actions = model.encoding.action_count
    report: list[tuple[float, float]] = []
    for _ in range(epochs):
        loss, agreed = 0.0, 0
        for rows in minibatches(count, model.settings.minibatch, rng):
            masks = np.zeros((len(rows), actions), dtype=np.int8)
            for row, decision in enumerate(rows):
                masks[row, demonstrations.legal[decision]] = 1
            batch_loss, batch_agreed = _cloning_step(
                model, observations[rows].astype(np.float32), masks, chosen[rows], returns[rows]
            )
            loss += batch_loss * len(rows)
            agreed += batch_agreed
        report.append((loss / count, agreed / count))
    return report


def agreement(model: ActorCritic, demonstrations: Demonstrations) -> float:
    """The share of the decisions where the greedy policy picks the teacher's choice."""
    agreed = 0
    for begin in range(0, len(demonstrations), model.settings.minibatch):
        end = begin + model.settings.minibatch
        observations = np.stack(demonstrations.observations[begin:end]).astype(np.float32)
        scores, _, _ = model.forward(observations)
        for row, legal in enumerate(demonstrations.legal[begin:end]):
            best = int(legal[int(np.argmax(scores[row, legal]))])
            agreed += best == demonstrations.chosen[begin + row]
    return agreed / max(1, len(demonstrations))


def _cloning_step(
    model: ActorCritic,
    observations: Array,
    masks: npt.NDArray[np.int8],
    chosen: npt.NDArray[np.int64],
    returns: Array,
) -> tuple[float, int]:
    size = len(chosen)
    rows = np.arange(size)
    scores, values, cache = model.forward(observations)
    probabilities = masked_softmax(scores, masks)
    target = np.zeros_like(probabilities)
    target[rows, chosen] = 1.0
    # d cross-entropy / d scores, over the legal ids
    model.descend(cache, (probabilities - target) / size, values, returns)
    loss = float(-np.log(probabilities[rows, chosen] + 1e-12).mean())
    agreed = int((np.where(masks > 0, scores, -np.inf).argmax(axis=1) == chosen).sum())
    return loss, agreed
