"""`cardtable --help` imports no game, front end, server or plotting: commands import what they use.

Structural checks, not timings (docs/benchmarks.md has the figures): each
runs in a fresh interpreter, where nothing has been imported yet.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

import cardtable
from cardtable.core.registry import announced_commands
from cardtable.frontends.cli import main
from cardtable.frontends.registry import all_front_ends
from cardtable.games import SHIPPED

ROOT = Path(cardtable.__file__).parents[1]

#: Modules that `cardtable --help` must not import: their packages, by name.
HEAVY = (
    *(f"cardtable.games.{game}" for game in SHIPPED),
    "cardtable.bots",
    "cardtable.sim",
    "cardtable.server",
    "cardtable.rl",
    "rich.markdown",
    "starlette",
    "uvicorn",
    "matplotlib",
    "numpy",
)
#: The front end modules `cardtable --help` needs: the command line and the table of front ends.
LIGHT_FRONT_ENDS = {
    "cardtable.frontends",
    "cardtable.frontends.cli",
    "cardtable.frontends.cli_options",
    "cardtable.frontends.play_commands",
    "cardtable.frontends.bot_runs",
    "cardtable.frontends.registry",
}


def run_python(code: str) -> str:
    """What `code` prints in a fresh interpreter that imports this checkout."""
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "", "COLUMNS": "80"},
        timeout=60,
    )
    return result.stdout


def modules_after(args: list[str]) -> list[str]:
    """The modules loaded once `cardtable ARGS` has run (its output discarded)."""
    code = (
        "import contextlib, io, json, sys\n"
        "from cardtable.frontends.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main({args!r}, standalone_mode=False)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    loaded: list[str] = json.loads(run_python(code))
    return loaded


def heavy(modules: list[str]) -> list[str]:
    """The modules of the list that a help screen has no use for."""
    return [
        name
        for name in modules
        if name.startswith(HEAVY) or (name.startswith("cardtable.frontends") and name not in LIGHT_FRONT_ENDS)
    ]


@pytest.mark.parametrize("args", [["--help"], ["games", "--names"], ["position", "--help"]])
def test_the_help_and_light_commands_import_no_game_front_end_server_or_plotting(args: list[str]) -> None:
    loaded = modules_after(args)
    assert "cardtable.frontends.cli" in loaded
    assert heavy(loaded) == []


def test_a_command_imports_what_it_uses_when_it_runs() -> None:
    loaded = modules_after(["games"])  # lists every game's bots
    assert {"cardtable.games.drump", "cardtable.bots"} <= set(loaded)
    assert "cardtable.games.fm.terminal.commands" in modules_after(["deck", "--help"])
    assert "cardtable.server.command" in modules_after(["serve", "--help"])


def test_the_help_lists_every_command_as_it_would_with_every_command_imported() -> None:
    lazy = run_python("from cardtable.frontends.cli import main\nmain(['--help'], standalone_mode=False)")
    imported = run_python(
        "import click\n"
        "from cardtable.frontends.cli import main\n"
        "for name in list(main.lazy_commands):\n"
        "    main.get_command(click.Context(main), name)\n"
        "main(['--help'], standalone_mode=False)"
    )
    assert lazy == imported
    for name in ("campaign", "deck", "fm", "serve", "history", "play", "simulate"):
        assert f"\n  {name} " in lazy


def test_each_lazy_commands_summary_is_the_first_sentence_of_its_own_help() -> None:
    context = click.Context(main)
    for name, (load, summary) in main.lazy_commands.items():
        command = load()
        assert command.name == name
        stand_in = click.Command(name, help=summary)
        for limit in (30, 45, 60, 200):
            assert stand_in.get_short_help_str(limit) == command.get_short_help_str(limit), name
        assert main.get_command(context, name) is command


def test_the_commands_announced_with_the_games_are_every_command_of_every_front_end() -> None:
    shipped = {(front.game, command.name) for front in all_front_ends() for command in front.commands}
    assert shipped == {(game, name) for name, (game, _) in announced_commands().items()}
    assert set(announced_commands()) <= set(main.lazy_commands)


def test_play_help_still_lists_the_bots_when_shown() -> None:
    text = run_python(
        "from cardtable.frontends.cli import main\nmain(['play', '--help'], standalone_mode=False)"
    )
    assert "random, heuristic, ismcts" in text
