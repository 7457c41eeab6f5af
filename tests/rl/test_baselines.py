"""The shipped baselines (`examples/GAME-policy.npz`): each loads, plays legal games, reads its view only."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cardtable.bots import make_bot
from cardtable.bots.learned import PolicyBot
from cardtable.core.match import Match, bot_rngs
from cardtable.core.players import reads_state
from cardtable.games import get_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: Each shipped policy and the table size it was trained for (docs/rl.md, Baselines).
BASELINES = [("drump", 2), ("scout", 4), ("dnup", 4), ("fm", 2)]


@pytest.mark.parametrize(("game_name", "seats"), BASELINES)
def test_the_shipped_policy_loads_and_is_compact(game_name: str, seats: int) -> None:
    path = EXAMPLES / f"{game_name}-policy.npz"
    bot = make_bot(f"policy:{path}", get_game(game_name))  # PolicyFileError for a stale layout
    assert isinstance(bot, PolicyBot) and not reads_state(bot)
    assert path.stat().st_size < 1_000_000


@pytest.mark.parametrize(("game_name", "seats"), BASELINES)
def test_the_shipped_policy_plays_a_legal_game_from_its_view_alone(game_name: str, seats: int) -> None:
    game = get_game(game_name)
    path = EXAMPLES / f"{game_name}-policy.npz"
    match = Match(game, seed=2, seats=seats)
    bots = {seat: make_bot("heuristic", game) for seat in range(1, seats)}
    rngs = bot_rngs(2, seats)
    policy = make_bot(f"policy:{path}", game)
    assert isinstance(policy, PolicyBot)
    redeal_rng = random.Random(3)
    decisions = redealt = 0
    while not match.is_over:
        match.play_bots(bots, rngs)
        if match.is_over:
            break
        view, legal = match.view(0), match.legal_actions()
        chosen = policy.choose(view, legal, rngs[0])
        if len(legal) > 1 and decisions < 30:
            # The cards the seat cannot see dealt again: a policy reading its view alone chooses alike.
            other = game.determinize(view, redeal_rng)
            redealt += game.position_of(other) != game.position_of(match.state)
            fresh = make_bot(f"policy:{path}", game)
            again = fresh.choose(game.view(other, 0), game.legal_actions(other), random.Random(0))
            assert game.format_action(again) == game.format_action(
                make_bot(f"policy:{path}", game).choose(view, legal, random.Random(0))
            )
            decisions += 1
        match.play(chosen, 0)  # Match.play refuses an illegal action
    assert match.outcome is not None and decisions > 0
    assert redealt > 0  # the check means something: the hidden cards did move


def test_a_half_precision_policy_file_scores_as_its_network_rounded(tmp_path: Path) -> None:
    from cardtable.bots.learned import Network, encoding_for

    encoding = encoding_for("drump")
    network = Network.fresh(encoding, (16,), np.random.default_rng(0))
    network.save(tmp_path / "half.npz", half=True)
    network.save(tmp_path / "full.npz")
    loaded = Network.load(tmp_path / "half.npz", encoding)
    assert all(weight.dtype == np.float32 for weight in loaded.weights)
    assert np.array_equal(loaded.weights[0], network.weights[0].astype(np.float16).astype(np.float32))
    assert (tmp_path / "half.npz").stat().st_size < (tmp_path / "full.npz").stat().st_size
