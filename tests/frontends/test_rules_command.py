"""`cardtable rules GAME`: paged on a terminal, plain text anywhere else."""

from __future__ import annotations

import io
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from cardtable.frontends import cli
from cardtable.games.documents import rules_page


def test_rules_are_paged_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    paged: list[str] = []
    screen = io.StringIO()

    def terminal(*args: Any, **kwargs: Any) -> Console:
        return Console(file=screen, force_terminal=True, width=80, color_system=None)

    monkeypatch.setattr(cli, "Console", terminal)
    monkeypatch.setattr("pydoc.pager", paged.append)
    result = CliRunner().invoke(cli.main, ["rules", "scout"])
    assert result.exit_code == 0, result.output
    assert len(paged) == 1 and "Scout" in paged[0] and len(paged[0].splitlines()) > 40
    # Nothing went past the pager onto the screen.
    assert screen.getvalue() == ""


def test_rules_are_plain_text_through_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pydoc.pager", lambda text: pytest.fail("paged through a pipe"))
    result = CliRunner().invoke(cli.main, ["rules", "fm"])
    assert result.exit_code == 0 and result.output == rules_page("fm")
