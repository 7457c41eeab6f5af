"""A Gymnasium environment: one seat of a cardtable game learns, bots or policies play the others.

The opponents move inside `step` (and `reset`, when they play first), each
from its own view (a bot with a generator derived from the episode's seed, so
a seeded episode repeats exactly; or a policy of this process, `opponents.py`).
Observations, action ids, the mask and the rewards are those of the AEC
environment (`aec.py`, docs/rl.md); `action_masks()` is the mask as
sb3-contrib's MaskablePPO asks for it.  The episode's last observation is the
learner's view of the finished game, its mask `FINAL_ID` alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from cardtable.core.chance import make_rng
from cardtable.core.errors import GameOverError
from cardtable.games import AnyGame
from cardtable.rl.aec import RENDER_MODES, check_render_mode
from cardtable.rl.opponents import Opponent, Seated, policy_of, seat_opponent
from cardtable.rl.table import EpisodeSeeds, Table

Observation = dict[str, npt.NDArray[Any]]


class CardtableGym(gymnasium.Env[dict[str, Any], Any]):
    """One seat of a cardtable game as a single-agent environment, the other seats played by bots."""

    def __init__(
        self,
        game: str | AnyGame,
        *,
        opponents: Sequence[Opponent] = ("random",),
        seat: int | None = 0,
        preset: str | None = None,
        reward: str = "outcome",
        illegal_reward: float | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        info_words: bool = False,
        **options: object,
    ) -> None:
        if isinstance(opponents, str) or not isinstance(opponents, Sequence) or not opponents:
            raise ValueError(f"opponents={opponents!r}: a list of bot names or policies, one per other seat")
        for opponent in opponents:
            policy_of(opponent)
        check_render_mode(render_mode)
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps={max_steps!r}: a whole number of the learner's steps, or None")
        self.metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}
        self.table = Table(game, len(opponents) + 1, preset, reward, illegal_reward, options, info_words)
        seats = self.table.seats
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats
        ):
            raise ValueError(f"seat={seat!r}: the learner's seat, from 0 to {seats - 1}, or None to draw it")
        self.opponents = list(opponents)
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        # Seated once here too, so that a bad bot name is refused now rather than at the first reset.
        self._players = self._seat_opponents(0)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.action_space = self.table.action_space()
        self.observation_space = self.table.observation_space()
        self._seeds = EpisodeSeeds()
        self._steps = 0
        #: Whether the opponents' moves were cut at max_steps: the episode is truncated.
        self._cut = False

    def _seat_opponents(self, episode: int) -> dict[int, Seated]:
        table = self.table
        others = [seat for seat in range(table.seats) if seat != self.seat]
        return {
            seat: seat_opponent(opponent, seat, table, make_rng(episode, "bot", seat))
            for seat, opponent in zip(others, self.opponents, strict=True)
        }

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
        # Bots seated anew, as for every game of a simulation: none carries a memory from the last game.
        self._players = self._seat_opponents(episode)
        self._steps = 0
        self._cut = False
        if self._let_opponents_play():
            raise ValueError(
                f"max_steps={self.max_steps}: the opponents made that many moves before the learner's turn"
            )
        return table.observe(self.seat), self._info()

    def _let_opponents_play(self) -> bool:
        """Play the opponents' turns; True if they stopped at `max_steps` moves in a row (truncated)."""
        table = self.table
        moves = 0
        while (seat := table.current_seat) is not None and seat != self.seat:
            # A policy opponent may circle for ever (a pick and a cancel in the duel): max_steps bounds it.
            if self.max_steps is not None and moves >= self.max_steps:
                self._cut = True
                return True
            self._players[seat].play(table)
            moves += 1
        return False

    def _info(self, refusal: str | None = None) -> dict[str, Any]:
        return {"seat": self.seat, **self.table.info(refusal)}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's mask now, as booleans (sb3-contrib's MaskablePPO calls this)."""
        return self.table.mask(self.seat, self._cut).astype(bool)

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner plays the id, then the opponents until its next turn or the end."""
        table = self.table
        action_id = table.check_id(action)
        if table.outcome is not None or table.current_seat is None or self._cut:
            raise GameOverError(table.action_text(action_id))
        refusal, penalty = table.refusal(action_id), table.illegal_reward
        if refusal is not None and penalty is None:
            raise table.refused(action_id, refusal)
        # An illegal id tried counts too: a learner that tries nothing else still reaches max_steps.
        self._steps += 1
        if refusal is not None and penalty is not None:
            return table.observe(self.seat), float(penalty), False, self._truncated(), self._info(refusal)
        table.play(action_id)
        cut = self._let_opponents_play()
        if self.render_mode == "human":
            self.render()
        if table.outcome is not None:
            reward = table.final_rewards()[self.seat]
            return table.observe(self.seat), reward, True, False, self._info()
        if cut:
            return table.observe(self.seat, over=True), 0.0, False, True, self._info()
        return table.observe(self.seat), 0.0, False, self._truncated(), self._info()

    def _truncated(self) -> bool:
        return self.max_steps is not None and self._steps >= self.max_steps

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
