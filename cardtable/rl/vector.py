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


#: What a vector step returns: observations and masks, rewards, terminations, truncations, infos.
VectorStep = tuple[
    dict[str, npt.NDArray[Any]],
    npt.NDArray[np.float64],
    npt.NDArray[np.bool_],
    npt.NDArray[np.bool_],
    dict[str, Any],
]


def check_batch(num_envs: object, options: dict[str, Any]) -> None:
    """Refuse by name a count of games that is not a whole number from 1, or a render mode."""
    if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
        raise ValueError(f"num_envs={num_envs!r}: how many games to step at once, 1 or more")
    if options.get("render_mode") is not None:
        raise ValueError("render_mode: a vector environment renders nothing; render one CardtableGym")


def take_spaces(vector: VectorEnv[Any, Any, Any], first: CardtableGym, num_envs: int) -> None:
    """A batch of `num_envs` games of `first`'s kind: its count, spaces, metadata (autoreset next step)."""
    vector.metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}
    vector.num_envs = num_envs
    vector.single_observation_space = first.observation_space
    vector.single_action_space = first.action_space
    vector.observation_space = batch_space(first.observation_space, num_envs)
    vector.action_space = batch_space(first.action_space, num_envs)
    vector.render_mode = None


def episode_seeds(seed: int | Sequence[int] | None, count: int) -> list[int | None]:
    """Each game's seed for `reset(seed=...)`: `seed + i` for game i, the i-th of a list, or None."""
    if seed is None:
        return [None] * count
    if isinstance(seed, int | np.integer) and not isinstance(seed, bool):
        return [int(seed) + index for index in range(count)]
    if isinstance(seed, Sequence) and len(seed) == count:
        return list(seed)
    raise ValueError(f"seed={seed!r}: a whole number, or a list of {count} seeds, or None")


def action_ids(actions: npt.ArrayLike, count: int) -> npt.NDArray[Any]:
    """The step's ids as an array, one per game (a wrong shape refused by name)."""
    ids = np.asarray(actions)
    if ids.shape != (count,):
        raise ValueError(f"actions of shape {ids.shape}: one id per game, shape ({count},)")
    return ids


#: A batch's infos apart: the numbers every game holds, one array a key; (game, words) where a game has words.
SplitInfos = tuple[dict[str, npt.NDArray[Any]], list[tuple[int, dict[str, Any]]]]


def split_infos(infos: Sequence[dict[str, Any]]) -> SplitInfos:
    """The games' infos as the numbers stacked (one array a key) and the words of the games that hold any."""
    numbers = {key: np.stack([info[key] for info in infos]) for key in NUMBERS}
    words = [(index, extra) for index, info in enumerate(infos) if (extra := _words(info))]
    return numbers, words


def _words(info: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in info.items() if key not in NUMBERS}


def vector_infos(
    vector: VectorEnv[Any, Any, Any],
    numbers: dict[str, npt.NDArray[Any]],
    words: Sequence[tuple[int, dict[str, Any]]],
) -> dict[str, Any]:
    """Gymnasium's vector infos: each key's values over the games, `_key` marking the games holding it.

    The numbers every game's info holds are stacked at once; the words (`info_words`) only some
    games hold go Gymnasium's general way (`VectorEnv._add_info`).
    """
    stacked: dict[str, Any] = {}
    present = np.ones(vector.num_envs, dtype=np.bool_)
    for key in NUMBERS:
        stacked[key] = numbers[key]
        stacked[f"_{key}"] = present.copy()
    for index, extra in words:
        stacked = vector._add_info(stacked, extra, index)
    return stacked


class CardtableVectorEnv(VectorEnv[dict[str, Any], Any, Any]):
    """`num_envs` copies of one `CardtableGym`, stepped together, observations and masks stacked."""

    def __init__(self, game: str | AnyGame, num_envs: int, **options: Any) -> None:
        check_batch(num_envs, options)
        self.envs = [CardtableGym(game, **options) for _ in range(num_envs)]
        first = self.envs[0]
        take_spaces(self, first, num_envs)
        encoding = first.table.encoding
        self._observations = np.zeros((num_envs, encoding.observation_size), dtype=np.float32)
        self._masks = np.zeros((num_envs, encoding.action_count), dtype=np.int8)
        self._done = np.zeros(num_envs, dtype=np.bool_)

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """Deal every game anew: game i from `seed + i`, or from `seed[i]`."""
        infos = self._deal(episode_seeds(seed, self.num_envs))
        return self._batch(), vector_infos(self, *split_infos(infos))

    def _deal(self, seeds: Sequence[int | None]) -> list[dict[str, Any]]:
        """Deal every game anew from its seed, its observation and mask stored; each game's info."""
        infos: list[dict[str, Any]] = []
        for index, (environment, episode_seed) in enumerate(zip(self.envs, seeds, strict=True)):
            observation, info = environment.reset(seed=episode_seed)
            self._store(index, observation)
            infos.append(info)
        self._done[:] = False
        return infos

    def step(self, actions: npt.ArrayLike) -> VectorStep:
        """Each game plays its action (a game that ended at the last step is dealt anew instead)."""
        rewards, terminations, truncations, infos = self._play(action_ids(actions, self.num_envs))
        return self._batch(), rewards, terminations, truncations, vector_infos(self, *split_infos(infos))

    def _play(
        self, ids: npt.NDArray[Any]
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], list[dict[str, Any]]]:
        """Each game's step (or new deal), observations and masks stored; rewards, ends and infos."""
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
        return rewards, terminations, truncations, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every game's mask now, as booleans of shape (N, actions)."""
        return self._masks.astype(bool)

    def _store(self, index: int, observation: dict[str, npt.NDArray[Any]]) -> None:
        self._observations[index] = observation["observation"]
        self._masks[index] = observation["action_mask"]

    def _batch(self) -> dict[str, npt.NDArray[Any]]:
        # Copies: a learner keeps the arrays it is handed (a rollout buffer), and the next step refills these.
        return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the games hold no window, file or process."""
