"""`cardtable simulate`: a progress bar while the games run, then the figures as tables."""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from cardtable.games import AnyGame
from cardtable.sim.backends import Backend
from cardtable.sim.simulate import Summary, simulate


def progress_bar(console: Console) -> Progress:
    """The progress bar of long runs: what runs, how far, how long is left."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def run_and_report(
    game: AnyGame,
    players: Sequence[str],
    games: int,
    options: object,
    seed: int,
    jobs: int | None,
    console: Console,
    backend: Backend | None = None,
) -> Summary:
    """Run the simulation with a progress bar and print its statistics (`options`: the game's options)."""
    started = time.perf_counter()
    with progress_bar(console) as progress:
        task = progress.add_task(f"{game.title}: {' vs '.join(players)}", total=games)
        summary = simulate(
            game.name,
            players,
            games,
            game.option_table.to_dict(options),
            seed,
            jobs,
            on_progress=lambda done: progress.advance(task, done),
            backend=backend,
        )
    elapsed = time.perf_counter() - started
    print_summary(summary, game, options, elapsed, console)
    return summary


def print_summary(summary: Summary, game: AnyGame, options: object, elapsed: float, console: Console) -> None:
    """Win rates with 95% intervals per player and per seat, draws, first-player rate, game length."""
    changed = {
        name: value
        for name, value in game.option_table.to_dict(options).items()
        if value != game.option_table.options[name].default
    }
    console.print(
        f"[bold]{game.title}[/bold], {len(summary.players)} players, {summary.games} games, {elapsed:.1f} s "
        f"({summary.games / max(elapsed, 1e-9):.0f} games/s); options: {changed or 'default'}"
    )
    table = Table(title="Per player (seats rotate every game)")
    for column in ("player", "wins", "win rate [95% CI]", "score rate [95% CI]"):
        table.add_column(column, justify="right" if column != "player" else "left")
    for index, name in enumerate(summary.players):
        wins = summary.wins(index)
        table.add_row(f"{index + 1}. {name}", f"{wins.successes:.0f}", str(wins), str(summary.score(index)))
    console.print(table)
    seats = Table(title="Per seat")
    seats.add_column("seat")
    seats.add_column("win rate [95% CI]", justify="right")
    for seat in range(len(summary.players)):
        seats.add_row(str(seat + 1), str(summary.seat_wins(seat)))
    console.print(seats)
    mean, deviation = summary.length()
    console.print(f"first player wins: {summary.first_player_wins()}   draws: {summary.draws()}")
    console.print(f"game length: {mean:.1f} actions (sd {deviation:.1f})")
    endings = ", ".join(f"{ending}: {count}" for ending, count in summary.endings().items())
    console.print(f"endings: {endings}")
