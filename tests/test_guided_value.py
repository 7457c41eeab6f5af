"""The value head fitted to games' results (bots/learned/value.py) and the guided search's settings."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cardtable.bots import make_bot
from cardtable.bots.guided import GuidedBot, GuidedNode, PolicyValueNetwork
from cardtable.bots.learned import PolicyFileError, encoding_for
from cardtable.bots.learned.value import Decisions, fit_value_head, logistic_loss, record
from cardtable.core.match import Match
from cardtable.games import get_game

GAME = get_game("drump")
ENCODING = encoding_for("drump")


def _network(mix: float = 1.0) -> PolicyValueNetwork:
    return PolicyValueNetwork.fresh(ENCODING, (16,), np.random.default_rng(1), mix=mix)


def test_the_logistic_gradient_is_that_of_the_loss() -> None:
    rng = np.random.default_rng(2)
    features = np.hstack([rng.standard_normal((30, 5)), np.ones((30, 1))])
    targets = rng.choice([0.0, 0.5, 1.0], 30)
    weights = rng.standard_normal(6)
    _, gradient = logistic_loss(features, targets, weights, ridge=0.1)
    for index in range(6):
        step = np.zeros(6)
        step[index] = 1e-6
        up, _ = logistic_loss(features, targets, weights + step, 0.1)
        down, _ = logistic_loss(features, targets, weights - step, 0.1)
        assert (up - down) / 2e-6 == pytest.approx(gradient[index], abs=1e-6)


def test_newton_reaches_the_optimum_and_recovers_a_known_head() -> None:
    rng = np.random.default_rng(3)
    hidden = rng.standard_normal((4000, 4))
    truth = np.array([1.5, -2.0, 0.0, 0.5])
    payoffs = (rng.random(4000) < 1.0 / (1.0 + np.exp(-(hidden @ truth + 0.3)))).astype(float)
    fitted = fit_value_head(hidden, payoffs, ridge=0.0)
    assert all(later <= earlier + 1e-12 for earlier, later in itertools.pairwise(fitted.losses))
    weights = np.concatenate([fitted.weight[:, 0], fitted.bias]).astype(np.float64)
    _, gradient = logistic_loss(np.hstack([hidden, np.ones((4000, 1))]), payoffs, weights, 0.0)
    assert np.abs(gradient).max() < 1e-5
    assert np.allclose(fitted.weight[:, 0], truth, atol=0.15) and fitted.bias[0] == pytest.approx(
        0.3, abs=0.1
    )


def test_a_fit_refuses_payoffs_out_of_range_or_not_one_a_row() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        fit_value_head(np.zeros((2, 3)), np.array([0.0, 2.0]))
    with pytest.raises(ValueError, match="one payoff for each row"):
        fit_value_head(np.zeros((2, 3)), np.array([0.0]))


def test_recorded_games_are_reproducible_and_give_each_mover_its_payoff() -> None:
    first = record("drump", "heuristic", 2, seed=4)
    again = record("drump", "heuristic", 1, seed=4, first=1)
    assert len(first) > len(again) > 20 and set(first.payoffs) <= {0.0, 0.5, 1.0}
    tail = first.observations[-len(again) :]
    assert all(np.array_equal(a, b) for a, b in zip(tail, again.observations, strict=True))
    assert first.payoffs[-len(again) :] == again.payoffs


def test_a_file_keeps_the_search_settings_and_refuses_them_out_of_range(tmp_path: Path) -> None:
    network = _network(mix=0.75)
    network.exploration, network.temperature = 2.5, 1.8
    path = tmp_path / "net.npz"
    network.save(path, half=True)
    bot = make_bot(f"ismcts+net@20:{path}", GAME)
    assert isinstance(bot, GuidedBot)
    assert (bot.mix, bot.exploration, bot.temperature) == (0.75, 2.5, pytest.approx(1.8))
    for setting, value in (("exploration", 0.0), ("temperature", 0.0), ("mix", 1.5)):
        bad = _network()
        setattr(bad, setting, value)
        bad.save(tmp_path / "bad.npz")
        with pytest.raises(PolicyFileError, match="out of range"):
            make_bot(f"ismcts+net@20:{tmp_path / 'bad.npz'}", GAME)


def _tree(bot: GuidedBot) -> list[GuidedNode]:
    match = Match(GAME, seed=6)
    while len(match.legal_actions()) < 3:
        match.play(match.legal_actions()[0])
    roots: list[GuidedNode] = []
    original = GuidedNode.__init__

    def keep(node: GuidedNode, *args: object) -> None:
        original(node, *args)  # type: ignore[arg-type]
        roots.append(node)

    GuidedNode.__init__ = keep  # type: ignore[method-assign]
    try:
        bot.choose(match.view(match.current_seat), match.legal_actions(), random.Random(1))
    finally:
        GuidedNode.__init__ = original  # type: ignore[method-assign]
    return roots


def test_a_node_reads_its_priors_only_once_searched_from() -> None:
    nodes = _tree(GuidedBot(GAME, _network(), iterations=80, mix=1.0))
    assert len(nodes) > 40
    # The root reads its view; every other node its first drawn state after its first visit.
    assert all((node.priors is not None) == (node.visits > 1 or node.parent is None) for node in nodes)
    nodes = _tree(GuidedBot(GAME, _network(), iterations=80, mix=0.5))
    # With the value head read at every leaf, its hidden layer is kept there until the priors need it.
    for node in nodes:
        if node.parent is not None and node.visits:
            assert (node.priors is None) == (node.hidden is not None) == (node.visits == 1)


def test_the_shipped_network_names_the_settings_it_was_measured_with() -> None:
    path = Path(__file__).parent.parent / "examples" / "drump-guided.npz"
    bot = make_bot(f"ismcts+net@30:{path}", GAME)
    assert isinstance(bot, GuidedBot) and (bot.mix, bot.exploration, bot.temperature) == (0.5, 0.75, 1.0)
    match = Match(GAME, seed=2)
    legal = match.legal_actions()
    assert bot.choose(match.view(match.current_seat), legal, random.Random(1)) in legal


def test_legal_actions_scored_far_below_an_illegal_one_are_still_searched() -> None:
    match = Match(GAME, seed=4)
    while len(match.legal_actions()) < 3:
        match.play(match.legal_actions()[0])
    legal = match.legal_actions()
    network = _network(mix=1.0)
    illegal = next(i for i in range(ENCODING.action_count) if i not in ENCODING.action_ids(legal))
    network.policy.weights[-1][:] = 0.0
    network.policy.biases[-1][:] = 0.0
    network.policy.biases[-1][illegal] = 5000.0
    bot = GuidedBot(GAME, network, iterations=40)
    assert bot.choose(match.view(match.current_seat), legal, random.Random(1)) in legal
    assert sum(visits for _, visits in bot.last_visits) == 40


def test_recorded_games_are_played_at_the_table_size_and_options_asked() -> None:
    # Scout's fewest players are two: a value for four or five seats must learn from their games.
    from cardtable.games.scout.encoding import LAYOUT

    def tables(found: Decisions) -> set[int]:
        return {int(sum(row[LAYOUT.seats : LAYOUT.seats + 5])) for row in found.observations}

    assert tables(record("scout", "heuristic", 1, seed=3)) == {2}
    four = record("scout", "heuristic", 1, seed=3, seats=4)
    assert tables(four) == {4} and tables(record("scout", "heuristic", 1, seed=3, seats=5)) == {5}
    one_round = record("scout", "heuristic", 1, seed=3, seats=4, options={"rounds": 1})
    assert 0 < len(one_round) < len(four) / 2


@pytest.mark.parametrize(
    ("given", "named"),
    [
        (["--seats", "9"], "--seats 9: Scout is played by 2 to 5 players"),
        (["--option", "nosuch=1"], "--option: unknown option 'nosuch'"),
        (["--option", "rounds=x"], "--option: option rounds: 'x' is not a whole number"),
        (["--temperature", "200"], "temperature 200.0: 0.01 to 100"),
    ],
)
def test_the_value_script_refuses_a_table_it_cannot_play_and_writes_nothing(
    given: list[str], named: str, tmp_path: Path
) -> None:
    examples = Path(__file__).parent.parent / "examples"
    out = tmp_path / "value.npz"
    policy = str(examples / "scout-policy.npz")
    command = [sys.executable, str(examples / "guided_value.py"), "scout", "--policy", policy, *given]
    done = subprocess.run([*command, "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and named in done.stderr, done.stderr
    assert not out.exists()
