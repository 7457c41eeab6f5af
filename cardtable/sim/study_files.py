"""The study's files: its figures as JSON and CSV, and its picture (the variants side by side:
first-player wins, game lengths and endings)."""

from __future__ import annotations

import json
from io import BytesIO
from pathlib import Path

from cardtable.core.errors import PathError
from cardtable.core.paths import make_folder, path_error, write_atomic
from cardtable.sim.study import Study, study_csv, study_json


def save_study(study: Study, folder: Path) -> list[Path]:
    """Write study.json, study.csv and study.png into the folder, each whole or not at all."""
    paths = [folder / "study.json", folder / "study.csv", folder / "study.png"]
    try:
        make_folder(folder, PathError, "study results")
        write_atomic(paths[0], json.dumps(study_json(study), indent=1) + "\n")
        write_atomic(paths[1], study_csv(study))
        plot_study(study, paths[2])
    except OSError as problem:
        # A disk that fills up, or a folder made read-only, during a long run.
        raise path_error(PathError, "write study results to", folder, problem) from None
    return paths


def plot_study(study: Study, path: Path) -> None:
    """Write a PNG: first-player win rates with 95% intervals against 1/seats, a box of each game
    length (quartiles, whiskers from least to most, the mean a dot), and the endings' shares stacked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    reports = study.reports
    labels = [report.variant.label for report in reports]
    places = list(range(len(reports)))
    measures = list(reports[0].lengths)
    width = max(3.0, 0.9 * len(reports) + 1.5)
    figure, axes = plt.subplots(1, 2 + len(measures), figsize=(width * (2 + len(measures)), 4.2))

    first = axes[0]
    rates = [report.first_player_wins.value for report in reports]
    intervals = [report.first_player_wins.interval for report in reports]
    errors = [
        [rate - low for rate, (low, _) in zip(rates, intervals, strict=True)],
        [high - rate for rate, (_, high) in zip(rates, intervals, strict=True)],
    ]
    first.bar(places, rates, yerr=errors, capsize=5, color="steelblue")
    fair = 1 / reports[0].seats
    first.axhline(fair, color="black", linestyle="--", linewidth=1, label=f"1/{reports[0].seats}")
    first.set_xticks(places, labels, rotation=20, ha="right")
    first.set_ylim(0, 1)
    first.set_title("first player wins (95% CI)")
    first.legend(loc="upper right")

    for axis, measure in zip(axes[1:], measures, strict=False):
        spreads = [report.lengths[measure] for report in reports]
        boxes = [
            {
                "label": label,
                "med": spread.median,
                "q1": spread.first_quartile,
                "q3": spread.third_quartile,
                "whislo": spread.least,
                "whishi": spread.most,
                "mean": spread.mean,
                "fliers": [],
            }
            for label, spread in zip(labels, spreads, strict=True)
        ]
        axis.bxp(boxes, positions=places, showmeans=True)
        axis.set_xticks(places, labels, rotation=20, ha="right")
        axis.set_title(f"game length: {measure}")

    endings = axes[-1]
    bottoms = [0.0] * len(reports)
    for ending in reports[0].endings:
        shares = [report.endings[ending].value for report in reports]
        endings.bar(places, shares, bottom=bottoms, label=ending)
        bottoms = [bottom + share for bottom, share in zip(bottoms, shares, strict=True)]
    endings.set_xticks(places, labels, rotation=20, ha="right")
    endings.set_ylim(0, 1)
    endings.set_title("endings")
    endings.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)

    players = ", ".join(study.players)
    figure.suptitle(f"{study.game}: {study.games} games per variant, {players}, seed {study.seed}")
    figure.tight_layout()
    image_file = BytesIO()
    figure.savefig(image_file, format="png", dpi=100)
    plt.close(figure)
    write_atomic(path, image_file.getvalue())
