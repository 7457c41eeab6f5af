"""The OpenSpiel bridge: every game as a pyspiel game that OpenSpiel's own checks and algorithms accept.

Skipped without open_spiel (the `bench` extra): its wheel is about 100 MB.
"""

from __future__ import annotations

import itertools
import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts, outcome_sampling_mccfr  # noqa: E402

from cardtable.core.chance import shuffle  # noqa: E402
from cardtable.games.dnup.short_deck import short_deck_dnup  # noqa: E402
from cardtable.rl.openspiel import ChanceNeeded, ChanceScript, python_game_name  # noqa: E402

GAMES = ["drump", "scout", "dnup", "fm"]


def played(game: object, moves: int, seed: int) -> object:
    """A state after the deal and up to `moves` random legal actions."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal() and (state.is_chance_node() or moves > 0):
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=odds)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves -= 1
    return state


def test_a_shuffle_is_a_chance_node_per_place_each_order_equally_likely() -> None:
    # The engine's shuffle (core/chance.py) asks the script for counts, not bits: 3 then 2 outcomes.
    orders: dict[tuple[str, ...], float] = {}
    for first, second in itertools.product(range(3), range(2)):
        cards = ["a", "b", "c"]
        shuffle(ChanceScript([first, second]), cards)
        orders[tuple(cards)] = orders.get(tuple(cards), 0.0) + 1 / 3 * 1 / 2
    assert sorted(orders) == sorted(itertools.permutations("abc"))
    assert all(chance == pytest.approx(1 / 6) for chance in orders.values())
    with pytest.raises(ChanceNeeded) as needed:
        shuffle(ChanceScript([0]), ["a", "b", "c"])
    assert needed.value.probabilities == [0.5, 0.5]


def test_raw_bits_and_large_counts_are_exact_nodes() -> None:
    with pytest.raises(ChanceNeeded) as needed:
        ChanceScript([]).getrandbits(63)
    assert len(needed.value.probabilities) == 256
    assert ChanceScript([1, 2]).getrandbits(16) == 258
    with pytest.raises(ChanceNeeded) as needed:
        ChanceScript([]).randrange(600)  # blocks of 256, 256 and 88 numbers
    assert needed.value.probabilities == pytest.approx([256 / 600, 256 / 600, 88 / 600])
    assert ChanceScript([2, 87]).randrange(600) == 599


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_random_simulation_checks_pass(name: str) -> None:
    game = pyspiel.load_game(python_game_name(name))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = played(game, 10**6, seed=3)
    assert state.is_terminal()
    assert sorted(state.returns()) == [-1.0, 1.0] or state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("name", GAMES)
def test_every_chance_node_lists_its_outcomes_with_probabilities_summing_to_one(name: str) -> None:
    state = pyspiel.load_game(python_game_name(name)).new_initial_state()
    rng = random.Random(5)
    nodes = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(chance for _, chance in outcomes) == pytest.approx(1.0)
        state.apply_action(rng.choice(outcomes)[0])
        nodes += 1
    assert nodes > 1 and state.current_player() >= 0


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_sees_the_same_when_the_cards_it_cannot_see_are_dealt_again(name: str) -> None:
    state = played(pyspiel.load_game(python_game_name(name)), 6, seed=11)
    seat = state.current_player()
    other = 1 - seat
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = False
    for _ in range(5):
        again = state.resample_from_infostate(seat, sampler)
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert again.observation_string(seat) == state.observation_string(seat)
        assert again.observation_tensor(seat) == state.observation_tensor(seat)
        assert again.legal_actions() == state.legal_actions()
        changed |= again.observation_string(other) != state.observation_string(other)
    assert changed, "the other seat's hidden cards were never dealt differently"


@pytest.mark.parametrize("name", GAMES)
def test_outcome_sampling_mccfr_and_ismcts_run_on_the_game(name: str) -> None:
    game = pyspiel.load_game(python_game_name(name))
    np.random.seed(0)  # outcome sampling draws from numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(1 if name == "fm" else 3):
        solver.iteration()
    state = played(game, 0, seed=1)
    averaged = solver.average_policy().action_probabilities(state)
    assert set(averaged) == set(state.legal_actions())
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(1))
    assert bot.step(state) in state.legal_actions()


def test_cfr_lowers_the_exploitability_of_the_short_deck_dnup() -> None:
    game = pyspiel.load_game(python_game_name("dnup"), short_deck_dnup(hand=1))
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(20):
        solver.evaluate_and_update_policy()
    solved = exploitability.exploitability(game, solver.average_policy())
    assert 0.0 <= solved < uniform / 4


def test_bad_parameters_are_refused_naming_them() -> None:
    with pytest.raises(Exception, match="players=7"):
        pyspiel.load_game(python_game_name("scout"), {"players": 7})
    with pytest.raises(Exception, match="no_such_option"):
        pyspiel.load_game(python_game_name("dnup"), {"options": json.dumps({"no_such_option": 1})})
    with pytest.raises(Exception, match="options="):
        pyspiel.load_game(python_game_name("dnup"), {"options": "[1"})


def test_a_table_of_three_is_general_sum_and_passes_the_simulation_checks() -> None:
    game = pyspiel.load_game(python_game_name("scout"), {"players": 3, "options": json.dumps({"rounds": 1})})
    assert game.num_players() == 3
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    two = pyspiel.load_game(python_game_name("scout"))
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
