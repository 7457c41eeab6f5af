"""Policy files and the `policy:FILE` bot: saved, loaded, refused when wrong, seated like any bot."""

from __future__ import annotations

import json
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
        (lambda folder: _write(folder / "text.npz", b"not a zip"), "not a NumPy .npz archive"),
        (lambda folder: _write(folder / "empty.npz", b""), "not a NumPy .npz archive"),
        (lambda folder: _truncated(policy_file(folder)), "cannot be read as a policy file"),
        (lambda folder: _array_file(folder / "array.npz"), "not a NumPy .npz archive"),
        (lambda folder: _folder(folder / "folder.npz"), "is a folder"),
        (lambda folder: policy_file(folder, "scout"), "plays 'scout', not drump"),
        (lambda folder: _numpy_file(folder / "bare.npz"), "lacks its weights"),
        (lambda folder: _described(folder / "none.npz", layers=0), r"layers=0: from 1 to 16"),
        (lambda folder: _described(folder / "minus.npz", layers=-2), r"layers=-2: from 1 to 16"),
        (lambda folder: _described(folder / "list.npz", meta="[1, 2]"), "not a JSON object"),
        (lambda folder: _described(folder / "flat.npz", flat=True), "every weight must be a matrix"),
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


def _truncated(path: Path) -> Path:
    path.write_bytes(path.read_bytes()[:-200])  # the archive's directory, at its end, is cut off
    return path


def _array_file(path: Path) -> Path:
    with open(path, "wb") as file:
        np.save(file, np.zeros(3))  # a single .npy array, not an archive
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


def _described(path: Path, layers: int = 1, meta: str | None = None, flat: bool = False) -> Path:
    """An archive with a description of its own and one layer of weights (flat: vectors, not matrices)."""
    encoding = encoding_for("drump")
    description = {"format": 1, "game": "drump", "layers": layers}
    shape = (encoding.observation_size,) if flat else (encoding.observation_size, encoding.action_count)
    np.savez(
        path,
        meta=np.array(meta if meta is not None else json.dumps(description)),
        weight0=np.zeros(shape, np.float32),
        bias0=np.zeros(encoding.action_count, np.float32),
    )
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


@pytest.mark.parametrize("content", [b"", b"not a policy", b"PK\x03\x04 cut short"])
def test_the_command_line_refuses_a_corrupt_policy_file_in_one_line(tmp_path: Path, content: bytes) -> None:
    path = _write(tmp_path / "broken.npz", content)
    result = CliRunner().invoke(main, ["play", "drump", "--vs", f"policy:{path}"], input="quit\n")
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        f"Error: policy file {str(path)!r} cannot be read as a policy file: not a NumPy .npz archive"
    ]


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


def test_play_help_names_the_policy_bot() -> None:
    result = CliRunner().invoke(main, ["play", "--help"], terminal_width=200)
    assert result.exit_code == 0 and "policy:FILE plays a policy trained" in result.output


def test_the_duel_seats_a_policy_with_vs_on_a_duelists_deck(tmp_path: Path) -> None:
    folder = tmp_path / "Policies"  # the path is taken as written, not in lower case
    folder.mkdir()
    path = policy_file(folder, "fm")
    result = CliRunner().invoke(
        main, ["play", "fm", "--vs", f"policy:{path}", "--seed", "3", "--first", "1"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert "policy:/" in result.output and "You left the game" in result.output  # its name is on its panel
    assert "Error" not in result.output


def test_the_example_policy_loads_and_plays_whole_games() -> None:
    # examples/drump-policy.npz is the DRUMP baseline (docs/rl.md): a stale layout would be refused.
    path = Path(__file__).resolve().parents[2] / "examples" / "drump-policy.npz"
    game = get_game("drump")
    for seed in (0, 1):
        match = Match(game, seed=seed)
        bots = {seed: make_bot(f"policy:{path}", game), 1 - seed: make_bot("random", game)}
        match.play_bots(bots, bot_rngs(seed, 2))
        assert match.is_over


def test_a_policy_that_would_pick_and_cancel_forever_moves_on(tmp_path: Path) -> None:
    # In the duel, picking a card then cancelling comes back to the same position.
    encoding = encoding_for("fm")
    network = Network.fresh(encoding, (8,), np.random.default_rng(0))
    network.weights[-1][:] = 0.0
    network.biases[-1][:] = 0.0
    cancel, pick_first = encoding.action_id(_fm_action("cancel")), encoding.action_id(_fm_action("pick h1"))
    network.biases[-1][[cancel, pick_first]] = [2.0, 1.0]  # cancel whenever it may, else pick h1
    network.save(tmp_path / "circle.npz")
    game = get_game("fm")
    match = Match(game, seed=5)
    bots = {0: make_bot(f"policy:{tmp_path / 'circle.npz'}", game), 1: make_bot("random", game)}
    match.play_bots(bots, bot_rngs(5, 2), max_actions=20_000)  # RuntimeError if it never ends
    assert match.is_over


def _fm_action(text: str) -> object:
    game = get_game("fm")
    return next(action for action in encoding_for("fm").actions if game.format_action(action) == text)


@pytest.mark.parametrize("target", ["/etc/passwd", "/no/such.npz", "/etc", "examples/drump-policy.npz"])
def test_the_server_refuses_policy_bots_from_its_clients_alike(target: str) -> None:
    # Else a client could load any .npz on the server, and learn from the errors which paths exist.
    from cardtable.server.limits import Limits
    from cardtable.server.protocol import PROTOCOL, ProtocolError
    from cardtable.server.setup import read_table_request

    seats = [{"person": "Ann"}, {"bot": f"policy:{target}"}]
    with pytest.raises(ProtocolError) as refused:
        read_table_request({"protocol": PROTOCOL, "game": "drump", "seats": seats}, Limits())
    reason = "policy:FILE bots read a file on the server's machine; it offers none"
    assert str(refused.value) == f"seat 2: {reason}"  # the same words whatever the path
