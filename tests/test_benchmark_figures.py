"""tools/benchmark_figures.py: its commands name real programs, and only the marked section is rewritten."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("benchmark_figures", ROOT / "tools" / "benchmark_figures.py")
assert SPEC is not None and SPEC.loader is not None
figures = importlib.util.module_from_spec(SPEC)
sys.modules[SPEC.name] = figures  # its dataclass looks its module up
SPEC.loader.exec_module(figures)


def test_every_figure_runs_a_benchmark_program_of_the_checkout() -> None:
    for figure in figures.FIGURES:
        assert (ROOT / figure.command[0]).is_file(), figure
        assert figure.command[0].startswith("benchmarks/")


def test_the_page_has_the_marked_section_once() -> None:
    page = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert page.count(figures.BEGIN) == 1 and page.count(figures.END) == 1
    assert page.index(figures.BEGIN) < page.index(figures.END)
    # The figures sit below the page's first heading (a section may be added above them).
    assert page.index("# Benchmarks") < page.index(figures.BEGIN)


def test_only_the_marked_section_is_rewritten() -> None:
    page = f"# Title\n\nbefore\n\n{figures.BEGIN}\nold figures\n{figures.END}\n\nafter\n"
    output = figures.section([(figures.FIGURES[0], "a table")], "today", "this machine")
    new = figures.rewrite(page, output)
    assert new.startswith("# Title\n\nbefore\n\n" + figures.BEGIN)
    assert new.endswith(figures.END + "\n\nafter\n")
    assert "old figures" not in new
    assert f"$ {figures.shown(figures.FIGURES[0])}\na table" in new and "this machine" in new
    # Written again, the page keeps one section.
    again = figures.rewrite(new, output)
    assert again == new


@pytest.mark.parametrize(
    "page",
    [
        "no markers",
        f"{figures.END}\n{figures.BEGIN}\n",
        f"{figures.BEGIN}\n{figures.BEGIN}\n{figures.END}\n",
    ],
)
def test_a_page_without_its_markers_once_and_in_order_is_refused(page: str) -> None:
    with pytest.raises(ValueError, match="once each and in that order"):
        figures.rewrite(page, "new")
