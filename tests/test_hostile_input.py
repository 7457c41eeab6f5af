"""The input limits (docs/limits.md) and the refusals of paths, budgets and files, below the command line."""

from __future__ import annotations

import errno
import json
import os
import random
from pathlib import Path

import pytest

from cardtable.bots import make_bot, make_opponent
from cardtable.core import jsonio, replay
from cardtable.core.errors import (
    LimitError,
    OptionError,
    PathError,
    PositionError,
    ReplayError,
    UnknownNameError,
)
from cardtable.core.jsonio import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_ITEMS,
    MAX_OPTION_NUMBER,
    MAX_SEARCH_ITERATIONS,
    MAX_SEARCH_SECONDS,
    MAX_STRING,
    parse_json,
    read_json_file,
)
from cardtable.core.match import Match
from cardtable.core.paths import check_new_file, check_output_folder, os_reason, path_error
from cardtable.core.positions import read_position_file
from cardtable.games import get_game
from cardtable.sim.arena import ArenaSettings, schedule

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
needs_permissions = pytest.mark.skipif(AS_ROOT, reason="the superuser writes to read-only folders")


# -- JSON texts ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"line 1: nested deeper than {MAX_DEPTH} levels"),
        ("[\n" * 5000, f"line {MAX_DEPTH + 1}: nested deeper than {MAX_DEPTH} levels"),
        ('{"a":' * 3000 + "1" + "}" * 3000, "nested deeper"),
        ("[" + "0," * MAX_ITEMS + "0]", f"more than {MAX_ITEMS:,} items in one list or object"),
        ("{" + ",".join(f'"k{index}": 0' for index in range(MAX_ITEMS + 1)) + "}", "items in one list"),
        ("\n\n[" + "9" * 5000 + "]", "line 3: a number of 5000 digits"),
        ("[1" + "0" * MAX_DIGITS + "]", f"a number of {MAX_DIGITS + 1} digits (at most {MAX_DIGITS})"),
        ("[1e999]", "1e999 is too large a number"),
        ("[-1.5e400]", "-1.5e400 is too large a number"),
        ('["' + "x" * MAX_STRING + '"]', f"a string longer than {MAX_STRING:,} characters"),
        ("[NaN]", "NaN is not a JSON number"),
        ("[Infinity]", "Infinity is not a JSON number"),
        ("[1,\n2,\n", "line 3: not JSON"),
    ],
)
def test_a_text_over_a_limit_is_refused_naming_where_and_why(text: str, reason: str) -> None:
    with pytest.raises(PositionError, match=r"^puzzle") as refusal:
        parse_json(text, "puzzle", PositionError)
    assert reason in str(refusal.value)


def test_texts_within_the_limits_are_read() -> None:
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_json(deep, "x", PositionError) is not None
    assert parse_json("[" + "0," * (MAX_ITEMS - 1) + "0]", "x", PositionError) == [0] * MAX_ITEMS
    assert parse_json("[" + "9" * MAX_DIGITS + ", -2.5e3]", "x", PositionError) == [
        int("9" * MAX_DIGITS),
        -2500.0,
    ]
    # Commas, brackets and digits inside strings and comments are text, not structure.
    assert parse_json('{"a,[": "1e999 [[[" // ]]] ,,, 1e999\n}', "x", PositionError, comments=True) == {
        "a,[": "1e999 [[["
    }


def test_a_line_of_a_longer_file_is_named_by_its_number_there() -> None:
    with pytest.raises(ReplayError, match=r"^game.jsonl line 7: not JSON"):
        parse_json("{oops", "game.jsonl", ReplayError, first_line=7)
    with pytest.raises(ReplayError, match=r"^game.jsonl line 9: nested deeper"):
        parse_json("[" * 99, "game.jsonl", ReplayError, first_line=9)


def test_a_file_too_big_unreadable_or_not_text_is_refused_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(PositionError, match=r"cannot read position '.*missing.json': no such file or folder"):
        read_json_file(tmp_path / "missing.json", PositionError, what="position")
    with pytest.raises(PositionError, match="it is a folder, not a file"):
        read_json_file(tmp_path, PositionError, what="position")
    big = tmp_path / "big.json"
    big.write_text("[" + "0," * 50 + "0]")
    monkeypatch.setattr(jsonio, "MAX_BYTES", 100)
    with pytest.raises(PositionError, match=r"big.json'.*over the limit of 100"):
        read_json_file(big, PositionError, what="position")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00[")
    with pytest.raises(PositionError, match="is not UTF-8 text"):
        read_json_file(binary, PositionError, what="position")


# -- positions -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "kind"),
    [('"a string"', "a string"), ("[]", "a list"), ("null", "null"), ("42", "the number 42")],
)
def test_a_position_file_holding_anything_but_an_object_is_refused(
    tmp_path: Path, text: str, kind: str
) -> None:
    # `[]` and `null` used to start a random deal without a word.
    path = tmp_path / "position.json"
    path.write_text(text)
    with pytest.raises(
        PositionError, match=rf"position.json'.*a position is a JSON object \(\{{...\}}\), not {kind}"
    ):
        read_position_file(str(path))


def test_a_position_for_three_seats_played_by_two_players_is_refused() -> None:
    game = get_game("scout")
    position = game.position_of(Match(game, seed=1, seats=3).state)
    with pytest.raises(PositionError, match="the position seats 3 players, but 2 were named: you, random"):
        Match(game, seed=1, players=["you", "random"], position=position)


def test_an_fm_start_without_decks_is_refused_naming_the_key() -> None:
    with pytest.raises(PositionError, match="position decks: is missing"):
        get_game("fm").state_from_position({"game": "fm"}, random.Random(1), None)


def test_an_fm_position_where_the_seat_to_act_can_do_nothing_is_refused() -> None:
    game = get_game("fm")
    match = Match(game, seed=1, seats=2)
    rng = random.Random(1)
    while match.current_seat != 1:
        match.play(rng.choice(list(match.legal_actions())))
    position = json.loads(json.dumps(game.position_of(match.state)))
    position["hands"][1] = []
    with pytest.raises(PositionError, match="seat 2 is to act in the pick phase but can do nothing"):
        game.state_from_position(position, random.Random(1), None)


# -- options, budgets, runs ------------------------------------------------------------------------------
def test_a_whole_number_option_without_a_maximum_of_its_own_is_bounded() -> None:
    table = get_game("drump").option_table
    assert table.parse_assignments([f"hand_limit={MAX_OPTION_NUMBER}"]) == {"hand_limit": MAX_OPTION_NUMBER}
    with pytest.raises(OptionError, match=f"option hand_limit: {10**20} is beyond the limit of"):
        table.parse_assignments([f"hand_limit={10**20}"])
    with pytest.raises(OptionError, match=r"option jack_scores: .* is beyond the limit"):
        table.resolve(overrides={"jack_scores": 10**29})


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:inf",
        "ismcts:1e308",
        "ismcts:nan",
        "ismcts:-2",
        "ismcts:0",
        f"ismcts:{MAX_SEARCH_SECONDS + 1}",
        "ismcts@0",
        "ismcts@99999999999",
        f"ismcts@{MAX_SEARCH_ITERATIONS + 1}",
        "ismcts@" + "9" * 5000,
        "ismcts@-5",
        "ismcts@²",
        "ismcts@1e3",
        "cheat:inf",
    ],
)
def test_a_search_budget_with_no_end_in_sight_is_refused(spec: str) -> None:
    # `ismcts:inf` and `ismcts:1e308` used to pass, and the search never returned.
    with pytest.raises(UnknownNameError, match="bad budget"):
        make_bot(spec, get_game("drump"))


def test_the_largest_budgets_are_allowed() -> None:
    game = get_game("drump")
    assert make_opponent(f"ismcts:{MAX_SEARCH_SECONDS}", game) is not None
    assert make_opponent(f"ismcts@{MAX_SEARCH_ITERATIONS}", game) is not None


def test_an_arena_of_too_many_games_is_refused_before_any_table_is_listed() -> None:
    # 2,000 entrants in pairs are about two million tables: counted, not listed.
    settings = ArenaSettings(game="drump", entrants=("random",) * 2000, games=1)
    with pytest.raises(
        LimitError, match="2000 entrants at tables of 2, 1 games a table, make 1,999,000 games"
    ):
        schedule(settings)
    with pytest.raises(LimitError, match="an arena plays at most 1,000,000"):
        schedule(ArenaSettings(game="drump", entrants=("random", "heuristic"), games=1_000_001))


# -- replays' headers ------------------------------------------------------------------------------------
HEADER = {"format": "cardtable-replay", "version": 2, "game": "drump", "seed": 1, "players": ["a", "b"]}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"first_seat": 3}, "the first seat 3 is not a seat (1 to 2)"),
        ({"first_seat": 0}, "the first seat 0 is not a seat (1 to 2)"),
        ({"first_seat": -1}, "the first seat -1 is not a seat (1 to 2)"),
        ({"first_seat": 1e300}, "the first seat 1e+300 is not a number"),
        ({"first_seat": True}, "the first seat True is not a number"),
        ({"players": ["a", "b", "c"]}, "3 players named, but DRUMP seats 2"),
        ({"players": []}, "0 players named, but DRUMP seats 2"),
        ({"seed": True}, "the seed True is not an integer"),
    ],
)
def test_a_replay_header_with_a_seat_out_of_range_is_refused_naming_it(
    change: dict[str, object], message: str
) -> None:
    with pytest.raises(ReplayError) as refusal:
        replay.from_lines([json.dumps(HEADER | change)], "game.jsonl")
    assert str(refusal.value) == f"game.jsonl line 1: {message}"


def test_a_replay_line_over_a_limit_is_refused_naming_the_line() -> None:
    lines = [json.dumps(HEADER), '{"seat": 1, "action": "end", "x": ' + "[" * 5000 + "}"]
    with pytest.raises(ReplayError, match=r"^game.jsonl line 2: nested deeper than 32 levels"):
        replay.from_lines(lines, "game.jsonl")
    lines[1] = '{"seat": ' + "1" * 5000 + "}"
    with pytest.raises(ReplayError, match=r"^game.jsonl line 2: a number of 5000 digits"):
        replay.from_lines(lines, "game.jsonl")


# -- paths ------------------------------------------------------------------------------------------------
def test_paths_a_file_cannot_be_written_to_are_refused_before_any_work(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    check_new_file(tmp_path / "deck.json", PathError, "deck")
    check_new_file(tmp_path / "new" / "deeper" / "save.sqlite", PathError, "save", make_folders=True)
    cases = [
        (tmp_path / "missing" / "deck.json", "the folder '.*missing' does not exist"),
        (tmp_path, "it is a folder, not a file"),
        (a_file / "deck.json", "'.*a-file' is a file, not a folder"),
    ]
    for path, reason in cases:
        with pytest.raises(PathError, match=rf"^cannot write deck '.*': {reason}"):
            check_new_file(path, PathError, "deck")
    with pytest.raises(PathError, match=r"'.*a-file' is a file, not a folder"):
        check_new_file(a_file / "deeper" / "save.sqlite", PathError, "save", make_folders=True)
    assert not (tmp_path / "missing").exists()


def test_an_output_folder_is_checked_before_any_work(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    check_output_folder(tmp_path / "results" / "run-1", PathError)
    assert not (tmp_path / "results").exists()  # checked, not made
    with pytest.raises(PathError, match=r"'.*a-file' is a file, not a folder"):
        check_output_folder(a_file / "run-1", PathError)
    with pytest.raises(PathError, match="it is a file, not a folder"):
        check_output_folder(a_file, PathError)


def test_a_read_only_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    # As the system tells it: the folder may not be written to (a read-only mount, or its mode).
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != folder and real_access(path, mode))
    with pytest.raises(PathError, match=r"the folder '.*locked' is read-only"):
        check_new_file(folder / "deck.json", PathError, "deck")
    with pytest.raises(PathError, match=r"the folder '.*locked' is read-only"):
        check_output_folder(folder / "results", PathError)


@needs_permissions
def test_a_folder_made_read_only_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(PathError, match="read-only"):
            check_new_file(folder / "deck.json", PathError, "deck")
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize(
    ("number", "words"),
    [
        (errno.ENOSPC, "the disk is full"),
        (errno.EROFS, "the file system is read-only"),
        (errno.EACCES, "permission denied"),
        (errno.ENOTDIR, "a part of the path is a file, not a folder"),
    ],
)
def test_an_os_failure_is_told_in_words_naming_the_path(number: int, words: str) -> None:
    problem = OSError(number, os.strerror(number))
    assert os_reason(problem) == words
    assert str(path_error(PathError, "write deck", "my deck.json", problem)) == (
        f"cannot write deck 'my deck.json': {words}"
    )
