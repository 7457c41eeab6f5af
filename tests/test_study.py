"""`cardtable study`: rule variants played under the same seeds and bots, reported side by side."""

from __future__ import annotations

import csv
import io
import json
import math
import struct
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.core import replay
from cardtable.core.errors import OptionError
from cardtable.frontends.cli import main
from cardtable.games import get_game
from cardtable.sim.runner import run_games
from cardtable.sim.simulate import simulate, simulation_tasks
from cardtable.sim.stats import Rate
from cardtable.sim.study import (
    STAGE_KEYS,
    Spread,
    read_variants,
    run_study,
    stage_counts,
    study_json,
)
from cardtable.sim.study_files import save_study

DRUMP = get_game("drump")
PLAYERS = ("heuristic", "random")


def quartile(values: list[int], share: float) -> float:
    """The value `share` of the way along the sorted values, between neighbours (the inclusive method)."""
    ordered = sorted(values)
    place = (len(ordered) - 1) * share
    below = math.floor(place)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (place - below) * (ordered[above] - ordered[below])


def test_the_figures_are_counted_from_the_games_records() -> None:
    variants = read_variants(DRUMP, "pt,en", [])
    study = run_study("drump", variants, PLAYERS, games=15, seed=5, jobs=1)
    for variant, report in zip(variants, study.reports, strict=True):
        tasks = simulation_tasks("drump", PLAYERS, 15, variant.options, 5)
        records = run_games([replace(task, view_keys=STAGE_KEYS) for task in tasks], jobs=1)
        first_wins = sum(1 for record in records if record.winners == (record.first_seat,))
        shared = sum(1 for record in records if len(record.winners) > 1)
        assert report.games == 15
        assert report.first_player_wins == Rate(first_wins, 15)
        assert report.first_player_edge[0] == pytest.approx(first_wins / 15 - 1 / 2)
        assert report.draws == Rate(shared, 15)
        lengths = [record.length for record in records]
        decisions = report.lengths["decisions"]
        assert decisions.mean == pytest.approx(sum(lengths) / 15)
        assert (decisions.least, decisions.most) == (min(lengths), max(lengths))
        assert decisions.median == sorted(lengths)[7]
        assert decisions.first_quartile == pytest.approx(quartile(lengths, 0.25))
        assert decisions.third_quartile == pytest.approx(quartile(lengths, 0.75))
        turns = [record.last_view["turn_number"] for record in records]
        assert report.lengths["turns"] == Spread.of(turns) and len(turns) == 15
        assert "rounds" not in report.lengths  # DRUMP counts turns, not rounds
        for ending, rate in report.endings.items():
            assert rate == Rate(sum(1 for record in records if record.ending == ending), 15)
        assert sum(rate.successes for rate in report.endings.values()) == 15
    # Every ending of the study has a row in every variant, zero where a variant had none.
    assert list(study.reports[0].endings) == list(study.reports[1].endings)


def test_turns_and_rounds_are_those_of_the_games_last_state(tmp_path: Path) -> None:
    for game, players in (("drump", PLAYERS), ("fm", ("random", "random")), ("dnup", ("random",) * 3)):
        options = get_game(game).option_table.to_dict(get_game(game).option_table.default())
        tasks = [
            replace(task, view_keys=STAGE_KEYS, replay_folder=str(tmp_path / game))
            for task in simulation_tasks(game, players, 2, options, 3)
        ]
        for record in run_games(tasks, jobs=1):
            assert record.replay is not None
            state = replay.load(record.replay).state
            counts = stage_counts(record.last_view)
            if game == "dnup":
                assert counts == {"rounds": state.round + 1}
            elif game == "fm":
                assert counts == {"turns": sum(state.turn_number)}
            else:
                assert counts == {"turns": state.turn_number}


def test_a_variant_plays_the_games_simulate_plays_for_the_same_seed() -> None:
    (variant,) = read_variants(DRUMP, "en", [])
    (report,) = run_study("drump", [variant], PLAYERS, games=10, seed=4, jobs=1).reports
    summary = simulate("drump", PLAYERS, 10, variant.options, seed=4, jobs=1)
    assert report.first_player_wins == summary.first_player_wins()
    assert report.draws == summary.draws()
    assert report.lengths["decisions"].mean == pytest.approx(summary.length()[0])
    assert {ending: rate.successes for ending, rate in report.endings.items()} == summary.endings()


def test_the_same_seed_gives_the_same_report_and_the_same_rules_the_same_figures() -> None:
    # DRUMP's hand limit is 5 by default: the two variants play the very same games.
    variants = read_variants(DRUMP, "default", ["hand_limit=5"])
    first = study_json(run_study("drump", variants, PLAYERS, games=12, seed=9, jobs=1))
    again = study_json(run_study("drump", variants, PLAYERS, games=12, seed=9, jobs=1))
    assert first == again
    figures = [
        {key: value for key, value in variant.items() if key != "label"} for variant in first["variants"]
    ]
    assert figures[0] == figures[1]
    other = study_json(run_study("drump", variants, PLAYERS, games=12, seed=10, jobs=1))
    assert other["variants"] != first["variants"]


def test_one_process_and_two_give_the_same_figures() -> None:
    variants = read_variants(DRUMP, "pt,en", [])
    alone = run_study("drump", variants, PLAYERS, games=16, seed=2, jobs=1)
    shared = run_study("drump", variants, PLAYERS, games=16, seed=2, jobs=2)
    assert study_json(alone) == study_json(shared)


def test_the_files_are_json_csv_and_a_png(tmp_path: Path) -> None:
    variants = read_variants(get_game("scout"), None, ["default", "may_decline=true"])
    study = run_study("scout", variants, ("random",) * 3, games=6, seed=1, jobs=1)
    paths = save_study(study, tmp_path / "out")
    assert [path.name for path in paths] == ["study.json", "study.csv", "study.png"]
    assert json.loads(paths[0].read_text()) == study_json(study)
    lines = list(csv.DictReader(io.StringIO(paths[1].read_text())))
    assert [line["variant"] for line in lines] == ["default", "may_decline=true"]
    assert lines[1]["lengths.rounds.median"] == "3.0"  # a round for each player
    picture = paths[2].read_bytes()
    assert picture[:8] == b"\x89PNG\r\n\x1a\n" and picture[12:16] == b"IHDR"
    width, height = struct.unpack(">II", picture[16:24])
    assert width > 400 and height > 200
    assert picture[-12:] == b"\x00\x00\x00\x00IEND\xaeB`\x82"
    assert sorted(path.name for path in paths[0].parent.iterdir()) == ["study.csv", "study.json", "study.png"]


@pytest.mark.parametrize(
    ("presets", "variants", "reason"),
    [
        ("pt,xx", [], "variant 'xx': unknown preset 'xx'; known presets: en, pt, vi"),
        (None, ["pt,nope=1"], "variant 'pt,nope=1': unknown option 'nope'"),
        (None, ["hand_limit=many"], "variant 'hand_limit=many': option hand_limit: 'many' is not"),
        (None, ["pt,en"], "variant 'pt,en' names 2 presets (pt, en): at most one"),
        (None, ["pt,,hand_limit=6"], "variant 'pt,,hand_limit=6' has an empty part"),
        ("pt,pt", [], "variant 'pt' is named twice"),
        ("pt,hand_limit=6", [], "--rules takes preset names, not 'hand_limit=6'"),
        (",".join(["pt"] * 13), [], "13 variants: a study compares at most 12"),
    ],
)
def test_bad_variants_are_refused_naming_them(presets: str | None, variants: list[str], reason: str) -> None:
    with pytest.raises(OptionError) as refused:
        read_variants(DRUMP, presets, variants)
    assert str(refused.value).startswith(reason)


def test_options_for_every_variant_come_before_the_variants_own() -> None:
    plain, own = read_variants(DRUMP, "pt", ["pt,hand_limit=7"], common=["hand_limit=6", "jack_scores=3"])
    assert (plain.options["hand_limit"], plain.options["jack_scores"]) == (6, 3)
    assert (own.options["hand_limit"], own.options["jack_scores"]) == (7, 3)
    assert DRUMP.option_table.from_dict(plain.options) == DRUMP.option_table.resolve(
        "pt", {"hand_limit": 6, "jack_scores": 3}
    )


def test_the_command_prints_the_variants_side_by_side_and_saves_the_files(tmp_path: Path) -> None:
    folder = tmp_path / "results"
    result = CliRunner().invoke(
        main,
        ["study", "drump", "--rules", "pt,en", "--players", "random", "--seats", "2", "--games", "8"]
        + ["--jobs", "1", "--out", str(folder)],
        terminal_width=200,
    )
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if " pt " in line)
    assert header.index(" pt ") < header.index(" en ")
    assert "first player wins" in result.output and "ending: " in result.output
    data = json.loads((folder / "study.json").read_text())
    assert data["players"] == ["random", "random"] and data["games_per_variant"] == 8
    assert [variant["label"] for variant in data["variants"]] == ["pt", "en"]


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--rules", "pt,xx"], "variant 'xx': unknown preset 'xx'"),
        (["--variant", "pt,wings=2"], "variant 'pt,wings=2': unknown option 'wings'"),
        (["--players", "you,random"], "a study is played between bots only"),
        (["--players", "random,robot"], "unknown player 'robot'"),
        (["--seats", "3"], "DRUMP takes 2 players, not 3"),
        (["--games", "400000"], "3 variants of 400,000 games: a study plays at most 1,000,000 games"),
    ],
)
def test_the_command_refuses_bad_input_in_one_line_and_writes_nothing(
    args: list[str], reason: str, tmp_path: Path
) -> None:
    result = CliRunner().invoke(
        main, ["study", "drump", "--games", "2", "--out", str(tmp_path / "out"), *args]
    )
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and reason in lines[0], result.stderr
    assert not (tmp_path / "out").exists()
