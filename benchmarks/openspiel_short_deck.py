"""OpenSpiel solves a short-deck dnup through the bridge: exploitability after CFR and MCCFR iterations.

    python benchmarks/openspiel_short_deck.py [--cfr 32] [--mccfr 4000] [--hand 2] [--seed 0]

The game is `cardtable.games.dnup.short_deck.short_deck_dnup`: two players, two cards
each from five (one set aside), two turns a player.  OpenSpiel's own CFR and
outcome-sampling MCCFR run on it unmodified, and OpenSpiel's `exploitability`
(a best response walked over the whole tree) scores their average policies,
beside the uniform random policy.  Exploitability is in reward units (a win
1, a loss -1); 0 is a Nash equilibrium.  Needs the `bench` extra (open_spiel).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability, outcome_sampling_mccfr

from cardtable.games.dnup.short_deck import short_deck_dnup
from cardtable.rl.openspiel import python_game_name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cfr", type=int, default=32, help="CFR iterations (reported at each power of 2)")
    parser.add_argument("--mccfr", type=int, default=4000, help="outcome-sampling MCCFR iterations")
    parser.add_argument("--hand", type=int, default=2, help="cards dealt to each player (1 or 2)")
    parser.add_argument(
        "--seed", type=int, default=0, help="numpy's global seed (outcome sampling draws from it)"
    )
    arguments = parser.parse_args()
    np.random.seed(arguments.seed)
    game = pyspiel.load_game(python_game_name("dnup"), short_deck_dnup(hand=arguments.hand))
    started = time.process_time()
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    print(f"uniform random: exploitability {uniform:.4f}")
    solver = cfr.CFRSolver(game)
    for iteration in range(1, arguments.cfr + 1):
        solver.evaluate_and_update_policy()
        if iteration & (iteration - 1) == 0 or iteration == arguments.cfr:
            value = exploitability.exploitability(game, solver.average_policy())
            seconds = time.process_time() - started
            print(f"CFR {iteration:>6} iterations: exploitability {value:.4f}  ({seconds:.0f} s CPU)")
    sampler = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for iteration in range(1, arguments.mccfr + 1):
        sampler.iteration()
        if iteration % max(1, arguments.mccfr // 4) == 0:
            value = exploitability.exploitability(game, sampler.average_policy())
            print(
                f"outcome-sampling MCCFR {iteration:>6} iterations: exploitability {value:.4f}  "
                f"({time.process_time() - started:.0f} s CPU)"
            )


if __name__ == "__main__":
    main()
