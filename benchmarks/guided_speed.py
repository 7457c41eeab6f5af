"""The guided search's cost: iterations per CPU second of `ismcts+net` against plain ISMCTS.

    python benchmarks/guided_speed.py --network examples/drump-guided.npz [--games 3] [--iterations 300]
    python benchmarks/guided_speed.py --game scout --seats 4 --option rounds=1 --network FILE

Each decision (more than one legal action) of `--games` seeded games, played by plain ISMCTS, is
searched by both bots with the same iteration budget, one after the other in this process, and
timed by the CPU clock (`time.process_time`), so that a busy machine slows both alike.  The guided
search is also timed with its leaves valued by a playout alone (mix 1) and by the network alone
(mix 0), whatever its file says.
"""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

from cardtable.bots.guided import GuidedBot, PolicyValueNetwork
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.learned import encoding_for
from cardtable.core.match import Match
from cardtable.games import game_names, get_game


def main() -> None:
    """Time both searches decision by decision and print their iterations per CPU second."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--network", required=True)
    parser.add_argument("--game", default="drump", choices=game_names())
    parser.add_argument("--seats", type=int, help="players a game (the game's fewest if not given)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option (repeatable)"
    )
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=300)
    arguments = parser.parse_args()
    game = get_game(arguments.game)
    network = PolicyValueNetwork.load(arguments.network, encoding_for(game.name))
    options = game.option_table.resolve(None, game.option_table.parse_assignments(arguments.option))
    budget = arguments.iterations
    bots: dict[str, object] = {
        "ismcts": ISMCTSBot(game, iterations=budget),
        f"ismcts+net (its file's mix, {network.mix:g})": GuidedBot(game, network, budget),
        "ismcts+net, mix 1 (playouts alone)": GuidedBot(game, network, budget, mix=1.0),
        "ismcts+net, mix 0 (the network alone)": GuidedBot(game, network, budget, mix=0.0),
    }
    spent = dict.fromkeys(bots, 0.0)
    decisions = 0
    for index in range(arguments.games):
        match = Match(game, seed=index, seats=arguments.seats, options=options)
        rng = random.Random(index)
        while not match.is_over:
            seat = match.current_seat
            assert seat is not None
            view, legal = match.view(seat), match.legal_actions()
            if len(legal) == 1:
                match.play(legal[0])
                continue
            decisions += 1
            chosen = None
            for name, bot in bots.items():
                started = time.process_time()
                action = bot.choose(view, legal, rng)  # type: ignore[attr-defined]
                spent[name] += time.process_time() - started
                chosen = action if chosen is None else chosen
            match.play(chosen)
    print(f"{game.title}, {decisions} decisions of {arguments.games} games, {budget} iterations each:")
    for name, seconds in spent.items():
        rate = decisions * budget / seconds
        share = spent["ismcts"] / seconds
        print(f"  {name:40} {rate:8,.0f} iterations a CPU second ({share:.2f}x)")


if __name__ == "__main__":
    main()
