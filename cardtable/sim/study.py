"""Rule variants side by side: the same games, seeds and bots under each variant, and what changed.

`cardtable study GAME --rules pt,vi,en` plays every variant with `simulate`'s
tasks (game i of every variant is dealt from the same derived seed, with the
same bots in the same seats) through the runner, and reports for each: how
often the seat that moved first won, how often the win was shared, how long
the games lasted, and how they ended, each rate with its 95% Wilson
interval.  docs/study.md shows a run.

A variant is written as a preset name (`default`: the game's defaults) and
options `NAME=VALUE`, comma-separated: `pt`, `pt,recycle_limit=3`,
`hand_limit=6`.  Its label is the text as written.
"""

from __future__ import annotations

import csv
import io
import statistics
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from cardtable.core.errors import OptionError
from cardtable.core.jsonio import JSON
from cardtable.games import AnyGame, get_game
from cardtable.sim.backends import Backend
from cardtable.sim.runner import check_players, run_games
from cardtable.sim.simulate import Summary, simulation_tasks
from cardtable.sim.stats import Rate
from cardtable.sim.tasks import GameRecord

#: The variant of a game's default options, with no preset.
DEFAULT = "default"
#: The most variants a study compares (each is a column and a bar of the plot).
MAX_VARIANTS = 12


@dataclass(frozen=True)
class Variant:
    """One set of rules to study: its label as written, and every option's value by name."""

    label: str
    options: Mapping[str, JSON]


def read_variant(game: AnyGame, text: str, common: Sequence[str] = ()) -> Variant:
    """The variant written as `[PRESET][,NAME=VALUE...]`; `common` NAME=VALUE options come first.

    An unknown preset or option, or a bad value, is refused by the game's
    option table (OptionError naming the variant and the input).
    """
    items = [item.strip() for item in text.split(",")]
    if "" in items:
        raise OptionError(
            f"variant {text!r} has an empty part: write PRESET,NAME=VALUE,... (comma-separated)"
        )
    presets = [item for item in items if "=" not in item]
    if len(presets) > 1:
        raise OptionError(
            f"variant {text!r} names {len(presets)} presets ({', '.join(presets)}): at most one"
        )
    preset = presets[0] if presets and presets[0].lower() != DEFAULT else None
    table = game.option_table
    try:
        overrides = table.parse_assignments([*common, *(item for item in items if "=" in item)])
        values = table.resolve(preset, overrides)
    except OptionError as error:
        raise OptionError(f"variant {text!r}: {error}") from None
    return Variant(text.strip(), table.to_dict(values))


def read_variants(
    game: AnyGame, presets: str | None, variants: Sequence[str], common: Sequence[str] = ()
) -> list[Variant]:
    """The variants of `--rules` (comma-separated presets) and of each `--variant`, in that order.

    With neither, every preset of the game is a variant (its defaults, if it has none).
    """
    texts = [item.strip() for item in presets.split(",")] if presets is not None else []
    for text in texts:
        if "=" in text:
            raise OptionError(f"--rules takes preset names, not {text!r}: give options with --variant")
    texts += variants
    if not texts:
        texts = list(game.option_table.presets) or [DEFAULT]
    if len(texts) > MAX_VARIANTS:
        raise OptionError(f"{len(texts)} variants: a study compares at most {MAX_VARIANTS}")
    repeated = [text for text, count in Counter(texts).items() if count > 1]
    if repeated:
        raise OptionError(f"variant {repeated[0]!r} is named twice")
    return [read_variant(game, text, common) for text in texts]


@dataclass(frozen=True)
class Spread:
    """Whole numbers in brief: how many, their mean, least, quartiles (inclusive method) and most."""

    count: int
    mean: float
    least: float
    first_quartile: float
    median: float
    third_quartile: float
    most: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of some values (at least one)."""
        if len(values) == 1:
            only = float(values[0])
            return cls(1, only, only, only, only, only, only)
        first, median, third = statistics.quantiles(values, n=4, method="inclusive")
        return cls(len(values), statistics.fmean(values), min(values), first, median, third, max(values))

    def to_json(self) -> dict[str, JSON]:
        """The figures as plain data, rounded to 4 places."""
        return {
            "count": self.count,
            "mean": round(self.mean, 4),
            "min": self.least,
            "q1": self.first_quartile,
            "median": self.median,
            "q3": self.third_quartile,
            "max": self.most,
        }

    def __str__(self) -> str:
        return f"{self.mean:.1f} ({self.median:g}; {self.first_quartile:g}-{self.third_quartile:g})"


#: The entries of a game's last view that count how far it went: its round (from 1), its turn (Scout and
#: dnup count rounds, DRUMP turns, FM each player's turns).
STAGE_KEYS = ("round", "turn_number")


def stage_counts(view: Mapping[str, JSON]) -> dict[str, int]:
    """The rounds and turns a game's last view counts: `round` (from 1), `turn_number` (per seat, added)."""
    counts: dict[str, int] = {}
    rounds, turns = view.get("round"), view.get("turn_number")
    if isinstance(rounds, int):
        counts["rounds"] = rounds
    if isinstance(turns, int):
        counts["turns"] = turns
    elif isinstance(turns, list) and all(isinstance(number, int) for number in turns):
        counts["turns"] = sum(number for number in turns if isinstance(number, int))
    return counts


@dataclass(frozen=True)
class VariantReport:
    """One variant's figures: first-player wins, shared wins, game lengths and endings."""

    variant: Variant
    seats: int
    #: Games the seat that moved first won alone.
    first_player_wins: Rate
    #: Games whose win was shared.
    draws: Rate
    #: Game lengths: "decisions", and "rounds" and "turns" where the game counts them.
    lengths: Mapping[str, Spread]
    #: Games by ending code, every code of the study's variants (0 where a variant had none).
    endings: Mapping[str, Rate]

    @property
    def games(self) -> int:
        """Games played."""
        return self.draws.trials

    @property
    def first_player_edge(self) -> tuple[float, float, float]:
        """The first player's win rate less 1/seats, with its interval shifted alike."""
        fair = 1 / self.seats
        low, high = self.first_player_wins.interval
        return (self.first_player_wins.value - fair, low - fair, high - fair)


def variant_report(
    variant: Variant, players: Sequence[str], records: Sequence[GameRecord], endings: Sequence[str]
) -> VariantReport:
    """The figures of one variant's games (`endings`: the codes to count, in order)."""
    summary = Summary(tuple(players), list(records))
    lengths = {"decisions": Spread.of([record.length for record in records])}
    stages = [stage_counts(record.last_view) for record in records]
    for name in ("rounds", "turns"):
        if all(name in counts for counts in stages):
            lengths[name] = Spread.of([counts[name] for counts in stages])
    counted = summary.endings()
    return VariantReport(
        variant=variant,
        seats=len(players),
        first_player_wins=summary.first_player_wins(),
        draws=summary.draws(),
        lengths=lengths,
        endings={ending: Rate(counted.get(ending, 0), summary.games) for ending in endings},
    )


@dataclass(frozen=True)
class Study:
    """A study's settings and each variant's figures."""

    game: str
    players: tuple[str, ...]
    games: int
    seed: int
    reports: tuple[VariantReport, ...]


def run_study(
    game_name: str,
    variants: Sequence[Variant],
    players: Sequence[str],
    games: int,
    seed: int = 1,
    jobs: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> Study:
    """Play `games` games of every variant between `players` (bot names, seat 1 first), the same seeds
    and seating in each, over `jobs` processes of the backend (this machine's by default); bad bots or
    table sizes are refused before any game."""
    game = get_game(game_name)
    check_players(game, players, len(players))
    tasks = [
        replace(task, view_keys=STAGE_KEYS)
        for variant in variants
        for task in simulation_tasks(game.name, players, games, variant.options, seed)
    ]
    records = run_games(tasks, jobs, on_progress, backend)
    shares = [records[start : start + games] for start in range(0, len(records), games)]
    totals = Counter(record.ending for record in records)
    endings = [ending for ending, _ in totals.most_common()]
    reports = tuple(
        variant_report(variant, players, share, endings)
        for variant, share in zip(variants, shares, strict=True)
    )
    return Study(game.name, tuple(players), games, seed, reports)


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def report_rows(study: Study) -> list[tuple[str, list[str]]]:
    """The report as rows of text: a measure, then its figure for each variant.

    Rates are written with their 95% intervals; lengths as mean (median; quartiles).
    """
    reports = study.reports
    seats = reports[0].seats
    rows = [
        ("games", [str(report.games) for report in reports]),
        ("first player wins", [str(report.first_player_wins) for report in reports]),
        (
            f"  less 1/{seats} (points)",
            [
                f"{_points(edge)} [{_points(low)}, {_points(high)}]"
                for edge, low, high in (report.first_player_edge for report in reports)
            ],
        ),
        ("draws (shared wins)", [str(report.draws) for report in reports]),
    ]
    for name in reports[0].lengths:
        rows.append((name, [str(report.lengths[name]) for report in reports]))
    for ending in reports[0].endings:
        rows.append((f"ending: {ending}", [str(report.endings[ending]) for report in reports]))
    return rows


def _rate_json(rate: Rate) -> dict[str, JSON]:
    low, high = rate.interval
    return {
        "count": rate.successes,
        "rate": round(rate.value, 4),
        "low": round(low, 4),
        "high": round(high, 4),
    }


def _variant_json(report: VariantReport) -> dict[str, JSON]:
    edge, low, high = report.first_player_edge
    first = _rate_json(report.first_player_wins)
    first |= {"less_fair": round(edge, 4), "less_fair_low": round(low, 4), "less_fair_high": round(high, 4)}
    return {
        "label": report.variant.label,
        "options": dict(report.variant.options),
        "games": report.games,
        "first_player_wins": first,
        "draws": _rate_json(report.draws),
        "lengths": {name: spread.to_json() for name, spread in report.lengths.items()},
        "endings": {ending: _rate_json(rate) for ending, rate in report.endings.items()},
    }


def study_json(study: Study) -> dict[str, JSON]:
    """The study as plain data: its settings and each variant's options and figures."""
    return {
        "game": study.game,
        "players": list(study.players),
        "seats": len(study.players),
        "games_per_variant": study.games,
        "seed": study.seed,
        "variants": [_variant_json(report) for report in study.reports],
    }


def study_csv(study: Study) -> str:
    """One line per variant: its label, then every figure of study.json but the options, one a column."""
    lines = []
    for report in study.reports:
        data = _variant_json(report)
        line: dict[str, JSON] = {"variant": data["label"], "games": data["games"]}
        for part in ("first_player_wins", "draws", "lengths", "endings"):
            line |= _flat(part, data[part])
        lines.append(line)
    table = io.StringIO()
    writer = csv.DictWriter(table, fieldnames=list(lines[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(lines)
    return table.getvalue()


def _flat(prefix: str, value: JSON) -> dict[str, JSON]:
    if isinstance(value, dict):
        flat: dict[str, JSON] = {}
        for key, inner in value.items():
            flat |= _flat(f"{prefix}.{key}", inner)
        return flat
    return {prefix: value}
