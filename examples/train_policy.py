"""Train a policy for any game on the CPU with numpy alone: imitate a teacher bot, then PPO against bots.

    pip install -e '.[rl]'
    python examples/train_policy.py scout --seats 4 --seed 1 --out examples/scout-policy.npz
    python examples/train_policy.py drump --teacher ismcts@200 --imitation-games 300 --minutes 15

Two stages, each seeded (the same command writes the same file):

1. Imitation (`cardtable/rl/imitation.py`): the teacher bot plays every seat
   of `--imitation-games` games; the network learns its choices (the policy
   head) and the games' results (the value head) over `--clone-epochs` passes.
2. PPO (`cardtable/rl/training.py`) in the Gymnasium environment, the
   learner's seat drawn each game, each batch of `--episodes` games split
   among the `--opponents` (every other seat played by that bot), for
   `--batches` batches (the step size falling linearly over them) or until
   `--minutes` of wall clock have passed; `--stop K` ends it after K batches,
   which repeats a run that `--minutes` cut (the machine's speed varies).

After imitation, every `--every` batches and at the end the greedy policy
plays `--eval-games` new games against each opponent (the share it won, with
its 95% Wilson interval); `--png FILE` draws those shares as learning curves.
The network is saved as a policy file, its weights in float16 unless
`--float32` (half the size; `policy:FILE` reads either), which plays as a bot:

    cardtable simulate scout --players policy:examples/scout-policy.npz,heuristic,heuristic,heuristic

PPO alone, against random, with its learning curve (docs/rl.md, "An example that learns"):

    python examples/train_policy.py drump --imitation-games 0 --opponents random --episodes 64 \
        --batches 120 --minutes 60 --learning-rate 1e-3 --every 5 --png drump-learning-curve.png
"""

from __future__ import annotations

import argparse
import os
import time

# Small matrices: one thread is fastest, and several fight over a busy machine's cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

from cardtable.bots.learned import Network, encoding_for
from cardtable.games import game_names, get_game
from cardtable.rl.gym import CardtableGym
from cardtable.rl.imitation import agreement, clone, demonstrate
from cardtable.rl.training import ActorCritic, Batch, Settings, improve, play_episodes, win_rate
from cardtable.sim.stats import wilson_interval

#: Deals for evaluation come from seeds 0 and up, for training from here on: the two never meet.
TRAINING_SEEDS = 10_000_000
#: Learner's steps after which a duel is cut (a pick then a cancel comes back to the same position).
DUEL_MAX_STEPS = 300


def main() -> None:
    """Imitate, train by PPO, measure and save."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=game_names())
    parser.add_argument("--seats", type=int, default=None, help="table size (the game's least by default)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the network and every training deal")
    parser.add_argument("--teacher", default="heuristic", help="the bot imitated (default heuristic)")
    parser.add_argument("--imitation-games", type=int, default=400, help="games the teacher plays (0: none)")
    parser.add_argument("--clone-epochs", type=int, default=8, help="passes over the teacher's decisions")
    parser.add_argument("--opponents", default="heuristic,random", help="the bots PPO plays against")
    parser.add_argument("--batches", type=int, default=100, help="PPO batches at most (0: none)")
    parser.add_argument("--episodes", type=int, default=32, help="games per PPO batch")
    parser.add_argument("--minutes", type=float, default=10.0, help="wall clock PPO may take at most")
    parser.add_argument("--stop", type=int, default=None, help="stop PPO after this many batches")
    parser.add_argument("--reward", choices=("outcome", "score"), default="outcome", help="PPO's reward")
    parser.add_argument("--learning-rate", type=float, default=3e-4, help="PPO's first step size")
    parser.add_argument("--hidden", default="128,128", help="the two hidden layers' sizes")
    parser.add_argument("--eval-games", type=int, default=200, help="games a measure, per opponent")
    parser.add_argument("--every", type=int, default=None, help="measure every K PPO batches too")
    parser.add_argument("--png", default=None, help="draw the measures as learning curves in this PNG")
    parser.add_argument("--float32", action="store_true", help="save the weights in float32")
    parser.add_argument("--out", default=None, help="the policy file (default GAME-policy.npz)")
    arguments = parser.parse_args()

    game = get_game(arguments.game)
    seats = arguments.seats or game.min_seats
    if not game.min_seats <= seats <= game.max_seats:
        parser.error(f"--seats {seats}: {game.title} seats {game.seat_range} players")
    first, second = (int(size) for size in arguments.hidden.split(","))
    opponents = arguments.opponents.split(",")
    out = arguments.out or f"{arguments.game}-policy.npz"
    encoding = encoding_for(arguments.game)
    rng = np.random.default_rng(arguments.seed)
    model = ActorCritic(encoding, Settings(hidden=(first, second), learning_rate=1e-3), rng)
    started = time.perf_counter()

    def clock() -> str:
        return f"{time.perf_counter() - started:6.0f} s"

    if arguments.imitation_games:
        print(f"{clock()}  {arguments.teacher} plays {arguments.imitation_games} games of {seats} seats")
        shown = demonstrate(
            arguments.game, arguments.teacher, arguments.imitation_games, arguments.seed, seats=seats
        )
        # Games of other deals, never learned from, say how well the choices are learned rather than recalled.
        held_out = demonstrate(
            arguments.game,
            arguments.teacher,
            max(10, arguments.imitation_games // 10),
            -1 - arguments.seed,
            seats=seats,
        )
        print(f"{clock()}  {len(shown):,} decisions to imitate, {len(held_out):,} held out")
        for epoch in range(1, arguments.clone_epochs + 1):
            [(loss, agreed)] = clone(model, shown, 1, rng)
            print(
                f"{clock()}  pass {epoch}: cross-entropy {loss:.3f}, the teacher's choice {agreed:.1%} "
                f"(held out: {agreement(model, held_out):.1%})",
                flush=True,
            )
        del shown, held_out
        model.policy().save(out, half=not arguments.float32)  # kept should PPO be cut short

    def environment(opponent: str, reward: str = "outcome") -> CardtableGym:
        steps = DUEL_MAX_STEPS if arguments.game == "fm" else None
        return CardtableGym(
            arguments.game, opponents=[opponent] * (seats - 1), seat=None, max_steps=steps, reward=reward
        )

    #: Each measure: the PPO games played before it, and the share won against each opponent.
    curve: list[tuple[int, dict[str, float]]] = []

    def measure(network: Network, when: str, games: int = 0) -> None:
        count = arguments.eval_games
        shares: dict[str, float] = {}
        curve.append((games, shares))
        for opponent in opponents:
            wins, draws, _ = win_rate(network, environment(opponent), count, seed=0)
            shares[opponent] = wins
            low, high = wilson_interval(wins * count, count)
            print(
                f"{clock()}  {when}, against {opponent} x{seats - 1}: won {wins:.1%} [{low:.1%}, {high:.1%}] "
                f"of {count} new games, drawn {draws:.1%} (chance {1 / seats:.0%})",
                flush=True,
            )

    training = {opponent: environment(opponent, arguments.reward) for opponent in opponents}
    seed = TRAINING_SEEDS + arguments.seed * 1_000_000
    model.settings.learning_rate = arguments.learning_rate
    share = max(1, arguments.episodes // len(opponents))
    if arguments.batches:
        measure(model.policy(), "after imitation")
    ppo_started = time.perf_counter()
    played_batches = 0
    for batch in range(1, arguments.batches + 1):
        if time.perf_counter() - ppo_started > 60 * arguments.minutes:
            print(f"{clock()}  --minutes stopped PPO: --stop {batch - 1} repeats the run")
            break
        if arguments.stop is not None and batch > arguments.stop:
            break
        # The step size falls linearly to nothing, so that the policy settles rather than wanders.
        model.settings.learning_rate = arguments.learning_rate * (1 - (batch - 1) / arguments.batches)
        played = Batch()
        for opponent in opponents:
            part = play_episodes(model, training[opponent], share, seed, rng)
            seed += share
            for name in vars(played):
                getattr(played, name).extend(getattr(part, name))
        losses = improve(model, played, rng)
        print(
            f"{clock()}  batch {batch}: mean reward {np.mean(played.rewards):+.2f}, "
            f"entropy {losses['entropy']:.3f}",
            flush=True,
        )
        if arguments.every and batch % arguments.every == 0 and batch < arguments.batches:
            measure(model.policy(), f"batch {batch}", batch * share * len(opponents))
        played_batches = batch

    model.policy().save(out, half=not arguments.float32)
    measure(Network.load(out, encoding), "saved", played_batches * share * len(opponents))
    print(f"Policy saved to {out} ({os.path.getsize(out):,} bytes); play it with --vs policy:{out}")
    if arguments.png:
        draw_curves(curve, arguments.png, f"{game.title}, {seats} seats: greedy policy's wins")
        print(f"Learning curves drawn in {arguments.png}")


def draw_curves(curve: list[tuple[int, dict[str, float]]], path: str, title: str) -> None:
    """The share won against each opponent, measure by measure, over the PPO games played."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4), dpi=110)
    for opponent in curve[0][1]:
        axes.plot(
            [games for games, _ in curve],
            [100 * shares[opponent] for _, shares in curve],
            marker="o",
            label=f"against {opponent}",
        )
    axes.set_xlabel("PPO games played")
    axes.set_ylabel("games won (%)")
    axes.set_ylim(0, 100)
    axes.set_title(title)
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


if __name__ == "__main__":
    main()
