"""The arena: schedules, results, files written whole, replays that open, Elo that orders bots."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.core import replay
from cardtable.frontends.cli import main
from cardtable.sim.arena import run_arena, tables
from cardtable.sim.elo import pairings, ratings


def test_tables_for_round_robin_and_gauntlet() -> None:
    assert tables(3, 2, "round-robin") == [(0, 1), (0, 2), (1, 2)]
    assert tables(3, 2, "gauntlet") == [(0, 1), (0, 2)]
    assert tables(4, 4, "round-robin") == [(0, 1, 2, 3)]
    with pytest.raises(ValueError, match="cannot fill"):
        tables(2, 3, "round-robin")


def test_elo_orders_a_stronger_player_first() -> None:
    games = [pairings((0, 1), (1.0, 0.0))] * 8 + [pairings((0, 1), (0.0, 1.0))] * 2
    games += [pairings((1, 2), (1.0, 0.0))] * 7 + [pairings((1, 2), (0.0, 1.0))] * 3
    elo = ratings(3, games)
    assert elo[0] > elo[1] > elo[2]
    assert sum(elo) / 3 == pytest.approx(1500.0)
    assert pairings((0, 1, 0), (0.5, 0.5, 0.0)) == [(0, 1, 0.5), (1, 0, 1.0)]


def test_an_arena_run_gives_results_and_replays(tmp_path: Path) -> None:
    result = run_arena(
        "drump", ["random", "heuristic"], 4, None, 2, "round-robin", 3, 1, str(tmp_path / "replays")
    )
    assert len(result.records) == 4
    assert result.wins(0).trials == 4
    assert result.head_to_head(1, 0).trials == 4
    assert {record.entrants[0] for record in result.records} == {0, 1}
    for record in result.records:
        assert record.replay is not None
        match = replay.load(record.replay)
        assert match.is_over
    elo, bars = result.elo(random.Random(1))
    assert len(elo) == len(bars) == 2


def test_the_arena_command_writes_its_files(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    outcome = CliRunner().invoke(
        main,
        [
            "arena",
            "scout",
            "--players",
            "random,heuristic,ismcts@20",
            "--games",
            "1",
            "--seats",
            "3",
            "--jobs",
            "1",
            "--out",
            str(folder),
        ],
    )
    assert outcome.exit_code == 0, outcome.output
    assert "Elo" in outcome.output
    rows = list(csv.DictReader((folder / "results.csv").open()))
    assert [row["entrant"] for row in rows] == ["1. random", "2. heuristic", "3. ismcts@20"]
    data = json.loads((folder / "results.json").read_text())
    assert len(data["games"]) == 1 and len(data["head_to_head"]) == 3
    assert (folder / "arena.png").read_bytes()[:4] == b"\x89PNG"
    assert len(list((folder / "replays").glob("*.jsonl"))) == 1


def test_the_arena_refuses_bad_entrants() -> None:
    runner = CliRunner()
    outcome = runner.invoke(main, ["arena", "drump", "--players", "random,alien"])
    assert outcome.exit_code == 2 and "unknown bot 'alien'" in outcome.output
    outcome = runner.invoke(main, ["arena", "drump", "--players", "random"])
    assert outcome.exit_code == 2 and "1 entrants cannot fill 2 seats" in outcome.output
    outcome = runner.invoke(main, ["arena", "drump", "--players", "random,ismcts@x"])
    assert outcome.exit_code == 2 and "bad budget" in outcome.output
