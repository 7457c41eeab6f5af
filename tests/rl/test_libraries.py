"""The environments as the training libraries call them, without the libraries (CI has no torch).

Each test does what a library does: sb3-contrib's MaskablePPO calls `action_masks()` through
Gymnasium's wrappers; Tianshou stacks every `info` into arrays; CleanRL-style loops run
`gymnasium.make_vec` under the default autoreset and build a masked distribution from every
observation; RLlib's pre-check resets with seed 42 and steps an id drawn from the whole space;
vector environments and leagues deepcopy, pickle and fork environments.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import pytest

import cardtable.rl
from cardtable.core.errors import GameOverError, IllegalActionError
from cardtable.games import SHIPPED

#: Each game with an opponent per other seat of its smallest table, and one larger table.
TABLES = [("drump", 1), ("scout", 1), ("scout", 3), ("dnup", 2), ("fm", 1)]


def legal_choice(mask: npt.NDArray[Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def first_legal(observation: npt.NDArray[Any], action_mask: npt.NDArray[Any]) -> int:
    return int(np.flatnonzero(action_mask)[0])


def masked_log_probabilities(mask: npt.NDArray[Any]) -> npt.NDArray[np.float64]:
    """What a masked Categorical computes from zero logits (CleanRL's `CategoricalMasked`)."""
    logits = np.where(mask.astype(bool), 0.0, -np.inf)
    with np.errstate(invalid="ignore"):
        return logits - np.log(np.exp(logits).sum())


@pytest.mark.parametrize("game", SHIPPED)
def test_action_masks_is_the_learners_mask_through_gymnasiums_wrappers(game: str) -> None:
    environment = gymnasium.make(cardtable.rl.env_id(game), opponents=["random"])
    observation, _ = environment.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(30):
        # sb3-contrib finds the method on the innermost environment, as get_wrapper_attr does.
        masks = environment.get_wrapper_attr("action_masks")()
        assert masks.dtype == np.bool_ and np.array_equal(masks, observation["action_mask"] == 1)
        observation, _, terminated, truncated, _ = environment.step(legal_choice(masks, rng))
        if terminated or truncated:
            observation, _ = environment.reset()


def fixed_shapes(info: dict[str, Any]) -> dict[str, tuple[str, tuple[int, ...]]]:
    """Each entry's numeric kind and shape (a text or a list would fail here)."""
    shapes = {}
    for key, value in info.items():
        array = np.asarray(value)
        assert array.dtype.kind in "biuf", f"info[{key!r}] = {value!r} is not a number"
        assert np.isfinite(array).all()
        shapes[key] = (array.dtype.kind, array.shape)
    return shapes


@pytest.mark.parametrize(("game", "opponents"), TABLES)
def test_every_info_holds_the_same_numbers_of_the_same_shapes(game: str, opponents: int) -> None:
    environment = cardtable.rl.gym_env(game, opponents=["random"] * opponents, illegal_reward=-1.0)
    rng = np.random.default_rng(1)
    observation, info = environment.reset(seed=5)
    expected = fixed_shapes(info)
    endings = illegal = 0
    while endings < 2:
        mask = observation["action_mask"]
        wrong = rng.random() < 0.1
        action = int(np.flatnonzero(mask == 0)[0]) if wrong else legal_choice(mask, rng)
        observation, _, terminated, truncated, info = environment.step(action)
        assert fixed_shapes(info) == expected
        illegal += info["illegal"]
        assert info["illegal"] == int(wrong)
        if terminated or truncated:
            outcome = environment.table.outcome
            assert outcome is not None
            assert list(np.flatnonzero(info["winners"])) == list(outcome.winners)
            assert list(info["scores"]) == [float(points) for points in outcome.scores]
            endings += 1
            observation, info = environment.reset()
            assert fixed_shapes(info) == expected and not info["winners"].any()
    assert illegal > 0


def test_the_aec_infos_hold_the_same_numbers() -> None:
    environment = cardtable.rl.env("scout", seats=3)
    environment.reset(seed=2)
    expected = fixed_shapes(environment.infos["seat_0"])
    for _agent in environment.agent_iter():
        observation, _, terminated, truncated, info = environment.last()
        assert fixed_shapes(info) == expected
        action = None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0])
        environment.step(action)


def test_the_outcome_in_words_on_request_counts_seats_from_0() -> None:
    environment = cardtable.rl.gym_env("dnup", opponents=["random", "random"], info_words=True, seat=2)
    observation, info = environment.reset(seed=4)
    assert "outcome" not in info
    terminated = False
    while not terminated:
        observation, _, terminated, _, info = environment.step(first_legal(*observation.values()))
    outcome = environment.table.outcome
    assert outcome is not None
    assert info["outcome"] == {
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "ending": outcome.ending,
        "reason": outcome.reason,
    }
    words = cardtable.rl.env("drump", illegal_reward=-1.0, info_words=True)
    words.reset(seed=1)
    agent = words.agent_selection
    words.step(int(np.flatnonzero(words.observe(agent)["action_mask"] == 0)[0]))
    assert words.infos[agent]["illegal"] == 1 and words.infos[agent]["refusal"]


@pytest.mark.parametrize(("game", "opponents"), TABLES)
def test_no_all_zero_mask_under_gymnasiums_default_autoreset(game: str, opponents: int) -> None:
    # make_vec's default autoreset (next step): the final observation is handed to the policy, whose
    # action for it is then ignored while the environment deals again.
    envs = gymnasium.make_vec(cardtable.rl.env_id(game), num_envs=3, opponents=["random"] * opponents)
    # Gymnasium 1.0 has this mode alone, and names no mode in the metadata.
    mode = envs.metadata.get("autoreset_mode")
    assert mode is None or mode == gymnasium.vector.AutoresetMode.NEXT_STEP
    rng = np.random.default_rng(2)
    observations, _ = envs.reset(seed=11)
    finals = 0
    while finals < 4:
        masks = observations["action_mask"]
        for mask in masks:
            assert mask.any() and np.isfinite(masked_log_probabilities(mask)).any()
            assert not np.isnan(masked_log_probabilities(mask)).any()
        observations, _, terminated, _, _ = envs.step(np.array([legal_choice(mask, rng) for mask in masks]))
        for row in np.flatnonzero(terminated):
            assert list(np.flatnonzero(observations["action_mask"][row])) == [cardtable.rl.FINAL_ID]
            finals += 1
    envs.close()


def test_the_aec_final_observations_have_a_mask_too() -> None:
    environment = cardtable.rl.env("dnup", seats=3, max_steps=5)
    environment.reset(seed=1)
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        assert (
            observation["action_mask"].any()
            or environment.agent_selection != agent
            or not (terminated or truncated)
        )
        if terminated or truncated:
            assert list(np.flatnonzero(observation["action_mask"])) == [cardtable.rl.FINAL_ID]
        action = None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0])
        environment.step(action)


@pytest.mark.parametrize("game", SHIPPED)
def test_gymnasium_makes_every_game_by_id(game: str) -> None:
    environment = gymnasium.make(f"cardtable.rl:cardtable/{game}-v0", opponents=["heuristic"], seat=1)
    assert environment.spec is not None and environment.spec.id == f"cardtable/{game}-v0"
    observation, info = environment.reset(seed=0)
    assert info["seat"] == 1 and environment.observation_space.contains(observation)


def test_make_vec_runs_in_worker_processes() -> None:
    envs = gymnasium.make_vec(
        "cardtable/drump-v0", num_envs=2, vectorization_mode="async", opponents=["heuristic"]
    )
    observations, info = envs.reset(seed=[1, 2])
    assert observations["observation"].shape == (2, 845) and info["winners"].shape == (2, 2)
    envs.step(np.array([int(np.flatnonzero(mask)[0]) for mask in observations["action_mask"]]))
    envs.close()


def play_on(environment: Any, steps: int, seed: int) -> list[tuple[Any, ...]]:
    """What `steps` random legal actions give, in either kind of environment (reset at each end)."""
    rng, seen = np.random.default_rng(seed), []
    for _ in range(steps):
        if isinstance(environment, cardtable.rl.CardtableAEC):
            if not environment.agents:
                environment.reset()
            observation, reward, terminated, truncated, _ = environment.last()
            done = terminated or truncated
            environment.step(None if done else legal_choice(observation["action_mask"], rng))
        else:
            observation = environment.table.observe(environment.seat)
            observation, reward, terminated, truncated, _ = environment.step(
                legal_choice(observation["action_mask"], rng)
            )
            if terminated or truncated:
                environment.reset()
        seen.append((observation["observation"].tobytes(), observation["action_mask"].tobytes(), reward))
    return seen


@pytest.mark.parametrize(("game", "opponents"), TABLES)
@pytest.mark.parametrize("kind", ["aec", "gym"])
def test_a_deep_copy_and_a_pickle_go_on_as_the_original(game: str, opponents: int, kind: str) -> None:
    if kind == "aec":
        environment: Any = cardtable.rl.env(game, seats=opponents + 1)
    else:
        environment = cardtable.rl.gym_env(game, opponents=["heuristic", *["random"] * (opponents - 1)])
    environment.reset(seed=8)
    play_on(environment, 20, seed=0)
    copies = [copy.deepcopy(environment), pickle.loads(pickle.dumps(environment))]
    expected = play_on(environment, 150, seed=1)
    for twin in copies:
        assert twin.table.encoding is environment.table.encoding
        assert play_on(twin, 150, seed=1) == expected


class Checker:
    """A policy object that checks it is handed its own seat's observation and mask, and plays at random."""

    def __init__(self) -> None:
        self.environment: Any = None
        self.seats: set[int] = set()
        self.rng = np.random.default_rng(7)

    def act(self, observation: npt.NDArray[Any], action_mask: npt.NDArray[Any]) -> np.int64:
        table = self.environment.table
        seat = table.current_seat
        assert seat != self.environment.seat
        assert np.array_equal(observation, table.encoding.observe(table.view(seat)))
        assert np.array_equal(action_mask, table.encoding.mask(table.game.legal_actions(table.state)))
        self.seats.add(seat)
        return np.int64(legal_choice(action_mask, self.rng))


@pytest.mark.parametrize(("game", "opponents"), TABLES)
def test_a_policy_of_this_process_plays_a_seat_from_its_own_observation(game: str, opponents: int) -> None:
    checker = Checker()
    environment = cardtable.rl.gym_env(game, opponents=[checker] * opponents, seat=0, max_steps=100)
    checker.environment = environment
    observation, _ = environment.reset(seed=3)
    rng, done = np.random.default_rng(0), False
    while not done:
        action = legal_choice(observation["action_mask"], rng)
        observation, _, terminated, truncated, _ = environment.step(action)
        done = terminated or truncated
    assert checker.seats == set(range(1, opponents + 1))


def test_a_callable_opponent_and_self_play() -> None:
    handed: list[int] = []

    def opponent(observation: npt.NDArray[Any], action_mask: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
        handed.append(int(action_mask.sum()))
        return np.array(first_legal(observation, action_mask))  # a 0-d array, as predict() gives

    environment = cardtable.rl.gym_env("drump", opponents=[opponent], seat=1)
    observation, _ = environment.reset(seed=2)
    terminated = False
    while not terminated:
        observation, _, terminated, _, _ = environment.step(first_legal(*observation.values()))
    assert handed and all(count > 0 for count in handed)
    # Self-play: the same function plays both seats, and the game is the one it plays alone.
    selfplay = cardtable.rl.gym_env("drump", opponents=[first_legal], seat=1)
    observation, _ = selfplay.reset(seed=2)
    alone = cardtable.rl.env("drump")
    alone.reset(seed=2)
    terminated = False
    while not terminated:
        observation, _, terminated, _, _ = selfplay.step(first_legal(*observation.values()))
    for _agent in alone.agent_iter():
        seen, _, done, truncated, _ = alone.last()
        alone.step(None if done or truncated else first_legal(*seen.values()))
    assert selfplay.table.outcome == alone.table.outcome


@pytest.mark.parametrize(
    ("opponent", "error", "words"),
    [
        (lambda observation, mask: int(np.flatnonzero(mask == 0)[0]), IllegalActionError, "seat 1"),
        (lambda observation, mask: "pass", ValueError, "seat 1 returned 'pass'"),
        (lambda observation, mask: 10**6, ValueError, "seat 1 returned 1000000"),
    ],
)
def test_a_policy_opponents_bad_id_is_refused_naming_its_seat(opponent: Any, error: type, words: str) -> None:
    environment = cardtable.rl.gym_env("drump", opponents=[opponent], seat=0, illegal_reward=-1.0)
    observation, _ = environment.reset(seed=1)
    with pytest.raises(error, match=words):
        for _ in range(50):
            observation, _, terminated, _, _ = environment.step(first_legal(*observation.values()))
            if terminated:
                observation, _ = environment.reset()


def test_an_opponent_that_is_neither_a_name_nor_a_policy_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="opponent 42"):
        cardtable.rl.gym_env("drump", opponents=[42])


def test_rlllibs_pre_check_steps_honestly() -> None:
    # RLlib's check_multiagent_environments: reset(seed=42, options={}), then an id drawn from the whole
    # action space; an error in either is reported as an "old gym API".  With a penalty the check passes;
    # without, the error says what happened and what to do.
    charged = cardtable.rl.env("drump", illegal_reward=-1.0)
    charged.reset(seed=42, options={})
    agent = charged.agent_selection
    mask = charged.observe(agent)["action_mask"]
    charged.step(int(np.flatnonzero(mask == 0)[0]))
    assert charged.rewards[agent] == -1.0
    refusing = cardtable.rl.env("drump")
    refusing.reset(seed=42, options={})
    mask = refusing.observe(refusing.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError) as refused:
        refusing.step(int(np.flatnonzero(mask == 0)[0]))
    assert any("action_mask" in note and "illegal_reward" in note for note in refused.value.__notes__)


def test_pettingzoos_wrappers_take_the_environment_as_it_is() -> None:
    from pettingzoo.utils import turn_based_aec_to_parallel, wrappers

    # TerminateIllegalWrapper reads the mask under "action_mask": an id outside it ends the game.
    guarded = wrappers.TerminateIllegalWrapper(cardtable.rl.env("drump"), illegal_reward=-1)
    guarded.reset(seed=3)
    agent = guarded.agent_selection
    observation, *_ = guarded.last()
    guarded.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))  # it logs a warning
    assert guarded.rewards[agent] == -1 and all(guarded.terminations.values())
    # The turn-based parallel form: every agent observes each step, the one to act plays.
    parallel = turn_based_aec_to_parallel(cardtable.rl.env("scout", seats=3))
    observations, _ = parallel.reset(seed=1)
    rng, steps = np.random.default_rng(0), 0
    while parallel.agents and steps < 2000:
        acting = [agent for agent in parallel.agents if observations[agent]["action_mask"].any()]
        actions = {agent: legal_choice(observations[agent]["action_mask"], rng) for agent in acting}
        observations, rewards, *_ = parallel.step(actions)
        steps += 1
    assert not parallel.agents and sum(rewards.values()) <= 1.0


def test_a_policy_opponent_that_circles_is_cut_at_max_steps() -> None:
    # In the duel, always the last legal id picks and cancels for ever: without a bound, step never returns.
    def circling(observation: npt.NDArray[Any], action_mask: npt.NDArray[Any]) -> int:
        return int(np.flatnonzero(action_mask)[-1])

    environment = cardtable.rl.gym_env("fm", opponents=[circling], seat=0, max_steps=40)
    observation, _ = environment.reset(seed=3)
    rng, truncated, terminated, steps = np.random.default_rng(0), False, False, 0
    while not (truncated or terminated):
        before = environment.table.steps
        action = legal_choice(observation["action_mask"], rng)
        observation, _, terminated, truncated, _ = environment.step(action)
        steps += 1
        assert environment.table.steps - before <= 1 + 40
    assert truncated and not terminated and steps < 40
    assert environment.table.current_seat == 1
    assert list(np.flatnonzero(observation["action_mask"])) == [cardtable.rl.FINAL_ID]
    assert list(np.flatnonzero(environment.action_masks())) == [cardtable.rl.FINAL_ID]
    with pytest.raises(GameOverError):
        environment.step(cardtable.rl.FINAL_ID)
