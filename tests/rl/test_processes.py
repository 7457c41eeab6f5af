"""The vector environment over processes: the same batch, step for step, as the one in this process."""

from __future__ import annotations

import numpy as np
import pytest

import cardtable.rl
from cardtable.rl.processes import CardtableProcessVectorEnv, WorkerError, shares

GAMES = [("drump", ["heuristic"]), ("scout", ["random"] * 3), ("dnup", ["heuristic"] * 3), ("fm", ["random"])]


def random_ids(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])


def test_shares_cover_every_game_once_in_runs_of_near_equal_size() -> None:
    assert shares(5, 2) == [range(0, 3), range(3, 5)]
    assert shares(4, 4) == [range(0, 1), range(1, 2), range(2, 3), range(3, 4)]


@pytest.mark.parametrize(("game", "opponents"), GAMES)
def test_the_batch_over_processes_equals_the_batch_in_one(game: str, opponents: list[str]) -> None:
    count = 5  # an odd count: the two workers' shares differ in size
    spread = cardtable.rl.process_vector_env(game, count, workers=2, opponents=opponents, info_words=True)
    here = cardtable.rl.vector_env(game, count, opponents=opponents, info_words=True)
    try:
        observations, infos = spread.reset(seed=11)
        expected, expected_infos = here.reset(seed=11)
        rng = np.random.default_rng(3)
        ended = 0
        for _ in range(150):
            for key in ("observation", "action_mask"):
                assert np.array_equal(observations[key], expected[key])
            assert infos.keys() == expected_infos.keys()
            for key in ("seat", "winners", "scores", "illegal"):
                assert np.array_equal(infos[key], expected_infos[key])
            if "outcome" in expected_infos:
                assert np.array_equal(infos["_outcome"], expected_infos["_outcome"])
                assert list(infos["outcome"]["winners"]) == list(expected_infos["outcome"]["winners"])
            ids = random_ids(observations["action_mask"], rng)
            observations, rewards, terminations, truncations, infos = spread.step(ids)
            expected, *numbers, expected_infos = here.step(ids)
            for mine, theirs in zip((rewards, terminations, truncations), numbers, strict=True):
                assert np.array_equal(mine, theirs)
            ended += int(terminations.sum())
        assert ended >= 1
        assert np.array_equal(spread.action_masks(), here.action_masks())
        seconds = spread.worker_seconds()
        assert len(seconds) == 2 and all(second > 0 for second in seconds)
    finally:
        spread.close()


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"num_envs": 0}, "num_envs=0"),
        ({"num_envs": 2, "workers": 3}, "workers=3"),
        ({"num_envs": 2, "workers": 0}, "workers=0"),
        ({"num_envs": 2, "render_mode": "ansi"}, "render_mode"),
        ({"num_envs": 2, "opponents": [lambda observation, mask: 0]}, "must pickle"),
    ],
)
def test_bad_arguments_are_refused_by_name_before_any_process_starts(
    arguments: dict[str, object], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        cardtable.rl.process_vector_env("drump", **arguments)  # type: ignore[arg-type]


def test_a_workers_error_is_raised_here_and_a_closed_batch_refuses_steps() -> None:
    vector = cardtable.rl.process_vector_env("drump", 2)
    try:
        observations, _ = vector.reset(seed=1)
        with pytest.raises(ValueError, match=r"shape \(2,\)"):
            vector.step(np.zeros(3, dtype=int))
        illegal = np.array([np.flatnonzero(mask == 0)[0] for mask in observations["action_mask"]])
        # The engine's refusal does not pickle: it comes as a WorkerError holding its traceback.
        with pytest.raises(WorkerError, match=r"IllegalActionError: .* is not legal now"):
            vector.step(illegal)
    finally:
        vector.close()
    with pytest.raises(RuntimeError, match="closed"):
        vector.step(np.zeros(2, dtype=int))


def test_workers_started_afresh_by_spawn_step_the_same_games() -> None:
    # A spawned worker imports cardtable anew and gets its options by pickle (fork copies this process).
    spread = CardtableProcessVectorEnv("dnup", 3, 2, context="spawn", opponents=["random"] * 3)
    here = cardtable.rl.vector_env("dnup", 3, opponents=["random"] * 3)
    try:
        observations, _ = spread.reset(seed=4)
        expected, _ = here.reset(seed=4)
        rng = np.random.default_rng(0)
        for _ in range(30):
            assert np.array_equal(observations["observation"], expected["observation"])
            ids = random_ids(observations["action_mask"], rng)
            observations, rewards, *_ = spread.step(ids)
            expected, expected_rewards, *_ = here.step(ids)
            assert np.array_equal(rewards, expected_rewards)
    finally:
        spread.close()
