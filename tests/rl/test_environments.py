"""The environments as a researcher uses them: seeds, ids, refusals, penalties, rewards, the screen."""

from __future__ import annotations

import numpy as np
import pytest

import cardtable.rl
from cardtable.bots.learned import encoding_for
from cardtable.core.errors import GameOverError, IllegalActionError, OptionError, UnknownNameError
from cardtable.core.game import Outcome
from cardtable.core.match import Match
from cardtable.games import get_game
from cardtable.rl import outcome_rewards


def play_out(environment: cardtable.rl.CardtableAEC, seed: int) -> dict[str, float]:
    """Each agent's total reward over a game of the lowest legal ids."""
    environment.reset(seed=seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        action = None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0])
        environment.step(action)
    return totals


def illegal_id(environment: cardtable.rl.CardtableAEC) -> int:
    mask = environment.observe(environment.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


def test_a_seeded_reset_deals_as_a_match_with_that_seed() -> None:
    environment = cardtable.rl.env("scout", seats=3)
    environment.reset(seed=42)
    match = Match(get_game("scout"), seed=42, seats=3)
    seat = match.current_seat
    assert environment.agent_selection == f"seat_{seat}"
    expected = encoding_for("scout").observe(match.view(seat))
    assert np.array_equal(environment.observe(environment.agent_selection)["observation"], expected)


def test_resets_after_a_seeded_one_repeat_and_differ() -> None:
    first, second = cardtable.rl.env("dnup", seats=3), cardtable.rl.env("dnup", seats=3)
    observations = []
    for environment in (first, second):
        environment.reset(seed=9)
        environment.reset()
        observations.append(environment.observe("seat_0")["observation"])
    assert np.array_equal(observations[0], observations[1])
    first.reset(seed=9)
    assert not np.array_equal(first.observe("seat_0")["observation"], observations[0])


def test_an_illegal_id_is_refused_with_the_engines_reason_and_changes_nothing() -> None:
    environment = cardtable.rl.env("drump")
    environment.reset(seed=1)
    agent = environment.agent_selection
    before = environment.observe(agent)
    action = illegal_id(environment)
    table = environment.table
    reason = table.game.explain_illegal(table.state, encoding_for("drump").actions[action])
    with pytest.raises(IllegalActionError) as refused:
        environment.step(action)
    assert refused.value.reason == reason and reason
    assert environment.agent_selection == agent and environment._cumulative_rewards[agent] == 0
    after = environment.observe(agent)
    assert all(np.array_equal(before[key], after[key]) for key in before)


def test_with_a_penalty_an_illegal_id_costs_the_agent_and_changes_nothing_else() -> None:
    environment = cardtable.rl.env("drump", illegal_reward=-0.5)
    environment.reset(seed=1)
    agent = environment.agent_selection
    before = environment.observe(agent)
    environment.step(illegal_id(environment))
    _, reward, terminated, _, info = environment.last()
    assert environment.agent_selection == agent and reward == -0.5 and not terminated
    assert info.get("illegal")
    assert np.array_equal(before["observation"], environment.observe(agent)["observation"])


@pytest.mark.parametrize("action", [-1, 793, 2.0, "end", True, None])
def test_an_id_outside_the_space_is_refused_naming_it(action: object) -> None:
    environment = cardtable.rl.env("drump")
    environment.reset(seed=1)
    with pytest.raises(ValueError, match=r"action .*: an action is an integer id from 0 to 792"):
        environment.step(action)  # type: ignore[arg-type]


def test_rewards_at_the_end_win_one_lose_minus_one() -> None:
    environment = cardtable.rl.env("drump")
    totals = play_out(environment, seed=3)
    outcome = environment.table.outcome
    assert outcome is not None
    assert totals == {f"seat_{seat}": reward for seat, reward in enumerate(outcome_rewards(outcome, 2))}
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_score_reward_is_the_games_points() -> None:
    environment = cardtable.rl.env("scout", seats=3, reward="score")
    totals = play_out(environment, seed=4)
    outcome = environment.table.outcome
    assert outcome is not None
    assert list(totals.values()) == [float(points) for points in outcome.scores]


def test_shared_wins_and_draws() -> None:
    def outcome(winners: tuple[int, ...], seats: int) -> Outcome:
        return Outcome(winners, (0.0,) * seats, "test", "test")

    assert outcome_rewards(outcome((1,), 3), 3) == (-1.0, 1.0, -1.0)
    assert outcome_rewards(outcome((0, 2), 3), 3) == (0.5, -1.0, 0.5)
    assert outcome_rewards(outcome((0, 1), 2), 2) == (0.0, 0.0)


def test_max_steps_truncates_the_game() -> None:
    environment = cardtable.rl.env("dnup", seats=2, max_steps=5)
    environment.reset(seed=2)
    steps = 0
    for _ in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            assert truncated and not terminated
            environment.step(None)
            continue
        environment.step(int(np.flatnonzero(observation["action_mask"])[-1]))
        steps += 1
    assert steps == 5


def test_rule_options_and_presets_reach_the_game() -> None:
    environment = cardtable.rl.env("drump", preset="pt", recycle_limit=3)
    assert environment.table.options.block_before_sum and environment.table.options.recycle_limit == 3


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ({"seats": 3}, ValueError, "seats=3: DRUMP is played by 2 seats"),
        ({"reward": "points"}, ValueError, "reward='points'"),
        ({"illegal_reward": "-1"}, ValueError, "illegal_reward='-1'"),
        ({"max_steps": 0}, ValueError, "max_steps=0"),
        ({"render_mode": "rgb_array"}, ValueError, "render_mode='rgb_array'"),
        ({"no_such_rule": 1}, OptionError, "no_such_rule"),
        ({"preset": "xx"}, OptionError, "xx"),
    ],
)
def test_bad_settings_are_refused_naming_them(arguments: dict[str, object], error: type, words: str) -> None:
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        cardtable.rl.env("drump", **arguments)


def test_render_draws_the_terminal_screen_of_the_seat_to_act() -> None:
    environment = cardtable.rl.env("drump", render_mode="ansi")
    environment.reset(seed=5)
    seat = environment.seat_of(environment.agent_selection)
    screen = environment.render()
    assert isinstance(screen, str) and "your hand" in screen
    view = environment.table.view(seat)
    from cardtable.games.drump.cards import card_label

    assert all(card_label(card) in screen for card in view.hand)


@pytest.mark.parametrize(("game", "seats"), [("drump", 2), ("scout", 3), ("dnup", 5), ("fm", 2)])
def test_render_shows_every_games_screen_and_at_the_end_who_won(
    game: str, seats: int, capsys: pytest.CaptureFixture[str]
) -> None:
    environment = cardtable.rl.env(game, seats=seats, render_mode="ansi")
    environment.reset(seed=3)
    opening = environment.render()
    assert isinstance(opening, str) and "Seat 1" in opening and "\x1b[" not in opening
    assert "wins:" not in opening and "draw:" not in opening
    rng = np.random.default_rng(0)  # random legal ids: the lowest ones pick and cancel forever in the duel
    for _agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(None if terminated or truncated else int(rng.choice(legal)))
    outcome = environment.table.outcome
    assert outcome is not None
    ending = environment.render()
    assert isinstance(ending, str) and outcome.reason in ending
    assert (f"Seat {outcome.winners[0] + 1} wins:" in ending) != outcome.is_draw
    printed = cardtable.rl.env(game, seats=seats, render_mode="human")
    printed.reset(seed=3)
    assert printed.render() is None and "\x1b[" in capsys.readouterr().out  # in colour


def test_the_gym_screen_is_the_learners_and_shows_the_end() -> None:
    environment = cardtable.rl.gym_env("drump", opponents=["random"], seat=1, render_mode="ansi")
    observation, _ = environment.reset(seed=4)
    from cardtable.games.drump.cards import card_label

    hand = environment.table.view(1).hand
    assert all(card_label(card) in str(environment.render()) for card in hand)
    done = False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, terminated, truncated, _ = environment.step(action)
        done = terminated or truncated
    outcome = environment.table.outcome
    assert outcome is not None and outcome.reason in str(environment.render())


def test_the_gym_environment_lets_the_opponents_play_and_rewards_the_learner() -> None:
    environment = cardtable.rl.gym_env("scout", opponents=["heuristic", "random"], seat=1)
    observation, info = environment.reset(seed=6)
    assert info["seat"] == 1 and environment.table.current_seat == 1
    done, reward = False, 0.0
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, terminated, truncated, info = environment.step(action)
        done = terminated or truncated
        assert done or environment.table.current_seat == 1
    outcome = environment.table.outcome
    assert outcome is not None and reward == outcome_rewards(outcome, 3)[1]
    with pytest.raises(GameOverError):
        environment.step(0)


def test_the_gym_environment_draws_the_learners_seat_when_asked() -> None:
    environment = cardtable.rl.gym_env("dnup", opponents=["random"] * 3, seat=None)
    seats = {environment.reset(seed=seed)[1]["seat"] for seed in range(12)}
    assert len(seats) > 1 and seats <= {0, 1, 2, 3}


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ({"opponents": []}, ValueError, "opponents"),
        ({"opponents": "random"}, ValueError, "opponents"),
        ({"opponents": ["nobody"]}, UnknownNameError, "nobody"),
        ({"opponents": ["cheat@10"]}, UnknownNameError, "reads every hidden card"),
        ({"opponents": ["random"], "seat": 2}, ValueError, "seat=2"),
    ],
)
def test_bad_gym_settings_are_refused_naming_them(
    arguments: dict[str, object], error: type, words: str
) -> None:
    with pytest.raises(error, match=words):
        cardtable.rl.gym_env("drump", **arguments)


@pytest.mark.parametrize(("game", "seats"), [("drump", 2), ("scout", 5), ("dnup", 2), ("fm", 2)])
def test_every_illegal_id_has_the_engines_reason(game: str, seats: int) -> None:
    environment = cardtable.rl.env(game, seats=seats)
    environment.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(15):
        mask = environment.observe(environment.agent_selection)["action_mask"]
        for action in rng.choice(np.flatnonzero(mask == 0), size=60, replace=False):
            reason = environment.table.refusal(int(action))
            assert isinstance(reason, str) and reason
        environment.step(int(rng.choice(np.flatnonzero(mask))))


def test_illegal_ids_tried_count_towards_max_steps() -> None:
    # A learner that only ever tries illegal ids, with a penalty for them, still sees its episode end.
    single = cardtable.rl.gym_env("drump", opponents=["random"], illegal_reward=-0.1, max_steps=3)
    observation, _ = single.reset(seed=1)
    wrong = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    results = [single.step(wrong) for _ in range(3)]
    assert [(reward, terminated, truncated) for _, reward, terminated, truncated, _ in results] == [
        (-0.1, False, False),
        (-0.1, False, False),
        (-0.1, False, True),
    ]
    environment = cardtable.rl.env("drump", illegal_reward=-0.1, max_steps=3)
    environment.reset(seed=1)
    for _ in range(3):
        environment.step(illegal_id(environment))
    assert all(environment.truncations.values())
