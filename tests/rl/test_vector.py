"""The vector environment: N games stepped together equal N single environments, stacked."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.wrappers.vector import RecordEpisodeStatistics

import cardtable.rl
from cardtable.rl import FINAL_ID

GAMES = [("drump", ["heuristic"]), ("scout", ["random"] * 3), ("dnup", ["heuristic"] * 3), ("fm", ["random"])]


def random_ids(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])


@pytest.mark.parametrize(("game", "opponents"), GAMES)
def test_the_batch_is_the_single_games_stacked_autoreset_included(game: str, opponents: list[str]) -> None:
    count = 3
    vector = cardtable.rl.vector_env(game, count, opponents=opponents)
    singles = [cardtable.rl.gym_env(game, opponents=opponents) for _ in range(count)]
    observations, _ = vector.reset(seed=40)
    alone = [single.reset(seed=40 + index)[0] for index, single in enumerate(singles)]
    assert observations["observation"].shape == (
        count,
        vector.single_observation_space["observation"].shape[0],
    )
    assert observations["action_mask"].shape == (count, vector.single_action_space.n)
    assert vector.observation_space.contains(observations)
    rng = np.random.default_rng(1)
    done = [False] * count
    ended = 0
    for _ in range(250):
        for index in range(count):
            assert np.array_equal(observations["observation"][index], alone[index]["observation"])
            assert np.array_equal(observations["action_mask"][index], alone[index]["action_mask"])
        assert np.array_equal(vector.action_masks(), observations["action_mask"].astype(bool))
        ids = random_ids(observations["action_mask"], rng)
        observations, rewards, terminations, truncations, infos = vector.step(ids)
        for index, single in enumerate(singles):
            if done[index]:  # the game ended at the last step: dealt anew, its action ignored
                alone[index], _ = single.reset()
                assert rewards[index] == 0 and not terminations[index]
                done[index] = False
                continue
            alone[index], reward, terminated, truncated, _ = single.step(int(ids[index]))
            assert (rewards[index], terminations[index], truncations[index]) == (
                reward,
                terminated,
                truncated,
            )
            if terminated:
                # The final observation's mask holds FINAL_ID alone: a masked policy stays finite.
                assert np.flatnonzero(observations["action_mask"][index]).tolist() == [FINAL_ID]
                assert infos["winners"][index].sum() >= 1 and infos["_winners"][index]
                done[index], ended = True, ended + 1
    assert ended >= 1


# The batch over worker processes too (tests/rl/test_processes.py checks the rest of it).
@pytest.mark.parametrize("make", [cardtable.rl.vector_env, cardtable.rl.process_vector_env])
def test_a_seeded_batch_repeats_and_another_seed_differs(make: Callable[..., VectorEnv]) -> None:
    def run(seed: int) -> list[bytes]:
        vector = make("drump", 4, opponents=["heuristic"])
        observations, _ = vector.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = []
        for _ in range(200):
            seen.append(observations["observation"].tobytes() + observations["action_mask"].tobytes())
            observations, rewards, *_ = vector.step(random_ids(observations["action_mask"], rng))
            seen.append(rewards.tobytes())
        vector.close()
        return seen

    assert run(7) == run(7)
    assert run(7) != run(8)


def test_gymnasium_sees_a_vector_env_resetting_at_the_next_step() -> None:
    vector = cardtable.rl.vector_env("fm", 2)
    assert vector.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert vector.num_envs == 2 and vector.action_space.shape == (2,)
    observations, _ = vector.reset(seed=[3, 9])
    again, _ = cardtable.rl.vector_env("fm", 2).reset(seed=[3, 9])
    assert np.array_equal(observations["observation"], again["observation"])


@pytest.mark.parametrize(
    ("arguments", "words"),
    [({"num_envs": 0}, "num_envs=0"), ({"num_envs": 2, "render_mode": "ansi"}, "render_mode")],
)
def test_bad_arguments_are_refused_by_name(arguments: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        cardtable.rl.vector_env("drump", **arguments)


def test_bad_seeds_and_actions_are_refused_and_change_nothing() -> None:
    vector = cardtable.rl.vector_env("drump", 2)
    observations, _ = vector.reset(seed=1)
    with pytest.raises(ValueError, match="seed="):
        vector.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        vector.step(np.zeros(3, dtype=int))
    assert np.array_equal(vector.action_masks(), observations["action_mask"].astype(bool))


def test_infos_are_arrays_over_the_games_and_words_only_where_a_game_has_them() -> None:
    vector = cardtable.rl.vector_env("drump", 3, opponents=["random"], info_words=True)
    observations, infos = vector.reset(seed=2)
    assert infos["seat"].shape == (3,) and infos["_seat"].all()
    assert infos["winners"].shape == (3, 2) and infos["scores"].shape == (3, 2)
    assert "outcome" not in infos
    rng = np.random.default_rng(0)
    while True:
        observations, _, terminations, _, infos = vector.step(random_ids(observations["action_mask"], rng))
        if terminations.any():
            break
    assert infos["_outcome"].tolist() == terminations.tolist()
    ended = int(np.flatnonzero(terminations)[0])
    # Gymnasium's form of a dict in an info: a dict of arrays over the games.
    assert infos["outcome"]["winners"][ended] == np.flatnonzero(infos["winners"][ended]).tolist()


def test_gymnasiums_vector_wrappers_work_on_it_as_cleanrl_uses_them() -> None:
    vector = RecordEpisodeStatistics(cardtable.rl.vector_env("drump", 4))
    observations, _ = vector.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(400):
        observations, rewards, terminations, _, infos = vector.step(
            random_ids(observations["action_mask"], rng)
        )
        if "episode" in infos:
            break
    assert infos["_episode"].tolist() == terminations.tolist()
    assert infos["episode"]["r"][terminations].tolist() == rewards[terminations].tolist()
    vector.close()
