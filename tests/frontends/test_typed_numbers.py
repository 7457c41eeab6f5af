"""A number typed with other digits than 0-9 ('²', '٣') is refused in words, never a traceback (issue 9).

`str.isdigit()` is true for them but `int()` refuses '²' and reads '٣' as 3;
every place a person types a number reads it with `core.numbers.whole_number`.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from cardtable.core import replay
from cardtable.core.errors import ActionParseError, UnknownNameError
from cardtable.core.match import Match
from cardtable.core.numbers import whole_number
from cardtable.core.pairs import parse_code
from cardtable.frontends import history
from cardtable.frontends.cli import main
from cardtable.frontends.replay_viewer import ReplayViewer
from cardtable.frontends.terminal import TerminalGame
from cardtable.games import get_game
from cardtable.games.drump.cards import parse_card
from cardtable.games.fm.duelists import find_duelist
from cardtable.games.fm.finder import find_card

ODD_DIGITS = ("²", "٣", "１", "2²", "9" * 5000)


def test_whole_number_reads_ascii_digits_only() -> None:
    assert whole_number("42") == 42 and whole_number("007") == 7
    for text in (*ODD_DIGITS, "", "-1", "+1", " 1", "1_000", "1.0"):
        assert whole_number(text) is None, text


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("fm", "pick h²"),
        ("fm", "attack m٣ direct"),
        ("scout", "show ²"),
        ("scout", "show ٣-4"),
        ("dnup", "take from ²"),
        ("drump", "set ²h on 1"),
        ("drump", "set 7h on ²"),
    ],
)
def test_every_notation_refuses_odd_digits_as_a_parse_error(game: str, text: str) -> None:
    with pytest.raises(ActionParseError):
        get_game(game).parse_action(text)


def test_card_and_name_readers_refuse_odd_digits() -> None:
    assert parse_card("٣h") is None and parse_code("²/3") is None and parse_code("٣/4") is None
    for text in ("²", "٣", "#²"):
        with pytest.raises(UnknownNameError):
            find_card(text)
        with pytest.raises(UnknownNameError):
            find_duelist(text)


def finished_replay(tmp_path: Path) -> Path:
    game = get_game("drump")
    match = Match(game, seed=3, players=["random", "random"])
    bots = [game.bots["heuristic"](), game.bots["heuristic"]()]
    from cardtable.core.match import bot_rngs

    rngs = bot_rngs(3, 2)
    while not match.is_over:
        seat = match.current_seat or 0
        match.play(match.decide(bots[seat], rngs[seat]), seat)
    path = tmp_path / "game.jsonl"
    replay.save(match, path)
    return path


@pytest.mark.parametrize("seat", ["²", "٣", "１"])
def test_replay_as_an_odd_digit_is_a_one_line_error(tmp_path: Path, seat: str) -> None:
    path = finished_replay(tmp_path)
    result = CliRunner().invoke(main, ["replay", str(path), "--as", seat, "--no-step"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and f"{seat!r} is not a seat (1 to 2)" in result.output


def test_replay_of_an_odd_digit_history_number_is_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert history.replay_file("²") == "²"
    result = CliRunner().invoke(main, ["replay", "²"])
    assert result.exit_code == 2
    assert result.output == "Error: cannot read replay '²': no such file or folder\n"


def test_the_replay_steppers_take_an_odd_digit_as_a_step(tmp_path: Path) -> None:
    match = replay.load(finished_replay(tmp_path))
    answers = iter(["²", "٣", "q"])
    console = Console(file=io.StringIO(), width=100, height=30, force_terminal=True, color_system=None)
    ReplayViewer(match, None, console, lambda prompt: next(answers), live=True).run(interactive=True)
    match = replay.load(finished_replay(tmp_path))
    answers = iter(["²", "q"])
    ReplayViewer(match, None, Console(file=io.StringIO()), lambda prompt: next(answers), live=False).run(True)


def test_the_terminal_prompt_and_the_move_pages_refuse_odd_digits() -> None:
    game = get_game("drump")
    match = Match(game, seed=4, players=["you", "heuristic"])
    lines = iter(["²", "all", "٣", "quit", "y"])
    output = io.StringIO()
    console = Console(file=output, width=100, height=30, force_terminal=True, color_system=None)
    terminal = TerminalGame(
        match, {1: game.bots["heuristic"]()}, console, lambda prompt: next(lines), live=True
    )
    terminal.run()
    assert all(move.seat == 1 for move in match.moves)
