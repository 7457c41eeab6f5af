"""The terminal screen of a game that brings none of its own: its view's JSON, fact by fact.

Every game's view writes itself as JSON (`View.to_json`), holding exactly
what its seat may know; this board shows the players, then each of that
JSON's fields on a line of its own (its log left out: the terminal shows the
events, and the legal moves, below any board).  It lets a new game be played
at the terminal from the day its rules are declared; a screen of the game's
own (`Game.screen`) draws it better.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.core.jsonio import JSON
from cardtable.frontends.registry import FrontEnd


def _value(data: JSON) -> str:
    """A JSON value on one line, as compact as JSON writes it (cards by name)."""
    if isinstance(data, str):
        return data
    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


def render(view: Any, names: Sequence[str]) -> RenderableType:
    """The view's JSON as a table of its fields, under the players' names (seats from 1)."""
    data = view.to_json(with_log=False)
    data.pop("log", None)
    players = Text("Players: ", style="dim")
    players.append(", ".join(f"{seat + 1} {name}" for seat, name in enumerate(names)), style="bold")
    if view.seat is not None:
        players.append(f" · you are seat {view.seat + 1}", style="dim")
    table = Table(box=None, padding=(0, 1), show_header=False)
    table.add_column("field", style="dim", no_wrap=True)
    table.add_column("value", overflow="fold")
    for key, value in data.items():
        table.add_row(key, _value(value))
    return Group(players, table)


def generic_front_end(game: str) -> FrontEnd:
    """The front end of `game` drawn from its views' JSON, every other part the plain default."""
    return FrontEnd(game, render)
