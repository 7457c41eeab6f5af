"""A network for the guided search: a trained policy's priors, and a value head fitted to many games.

    python examples/guided_value.py drump --policy examples/drump-policy.npz --bot heuristic \\
        --games 3000 --held-out 300 --seed 1 --mix 0.5 --exploration 0.75 --out examples/drump-guided.npz

The policy file's layers are kept (its moves are the search's priors); the value head, the mover's
expected payoff, is fitted on the policy's last hidden layer to the results of `--games` games of
`--bot` at every seat (`cardtable/bots/learned/value.py`: logistic regression, Newton's method), and
measured on `--held-out` games of other deals (cross-entropy, against always saying the learning
games' mean payoff: one half in a two-seat game, about a quarter at four seats).  `--seats` sets the
table (the game's fewest otherwise: Scout's two) and `--option NAME=VALUE` a rule option, e.g.
`scout --seats 4 --option rounds=1` (docs/bots.md, "Scout").  The search's settings (`--mix`,
`--exploration`, `--temperature`) are written into the file, so that `ismcts+net@0.1s:FILE` plays
with them.  Everything is seeded: the same command writes
the same file.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Mapping

# Small matrices: one thread is fastest, and several fight over a busy machine's cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

from cardtable.bots.guided import PolicyValueNetwork, settings_fault
from cardtable.bots.learned import encoding_for
from cardtable.bots.learned.network import Network
from cardtable.bots.learned.value import fit_value_head, logistic_loss, record
from cardtable.core.errors import CardtableError
from cardtable.core.jsonio import JSON
from cardtable.games import game_names, get_game

#: Games recorded at a time (their observations become hidden entries, far smaller, before the next).
CHUNK = 50


def hidden_and_payoffs(
    network: PolicyValueNetwork,
    game: str,
    bot: str,
    games: int,
    seed: int,
    seats: int | None = None,
    options: Mapping[str, JSON] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The last hidden layer of every decision of the games, and the mover's payoff."""
    hidden, payoffs = [], []
    for first in range(0, games, CHUNK):
        found = record(game, bot, min(CHUNK, games - first), seed, first, seats, options)
        hidden.append(network.hidden(np.stack(found.observations)))
        payoffs.append(np.asarray(found.payoffs))
    return np.vstack(hidden), np.concatenate(payoffs)


def main() -> None:
    """Record, fit, measure and save."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=game_names())
    parser.add_argument("--policy", required=True, help="the policy file whose layers are kept")
    parser.add_argument("--bot", default="heuristic", help="the bot whose games teach the value")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--held-out", type=int, default=200, help="games of other deals, to measure")
    parser.add_argument(
        "--seats", type=int, help="players a game (the game's fewest if not given: Scout's two)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option (repeatable)"
    )
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix", type=float, default=1.0, help="share of a leaf's value from a playout")
    parser.add_argument("--exploration", type=float, default=1.5, help="PUCT's constant")
    parser.add_argument("--temperature", type=float, default=1.0, help="the priors' temperature")
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    started = time.perf_counter()
    encoding = encoding_for(arguments.game)
    game = get_game(arguments.game)
    if arguments.seats is not None and not game.min_seats <= arguments.seats <= game.max_seats:
        parser.error(f"--seats {arguments.seats}: {game.title} is played by {game.seat_range} players")
    try:
        options = game.option_table.parse_assignments(tuple(arguments.option))
    except CardtableError as error:
        parser.error(f"--option: {error}")
    fault = settings_fault(arguments.mix, arguments.exploration, arguments.temperature)
    if fault is not None:
        parser.error(f"--mix, --exploration, --temperature: {fault}")
    table = (arguments.seats, options)
    policy = Network.load(arguments.policy, encoding)
    size = policy.weights[-1].shape[0]
    network = PolicyValueNetwork(
        policy,
        np.zeros((size, 1), dtype=np.float32),
        np.zeros(1, dtype=np.float32),
        arguments.mix,
        arguments.exploration,
        arguments.temperature,
    )
    hidden, payoffs = hidden_and_payoffs(
        network, arguments.game, arguments.bot, arguments.games, arguments.seed, *table
    )
    print(f"{time.perf_counter() - started:6.0f} s  {len(payoffs):,} decisions of {arguments.games} games")
    fitted = fit_value_head(hidden, payoffs, arguments.ridge)
    steps = " ".join(f"{loss:.4f}" for loss in fitted.losses)
    print(f"{time.perf_counter() - started:6.0f} s  loss by Newton step: {steps}")
    test_hidden, test_payoffs = hidden_and_payoffs(
        network, arguments.game, arguments.bot, arguments.held_out, -1 - arguments.seed, *table
    )
    weights = np.concatenate([fitted.weight[:, 0], fitted.bias]).astype(np.float64)
    features = np.hstack([test_hidden, np.ones((len(test_hidden), 1))])
    held_out, _ = logistic_loss(features, test_payoffs, weights, 0.0)
    predicted = 1.0 / (1.0 + np.exp(-(features @ weights)))
    decided = test_payoffs != 0.5
    right = float(np.mean((predicted[decided] > 0.5) == (test_payoffs[decided] > 0.5)))
    # With more than two seats a mover wins less than half the time: the yardstick is always saying
    # the learning games' mean payoff (a quarter at four seats), not one half.
    mean = float(np.clip(np.mean(payoffs), 1e-6, 1 - 1e-6))
    constant = np.array([0.0] * hidden.shape[1] + [np.log(mean / (1 - mean))])
    baseline, _ = logistic_loss(features, test_payoffs, constant, 0.0)
    print(
        f"{time.perf_counter() - started:6.0f} s  held out ({len(test_payoffs):,} decisions of "
        f"{arguments.held_out} games): cross-entropy {held_out:.4f} (always {mean:.3f}: {baseline:.4f}), "
        f"the winner named {right:.1%}"
    )
    network.value_weight, network.value_bias = fitted.weight, fitted.bias
    network.save(arguments.out, half=True)
    print(f"saved {arguments.out} ({os.path.getsize(arguments.out):,} bytes)")


if __name__ == "__main__":
    main()
