"""`cardtable simulate`, `arena` and `study`: many games between bots, on this machine or a Ray cluster."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from cardtable.core.errors import PathError
from cardtable.core.jsonio import MAX_GAMES
from cardtable.core.paths import check_new_file, check_output_folder
from cardtable.core.players import HUMANS
from cardtable.frontends.cli_options import (
    GAMES,
    SEED,
    Where,
    game_argument,
    option_option,
    out_option,
    read_options,
    read_players,
    read_seat_counts,
    read_spec,
    rules_option,
    where_options,
)
from cardtable.games import get_game


@click.command()
@game_argument
@click.option("--games", "count", type=GAMES, default=1000, show_default=True, help="Games to play.")
@click.option(
    "--players", default="heuristic,random", show_default=True, help="Bots, comma-separated, seat 1 first."
)
@rules_option
@option_option
@where_options
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed of the whole run.")
@click.option(
    "--seats",
    "seat_counts",
    help="Players per game, comma-separated (e.g. 3,4,5): a run for each, bots repeated to fill seats.",
)
def simulate(
    game_name: str,
    count: int,
    players: str,
    preset: str | None,
    assignments: tuple[str, ...],
    where: Where,
    seed: int,
    seat_counts: str | None,
) -> None:
    """Play many games between bots and print win rates with 95% intervals."""
    from cardtable.frontends.simulate_report import run_and_report

    game = get_game(game_name)
    bots = [read_spec(name) for name in players.split(",")]
    counts = read_seat_counts(game, seat_counts, len(bots))
    options = read_options(game, preset, assignments)
    console = Console()
    with where.open() as backend:
        for seats in counts:
            names = read_players(game, None, ",".join(bots[index % len(bots)] for index in range(seats)))
            if any(name in HUMANS for name in names):
                raise click.BadParameter("simulations are between bots only", param_hint="--players")
            run_and_report(game, names, count, options, seed, where.jobs, console, backend)


@click.command()
@game_argument
@click.option(
    "--players",
    required=True,
    help="Entrants, comma-separated: random, heuristic, ismcts@500, easy, ...; or 'levels': every level "
    "and kind of bot the game has, to rate them on one scale.",
)
@click.option(
    "--games",
    "count",
    type=GAMES,
    default=100,
    show_default=True,
    help="Games per table (seats rotate within a table).",
)
@click.option(
    "--seats", type=click.IntRange(2), help="Players per game (default: the game's smallest table)."
)
@click.option(
    "--mode",
    type=click.Choice(["round-robin", "gauntlet"]),
    default="round-robin",
    show_default=True,
    help="Every group of entrants, or the first entrant against every group of the others.",
)
@rules_option
@option_option
@where_options
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed of the whole arena.")
@out_option("arena-results", "results.csv, results.json, arena.png and the replays")
@click.option(
    "--ratings",
    "ratings_file",
    type=click.Path(dir_okay=False),
    help="Also write the Elo ratings into this ratings file (the shipped one: cardtable/bots/ratings.json).",
)
def arena(
    game_name: str,
    players: str,
    count: int,
    seats: int | None,
    mode: str,
    preset: str | None,
    assignments: tuple[str, ...],
    where: Where,
    seed: int,
    folder: str,
    ratings_file: str | None,
) -> None:
    """Bots against bots: win rates, Elo, speed, a plot, and every game as a replay."""
    from cardtable.bots import bot_names, make_bot
    from cardtable.bots.levels import rated_entrants, ratings_entry, read_ratings, write_ratings
    from cardtable.frontends.arena_report import run_and_report

    game = get_game(game_name)
    if players.strip().lower() == "levels":
        specs = rated_entrants(game.name, bot_names(game))
    else:
        specs = [read_spec(name) for name in players.split(",") if name.strip()]
    for spec in specs:
        make_bot(spec, game)  # refuses unknown names and bad budgets before anything runs
    seats = seats or game.min_seats
    if not game.min_seats <= seats <= game.max_seats:
        raise click.BadParameter(
            f"{game.title} seats {game.seat_range} players, not {seats}", param_hint="--seats"
        )
    if len(specs) < seats:
        raise click.BadParameter(f"{len(specs)} entrants cannot fill {seats} seats", param_hint="--players")
    options = read_options(game, preset, assignments)
    # A run of hours must not end in a folder or ratings file it cannot write to: they are checked first.
    check_output_folder(folder, PathError, "arena results")
    if ratings_file is not None:
        check_new_file(ratings_file, PathError, "ratings")
        read_ratings(Path(ratings_file))
    with where.open() as backend:
        rows = run_and_report(
            game, specs, count, options, seats, mode, seed, where.jobs, Path(folder), Console(), backend
        )
    if ratings_file is not None:
        command = (
            f"cardtable arena {game.name} --players {players} --games {count} --seats {seats} "
            f"--mode {mode} --seed {seed}"
        )
        entry = ratings_entry(
            game.name,
            specs,
            [row["elo"] for row in rows],
            [row["elo_error"] for row in rows],
            [row["games"] for row in rows],
            command,
        )
        write_ratings(Path(ratings_file), game.name, entry)


@click.command()
@game_argument
@click.option(
    "--rules",
    "presets",
    metavar="PRESET,PRESET,...",
    help="Variants to compare, comma-separated presets ('default': none), e.g. pt,vi,en. Without --rules "
    "or --variant: every preset of the game.",
)
@click.option(
    "--variant",
    "variants",
    multiple=True,
    metavar="[PRESET,]NAME=VALUE,...",
    help="A variant with options of its own, e.g. pt,recycle_limit=3 (repeatable).",
)
@click.option(
    "--option",
    "assignments",
    multiple=True,
    metavar="NAME=VALUE",
    help="Set one rule option in every variant.",
)
@click.option(
    "--players",
    default="heuristic,heuristic",
    show_default=True,
    help="Bots, comma-separated, seat 1 first; the same in every variant.",
)
@click.option("--seats", type=click.IntRange(2), help="Players per game, bots repeated to fill seats.")
@click.option("--games", "count", type=GAMES, default=1000, show_default=True, help="Games per variant.")
@where_options
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed of the whole study.")
@out_option("study-results", "study.json, study.csv and study.png")
def study(
    game_name: str,
    presets: str | None,
    variants: tuple[str, ...],
    assignments: tuple[str, ...],
    players: str,
    seats: int | None,
    count: int,
    where: Where,
    seed: int,
    folder: str,
) -> None:
    """Compare rule variants: the same games, seeds and bots under each, side by side (docs/study.md).

    For each variant: how often the first player wins and how far that is
    from 1/seats, shared wins, game lengths and endings, with 95% intervals.
    """
    from cardtable.frontends.study_report import run_and_report
    from cardtable.sim.study import read_variants

    game = get_game(game_name)
    chosen = read_variants(game, presets, variants, assignments)
    if count * len(chosen) > MAX_GAMES:
        raise click.BadParameter(
            f"{len(chosen)} variants of {count:,} games: a study plays at most {MAX_GAMES:,} games",
            param_hint="--games",
        )
    bots = [read_spec(name) for name in players.split(",")]
    names = read_players(game, None, ",".join(bots[index % len(bots)] for index in range(seats or len(bots))))
    if "you" in names:
        raise click.BadParameter("a study is played between bots only", param_hint="--players")
    check_output_folder(folder, PathError, "study results")
    with where.open() as backend:
        run_and_report(game, chosen, names, count, seed, where.jobs, Path(folder), Console(), backend)
