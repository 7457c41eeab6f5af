"""The arena: schedules, results, files written whole, replays that open, Elo that orders bots."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.core import replay
from cardtable.core.errors import OptionError, UnknownNameError
from cardtable.frontends.cli import main
from cardtable.sim.arena import ArenaSettings, run_arena, schedule, tables
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
    settings = ArenaSettings(
        "drump", ("random", "heuristic"), games=4, seed=3, replay_folder=str(tmp_path / "replays")
    )
    result = run_arena(settings, jobs=1)
    assert len(result.records) == 4
    assert result.wins(0).trials == 4
    assert result.head_to_head(1, 0).trials == 4
    assert [record.seating for record in result.records] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    for record in result.records:
        assert record.replay is not None
        match = replay.load(record.replay)
        assert match.is_over
        assert match.outcome is not None and match.outcome.winners == record.winners
        assert match.players == [settings.entrants[player] for player in record.seating]
    elo, bars = result.elo(random.Random(1))
    assert len(elo) == len(bars) == 2


def test_every_table_plays_its_games_with_seats_rotating() -> None:
    entrants = ("heuristic", "random", "random", "ismcts@5")
    settings = ArenaSettings("scout", entrants, games=3, seats=3, mode="gauntlet")
    tasks = schedule(settings)
    assert [task.seating for task in tasks] == [
        (0, 1, 2), (1, 2, 0), (2, 0, 1),
        (0, 1, 3), (1, 3, 0), (3, 0, 1),
        (0, 2, 3), (2, 3, 0), (3, 0, 2),
    ]  # fmt: skip
    assert [task.index for task in tasks] == list(range(9))
    assert tasks[5].players == ("ismcts@5", "heuristic", "random")
    assert len({task.seed for task in tasks}) == 9


def test_the_same_seed_gives_the_same_arena_on_one_or_two_processes() -> None:
    settings = ArenaSettings("scout", ("random", "heuristic", "random"), games=4, seats=2, seed=9)
    one, two = run_arena(settings, jobs=1), run_arena(settings, jobs=2)
    assert one.records == two.records and len(one.records) == 12


def test_the_arena_refuses_bad_settings_before_any_game() -> None:
    with pytest.raises(UnknownNameError, match="unknown bot 'alien'"):
        run_arena(ArenaSettings("drump", ("random", "alien")))
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        run_arena(ArenaSettings("drump", ("random", "random"), options={"colour": "red"}))
    with pytest.raises(ValueError, match="DRUMP takes 2 players, not 3"):
        run_arena(ArenaSettings("drump", ("random", "random", "random"), seats=3))
    with pytest.raises(ValueError, match="unknown arena mode 'swiss'"):
        run_arena(ArenaSettings("drump", ("random", "random"), mode="swiss"))


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


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "the folder '{folder}' does not exist"),
        ("{bad", "is not JSON: Expecting property name"),
        ("[1, 2]", "is not a ratings file: it holds no object of games"),
    ],
)
def test_the_arena_refuses_a_ratings_file_it_could_not_write_before_any_game(
    tmp_path: Path, content: str | None, reason: str
) -> None:
    """A ratings file is written after every game: one that cannot be written (or read, to keep the
    other games' ratings) is refused first, and nothing is written, not even the results."""
    target = tmp_path / "ratings.json" if content is not None else tmp_path / "missing" / "ratings.json"
    if content is not None:
        target.write_text(content)
    folder = tmp_path / "out"
    arguments = ["arena", "drump", "--players", "random,heuristic", "--games", "2", "--jobs", "1"]
    outcome = CliRunner().invoke(main, [*arguments, "--out", str(folder), "--ratings", str(target)])
    assert outcome.exit_code == 2, outcome.output
    assert reason.format(folder=target.parent) in outcome.output and str(target) in outcome.output
    assert not folder.exists()
    assert (target.read_text() if content is not None else None) == content
