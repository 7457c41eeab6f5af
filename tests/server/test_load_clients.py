"""The scripted people of benchmarks/serve_load.py: their plan is the seed's, however they are dealt out."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from load_clients import SPREAD, Figures, plan_tables, think_time

BASES = ["http://a", "http://b"]


def test_a_plan_depends_on_the_seed_alone() -> None:
    first = plan_tables(40, 3, "ismcts:1", 1.0, "spread", BASES, seed=7)
    assert first == plan_tables(40, 3, "ismcts:1", 1.0, "spread", BASES, seed=7)
    assert first != plan_tables(40, 3, "ismcts:1", 1.0, "spread", BASES, seed=8)
    assert [plan.bot for plan in first[:3]] == [{"bot": "ismcts:1"}] * 3


def test_spread_bots_each_keep_a_pace_of_their_own_around_the_pace() -> None:
    paces = [plan.bot["pace"] for plan in plan_tables(200, 0, "ismcts:1", 2.0, "spread", BASES, seed=1)]
    assert all(2.0 * SPREAD[0] <= pace <= 2.0 * SPREAD[1] for pace in paces)
    assert len(set(paces)) > 100


def test_exact_bots_and_people_all_take_the_pace() -> None:
    plans = plan_tables(50, 0, "ismcts:1", 1.5, "exact", BASES, seed=1)
    assert {plan.bot["pace"] for plan in plans} == {1.5}
    assert think_time(1.5, "exact", random.Random(1)) == 1.5


def test_spread_people_think_around_the_pace() -> None:
    rng = random.Random(3)
    times = [think_time(1.0, "spread", rng) for _ in range(1000)]
    assert min(times) >= SPREAD[0] and max(times) <= SPREAD[1]
    assert 0.95 < sum(times) / len(times) < 1.05


def test_an_unknown_think_model_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'lockstep'"):
        plan_tables(1, 0, "ismcts:1", 1.0, "lockstep", BASES, seed=1)


def test_figures_of_processes_add_up() -> None:
    first, second = Figures(latencies=[0.1], moves=3, errors=["x"]), Figures(latencies=[0.2], moves=4)
    first.merge(second)
    assert (first.latencies, first.moves, first.errors) == ([0.1, 0.2], 7, ["x"])
