"""A Gymnasium environment: one seat of a cardtable game learns, named bots play the others.

The opponents move inside `step` (and `reset`, when they play first), each
from its own view with a generator derived from the episode's seed, so a
seeded episode repeats exactly.  Observations, action ids, the mask and the
rewards are those of the AEC environment (`aec.py`, docs/rl.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy.typing as npt

from cardtable.bots import make_opponent
from cardtable.core.chance import make_rng
from cardtable.core.errors import GameOverError, IllegalActionError
from cardtable.core.players import Bot
from cardtable.games import AnyGame
from cardtable.rl.aec import RENDER_MODES
from cardtable.rl.table import EpisodeSeeds, Table

Observation = dict[str, npt.NDArray[Any]]


class CardtableGym(gymnasium.Env[dict[str, Any], Any]):
    """One seat of a cardtable game as a single-agent environment, the other seats played by bots."""

    def __init__(
        self,
        game: str | AnyGame,
        *,
        opponents: Sequence[str] = ("random",),
        seat: int | None = 0,
        preset: str | None = None,
        reward: str = "outcome",
        illegal_reward: float | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        if isinstance(opponents, str) or not opponents:
            raise ValueError(f"opponents={opponents!r}: a list of bot names, one per other seat")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode={render_mode!r}: the modes are {', '.join(RENDER_MODES)} or None")
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps={max_steps!r}: a whole number of the learner's actions, or None")
        self.metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}
        self.table = Table(game, len(opponents) + 1, preset, reward, illegal_reward, options)
        seats = self.table.seats
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats
        ):
            raise ValueError(f"seat={seat!r}: the learner's seat, from 0 to {seats - 1}, or None to draw it")
        self.opponent_names = list(opponents)
        self.bots: list[Bot[Any, Any]] = [make_opponent(name, self.table.game) for name in opponents]
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.action_space = self.table.action_space()
        self.observation_space = self.table.observation_space()
        self._seeds = EpisodeSeeds()
        self._players: dict[int, tuple[Bot[Any, Any], random.Random]] = {}
        self._steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game dealt from `seed`; the opponents play until it is the learner's turn."""
        super().reset(seed=seed)
        episode = self._seeds.next(seed)
        table = self.table
        table.deal(episode)
        if self.fixed_seat is None:
            self.seat = make_rng(episode, "learner seat").randrange(table.seats)
        others = [seat for seat in range(table.seats) if seat != self.seat]
        self._players = {
            seat: (bot, make_rng(episode, "bot", seat)) for seat, bot in zip(others, self.bots, strict=True)
        }
        self._steps = 0
        self._let_opponents_play()
        return table.observe(self.seat), {"seat": self.seat}

    def _let_opponents_play(self) -> None:
        table = self.table
        while (seat := table.current_seat) is not None and seat != self.seat:
            bot, rng = self._players[seat]
            table.play_bot(bot, rng)

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner plays the id, then the opponents until its next turn or the end."""
        table = self.table
        action_id = table.check_id(action)
        if table.outcome is not None or table.current_seat is None:
            raise GameOverError(table.action_text(action_id))
        refusal = table.refusal(action_id)
        if refusal is not None:
            if table.illegal_reward is None:
                raise IllegalActionError(table.action_text(action_id), refusal)
            return table.observe(self.seat), float(table.illegal_reward), False, False, {"illegal": refusal}
        table.play(action_id)
        self._steps += 1
        self._let_opponents_play()
        if self.render_mode == "human":
            self.render()
        outcome = table.outcome
        if outcome is not None:
            reward = table.final_rewards()[self.seat]
            return table.observe(self.seat), reward, True, False, {"outcome": outcome.to_json()}
        truncated = self.max_steps is not None and self._steps >= self.max_steps
        return table.observe(self.seat), 0.0, False, truncated, {}

    def render(self) -> str | None:
        """The learner's screen: printed, or returned as text."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called with no render_mode (give 'human' or 'ansi')")
            return None
        if self.render_mode == "ansi":
            return self.table.screen(self.seat, color=False)
        print(self.table.screen(self.seat, color=True), end="")
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""
