"""N games of one Gymnasium environment stepped together in this process, as numpy arrays.

`CardtableVectorEnv` is a Gymnasium `VectorEnv`: `reset` and `step` take and
return `(N, ...)` arrays, the observations and masks of the N learners'
views stacked into one buffer each, the rewards, terminations and
truncations as `(N,)` arrays, the infos as Gymnasium's vector infos (each key
an array over the games, `_key` marking which games hold it).

Autoreset is Gymnasium's `NEXT_STEP` mode, as `SyncVectorEnv` does it: the
step that ends a game returns its final observation (the mask `FINAL_ID`
alone, so a masked policy still gets a finite distribution); the next step
ignores that game's action, deals it a new game and returns its first
observation with reward 0.  Seeds: `reset(seed=s)` deals game i from `s + i`
(or from the i-th seed of a list), and each game's later episodes from the
stream that seed starts, so a seeded run repeats exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from cardtable.games import AnyGame
from cardtable.rl.gym import CardtableGym

#: The keys of numbers every game's info holds (`CardtableGym._info`): stacked into one array each.
NUMBERS = ("seat", "illegal", "winners", "scores")


class CardtableVectorEnv(VectorEnv[dict[str, Any], Any, Any]):
    """`num_envs` copies of one `CardtableGym`, stepped together, observations and masks stacked."""

    def __init__(self, game: str | AnyGame, num_envs: int, **options: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs={num_envs!r}: how many games to step at once, 1 or more")
        if options.get("render_mode") is not None:
            raise ValueError("render_mode: a vector environment renders nothing; render one CardtableGym")
        self.metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}
        self.envs = [CardtableGym(game, **options) for _ in range(num_envs)]
        self.num_envs = num_envs
        first = self.envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self.render_mode = None
        encoding = first.table.encoding
        self._observations = np.zeros((num_envs, encoding.observation_size), dtype=np.float32)
        self._masks = np.zeros((num_envs, encoding.action_count), dtype=np.int8)
        self._done = np.zeros(num_envs, dtype=np.bool_)

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """Deal every game anew: game i from `seed + i`, or from `seed[i]`."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int | np.integer) and not isinstance(seed, bool):
            seeds = [int(seed) + index for index in range(self.num_envs)]
        elif isinstance(seed, Sequence) and len(seed) == self.num_envs:
            seeds = list(seed)
        else:
            raise ValueError(f"seed={seed!r}: a whole number, or a list of {self.num_envs} seeds, or None")
        infos: list[dict[str, Any]] = []
        for index, (environment, episode_seed) in enumerate(zip(self.envs, seeds, strict=True)):
            observation, info = environment.reset(seed=episode_seed)
            self._store(index, observation)
            infos.append(info)
        self._done[:] = False
        return self._batch(), self._stack(infos)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        dict[str, npt.NDArray[Any]],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Each game plays its action (a game that ended at the last step is dealt anew instead)."""
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"actions of shape {ids.shape}: one id per game, shape ({self.num_envs},)")
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        infos: list[dict[str, Any]] = []
        for index, environment in enumerate(self.envs):
            if self._done[index]:
                observation, info = environment.reset()
            else:
                observation, reward, terminated, truncated, info = environment.step(ids[index])
                rewards[index], terminations[index], truncations[index] = reward, terminated, truncated
            self._store(index, observation)
            infos.append(info)
        self._done = terminations | truncations
        return self._batch(), rewards, terminations, truncations, self._stack(infos)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every game's mask now, as booleans of shape (N, actions)."""
        return self._masks.astype(bool)

    def _store(self, index: int, observation: dict[str, npt.NDArray[Any]]) -> None:
        self._observations[index] = observation["observation"]
        self._masks[index] = observation["action_mask"]

    def _stack(self, infos: list[dict[str, Any]]) -> dict[str, Any]:
        """Gymnasium's vector infos: each key's values over the games, `_key` marking the games holding it.

        The numbers every game's info holds are stacked at once; the words (`info_words`) only some
        games hold go the general way.
        """
        stacked: dict[str, Any] = {}
        present = np.ones(self.num_envs, dtype=np.bool_)
        for key in NUMBERS:
            stacked[key] = np.stack([info[key] for info in infos])
            stacked[f"_{key}"] = present.copy()
        for index, info in enumerate(infos):
            words = {key: value for key, value in info.items() if key not in NUMBERS}
            if words:
                stacked = self._add_info(stacked, words, index)
        return stacked

    def _batch(self) -> dict[str, npt.NDArray[Any]]:
        # Copies: a learner keeps the arrays it is handed (a rollout buffer), and the next step refills these.
        return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the games hold no window, file or process."""
