"""Finished games, saved automatically: `cardtable history` lists them, `cardtable replay N` opens one.

Every game played to its end at the terminal is saved as a replay in the
`history` folder of the user's data folder (`core.paths.data_folder`), numbered
from 1 in the order the games ended: `00012-drump-2025-06-01.jsonl`.  A
finished game holds no secret (its seed is shown at its end), so the files
are in the clear.  The list reads each file's first and last lines only.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from cardtable.core.errors import CardtableError, ReplayError
from cardtable.core.jsonio import parse_json, read_text_file
from cardtable.core.match import Match
from cardtable.core.numbers import whole_number
from cardtable.core.paths import data_folder
from cardtable.frontends.saves import save_game

FOLDER = "history"
#: Digits of a game's number in its file's name.
DIGITS = 5


@dataclass(frozen=True)
class Entry:
    """One saved game: its number, file, game, players, when it ended and its result in words."""

    number: int
    path: Path
    game: str
    players: tuple[str, ...]
    ended: float
    result: str
    actions: int


def history_folder() -> Path:
    """Where the finished games are kept."""
    return data_folder() / FOLDER


def record(match: Match, saved_by: Sequence[int]) -> Entry:
    """Save a finished match as the next game of the history (ReplayError if it cannot be written)."""
    if not match.is_over:
        raise ReplayError("only a finished game goes into the history")
    folder = history_folder()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise ReplayError(f"cannot make the history folder {folder}: {error.strerror or error}") from None
    day = time.strftime("%Y-%m-%d")
    number = _last_number(folder) + 1
    while True:
        path = folder / f"{number:0{DIGITS}d}-{match.game.name}-{day}.jsonl"
        try:
            # Taking the name first: another game ending at the same moment takes the next number.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            break
        except FileExistsError:
            number += 1
        except OSError as error:
            raise ReplayError(f"cannot save the game in {folder}: {error.strerror or error}") from None
    save_game(match, path, saved_by)
    entry = _entry(path)
    if not isinstance(entry, Entry):
        raise ReplayError(f"the game saved in {path} cannot be read back: {entry}")
    return entry


def _read_all() -> list[Entry | tuple[Path, str]]:
    """Each file of the history: its entry, or the file and why it cannot be read (ReplayError if the
    history is something other than a folder)."""
    folder = history_folder()
    if not folder.exists():
        return []
    if not folder.is_dir():
        raise ReplayError(f"the history {str(folder)!r} is a file, not a folder of games")
    found: list[Entry | tuple[Path, str]] = []
    for path in sorted(folder.glob("*.jsonl")):
        entry = _entry(path)
        found.append(entry if isinstance(entry, Entry) else (path, entry))
    return found


def entries() -> list[Entry]:
    """Every game of the history that can be read, oldest first (`damaged` lists the others)."""
    return sorted((e for e in _read_all() if isinstance(e, Entry)), key=lambda entry: entry.number)


def damaged() -> list[tuple[Path, str]]:
    """The history's files that cannot be read, each with the reason."""
    return [found for found in _read_all() if not isinstance(found, Entry)]


def find(number: int) -> Path:
    """The file of game `number` (ReplayError naming the number and the games there are, or the
    file's fault if game `number`'s file cannot be read)."""
    known = entries()
    for entry in known:
        if entry.number == number:
            return entry.path
    for path, reason in damaged():
        if _number(path) == number:
            raise ReplayError(f"game {number} of the history, {str(path)!r}, cannot be read: {reason}")
    if not known:
        raise ReplayError(f"there is no game {number} in the history: no game has been finished yet")
    raise ReplayError(
        f"there is no game {number} in the history: its games are numbered "
        f"{known[0].number} to {known[-1].number} (cardtable history lists them)"
    )


def replay_file(text: str) -> str:
    """A replay's file from what was typed: a file's name, or the number of a game of the history."""
    number = whole_number(text)
    if number is not None and not Path(text).exists():
        return str(find(number))
    return text


def _last_number(folder: Path) -> int:
    numbers = [_number(path) for path in folder.glob("*.jsonl")]
    return max((number for number in numbers if number is not None), default=0)


def _number(path: Path) -> int | None:
    head = path.name.partition("-")[0]
    return whole_number(head)


def _entry(path: Path) -> Entry | str:
    """What the list shows of a saved game, from its first and last lines; why not, if they cannot
    be read."""
    number = _number(path)
    if number is None:
        return "its name does not begin with a game's number"
    try:
        lines = [line for line in read_text_file(path, ReplayError, "replay").splitlines() if line.strip()]
        if not lines:
            return "it is empty"
        header = parse_json(lines[0], "its", ReplayError)
        closing = parse_json(lines[-1], "its", ReplayError, first_line=len(lines))
        ended = path.stat().st_mtime
    except OSError as error:
        return error.strerror or str(error)
    except CardtableError as error:
        return str(error)
    if not isinstance(header, dict) or not isinstance(closing, dict):
        return "its first and last lines are not a replay's header and end"
    players = header.get("players")
    names = tuple(str(name) for name in players) if isinstance(players, list) else ()
    outcome = closing.get("outcome")
    actions = closing.get("actions")
    return Entry(
        number,
        path,
        str(header.get("game")),
        names,
        ended,
        _result(outcome, names),
        actions if isinstance(actions, int) else 0,
    )


def _result(outcome: object, names: Sequence[str]) -> str:
    if not isinstance(outcome, dict):
        return "?"
    winners = outcome.get("winners")
    if not isinstance(winners, list):
        return "?"
    who = [
        f"{names[seat - 1]} (P{seat})" if isinstance(seat, int) and 0 < seat <= len(names) else "?"
        for seat in winners
    ]
    verb = "draw: " if len(who) > 1 else "won by "
    return verb + ", ".join(who)


@click.command(name="history")
@click.option("--last", type=click.IntRange(1), default=20, show_default=True, help="How many games to list.")
def history_command(last: int) -> None:
    """List your finished games, newest last (cardtable replay N opens game N)."""
    known = entries()
    console = Console()
    for path, reason in damaged():
        # Not wrapped, so that the file's name can be copied whole.
        console.print(
            f"Left out, as it cannot be read: {path}: {reason}", style="yellow", markup=False, soft_wrap=True
        )
    if not known:
        console.print(f"No finished game yet (they are saved in {history_folder()}).", markup=False)
        return
    table = Table(title=f"Finished games ({len(known)}), kept in {history_folder()}", title_justify="left")
    for column in ("#", "ended", "game", "players", "result", "actions"):
        table.add_column(column, justify="right" if column in ("#", "actions") else "left")
    for entry in known[-last:]:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.ended))
        players = ", ".join(entry.players)
        table.add_row(str(entry.number), when, entry.game, players, entry.result, str(entry.actions))
    console.print(table)
    console.print(f"Open one with: cardtable replay {known[-1].number}", markup=False)
