"""The README's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_each_readme_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(EXAMPLES[index], f"README example {index + 1}", "exec"), {})
