"""Expert iteration: self-play with the search, a network fitted to it, the next round guided by it.

    python examples/expert_iteration.py --game drump --seed 1 --rounds 3 --games 40 --iterations 200 \\
        --out runs/drump-exit

`--seats N` plays N players a game (the game's fewest otherwise), `--option NAME=VALUE` a rule
option (`--game scout --seats 4 --option rounds=1`), and `--start FILE` starts the first round's
network from a policy file's layers (e.g. one that imitates the heuristic) instead of random weights.
`--exploration` and `--temperature` are the guided search's PUCT constant and priors' temperature,
written into every round's file (the starting file's, or 1.5 and 1, if not given).

Writes `round-K.npz` (a policy file with a value head: `ismcts+net@N:FILE` searches with it,
`policy:FILE` plays its policy alone) and `log.txt` into `--out`; then, per round, plays the
guided search against the previous round's and against plain ISMCTS at the same iterations
(`--eval-games` games each, seats alternating) and prints the win rates with 95% intervals.
docs/bots.md, "Network-guided search", holds the figures of a run.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

# Small matrices: one thread is fastest, and several fight over a busy machine's cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

from cardtable.bots.expert_iteration import Fitting, Plan, describe, run, starting_network
from cardtable.bots.guided import SETTINGS, PolicyValueNetwork, settings_fault
from cardtable.bots.learned.encoding import encoding_for
from cardtable.core.errors import CardtableError
from cardtable.games import game_names, get_game
from cardtable.sim.simulate import simulate


def main() -> None:
    """Train, then measure each round."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="drump", choices=game_names())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=40, help="self-play games a round")
    parser.add_argument("--iterations", type=int, default=200, help="search iterations a decision")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--mix", type=float, default=0.5, help="share of a leaf's value from a playout")
    parser.add_argument("--eval-games", type=int, default=40, help="games of each measurement (0: none)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("expert-iteration"))
    parser.add_argument("--seats", type=int, help="players a game (the game's fewest if not given)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option (repeatable)"
    )
    parser.add_argument("--start", help="a policy file the first round's network starts from")
    parser.add_argument(
        "--exploration", type=float, help="PUCT's constant c in the networks' files (default: 1.5)"
    )
    parser.add_argument(
        "--temperature", type=float, help="the priors' temperature in the networks' files (default: 1)"
    )
    args = parser.parse_args()
    game = get_game(args.game)
    if args.seats is not None and not game.min_seats <= args.seats <= game.max_seats:
        parser.error(f"--seats {args.seats}: {game.title} is played by {game.seat_range} players")
    try:
        args.options = game.option_table.parse_assignments(tuple(args.option))
    except CardtableError as error:
        parser.error(f"--option: {error}")
    defaults = dict(SETTINGS)
    fault = settings_fault(
        args.mix,
        defaults["exploration"] if args.exploration is None else args.exploration,
        defaults["temperature"] if args.temperature is None else args.temperature,
    )
    if fault is not None:
        parser.error(f"--mix, --exploration, --temperature: {fault}")
    if args.start is not None:
        try:
            starting_network(args.start, encoding_for(args.game), args.mix)
        except CardtableError as error:
            parser.error(f"--start: {error}")
    args.out.mkdir(parents=True, exist_ok=True)
    log = (args.out / "log.txt").open("a", encoding="utf-8")

    def report(line: str) -> None:
        print(line, flush=True)
        log.write(line + "\n")
        log.flush()

    plan = Plan(
        args.game,
        args.rounds,
        args.games,
        args.iterations,
        args.seed,
        (args.hidden,),
        args.mix,
        Fitting(epochs=args.epochs),
        args.seats,
        args.options,
        args.start,
        args.exploration,
        args.temperature,
    )
    report(f"plan {describe(plan)}")
    started = time.perf_counter()

    def save(round_index: int, network: PolicyValueNetwork) -> None:
        path = args.out / f"round-{round_index}.npz"
        network.save(path)
        report(f"saved {path} after {time.perf_counter() - started:.0f} s")
        if args.eval_games:
            measure(args, round_index, path, report)

    run(plan, save, report)


def measure(args: argparse.Namespace, round_index: int, path: Path, report: object) -> None:
    """The round's guided search against the previous round's and against plain ISMCTS (at every other
    seat of the table)."""
    guided = f"ismcts+net@{args.iterations}:{path}"
    rivals = [f"ismcts@{args.iterations}"]
    if round_index > 1:
        rivals.insert(0, f"ismcts+net@{args.iterations}:{args.out / f'round-{round_index - 1}.npz'}")
    seats = args.seats or get_game(args.game).min_seats
    for rival in rivals:
        players = [guided] + [rival] * (seats - 1)
        summary = simulate(
            args.game, players, args.eval_games, args.options, seed=args.seed + 1000, jobs=args.jobs
        )
        assert callable(report)
        report(f"round {round_index}: {guided} vs {rival}: {summary.score(0)} of {args.eval_games} games")


if __name__ == "__main__":
    main()
