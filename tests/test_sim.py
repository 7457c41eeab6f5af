"""Simulation: statistics, seat rotation, endings by code, the same games on any number of processes."""

from __future__ import annotations

import pytest

from cardtable.core.errors import OptionError, UnknownNameError
from cardtable.games.drump.endings import DrumpEnding
from cardtable.sim.runner import chunk_size, rotation
from cardtable.sim.simulate import simulate, simulation_tasks
from cardtable.sim.stats import Rate, mean_and_deviation, wilson_interval
from cardtable.sim.tasks import GameTask, play_game


@pytest.mark.parametrize("trials", range(1, 60))
def test_a_wilson_interval_holds_its_rate_exactly_at_none_and_all(trials: int) -> None:
    for successes in range(trials + 1):
        low, high = wilson_interval(successes, trials)
        assert 0.0 <= low <= successes / trials <= high <= 1.0
    assert wilson_interval(0, trials)[0] == 0.0 and wilson_interval(trials, trials)[1] == 1.0


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == pytest.approx(0.0)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert str(Rate(9, 10)) == "90.0% [59.6, 98.2]"
    assert mean_and_deviation([1.0, 2.0, 3.0]) == (2.0, 1.0)


def test_players_rotate_through_the_seats() -> None:
    assert [rotation(["a", "b", "c"], turn) for turn in range(4)] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
        ("a", "b", "c"),
    ]
    tasks = simulation_tasks("scout", ["heuristic", "random", "random"], 3, {}, seed=1)
    assert [task.players for task in tasks] == [
        ("heuristic", "random", "random"),
        ("random", "random", "heuristic"),
        ("random", "heuristic", "random"),
    ]
    assert [task.seating for task in tasks] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]


def test_the_same_seed_gives_the_same_games_on_any_number_of_processes() -> None:
    # 40 games go 5, 2 and 1 to a chunk on 1, 2 and 3 processes.
    forty = [GameTask("drump", {}, ("random", "random"), (0, 1), seed=0, index=0)] * 40
    assert [chunk_size(forty, jobs) for jobs in (1, 2, 3)] == [5, 2, 1]
    runs = [simulate("drump", ["heuristic", "random"], 40, seed=7, jobs=jobs) for jobs in (1, 2, 3)]
    assert runs[0].records == runs[1].records == runs[2].records
    assert [record.index for record in runs[0].records] == list(range(40))
    assert len({record.seed for record in runs[0].records}) == 40
    other_seed = simulate("drump", ["heuristic", "random"], 40, seed=8, jobs=1)
    assert other_seed.records != runs[0].records


def test_a_record_times_each_seat_but_compares_without_the_times() -> None:
    task = simulation_tasks("drump", ["heuristic", "random"], 1, {}, seed=3)[0]
    first, again = play_game(task), play_game(task)
    assert first == again
    assert sum(first.decisions) == first.length and all(count > 0 for count in first.decisions)
    assert all(seconds > 0 for seconds in first.seconds)


def test_the_figures_add_up() -> None:
    summary = simulate("drump", ["heuristic", "random"], 30, seed=5, jobs=1)
    assert summary.games == 30
    assert summary.wins(0).successes + summary.wins(1).successes + summary.draws().successes == 30
    assert summary.seat_wins(0).successes + summary.seat_wins(1).successes == 30 - summary.draws().successes
    assert summary.score(0).successes + summary.score(1).successes == pytest.approx(30)
    # Players alternate seats, so each moved first in some games.
    assert {record.seating for record in summary.records} == {(0, 1), (1, 0)}


def test_endings_are_counted_by_the_outcomes_ending_code() -> None:
    summary = simulate("drump", ["heuristic", "heuristic"], 30, seed=2, jobs=1)
    endings = summary.endings()
    assert sum(endings.values()) == 30
    assert set(endings) <= {ending.value for ending in DrumpEnding}
    assert list(endings.values()) == sorted(endings.values(), reverse=True)
    for record in summary.records:
        assert record.ending in endings and record.reason


def test_options_are_data_and_change_the_games() -> None:
    default = simulate("drump", ["random", "random"], 10, seed=4, jobs=1)
    portuguese = simulate("drump", ["random", "random"], 10, {"ace_pays_any": True, "jack_scores": 11}, 4, 1)
    assert default.records != portuguese.records


def test_bad_input_is_refused_before_any_game() -> None:
    with pytest.raises(UnknownNameError, match="unknown bot 'alien'"):
        simulate("drump", ["random", "alien"], 5)
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        simulate("drump", ["random", "random"], 5, {"colour": "red"})
    with pytest.raises(OptionError, match="option jack_scores: 'many' is not a whole number"):
        simulate("drump", ["random", "random"], 5, {"jack_scores": "many"})
    with pytest.raises(ValueError, match="DRUMP takes 2 players, not 3"):
        simulate("drump", ["random", "random", "random"], 5)
    with pytest.raises(UnknownNameError, match="unknown game 'chess'"):
        simulate("chess", ["random", "random"], 5)


def test_the_heuristic_bot_plays_sensibly_against_random() -> None:
    # The full figure (1,000 games) is printed by benchmarks/strength.py.
    summary = simulate("drump", ["heuristic", "random"], 100, seed=3, jobs=1)
    assert summary.wins(0).value >= 0.8
