"""Policy files and the `policy:FILE` bot: saved, loaded, refused when wrong, seated like any bot."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from cardtable.bots import make_bot, make_opponent
from cardtable.bots.learned import Network, PolicyBot, PolicyFileError, encoding_for
from cardtable.core.match import Match, bot_rngs
from cardtable.frontends.cli import main
from cardtable.games import get_game


def policy_file(folder: Path, game: str = "drump", seed: int = 0) -> Path:
    path = folder / f"{game}-policy.npz"
    Network.fresh(encoding_for(game), (16,), np.random.default_rng(seed)).save(path)
    return path


def test_a_saved_policy_loads_with_the_same_scores(tmp_path: Path) -> None:
    encoding = encoding_for("scout")
    network = Network.fresh(encoding, (32, 16), np.random.default_rng(1))
    network.save(tmp_path / "scout.npz")
    loaded = Network.load(tmp_path / "scout.npz", encoding)
    observation = np.random.default_rng(2).random(encoding.observation_size, dtype=np.float32)
    assert np.array_equal(loaded.scores(observation), network.scores(observation))


def test_a_policy_bot_plays_whole_games_with_legal_actions(tmp_path: Path) -> None:
    path = policy_file(tmp_path, "dnup")
    game = get_game("dnup")
    match = Match(game, seed=3, seats=3)
    bots = {
        0: make_opponent(f"policy:{path}", game),
        1: make_bot("random", game),
        2: make_bot("random", game),
    }
    assert isinstance(bots[0], PolicyBot)
    match.play_bots(bots, bot_rngs(3, 3))  # Match.play refuses any illegal action
    assert match.is_over


def test_the_policy_bot_plays_the_legal_action_scored_highest(tmp_path: Path) -> None:
    path = policy_file(tmp_path)
    game = get_game("drump")
    bot = make_bot(f"policy:{path}", game)
    assert isinstance(bot, PolicyBot)
    match = Match(game, seed=4)
    view, legal = match.view(match.current_seat), match.legal_actions()
    scores = bot.network.scores(bot.encoding.observe(view))
    best = max(legal, key=lambda action: scores[bot.encoding.action_id(action)])
    assert bot.choose(view, legal, random.Random(0)) is best


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda folder: folder / "missing.npz", "no such file"),
        (lambda folder: _write(folder / "text.npz", b"not a zip"), "not a policy"),
        (lambda folder: policy_file(folder, "scout"), "plays 'scout', not drump"),
        (lambda folder: _numpy_file(folder / "bare.npz"), "lacks its weights"),
    ],
)
def test_a_bad_policy_file_is_refused_naming_it(tmp_path: Path, make: object, words: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(PolicyFileError, match=words) as refused:
        make_bot(f"policy:{path}", get_game("drump"))
    assert str(path) in str(refused.value)


def test_a_policy_for_another_layout_is_refused(tmp_path: Path) -> None:
    network = Network.fresh(encoding_for("drump"), (8,), np.random.default_rng(0))
    network.weights[0] = network.weights[0][:-1]  # one entry short: an older observation layout
    network.save(tmp_path / "old.npz")
    with pytest.raises(PolicyFileError, match="reads 844 entries and scores 793 actions"):
        Network.load(tmp_path / "old.npz", encoding_for("drump"))


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _numpy_file(path: Path) -> Path:
    np.savez(path, something=np.zeros(3))
    return path


def test_the_command_line_seats_a_policy_in_a_simulation(tmp_path: Path) -> None:
    folder = tmp_path / "Mixed Case"  # a path is taken as written, not in lower case
    folder.mkdir()
    path = policy_file(folder)
    result = CliRunner().invoke(
        main, ["simulate", "drump", "--games", "4", "--players", f"policy:{path},random", "--jobs", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "policy" in result.output


def test_the_command_line_refuses_a_missing_policy_file() -> None:
    result = CliRunner().invoke(
        main, ["simulate", "drump", "--games", "2", "--players", "policy:nope.npz,random"]
    )
    assert result.exit_code == 2 and "no such file" in result.output


def test_a_person_plays_against_a_policy_with_vs(tmp_path: Path) -> None:
    path = policy_file(tmp_path)
    result = CliRunner().invoke(
        main, ["play", "drump", "--vs", f"policy:{path}", "--seed", "3", "--first", "2"], input="1\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "You left the game" in result.output


def test_a_policy_file_is_read_again_once_it_changes(tmp_path: Path) -> None:
    path = policy_file(tmp_path, seed=1)
    game = get_game("drump")
    first = make_bot(f"policy:{path}", game)
    assert make_bot(f"policy:{path}", game).network is first.network  # type: ignore[union-attr]
    Network.fresh(encoding_for("drump"), (24,), np.random.default_rng(2)).save(path)
    again = make_bot(f"policy:{path}", game)
    assert again.network.weights[0].shape[1] == 24  # type: ignore[union-attr]
