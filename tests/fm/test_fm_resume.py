"""Resuming a saved duel seats the duelist's AI again (`FrontEnd.resume_bot`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.core.errors import UnknownNameError
from cardtable.frontends.cli import main
from cardtable.games.fm.ai import DuelistAI
from cardtable.games.fm.carddata import duelists
from cardtable.games.fm.terminal.play import resume_bot


def run(*args: str, input: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.output


def test_a_saved_duel_against_a_named_duelist_resumes_with_its_ai(tmp_path: Path) -> None:
    saved = tmp_path / "duel.jsonl"
    code, _ = run("play", "fm", "--vs", "Simon Muran", "--seed", "4", input=f"save {saved}\nquit\n")
    assert code == 0 and saved.exists()
    # The player's turn is played out; the duelist's AI must answer before the player moves again.
    turn = "pick h1\nplay\nplace attack star 1\nend\n"
    code, output = run("play", "fm", "--resume", str(saved), input=turn + "quit\n")
    assert code == 0, output
    assert "resumed after" in output and "Turn 2 of You" in output


def test_the_bot_of_a_recorded_name() -> None:
    bot = resume_bot("simon muran")
    assert isinstance(bot, DuelistAI) and bot.params == duelists()[1].ai
    assert resume_bot("random (Simon Muran's deck)").name == "random"
    assert resume_bot("heuristic").name == "heuristic"
    with pytest.raises(UnknownNameError, match="nobody"):
        resume_bot("nobody")
