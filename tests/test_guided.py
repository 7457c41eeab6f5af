"""The network-guided search (PUCT with a policy-value network) and expert iteration's fitting."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cardtable.bots import make_bot
from cardtable.bots.expert_iteration import (
    Fitting,
    Plan,
    Targets,
    _gradients,
    fit,
    run,
    self_play,
    starting_network,
)
from cardtable.bots.guided import GuidedBot, GuidedNode, PolicyValueNetwork
from cardtable.bots.learned import PolicyFileError, encoding_for, policy_bot
from cardtable.bots.learned.network import Network
from cardtable.core.errors import UnknownNameError
from cardtable.core.match import Match
from cardtable.games import get_game

GAME = get_game("drump")
ENCODING = encoding_for("drump")


def _network(seed: int = 1, hidden: int = 16) -> PolicyValueNetwork:
    return PolicyValueNetwork.fresh(ENCODING, (hidden,), np.random.default_rng(seed), mix=0.25)


def test_a_guided_network_file_is_a_policy_file_and_names_a_search(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    _network().save(path)
    assert policy_bot(path, "drump").network.weights[0].shape == (ENCODING.observation_size, 16)
    bot = make_bot(f"ismcts+net@50:{path}", GAME)
    assert isinstance(bot, GuidedBot) and bot.iterations == 50 and bot.mix == 0.25
    timed = make_bot(f"ismcts+net@0.5s:{path}", GAME)
    assert isinstance(timed, GuidedBot) and timed.seconds == 0.5 and timed.iterations is None


def test_a_bad_budget_or_a_file_without_a_value_head_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    _network().save(path)
    for spec in (f"ismcts+net@0:{path}", f"ismcts+net@xs:{path}", "ismcts+net", f"ismcts+net#5:{path}"):
        with pytest.raises(UnknownNameError, match="ismcts\\+net"):
            make_bot(spec, GAME)
    plain = tmp_path / "plain.npz"
    Network.fresh(ENCODING, (8,), np.random.default_rng(1)).save(plain)
    with pytest.raises(PolicyFileError, match="no value head"):
        make_bot(f"ismcts+net:{plain}", GAME)


def test_an_action_legal_in_few_drawn_states_is_explored_by_how_often_it_was_legal() -> None:
    # ISMCTS's subset-armed bandit (Cowling, Powley and Whitehouse 2012): below the root, which actions
    # are legal depends on the drawn state; an action counts its exploration by how often it could have
    # been chosen, not by the node's visits.
    bot = GuidedBot(GAME, _network(), iterations=1)
    node = GuidedNode(None, None, -1)
    node.visits = 99
    rare, common = GuidedNode("rare", node, 0), GuidedNode("common", node, 0)
    rare.visits, rare.total = 1, 0.0  # legal once before, and lost
    common.visits, common.total = 60, 36.0  # legal in each of the 99 drawn states, won 60%
    node.children = {1: rare, 2: common}
    node.available = {1: 0, 2: 99}
    weights = [0.0] * ENCODING.action_count
    weights[1] = weights[2] = 1.0
    # Counted by the node's visits, the rare action's bonus (sqrt(100) for one visit) would win it the
    # walk with a mean of 0; counted by its availability (sqrt(1)), the common one's 0.6 wins.
    assert bot._select(node, weights, [1, 2]) == 1
    assert node.available == {1: 1, 2: 100}


def test_the_priors_steer_the_search_to_the_action_the_network_favours() -> None:
    match = Match(GAME, seed=4)
    while len(match.legal_actions()) < 4:
        match.play(match.legal_actions()[0])
    legal = match.legal_actions()
    view = match.view(match.current_seat)
    visits = {}
    for favoured in (legal[1], legal[-1]):
        network = _network()
        network.policy.weights[-1][:] = 0.0
        network.policy.biases[-1][:] = 0.0
        network.policy.biases[-1][ENCODING.action_id(favoured)] = 8.0
        bot = GuidedBot(GAME, network, iterations=60, mix=0.0)
        assert bot.choose(view, legal, random.Random(1)) is favoured
        visits[favoured] = dict(bot.last_visits)[favoured]
    assert all(count > 30 for count in visits.values()), visits


def test_the_gradients_are_those_of_the_loss() -> None:
    rng = np.random.default_rng(3)
    network = PolicyValueNetwork.fresh(ENCODING, (6, 5), rng)
    rows = 4
    inputs = rng.random((rows, ENCODING.observation_size)).astype(np.float32)
    masks = np.zeros((rows, ENCODING.action_count), dtype=bool)
    wanted = np.zeros((rows, ENCODING.action_count), dtype=np.float32)
    for row in range(rows):
        ids = rng.choice(ENCODING.action_count, 3, replace=False)
        masks[row, ids] = True
        wanted[row, ids] = [0.5, 0.3, 0.2]
    values = np.array([[1.0], [0.0], [0.5], [1.0]], dtype=np.float32)
    settings = Fitting()
    _, grads = _gradients(network, inputs, masks, wanted, values, settings)
    params = [*network.policy.weights, *network.policy.biases, network.value_weight, network.value_bias]
    for param, grad in zip(params, grads, strict=True):
        for _ in range(3):
            where = tuple(rng.integers(0, size) for size in param.shape)
            kept = float(param[where])
            param[where] = kept + 1e-2
            up, _ = _gradients(network, inputs, masks, wanted, values, settings)
            param[where] = kept - 1e-2
            down, _ = _gradients(network, inputs, masks, wanted, values, settings)
            param[where] = kept
            assert (up - down) / 2e-2 == pytest.approx(float(grad[where]), abs=2e-3)


def test_self_play_is_reproducible_and_fitting_lowers_the_loss() -> None:
    first = self_play("drump", None, 1, 8, seed=5, mix=0.5)
    again = self_play("drump", None, 1, 8, seed=5, mix=0.5)
    assert first.policies == again.policies and first.values == again.values
    assert all(np.array_equal(a, b) for a, b in zip(first.observations, again.observations, strict=True))
    assert set(first.values) <= {0.0, 0.5, 1.0} and len(first) > 20
    guided = self_play("drump", _network(), 1, 8, seed=5, mix=0.5)
    taught = Targets()
    taught.extend(first)
    taught.extend(guided)
    losses = fit(_network(), taught, ENCODING, Fitting(epochs=30, batch=32), seed=1)
    assert losses[-1] < losses[0] * 0.9


def test_self_play_plays_the_table_and_rules_it_is_given() -> None:
    scout = encoding_for("scout")
    seats_part = slice(scout.layout.seats, scout.layout.seats + 5)
    found = self_play("scout", None, 2, 8, seed=3, mix=0.5, seats=4, options={"rounds": 1})
    # Every decision was taken at a table of four (the `seats` part marks the seats present).
    assert {tuple(observation[seats_part]) for observation in found.observations} == {(1, 1, 1, 1, 0)}
    # One round a game: the "rounds" entry of the progress part is 1 / 5 throughout.
    progress = scout.layout.progress
    assert all(observation[progress + 3] == pytest.approx(0.2) for observation in found.observations)


def test_expert_iteration_starts_from_a_policy_file_when_given_one(tmp_path: Path) -> None:
    start = tmp_path / "start.npz"
    policy = Network.fresh(ENCODING, (16,), np.random.default_rng(4))
    policy.save(start)
    network = starting_network(str(start), ENCODING, mix=0.25)
    assert all(np.array_equal(a, b) for a, b in zip(network.policy.weights, policy.weights, strict=True))
    assert not network.value_weight.any() and network.mix == 0.25
    saved: list[PolicyValueNetwork] = []
    plan = Plan("drump", 1, 1, 8, seed=2, mix=0.25, fitting=Fitting(epochs=1), start=str(start))
    run(plan, lambda _, learned: saved.append(learned), lambda _: None)
    # The first round fitted the file's layers (same shapes, moved by the fitting), not random ones.
    (learned,) = saved
    assert [w.shape for w in learned.policy.weights] == [w.shape for w in policy.weights]
    assert not np.array_equal(learned.policy.weights[0], policy.weights[0])
    assert np.abs(learned.policy.weights[0] - policy.weights[0]).max() < 0.1
    # A file with a value head keeps it.
    _network(hidden=16).save(tmp_path / "headed.npz")
    headed = starting_network(str(tmp_path / "headed.npz"), ENCODING, mix=0.5)
    assert headed.value_weight.any() and headed.mix == 0.5


def test_expert_iteration_writes_its_search_settings_into_every_round(tmp_path: Path) -> None:
    start = tmp_path / "start.npz"
    _network(hidden=16).save(start)  # a file of exploration 1.5 and temperature 1
    saved: list[PolicyValueNetwork] = []
    plan = Plan("drump", 2, 1, 8, seed=2, fitting=Fitting(epochs=1), start=str(start), temperature=0.5)
    run(plan, lambda _, learned: saved.append(learned), lambda _: None)
    assert [(n.exploration, n.temperature) for n in saved] == [(1.5, 0.5), (1.5, 0.5)]
    saved[-1].save(tmp_path / "round.npz")
    assert PolicyValueNetwork.load(tmp_path / "round.npz", ENCODING).temperature == 0.5


@pytest.mark.parametrize(
    ("given", "named"),
    [
        (["--seats", "9"], "--seats 9: Scout is played by 2 to 5 players"),
        (["--option", "nosuch=1"], "--option: unknown option 'nosuch'"),
        (["--start", "nowhere.npz"], "--start: policy file 'nowhere.npz': no such file"),
        (["--start", "examples/drump-policy.npz"], "plays 'drump', not scout"),
        (["--temperature", "0"], "--temperature: temperature 0.0: 0.01 to 100"),
        (["--exploration", "-1", "--mix", "2"], "mix 2.0: 0 to 1; exploration -1.0: above 0"),
    ],
)
def test_the_expert_iteration_script_refuses_what_it_cannot_use_and_writes_nothing(
    given: list[str], named: str, tmp_path: Path
) -> None:
    root = Path(__file__).parent.parent
    out = tmp_path / "run"
    command = [sys.executable, str(root / "examples" / "expert_iteration.py"), "--game", "scout", *given]
    done = subprocess.run(
        [*command, "--out", str(out)], capture_output=True, text=True, timeout=120, cwd=root
    )
    assert done.returncode == 2 and named in done.stderr, done.stderr
    assert not out.exists()
