"""Side by side: our random self-play and tree search beside OpenSpiel's and RLCard's, in one run.

    python benchmarks/versus.py [--rounds 5] [--slice 1.0] [--skip-search] [--iterations 300] [--seed 1]

Crazy Eights is played like for like: ours under its preset `openspiel`
(OpenSpiel's rules at its default parameters, checked move for move by
tests/crazy_eights/test_openspiel_agreement.py) beside OpenSpiel's
crazy_eights at the same table sizes, each decision counted alike (a draw, a
play, a pass, a suit named).  A third table gives, for both engines, the
length of those random games (decisions per game, mean with its 95%
interval) and how often the first player (left of the dealer) wins, a shared
win counting its share.

Random self-play: every game and table size of ours on the rules alone
(`legal_actions` + `apply`), twice: as a match plays it, every event written
to the logs the views read ("drump"), and on the state `game.unlogged` makes
of the deal, which plays the same game without writing events, as tree
search plays its drawn states ("drump unlogged"; the same state for a game
without an unlogged state of its own).  Beside them, OpenSpiel's
crazy_eights, hearts and gin_rummy through its Python API (`legal_actions` +
`apply_action`, chance nodes sampled and not counted as decisions) and
RLCard's uno and doudizhu through their game objects (`env.game`: `get_legal_actions` + `step`, without
the environment's feature encoding).  Tree search: our ISMCTS on DRUMP (2
players) and Scout (4 players) beside OpenSpiel's C++ ISMCTS bot on gin_rummy
(random rollouts to the end, its own determinization; its crazy_eights and
hearts cannot be searched: no resampling from an information state, and a
crash).

Each contender runs for `--slice` seconds of CPU time per round, the
contenders taking turns, for `--rounds` rounds: a noisy, shared machine slows
both sides alike.  Figures are CPU seconds (`time.process_time`), so that
other processes on the machine count less.  The optional packages come with
`pip install -e '.[bench]'`; contenders whose package is missing are left
out and named.  The tables' titles say which build of our rules ran: pure,
or compiled (`make compiled`, or `python tools/build_compiled.py --into DIR`
and `PYTHONPATH=DIR` for a compiled copy beside the pure checkout).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

from rich.console import Console
from rich.table import Table

from cardtable.bots.ismcts import ISMCTSBot
from cardtable.core.match import Match
from cardtable.games import AnyGame, game_names, get_game
from cardtable.sim.stats import Z95, Rate, mean_and_deviation

#: Our game played by OpenSpiel's rules, and the preset that plays them.
CRAZY_EIGHTS, OPENSPIEL_PRESET = "crazy_eights", "openspiel"


@dataclass
class GameRecord:
    """What random games showed: each one's decisions, and the first player's share of the win."""

    lengths: list[int] = field(default_factory=list)
    first_player_shares: list[float] = field(default_factory=list)


@dataclass
class Contender:
    """One side of the comparison: one call plays one game (or one search) and counts its steps."""

    library: str
    game: str
    players: int
    #: Plays once from the generator; returns the decisions (or iterations) it made.
    run: Callable[[random.Random], int]
    #: The contender whose speed this one is compared with (a label), if any.
    reference: str | None = None
    steps: int = 0
    seconds: float = 0.0
    #: The games' lengths and first players' wins, for the contenders that keep them.
    record: GameRecord | None = None

    @property
    def label(self) -> str:
        """Library, game and players, as the table writes them."""
        return f"{self.library} {self.game} {self.players}p"

    @property
    def rate(self) -> float:
        """Steps per CPU second so far."""
        return self.steps / self.seconds if self.seconds else 0.0


def our_self_play(
    game: AnyGame,
    seats: int,
    logged: bool = True,
    preset: str | None = None,
    record: GameRecord | None = None,
) -> Callable[[random.Random], int]:
    """One random game on our rules alone, its events written to the logs or not (`game.unlogged`).

    With a `record`, each game's length and the first player's share of the win are kept.
    """
    options = game.option_table.resolve(preset)
    legal_actions, apply, outcome, current_seat = (
        game.legal_actions,
        game.apply,
        game.outcome,
        game.current_seat,
    )
    start = _as_dealt if logged else game.unlogged

    def run(rng: random.Random) -> int:
        state = start(game.new_state(options, seats, rng, None))
        first = current_seat(state)
        decisions = 0
        while (ended := outcome(state)) is None:
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))])
            decisions += 1
        if record is not None:
            record.lengths.append(decisions)
            record.first_player_shares.append(ended.payoff(first))
        return decisions

    return run


def _as_dealt(state: object) -> object:
    """The state itself: it goes on writing its logs."""
    return state


def openspiel_self_play(
    pyspiel: Any, name: str, players: int | None, record: GameRecord | None = None
) -> Callable[[random.Random], int]:
    """One random game through OpenSpiel's Python API.

    With a `record`, each game's length and the first player's share of the win (the highest
    return wins, ties shared) are kept.
    """
    game = pyspiel.load_game(name, {"players": players} if players else {})

    def run(rng: random.Random) -> int:
        state = game.new_initial_state()
        decisions = 0
        first = None
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if first is None:
                first = state.current_player()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        if record is not None:
            returns = state.returns()
            winners = [player for player, value in enumerate(returns) if value == max(returns)]
            record.lengths.append(decisions)
            record.first_player_shares.append(1 / len(winners) if first in winners else 0.0)
        return decisions

    return run


def rlcard_self_play(rlcard: Any, name: str) -> Callable[[random.Random], int]:
    """One random game through an RLCard game object (the rules, without the features)."""
    game = rlcard.make(name, config={"seed": 1}).game

    def run(rng: random.Random) -> int:
        state, _ = game.init_game()
        decisions = 0
        while not game.is_over():
            legal = state["actions"] if name == "doudizhu" else game.get_legal_actions()
            state, _ = game.step(legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    return run


def our_search(game: AnyGame, seats: int, iterations: int) -> Callable[[random.Random], int]:
    """One ISMCTS decision at a point of a fixed game, cycling through its first 30 decisions."""
    match = Match(game, seed=3, seats=seats)
    points: list[tuple[Any, Sequence[Any]]] = []
    rng = random.Random(2)
    while not match.is_over and len(points) < 30:
        legal = match.legal_actions()
        if len(legal) > 1:
            points.append((match.view(match.current_seat), legal))
        match.play(legal[rng.randrange(len(legal))])
    bot = ISMCTSBot(game, iterations=iterations)
    turn = [0]

    def run(rng: random.Random) -> int:
        view, legal = points[turn[0] % len(points)]
        turn[0] += 1
        bot.choose(view, legal, rng)
        return bot.tree.last_iterations

    return run


def openspiel_search(
    pyspiel: Any, name: str, players: int | None, iterations: int
) -> Callable[[random.Random], int]:
    """One decision of OpenSpiel's ISMCTS bot (C++) at a point of a fixed random game."""
    game = pyspiel.load_game(name, {"players": players} if players else {})
    rng = random.Random(2)
    state = game.new_initial_state()
    points: list[Any] = []
    while not state.is_terminal() and len(points) < 30:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            points.append(state.clone())
        state.apply_action(legal[rng.randrange(len(legal))])
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    bot = pyspiel.ISMCTSBot(
        3,
        evaluator,
        0.7,
        iterations,
        -1,
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        False,
        False,
    )
    turn = [0]

    def run(rng: random.Random) -> int:
        point = points[turn[0] % len(points)]
        turn[0] += 1
        bot.restart_at(point)
        bot.step(point)
        return iterations

    return run


def build_of() -> str:
    """Which build of our rules runs: "compiled" when the games' rules are mypyc extensions, else "pure"."""
    files = [getattr(sys.modules[get_game(name).apply.__module__], "__file__", "") for name in game_names()]
    compiled = [file for file in files if file and file.endswith(tuple(EXTENSION_SUFFIXES))]
    return "pure" if not compiled else "compiled" if len(compiled) == len(files) else "partly compiled"


def optional(module: str, missing: list[str]) -> Any:
    """The optional package, or None (named in `missing`) when it is not installed."""
    try:
        return __import__(module)
    except ImportError:
        missing.append(module)
        return None


def contenders(search: bool, iterations: int, missing: list[str]) -> tuple[list[Contender], list[Contender]]:
    """Self-play and search contenders, each of ours with the reference it is compared to."""
    pyspiel = optional("pyspiel", missing)
    rlcard = optional("rlcard", missing)
    play: list[Contender] = []
    for name in game_names():
        game = get_game(name)
        # Crazy Eights plays OpenSpiel's rules here, so that it and OpenSpiel's play one game.
        preset = OPENSPIEL_PRESET if name == CRAZY_EIGHTS else None
        label = f"{name} {preset}" if preset else name
        for seats in sorted({game.min_seats, min(4, game.max_seats)}):
            reference = f"OpenSpiel crazy_eights {seats}p" if pyspiel else None
            record = GameRecord() if preset else None
            play.append(
                Contender(
                    "cardtable",
                    label,
                    seats,
                    our_self_play(game, seats, preset=preset, record=record),
                    reference,
                    record=record,
                )
            )
            play.append(
                Contender(
                    "cardtable",
                    f"{label} unlogged",
                    seats,
                    our_self_play(game, seats, logged=False, preset=preset),
                    reference,
                )
            )
    if pyspiel is not None:
        for seats in (2, 4):
            record = GameRecord()
            play.append(
                Contender(
                    "OpenSpiel",
                    "crazy_eights",
                    seats,
                    openspiel_self_play(pyspiel, "crazy_eights", seats, record),
                    record=record,
                )
            )
        play.append(Contender("OpenSpiel", "hearts", 4, openspiel_self_play(pyspiel, "hearts", None)))
        play.append(Contender("OpenSpiel", "gin_rummy", 2, openspiel_self_play(pyspiel, "gin_rummy", None)))
    if rlcard is not None:
        play.append(Contender("RLCard", "uno", 2, rlcard_self_play(rlcard, "uno")))
        play.append(Contender("RLCard", "doudizhu", 3, rlcard_self_play(rlcard, "doudizhu")))
    tree: list[Contender] = []
    if search:
        reference = "OpenSpiel gin_rummy 2p" if pyspiel else None
        tree.append(
            Contender("cardtable", "drump", 2, our_search(get_game("drump"), 2, iterations), reference)
        )
        tree.append(
            Contender("cardtable", "scout", 4, our_search(get_game("scout"), 4, iterations), reference)
        )
        if pyspiel is not None:
            tree.append(
                Contender(
                    "OpenSpiel", "gin_rummy", 2, openspiel_search(pyspiel, "gin_rummy", None, iterations)
                )
            )
    return play, tree


def measure(entries: list[Contender], rounds: int, slice_seconds: float, seed: int) -> None:
    """Run every contender for a slice of CPU time, in turn, for several rounds."""
    rngs = {entry.label: random.Random(seed) for entry in entries}
    for _ in range(rounds):
        for entry in entries:
            rng = rngs[entry.label]
            started = time.process_time()
            elapsed = 0.0
            while elapsed < slice_seconds:
                entry.steps += entry.run(rng)
                elapsed = time.process_time() - started
            entry.seconds += elapsed


def report(console: Console, title: str, unit: str, entries: list[Contender]) -> None:
    """A table of rates, each of ours beside its reference."""
    by_label = {entry.label: entry for entry in entries}
    table = Table(title=title)
    for column in ("library", "game", "players", unit, "CPU seconds", f"{unit} per second", "ratio"):
        table.add_column(column, justify="left" if column in ("library", "game") else "right")
    for entry in entries:
        reference = by_label.get(entry.reference or "")
        ratio = (
            f"{entry.rate / reference.rate:.2f}x {reference.game} {reference.players}p" if reference else ""
        )
        table.add_row(
            entry.library,
            entry.game,
            str(entry.players),
            f"{entry.steps:,}",
            f"{entry.seconds:.1f}",
            f"{entry.rate:,.0f}",
            ratio,
        )
    console.print(table)


def report_games(console: Console, entries: list[Contender]) -> None:
    """Each recording contender's game lengths and first player's wins, side by side."""
    table = Table(title="Crazy Eights, random self-play: game length and the first player")
    for column in ("library", "game", "players", "games", "decisions per game [95% CI]", "first player wins"):
        table.add_column(column, justify="left" if column in ("library", "game") else "right")
    for entry in entries:
        record = entry.record
        if record is None or not record.lengths:
            continue
        count = len(record.lengths)
        mean, deviation = mean_and_deviation([float(length) for length in record.lengths])
        margin = Z95 * deviation / count**0.5
        first = Rate(sum(record.first_player_shares), count)
        table.add_row(
            entry.library,
            entry.game,
            str(entry.players),
            f"{count:,}",
            f"{mean:.1f} [{mean - margin:.1f}, {mean + margin:.1f}]",
            f"{first} (1/{entry.players} = {100 / entry.players:.1f}%)",
        )
    console.print(table)


def main() -> None:
    """Measure every contender, interleaved, and print the two tables."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5, help="turns each contender takes")
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds a turn")
    parser.add_argument("--iterations", type=int, default=300, help="search iterations a decision")
    parser.add_argument("--skip-search", action="store_true", help="random self-play only")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    console = Console(width=120)
    missing: list[str] = []
    play, tree = contenders(not args.skip_search, args.iterations, missing)
    if missing:
        console.print(
            f"not installed, left out: {', '.join(missing)} (pip install -e '.[bench]')", markup=False
        )
    where = (
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
        f"{build_of()} build"
    )
    measure(play, args.rounds, args.slice, args.seed)
    report(console, f"Random self-play, decisions per CPU second ({where})", "decisions", play)
    report_games(console, play)
    if tree:
        measure(tree, args.rounds, args.slice, args.seed)
        report(console, f"Tree search, iterations per CPU second ({where})", "iterations", tree)


if __name__ == "__main__":
    main()
