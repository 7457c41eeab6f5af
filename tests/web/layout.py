"""What a player would see wrong at the table, measured from the page's boxes (issue 27).

`problems(page)` returns, in words, every fault of the page as drawn now:
the hand in more than one row or not wholly in view, two of the table's
boxes overlapping (from their bounding boxes, as much of each as the board's
scrolled box shows), and log numbers clipped.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

#: The boxes that must not overlap: the play area's parts, and the board's parts four levels down
#: (cards are left out: a stack and a crowded hand overlap their cards on purpose).
BOXES = ", ".join(
    [
        ".table-body > *",
        ".play-area > *",
        ".board > *",
        ".board > * > *",
        ".board > * > * > *",
        ".board > * > * > * > *",
        ".board > * > * > * > * > *",
    ]
)

#: The measuring function, run in the page with BOXES.
MEASURE = (Path(__file__).parent / "layout.js").read_text()


def problems(page: Page) -> list[str]:
    """Every fault of the page as drawn now, in words (an empty list: none)."""
    found: list[str] = page.evaluate(MEASURE, BOXES)
    return found
