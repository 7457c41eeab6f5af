"""The `cardtable` command, as a user types it."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardtable.frontends.cli import main
from cardtable.games.documents import rules_page


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.output


def test_games_lists_drump_and_its_bots() -> None:
    code, output = run("games")
    assert code == 0
    assert "drump" in output and "heuristic" in output


def test_rules_prints_the_rules_page() -> None:
    code, output = run("rules", "drump")
    assert code == 0
    assert output == rules_page("drump")


def test_play_against_a_bot_and_quit() -> None:
    code, output = run("play", "drump", "--vs", "random", "--seed", "3", "--rules", "pt", input="1\nquit\n")
    assert code == 0
    assert "seed" not in output and "You left the game" in output


def test_play_refuses_bad_choices_with_the_reason(tmp_path: Path) -> None:
    code, output = run("play", "drump", "--vs", "alien")
    assert code == 2 and "unknown player 'alien'" in output
    code, output = run("play", "drump", "--rules", "fr")
    assert code == 2 and "unknown preset 'fr'" in output
    code, output = run("play", "drump", "--option", "recycle_limit=lots")
    assert code == 2 and "'lots' is not a whole number" in output
    code, output = run("play", "drump", "--players", "you,random,random")
    assert code == 2 and "takes 2 players, not 3" in output
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    code, output = run("play", "drump", "--position", str(bad))
    assert code == 2 and "not JSON" in output and "bad.json" in output
    bad.write_text(json.dumps({"hands": [["2s", "2s"], []]}))
    code, output = run("play", "drump", "--position", str(bad))
    assert code == 2 and "2s appears twice" in output


def test_play_from_a_position_file(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps({"hands": [["2s", "Kh"], ["3c"]], "turn": {"seat": 1, "number": 9}}))
    code, output = run("play", "drump", "--position", str(path), "--seed", "1", input="quit\n")
    assert code == 0
    assert "Turn 9" in output


def test_save_then_resume_then_replay(tmp_path: Path) -> None:
    saved = tmp_path / "g.jsonl"
    code, _ = run("play", "drump", "--vs", "heuristic", "--seed", "5", input=f"1\nsave {saved}\nquit\n")
    assert code == 0 and saved.exists()
    code, output = run("play", "drump", "--resume", str(saved), input="quit\n")
    assert code == 0 and "resumed after" in output and "seed" not in output
    code, output = run("replay", str(saved), "--no-step")
    assert code == 0 and "as you (P1)" in output
    code, output = run("replay", str(saved), "--as", "spectator", "--no-step")
    assert code == 0 and "as a spectator" in output
    code, output = run("replay", str(saved), "--as", "7")
    assert code == 2 and "is not a seat" in output
    code, output = run("replay", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "cannot read replay" in output


def test_a_resumed_game_refuses_what_would_set_it_up_otherwise_and_a_finished_one_points_to_replay(
    tmp_path: Path,
) -> None:
    """--resume went on with the saved game whatever else was given (`--vs random` still played the
    heuristic), and a finished game resumed was added to the history once more each time."""
    import random

    from cardtable.core import replay
    from cardtable.core.match import Match
    from cardtable.games import get_game

    saved = tmp_path / "g.jsonl"
    code, _ = run("play", "drump", "--vs", "heuristic", "--seed", "5", input=f"1\nsave {saved}\nquit\n")
    assert code == 0
    for extra in (["--vs", "random"], ["--seed", "0"], ["--players", "you,random"], ["--option", "x=1"]):
        code, output = run("play", "drump", "--resume", str(saved), *extra, input="quit\n")
        assert code == 2 and "keeps the players, deal and rules it was saved with" in output, output
        assert f"leave out {extra[0]}" in output
    game = get_game("drump")
    match = Match(game, seed=3, players=["random", "random"])
    rng = random.Random(1)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    finished = tmp_path / "finished.jsonl"
    replay.save(match, finished, [0], None)
    code, output = run("play", "drump", "--resume", str(finished), input="quit\n")
    assert code == 2 and "is a finished game: watch it with cardtable replay" in output
    code, output = run("history")
    assert "No finished game yet" in output


def test_simulate_prints_win_rates_with_intervals() -> None:
    code, output = run("simulate", "drump", "--games", "20", "--players", "heuristic,random", "--jobs", "1")
    assert code == 0
    assert "win rate [95% CI]" in output and "first player wins" in output and "game length" in output
    code, output = run("simulate", "drump", "--players", "you,random")
    assert code == 2 and "between bots only" in output
