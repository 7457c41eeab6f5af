"""The command line's error boundary: bad input is one line and exit status 2; a bug says it is one.

Every command is run with bad paths and bad values, as a careless or hostile
user would type them: each ends in one line on stderr naming the input and
the reason, exit status 2, no traceback, and nothing written.
"""

from __future__ import annotations

import errno
import json
import os
import pty
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cardtable.core.jsonio import MAX_GAMES, MAX_JOBS
from cardtable.core.match import Match
from cardtable.frontends import cli
from cardtable.frontends.cli import BUG_REPORT, main
from cardtable.games import get_game
from cardtable.games.fm.decks import starter_deck


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def refused(*args: str, input: str | None = None) -> str:
    """Run a command that must refuse its input; the one line it printed."""
    result = run(*args, input=input)
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 2, (result.exit_code, result.output)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """A folder of hostile files: JSON that is no object, too deep, too long a number, not text."""
    for name, text in {
        "string.json": '"a string"',
        "list.json": "[]",
        "null.json": "null",
        "number.json": "42",
        "deep.json": "[" * 5000 + "]" * 5000,
        "huge-number.json": '{"seed": ' + "9" * 5000 + "}",
        "not-json.json": "{ not json",
    }.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00\x01")
    (tmp_path / "a-file").write_text("")
    return tmp_path


# -- play ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("string.json", "a position is a JSON object ({...}), not a string"),
        ("list.json", "a position is a JSON object ({...}), not a list"),
        ("null.json", "a position is a JSON object ({...}), not null"),
        ("number.json", "a position is a JSON object ({...}), not the number 42"),
        ("deep.json", "line 1: nested deeper than 32 levels"),
        ("huge-number.json", "line 1: a number of 5000 digits (at most 30)"),
        ("not-json.json", "line 1: not JSON"),
        ("binary.json", "is not UTF-8 text"),
        ("missing.json", "no such file or folder"),
    ],
)
def test_play_refuses_a_position_file_that_is_no_position(files: Path, name: str, reason: str) -> None:
    # A string was a traceback; `[]` and `null` silently started a random deal.
    line = refused("play", "drump", "--position", str(files / name), input="quit\n")
    assert name in line and reason in line


def test_play_refuses_a_position_for_more_seats_than_players(tmp_path: Path) -> None:
    scout = get_game("scout")
    path = tmp_path / "three.json"
    path.write_text(json.dumps(scout.position_of(Match(scout, seed=1, seats=3).state)))
    line = refused("play", "scout", "--players", "you,random", "--position", str(path))
    assert "the position seats 3 players, but 2 were named" in line


@pytest.mark.parametrize(
    "spec", ["ismcts:inf", "ismcts:1e308", "ismcts:nan", "ismcts@0", "ismcts@99999999999", "ismcts:7200"]
)
@pytest.mark.parametrize("game", ["drump", "fm"])
def test_play_refuses_a_budget_with_no_end(game: str, spec: str, tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps(list(starter_deck(random.Random(1)))))
    decks = ["--deck", str(deck)] if game == "fm" else []
    assert "bad budget" in refused("play", game, "--vs", spec, *decks, input="quit\n")


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--seed", "-1"], "--seed"),
        (["--seed", str(2**63)], "--seed"),
        (["--seed", "9" * 5000], "--seed"),
        (["--first", "3"], "there is no seat 3"),
        (["--option", "hand_limit=99999999999"], "option hand_limit: 99999999999 is beyond the limit"),
        (["--resume", "missing.jsonl"], "cannot read replay 'missing.jsonl'"),
        (["--players", "you," * 300 + "you"], "takes 2 players, not 301"),
    ],
)
def test_play_refuses_bad_values_naming_them(args: list[str], reason: str) -> None:
    assert reason in refused("play", "drump", *args, input="quit\n")


def test_play_fm_refuses_deck_files_that_are_no_decks(files: Path) -> None:
    assert "deck.json" in refused("play", "fm", "--deck", str(files / "deck.json"))
    assert "nested deeper" in refused("play", "fm", "--deck", str(files / "deep.json"))
    assert "should be a JSON list" in refused("play", "fm", "--deck", str(files / "null.json"))


# -- replay -------------------------------------------------------------------------------------------------
def test_replay_refuses_files_that_are_no_replays(files: Path) -> None:
    assert "cannot read replay" in refused("replay", str(files / "missing.jsonl"))
    assert "nested deeper than 32 levels" in refused("replay", str(files / "deep.json"))
    assert "a number of 5000 digits" in refused("replay", str(files / "huge-number.json"))
    assert "not UTF-8" in refused("replay", str(files / "binary.json"))
    assert "expected a JSON object" in refused("replay", str(files / "list.json"))


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"first_seat": 9}, "the first seat 9 is not a seat (1 to 2)"),
        ({"players": ["a", "b", "c"]}, "3 players named, but DRUMP seats 2"),
    ],
)
def test_replay_refuses_a_header_with_seats_out_of_range(
    tmp_path: Path, change: dict[str, object], reason: str
) -> None:
    # A seat out of range was an IndexError deep in the game.
    header = {"format": "cardtable-replay", "version": 2, "game": "drump", "seed": 1, "players": ["a", "b"]}
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(header | change) + "\n")
    line = refused("replay", str(path), "--no-step")
    assert "game.jsonl line 1" in line and reason in line


# -- simulate and arena -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "spec", ["ismcts:inf", "ismcts:1e308", "ismcts:nan", "ismcts@0", "ismcts@99999999999"]
)
def test_simulate_and_arena_refuse_a_budget_with_no_end(spec: str, tmp_path: Path) -> None:
    # These used to pass the check, and the run never returned.
    assert "bad budget" in refused("simulate", "drump", "--players", f"{spec},random", "--jobs", "1")
    out = tmp_path / "out"
    assert "bad budget" in refused("arena", "drump", "--players", f"random,{spec}", "--out", str(out))
    assert not out.exists()


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--games", "0"], "--games"),
        (["--games", str(MAX_GAMES + 1)], "--games"),
        (["--jobs", "0"], "--jobs"),
        (["--jobs", str(MAX_JOBS + 1)], "--jobs"),
        (["--seed", "-5"], "--seed"),
        (["--seats", "9"], "DRUMP seats 2 players, not 9"),
        (["--seats", "9" * 5000], "DRUMP seats 2 players"),
        (["--seats", "2,2"], "names a table size twice"),
        (["--seats", "two"], "is not a list of numbers"),
        (["--players", "heuristic,alien"], "unknown player 'alien'"),
        (["--option", "hand_limit=" + "9" * 5000], "a number of 5,000 digits is beyond the limit"),
        (["--rules", "nope"], "unknown preset 'nope'"),
    ],
)
def test_simulate_refuses_bad_values_naming_them(args: list[str], reason: str) -> None:
    assert reason in refused("simulate", "drump", *args)


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (
            ["arena", "drump", "--players", "random,heuristic,random", "--seats", "3"],
            "DRUMP seats 2 players, not 3",
        ),
        (["simulate", "scout", "--seats", "6"], "Scout seats 2 to 5 players, not 6"),
        (["play", "dnup", "--players", ",".join(["random"] * 6)], "dnup takes 2 to 5 players, not 6"),
    ],
)
def test_a_table_size_out_of_range_is_told_in_the_games_own_sizes(args: list[str], reason: str) -> None:
    # A game of one table size says it ("DRUMP seats 2"), not a range of one ("2 to 2").
    assert reason in refused(*args)


def test_arena_refuses_an_output_folder_it_cannot_write_to(files: Path) -> None:
    base = ["arena", "drump", "--players", "random,heuristic", "--games", "1", "--jobs", "1"]
    line = refused(*base, "--out", str(files / "a-file" / "results"))
    assert "a-file' is a file, not a folder" in line
    assert "is a file" in refused(*base, "--out", str(files / "a-file"))


def test_arena_refuses_too_many_games_before_listing_its_tables(tmp_path: Path) -> None:
    entrants = ",".join(["random"] * 2000)
    line = refused("arena", "drump", "--players", entrants, "--games", "1", "--out", str(tmp_path / "out"))
    assert "make 1,999,000 games; an arena plays at most 1,000,000" in line


def test_arena_tells_a_disk_filling_up_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def disk_full(path: object, text: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("cardtable.frontends.arena_report.write_atomic", disk_full)
    out = tmp_path / "out"
    line = refused(
        "arena", "drump", "--players", "random,random", "--games", "1", "--jobs", "1", "--out", str(out)
    )
    assert line == f"Error: cannot write arena results to {str(out)!r}: the disk is full"


# -- decks and the campaign ----------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [["deck", "new"], ["deck", "export"]])
def test_deck_writers_refuse_a_path_they_cannot_write(files: Path, command: list[str]) -> None:
    missing = files / "missing" / "deck.json"
    assert f"the folder {str(missing.parent)!r} does not exist" in refused(*command, str(missing))
    assert "a-file' is a file, not a folder" in refused(*command, str(files / "a-file" / "deck.json"))
    assert "is a directory" in refused(*command, str(files))
    assert not missing.parent.exists()


def test_deck_new_tells_a_disk_filling_up_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(path: object, text: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("cardtable.games.fm.terminal.deck_files.write_atomic", disk_full)
    path = tmp_path / "deck.json"
    assert refused("deck", "new", str(path)) == f"Error: cannot write deck {str(path)!r}: the disk is full"


@pytest.mark.parametrize("command", ["check", "show"])
def test_deck_readers_refuse_files_that_are_no_decks(files: Path, command: str) -> None:
    assert "deep.json" in refused("deck", command, str(files / "deep.json"))
    assert "should be a JSON list" in refused("deck", command, str(files / "string.json"))
    assert "missing.json" in refused("deck", command, str(files / "missing.json"))


def test_deck_import_refuses_a_save_path_it_cannot_use(files: Path) -> None:
    deck = files / "deck.json"
    assert "is a file, not a folder" in refused(
        "deck", "import", str(deck), "--save", str(files / "a-file" / "x")
    )
    assert "there is no campaign yet" in refused(
        "deck", "import", str(deck), "--save", str(files / "new.sqlite")
    )


def test_campaign_refuses_a_save_path_it_cannot_write(files: Path) -> None:
    line = refused("campaign", "--save", str(files / "a-file" / "fm.sqlite"), input="q\n")
    assert "a-file' is a file, not a folder" in line
    assert "is a directory" in refused("campaign", "--save", str(files), input="q\n")


# -- the other commands, and the group's own options --------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["rules", "chess"],
        ["games", "--colour"],
        ["position", "schema", "chess"],
        ["position", "template"],
        ["position", "nope"],
        ["nope"],
        ["--nope", "games"],
        ["play"],
    ],
)
def test_usage_errors_are_one_line(args: list[str]) -> None:
    refused(*args)


# -- bugs, --debug and Ctrl-C -------------------------------------------------------------------------------
def test_an_unexpected_error_is_reported_as_a_bug_with_its_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(name: str) -> str:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(cli, "rules_page", broken)
    result = run("rules", "drump")
    assert result.exit_code == 1
    assert "Traceback" in result.stderr and "ZeroDivisionError: division by zero" in result.stderr
    assert result.stderr.rstrip().endswith(BUG_REPORT)


def test_debug_shows_the_traceback_of_bad_input(files: Path) -> None:
    result = run("--debug", "play", "drump", "--position", str(files / "list.json"))
    assert result.exit_code == 2
    assert "Traceback" in result.stderr and "PositionError" in result.stderr
    assert result.stderr.splitlines()[-1].startswith("Error: position ")


def test_ctrl_c_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(name: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "rules_page", interrupted)
    result = run("rules", "drump")
    assert result.exit_code == 130
    assert result.stderr == ""


def test_ctrl_c_stops_a_simulation_and_its_worker_processes_quietly() -> None:
    # Before, the parent waited for every game left in the pool: Ctrl-C did not end the run.
    command = [sys.executable, "-m", "cardtable.frontends.cli", "simulate", "drump", "--games", "100000"]
    process = subprocess.Popen(
        [*command, "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # A shell running the tests in the background leaves Ctrl-C ignored: undo that, as a terminal would.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env=os.environ | {"PYTHONPATH": str(Path(cli.__file__).parents[2])},
    )
    time.sleep(3)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal does: to the program and its workers
    try:
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 130
    assert stderr == ""


def _start_on_a_terminal(arguments: list[str], environment: dict[str, str]) -> tuple[Any, int]:
    """`cardtable ARGUMENTS` started on a terminal of its own (a pseudo-terminal): the process, and
    the terminal's other end to read what it writes."""
    leader, follower = pty.openpty()
    env = {**os.environ, "TERM": "xterm", **environment}
    child = subprocess.Popen(
        [sys.executable, "-m", "cardtable", *arguments],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        close_fds=True,
    )
    os.close(follower)
    return child, leader


def _read_until(leader: int, wanted: str | None, seconds: float = 60) -> str:
    """What the terminal shows until `wanted` appears (None: until the program ends)."""
    chunks: list[bytes] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.5)
        if not ready:
            continue
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the program closed its end
            break
        if not chunk:
            break
        chunks.append(chunk)
        if wanted is not None and wanted in b"".join(chunks).decode("utf-8", "replace"):
            break
    return b"".join(chunks).decode("utf-8", "replace")


def _on_a_terminal(arguments: list[str], environment: dict[str, str]) -> str:
    """What `cardtable ARGUMENTS` writes on a terminal of its own, to its end."""
    child, leader = _start_on_a_terminal(arguments, environment)
    output = _read_until(leader, None)
    child.wait(timeout=60)
    os.close(leader)
    return output


def test_ctrl_c_at_the_prompt_leaves_the_game_with_exit_status_130() -> None:
    """docs/limits.md: Ctrl-C ends quietly with exit status 130 (the game's prompt ended with 0)."""
    child, leader = _start_on_a_terminal(["play", "drump", "--seed", "1"], {})
    shown = _read_until(leader, "notation or help")
    assert "notation or help" in shown
    # A signal that comes between the prompt's printing and the read is noticed only at the next one
    # (CPython's readline waits in select() and looks for signals when select is interrupted): a person
    # presses Ctrl-C at a prompt that waits, so the test lets the prompt start waiting first.
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    shown += _read_until(leader, None)
    assert child.wait(timeout=60) == 130
    os.close(leader)
    assert "You left the game" in shown and "Traceback" not in shown


def test_the_rules_are_shown_when_the_pager_named_is_no_program() -> None:
    output = _on_a_terminal(["rules", "drump"], {"PAGER": "/nonexistent/pager", "MANPAGER": ""})
    assert "not found" not in output and "Burst" in output


@pytest.mark.parametrize("columns", ["0", "-3", "wide"])
def test_a_columns_that_is_no_width_is_left_for_the_terminals_own(columns: str) -> None:
    """At COLUMNS=0 every command printed nothing at all."""
    output = _on_a_terminal(["history"], {"COLUMNS": columns})
    assert "No finished game yet" in output


def test_a_files_value_reaches_a_message_spelt_as_json_and_never_as_a_control_code() -> None:
    from cardtable.core.jsonio import spelt

    assert [spelt(True), spelt(None), spelt("café")] == ["true", "null", '"café"']
    assert spelt("a\x9b2J\u202e") == '"a\\u009b2J\\u202e"'
    assert len(spelt("x" * 500)) == 60


def test_a_columns_of_digits_python_cannot_read_is_left_for_the_terminals_own() -> None:
    """'²' is a digit to str.isdigit() but no number to int(): it ended in a traceback called a bug."""
    output = _on_a_terminal(["history"], {"COLUMNS": "²"})
    assert "No finished game yet" in output and "Traceback" not in output


def test_an_empty_resume_is_refused_not_taken_for_none() -> None:
    """`--resume ''` started a new game, as if no file were named, and skipped the resume's checks."""
    assert "cannot read replay ''" in refused("play", "drump", "--resume", "", input="quit\n")
    assert "leave out --vs" in refused("play", "drump", "--resume", "", "--vs", "random", input="quit\n")
