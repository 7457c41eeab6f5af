"""`cardtable arena`: a progress bar while the games run, then the table, the files and the plot."""

from __future__ import annotations

import csv
import io
import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from cardtable.core.errors import PathError
from cardtable.core.paths import path_error, write_atomic
from cardtable.frontends.simulate_report import progress_bar
from cardtable.games import AnyGame
from cardtable.sim.arena import ArenaResult, ArenaSettings, run_arena, schedule
from cardtable.sim.backends import Backend
from cardtable.sim.plot import plot_arena
from cardtable.sim.stats import Rate


def run_and_report(
    game: AnyGame,
    specs: Sequence[str],
    games: int,
    options: object,
    seats: int,
    mode: str,
    seed: int,
    jobs: int | None,
    folder: Path,
    console: Console,
    backend: Backend | None = None,
) -> list[dict[str, Any]]:
    """Run the arena with a progress bar, print its table, and save CSV, JSON, plot and replays.

    `options` is the game's options value, as the command line resolved it.  The rows of the table are
    returned, one per entrant.
    """
    settings = ArenaSettings(
        game=game.name,
        entrants=tuple(specs),
        games=games,
        seats=seats,
        mode=mode,
        options=game.option_table.to_dict(options),
        seed=seed,
        replay_folder=str(folder / "replays"),
    )
    total = len(schedule(settings))
    started = time.perf_counter()
    with progress_bar(console) as progress:
        task = progress.add_task(f"{game.title} arena", total=total)
        result = run_arena(settings, jobs, lambda done: progress.advance(task, done), backend)
    elapsed = time.perf_counter() - started
    rows = summary_rows(result, random.Random(seed))
    print_table(console, game, rows, result, elapsed, seats, mode)
    save(folder, game, result, rows)
    console.print(
        f"Saved {folder / 'results.csv'}, {folder / 'results.json'}, {folder / 'arena.png'} "
        f"and {len(result.records)} replays in {folder / 'replays'}."
    )
    return rows


def summary_rows(result: ArenaResult, rng: random.Random) -> list[dict[str, Any]]:
    """One row per entrant: games, wins, draws, win rate and interval, Elo and error bar, speed."""
    elo, bars = result.elo(rng)
    rows = []
    for entrant, label in enumerate(result.labels):
        wins = result.wins(entrant)
        low, high = wins.interval
        rows.append(
            {
                "entrant": label,
                "games": wins.trials,
                "wins": int(wins.successes),
                "draws": result.draws(entrant),
                "win_rate": round(wins.value, 4),
                "win_rate_low": round(low, 4),
                "win_rate_high": round(high, 4),
                "elo": round(elo[entrant], 1),
                "elo_error": round(bars[entrant], 1),
                "seconds_per_move": round(result.seconds_per_move(entrant), 5),
            }
        )
    return rows


def print_table(
    console: Console,
    game: AnyGame,
    rows: list[dict[str, Any]],
    result: ArenaResult,
    elapsed: float,
    seats: int,
    mode: str,
) -> None:
    """The results as a Rich table."""
    mean, deviation = result.length()
    table = Table(
        title=f"{game.title} arena ({mode}, {seats} seats): {len(result.records)} games, "
        f"{elapsed:.0f} s; mean length {mean:.0f} actions (sd {deviation:.0f})"
    )
    for column in ("entrant", "games", "wins", "draws", "win rate [95% CI]", "Elo ± 95%", "s/move"):
        table.add_column(column, justify="left" if column == "entrant" else "right")
    for row in rows:
        table.add_row(
            row["entrant"],
            str(row["games"]),
            str(row["wins"]),
            str(row["draws"]),
            str(Rate(row["wins"], row["games"])),
            f"{row['elo']:.0f} ± {row['elo_error']:.0f}",
            f"{row['seconds_per_move']:.4f}",
        )
    console.print(table)


def save(folder: Path, game: AnyGame, result: ArenaResult, rows: list[dict[str, Any]]) -> None:
    """results.csv, results.json (with the head-to-head matrix) and arena.png, each written whole."""
    count = len(result.players)
    matrix = [
        [
            None
            if row == column or not result.head_to_head(row, column).trials
            else round(result.head_to_head(row, column).value, 4)
            for column in range(count)
        ]
        for row in range(count)
    ]
    try:
        _write_results(folder, game, result, rows, matrix)
    except OSError as problem:
        # A disk that fills up, or a folder made read-only, during a long run.
        raise path_error(PathError, "write arena results to", folder, problem) from None


def _write_results(
    folder: Path, game: AnyGame, result: ArenaResult, rows: list[dict[str, Any]], matrix: list[list[Any]]
) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    table = io.StringIO()
    writer = csv.DictWriter(table, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    write_atomic(folder / "results.csv", table.getvalue())
    data = {
        "game": game.name,
        "entrants": result.labels,
        "results": rows,
        "head_to_head": matrix,
        "games": [record.to_json() for record in result.records],
    }
    write_atomic(folder / "results.json", json.dumps(data, indent=1) + "\n")
    plot_arena(
        result.labels,
        matrix,
        [row["elo"] for row in rows],
        [row["elo_error"] for row in rows],
        f"{game.title}: {len(result.records)} games",
        folder / "arena.png",
    )
