"""The arena's picture: the head-to-head score matrix and the Elo ratings with their error bars."""

from __future__ import annotations

from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

from cardtable.core.paths import write_atomic


def plot_arena(
    labels: Sequence[str],
    matrix: Sequence[Sequence[float | None]],
    elo: Sequence[float],
    bars: Sequence[float],
    title: str,
    path: Path,
) -> None:
    """Write a PNG with the score matrix (row against column) and the Elo ratings."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    count = len(labels)
    figure, (left, right) = plt.subplots(1, 2, figsize=(6 + 1.6 * count, 3 + 0.6 * count))
    values = [[float("nan") if cell is None else cell for cell in row] for row in matrix]
    image = left.imshow(values, vmin=0.0, vmax=1.0, cmap="RdYlGn")
    left.set_xticks(range(count), labels, rotation=30, ha="right")
    left.set_yticks(range(count), labels)
    for row in range(count):
        for column in range(count):
            cell = matrix[row][column]
            if cell is not None:
                left.text(column, row, f"{100 * cell:.0f}%", ha="center", va="center", fontsize=9)
    left.set_title("score of row against column")
    figure.colorbar(image, ax=left, fraction=0.046)
    order = sorted(range(count), key=lambda index: elo[index])
    right.barh(
        [labels[index] for index in order],
        [elo[index] - 1500 for index in order],
        xerr=[bars[index] for index in order],
        left=1500,
        color="steelblue",
        capsize=4,
    )
    right.set_xlabel("Elo (95% interval)")
    right.set_title("ratings")
    figure.suptitle(title)
    figure.tight_layout()
    image_file = BytesIO()
    figure.savefig(image_file, format="png", dpi=110)
    plt.close(figure)
    write_atomic(path, image_file.getvalue())
