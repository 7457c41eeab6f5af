"""`cardtable study`: a progress bar while the games run, then the variants side by side, and the files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from cardtable.frontends.simulate_report import progress_bar
from cardtable.games import AnyGame
from cardtable.sim.backends import Backend
from cardtable.sim.study import Study, Variant, report_rows, run_study
from cardtable.sim.study_files import save_study


def run_and_report(
    game: AnyGame,
    variants: Sequence[Variant],
    players: Sequence[str],
    games: int,
    seed: int,
    jobs: int | None,
    folder: Path,
    console: Console,
    backend: Backend | None = None,
) -> Study:
    """Play every variant's games with a progress bar, print one column per variant, and save the files."""
    with progress_bar(console) as progress:
        task = progress.add_task(f"{game.title}: {len(variants)} variants", total=games * len(variants))

        def advance(done: int) -> None:
            progress.advance(task, done)

        study = run_study(game.name, variants, players, games, seed, jobs, advance, backend)
    table = Table(title=f"{game.title}, {' vs '.join(players)}, {games} games per variant, seed {seed}")
    table.add_column("")
    for variant in variants:
        table.add_column(variant.label, justify="right")
    for measure, figures in report_rows(study):
        table.add_row(measure, *figures)
    console.print(table)
    console.print("Rates with 95% Wilson intervals; lengths: mean (median; quartiles).")
    saved = save_study(study, folder)
    console.print(f"Saved {', '.join(str(path) for path in saved)}.")
    return study
