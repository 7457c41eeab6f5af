"""A bot against the Forbidden Memories duelists' own AI, as in Free Duel: its wins with 95% intervals.

    python benchmarks/fm_duelists.py [--bot hard] [--duels 200] [--jobs 2] [--seed 1] [--duelist 39 ...]
        [--deck starter|mirror] [--playout-depth 8]

Each duel is a Free Duel (docs/fm.md): the bot plays seat 1 with a new
starter deck and moves first; seat 2 is a duelist, with a deck drawn from
its own pool and its own AI (hand window, sight of face-down cards,
strategy percentages).  The duels go round the duelists in turn (all 39,
or those named), so 200 duels meet each about five times.  Every duel's
randomness comes from the seed and the duel's number; the figures are the
bot's wins, overall and by duelist, with Wilson 95% intervals
(`cardtable.sim.stats`).  A bot's budget is iterations, so the figures do
not depend on the machine's load.

`--deck` says what the bot brings.  `starter` (the default) is Free Duel
as a new player meets it: a new starter deck, whatever the duelist.
`mirror` draws the bot's deck from the same duelist's pool as its
opponent's (a deck of its own, not a copy), so both sides hold cards of one
strength and the duel measures the play, not the cards: a starter deck is
outmatched by the late duelists' pools whatever it does (docs/bots.md).
`--playout-depth` sets a search bot's playout length, to compare lengths.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from cardtable.bots import make_bot
from cardtable.bots.ismcts import TreeSearch
from cardtable.core.chance import derive_seed
from cardtable.games import get_game
from cardtable.games.fm.ai import DuelistAI
from cardtable.games.fm.carddata import duelists
from cardtable.games.fm.decks import duelist_deck, starter_deck
from cardtable.games.fm.duelists import duel_position
from cardtable.sim.stats import Rate

#: What the bot may bring: a new player's deck, or one drawn from its opponent's own pool.
DECKS = ("starter", "mirror")

#: A duel that has not ended after this many actions is counted as lost by the bot (none has been seen).
MOST_ACTIONS = 5000


def duel(
    bot_spec: str, duelist: int, seed: int, deck: str = "starter", playout_depth: int | None = None
) -> tuple[int, bool, int]:
    """One Free Duel of the bot against `duelist`: (duelist, whether the bot won, actions played).

    The bot's deck is a new starter deck, or (`deck` "mirror") one drawn from the duelist's pool;
    a search bot's playouts last `playout_depth` actions if given (the search's own default if not).
    """
    game = get_game("fm")
    rng = random.Random(seed)
    own = starter_deck(rng) if deck == "starter" else duelist_deck(duelist, rng)
    position = duel_position(own, duelist, rng)
    state = game.state_from_position(position, rng, None)
    bot = make_bot(bot_spec, game)
    if playout_depth is not None:
        tree = getattr(bot, "tree", None)
        if not isinstance(tree, TreeSearch):
            raise SystemExit(f"--playout-depth is for a tree search bot, not {bot_spec!r}")
        tree.playout_depth = playout_depth
    players = [bot, DuelistAI(duelist)]
    for step in range(MOST_ACTIONS):
        outcome = game.outcome(state)
        if outcome is not None:
            return duelist, outcome.winners == (0,), step
        seat = game.current_seat(state)
        assert seat is not None
        legal = game.legal_actions(state)
        action = players[seat].choose(game.view(state, seat), legal, rng)
        state = game.apply(state, action)
    return duelist, False, MOST_ACTIONS


def main() -> None:
    """Play the duels and print the bot's wins, overall and by duelist."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--bot", default="hard", help="the bot or level in seat 1 (default: hard)")
    parser.add_argument("--duels", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--duelist", type=int, action="append", help="only these duelists (1-39)")
    parser.add_argument(
        "--deck",
        choices=DECKS,
        default="starter",
        help="the bot's deck: a new starter deck (default), or one drawn from the duelist's own pool",
    )
    parser.add_argument(
        "--playout-depth", type=int, help="a search bot's playout length in actions (default: its own, 8)"
    )
    args = parser.parse_args()
    every = sorted(duelists())
    chosen = args.duelist or every
    unknown = sorted(set(chosen) - set(every))
    if unknown:
        parser.error(f"no duelist {', '.join(map(str, unknown))}: the duelists are 1 to {len(every)}")
    if args.duels < 1 or args.jobs < 1 or (args.playout_depth is not None and args.playout_depth < 0):
        parser.error("--duels and --jobs take a number of at least 1, --playout-depth one of at least 0")
    tasks = [
        (
            args.bot,
            chosen[index % len(chosen)],
            derive_seed(args.seed, "fm-duelists", index),
            args.deck,
            args.playout_depth,
        )
        for index in range(args.duels)
    ]
    started = time.perf_counter()
    results: list[tuple[int, bool, int]] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for found in pool.map(duel, *zip(*tasks, strict=True)):
            results.append(found)
            if len(results) % 10 == 0:
                wins = sum(won for _, won, _ in results)
                print(f"  {len(results)} duels, {wins} won", flush=True)
    seconds = time.perf_counter() - started
    by_duelist: dict[int, list[bool]] = defaultdict(list)
    for duelist, won, _ in results:
        by_duelist[duelist].append(won)
    for duelist in sorted(by_duelist):
        games = by_duelist[duelist]
        name = duelists()[duelist].name
        print(f"{duelist:2d} {name:<22} {sum(games)}/{len(games)}")
    wins = sum(won for _, won, _ in results)
    actions = sum(count for _, _, count in results)
    playouts = "" if args.playout_depth is None else f", playouts of {args.playout_depth}"
    print(
        f"{args.bot} ({args.deck} deck{playouts}) against {len(by_duelist)} duelists (seed {args.seed}): "
        f"{wins}/{len(results)} won, "
        f"{Rate(wins, len(results))}; {actions / len(results):.0f} actions a duel; {seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
