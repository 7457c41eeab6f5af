"""DRUMP's rules alone, beside OpenSpiel's crazy_eights: random self-play logged and unlogged, and ISMCTS.

    python benchmarks/drump_rules.py [--rounds 5] [--slice 1.0] [--search] [--iterations 300]

Random self-play (`legal_actions` + `apply`, as benchmarks/versus.py plays
it) on states that keep their logs, and on unlogged ones (`GAME.unlogged`,
what tree search plays), beside OpenSpiel's crazy_eights at 2 players when
open_spiel is installed.  With `--search`: ISMCTS iterations on DRUMP at
versus.py's decision points, its drawn states unlogged (the game as
declared) and logged (`unlogged` replaced by the identity), in one build.
Contenders take turns for `--slice` CPU seconds each, `--rounds` times
(versus.py's `measure`), so a loaded machine slows both alike.
"""

from __future__ import annotations

import argparse
import dataclasses

import versus
from rich.console import Console

from cardtable.games import get_game
from cardtable.games.drump import GAME
from cardtable.games.drump.state import DrumpState


def main() -> None:
    """Measure the contenders, interleaved, and print a table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5, help="turns each contender takes")
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds a turn")
    parser.add_argument("--search", action="store_true", help="ISMCTS, unlogged and logged, instead")
    parser.add_argument("--iterations", type=int, default=300, help="search iterations a decision")
    args = parser.parse_args()
    console = Console(width=120)
    where = f"{versus.build_of()} build"
    if args.search:

        def keep_logging(state: DrumpState) -> DrumpState:
            return state

        logging = dataclasses.replace(GAME, unlogged=keep_logging)
        tree = [
            versus.Contender("cardtable", "drump, logged", 2, versus.our_search(logging, 2, args.iterations)),
            versus.Contender(
                "cardtable",
                "drump, unlogged",
                2,
                versus.our_search(GAME, 2, args.iterations),
                "cardtable drump, logged 2p",
            ),
        ]
        versus.measure(tree, args.rounds, args.slice, 1)
        versus.report(console, f"DRUMP ISMCTS, iterations per CPU second ({where})", "iterations", tree)
        return
    missing: list[str] = []
    pyspiel = versus.optional("pyspiel", missing)
    reference = "OpenSpiel crazy_eights 2p" if pyspiel else None
    play = [
        versus.Contender("cardtable", "drump", 2, versus.our_self_play(get_game("drump"), 2), reference),
        versus.Contender(
            "cardtable", "drump, unlogged", 2, versus.our_self_play(GAME, 2, logged=False), reference
        ),
    ]
    if pyspiel is not None:
        crazy_eights = versus.openspiel_self_play(pyspiel, "crazy_eights", 2)
        play.append(versus.Contender("OpenSpiel", "crazy_eights", 2, crazy_eights))
    else:
        console.print("not installed, left out: pyspiel (pip install -e '.[bench]')", markup=False)
    versus.measure(play, args.rounds, args.slice, 1)
    versus.report(console, f"DRUMP random self-play, decisions per CPU second ({where})", "decisions", play)


if __name__ == "__main__":
    main()
