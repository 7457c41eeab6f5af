"""Hidden cards stay hidden from a player at the terminal: the seed, saves and replays."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.core import replay
from cardtable.core.errors import ReplayError
from cardtable.core.jsonio import JSON
from cardtable.core.match import Match, bot_rngs
from cardtable.core.paths import DATA_FOLDER_VARIABLE
from cardtable.frontends.cli import main
from cardtable.frontends.saves import key_path, open_game, save_game, user_key
from cardtable.games.drump import GAME
from cardtable.games.drump.bots import DrumpHeuristicBot
from tests.drump.helpers import position
from tests.test_terminal import session

SEED = 987654321


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.output


def integers(value: JSON) -> Iterator[int]:
    """Every whole number anywhere in a JSON value."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from integers(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from integers(item)


# -- the seed is a secret while the game goes on -------------------------------------------------
@pytest.mark.parametrize(
    "arguments",
    [
        ["drump", "--vs", "random"],
        ["scout", "--players", "you,random,random"],
        ["dnup", "--players", "you,random,random"],
        ["drump", "--vs", "human"],
    ],
)
def test_no_screen_shows_the_seed_while_the_game_goes_on(arguments: list[str]) -> None:
    code, output = run("play", *arguments, "--seed", str(SEED), input="\nhelp\n1\n\nhelp\nquit\n")
    assert code == 0 and "Type 'help' for the commands" in output and "Commands:" in output
    assert str(SEED) not in output


def test_the_duel_set_up_does_not_show_the_seed(tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    assert run("deck", "new", str(deck), "--seed", "2")[0] == 0
    code, output = run(
        "play", "fm", "--vs", "Rex Raptor", "--deck", str(deck), "--seed", str(SEED), input="help\nquit\n"
    )
    assert code == 0 and "Commands:" in output
    assert str(SEED) not in output


def test_the_seed_and_the_replay_are_shown_when_the_game_ends(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    match = Match(GAME, seed=SEED, players=["you", "heuristic"])
    text, _ = session(match, [f"save {path}", *["1"] * 2000], {1: DrumpHeuristicBot()})
    assert match.is_over
    ending = max(text.find(" wins: "), text.find("draw"))
    assert text.find(str(SEED)) > ending > 0
    assert f"The seed of this game was {SEED}. The replay is saved in {path}" in text
    # The finished game replaced the sealed save: in the clear now, the seed with it.
    header = json.loads(path.read_text().splitlines()[0])
    assert header["seed"] == SEED and "sealed" not in header
    assert replay.load(path).outcome == match.outcome


def test_a_game_not_saved_says_so_at_its_end() -> None:
    match = Match(GAME, seed=SEED, players=["you", "heuristic"])
    text, _ = session(match, ["1"] * 2000, {1: DrumpHeuristicBot()})
    assert f"The seed of this game was {SEED}. The game was not saved" in text


# -- a saved unfinished game ------------------------------------------------------------------
def saved_midway(path: Path, seed: int = SEED, actions: int = 9) -> Match:
    """A game of a person (seat 1) against the heuristic bot, saved by seat 1 after some actions."""
    match = Match(GAME, seed=seed, players=["you", "heuristic"])
    bots = {0: DrumpHeuristicBot(), 1: DrumpHeuristicBot()}
    rngs = bot_rngs(seed, 2)
    while len(match.moves) < actions:
        seat = match.current_seat
        assert seat is not None
        match.play(match.decide(bots[seat], rngs[seat]), seat)
    save_game(match, path, [0])
    return match


def test_a_saved_unfinished_game_holds_no_seed_that_rebuilds_the_opponents_cards(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    match = saved_midway(path)
    text = path.read_text()
    records = [json.loads(line) for line in text.splitlines()]
    assert str(SEED) not in text
    assert "seed" not in records[0] and "position" not in records[0]
    opponent_hand = GAME.position_of(match.state)["hands"][1]
    for number in {n for record in records for n in integers(record)}:
        assert GAME.position_of(Match(GAME, seed=number).state)["hands"][1] != opponent_hand
    # The actions are sealed too: an action's text can name a card set face down.
    for move in match.moves:
        assert f'"{GAME.format_action(move.action)}"' not in text


def test_a_saved_duel_keeps_the_opponents_deck_sealed(tmp_path: Path) -> None:
    from cardtable.games.fm import GAME as FM
    from cardtable.games.fm.terminal.play import fm_match

    match, _ = fm_match("Rex Raptor", None, [], SEED, FM.option_table.default())
    assert match.position is not None
    path = tmp_path / "duel.jsonl"
    save_game(match, path, [0])
    header = json.loads(path.read_text().splitlines()[0])
    assert "position" not in header and "seed" not in header
    again = open_game(path)
    assert again.match.position == match.position and again.saved_by == (0,)


def test_an_unfinished_save_opens_only_as_the_seat_that_saved_it(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    start = position(hands=(["2s", "Kh"], ["3c", "Qc"]))
    match = Match(GAME, seed=SEED, position=start, players=["you", "heuristic"])
    text, _ = session(match, [f"save {path}", "quit"], {1: DrumpHeuristicBot()})
    assert f"Saved to {path}." in text and f"last saved to {path}" in text
    for observer in ("all", "2"):
        code, output = run("replay", str(path), "--as", observer, "--no-step")
        assert code == 2 and "this game is not finished; it opens as seat 1 (who saved it)" in output
        assert "Q♣" not in output
    for arguments in ([], ["--as", "1"]):
        code, output = run("replay", str(path), *arguments, "--no-step")
        assert code == 0 and "as you (P1)" in output and "unfinished" in output
        assert "K♥" in output and "Q♣" not in output and str(SEED) not in output
    code, output = run("replay", str(path), "--as", "spectator", "--no-step")
    assert code == 0 and "K♥" not in output and "Q♣" not in output


def test_a_finished_game_opens_as_anyone(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    match = Match(GAME, seed=SEED, players=["you", "heuristic"])
    session(match, [f"save {path}", *["1"] * 2000], {1: DrumpHeuristicBot()})
    for observer in ("all", "1", "2", "spectator"):
        code, output = run("replay", str(path), "--as", observer, "--no-step")
        assert code == 0 and f"seed {SEED}" in output


def test_another_user_cannot_open_or_resume_a_sealed_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.jsonl"
    saved_midway(path)
    monkeypatch.setenv(DATA_FOLDER_VARIABLE, str(tmp_path / "another user"))
    code, output = run("replay", str(path), "--no-step")
    assert code == 2 and "it opens only with the key of the user who saved it" in output
    user_key()  # the other user now has a key of their own
    for arguments in (["replay", str(path), "--as", "1"], ["play", "drump", "--resume", str(path)]):
        code, output = run(*arguments, input="quit\n")
        assert code == 2 and "sealed with another key than yours" in output


def test_an_edited_saved_by_does_not_open_another_seat(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    saved_midway(path)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0]) | {"saved_by": [2]}
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    code, output = run("replay", str(path), "--as", "2", "--no-step")
    assert code == 2 and "line 1: the header was altered after the game was saved" in output


def test_the_library_needs_the_key_to_open_a_sealed_save(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    match = saved_midway(path)
    with pytest.raises(ReplayError, match="this save of an unfinished game is sealed"):
        replay.load(path)
    assert replay.load(path, user_key()).seed == match.seed


def test_a_hot_seat_game_resumes_and_replays_as_hot_seat(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    code, _ = run("play", "drump", "--vs", "human", input=f"\nsave {path}\nquit\n")
    assert code == 0 and open_game(path).saved_by == (0, 1)
    code, output = run("play", "drump", "--resume", str(path), input="\nquit\n")
    assert code == 0 and "Pass the terminal to Player" in output
    for observer in ("1", "2"):
        assert run("replay", str(path), "--as", observer, "--no-step")[0] == 0
    code, output = run("replay", str(path), "--as", "all", "--no-step")
    assert code == 2 and "opens as seat 1 or seat 2 (who saved it)" in output


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_the_key_is_made_on_first_use_for_its_owner_alone(tmp_path: Path) -> None:
    path = key_path()
    assert not path.exists()
    key = user_key()
    assert user_key() == key and len(key or b"") == 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    path.chmod(0o644)
    with pytest.raises(ReplayError, match="can be read by other users"):
        user_key()


def test_every_file_of_the_users_data_lies_in_the_one_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CARDTABLE_DATA_DIR moves the user's data whole: the key, the history, the campaign and the
    server's database (the campaign and the database stayed in platformdirs' folder, so a duel sealed
    with one folder's key could not be opened once the variable named another)."""
    from cardtable.frontends.history import history_folder
    from cardtable.games.fm.terminal.store import campaign_store
    from cardtable.server.command import default_database

    folder = tmp_path / "elsewhere"
    monkeypatch.setenv(DATA_FOLDER_VARIABLE, str(folder))
    paths = [key_path(), history_folder(), campaign_store(None).path, default_database()]
    assert [path.parent for path in paths] == [folder] * len(paths)
