"""Simulation: statistics, seat rotation, and the same figures whatever the number of processes."""

from __future__ import annotations

import pytest

from cardtable.games.drump.options import OPTION_TABLE
from cardtable.sim.simulate import seating, simulate
from cardtable.sim.stats import Rate, mean_and_deviation, wilson_interval


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == pytest.approx(0.0)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert str(Rate(9, 10)) == "90.0% [59.6, 98.2]"
    assert mean_and_deviation([1.0, 2.0, 3.0]) == (2.0, 1.0)


def test_players_rotate_through_the_seats() -> None:
    assert [seating(["a", "b", "c"], index) for index in range(3)] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
    ]


def test_the_same_seed_gives_the_same_games_on_one_or_two_processes() -> None:
    options = OPTION_TABLE.default()
    one = simulate("drump", ["heuristic", "random"], 12, options, seed=7, jobs=1)
    two = simulate("drump", ["heuristic", "random"], 12, options, seed=7, jobs=2)
    assert one.records == two.records
    assert one.games == 12
    assert one.wins(0).successes + one.wins(1).successes + one.draws().successes == 12


def test_the_heuristic_bot_plays_sensibly_against_random() -> None:
    # The full figure (1,000 games) is printed by benchmarks/strength.py.
    summary = simulate("drump", ["heuristic", "random"], 100, OPTION_TABLE.default(), seed=3, jobs=1)
    assert summary.wins(0).value >= 0.8
