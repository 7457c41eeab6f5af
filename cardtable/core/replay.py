"""Replays as JSON lines: a header (game, seed, options, players, position), then one action per line.

A replay file is the full record of a match: with the seed it can rebuild
every hidden card, so it is a save file, not something to show an opponent.
What a player or spectator is shown of it goes through views
(`cardtable replay FILE --as SEAT`).  Files are written to a temporary name
and renamed, so a crash never leaves half a file.

Seats are counted from 1 in the file.  Version 1 files wrote the winners of
the outcome line from 0; they still load.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from cardtable.core.errors import CardtableError, ReplayError
from cardtable.core.game import ActionT, OptionsT, StateT, ViewT
from cardtable.core.jsonio import JSON, parse_json
from cardtable.core.match import Match
from cardtable.core.registry import get_game

#: A match of any registered game, as a replay file may hold.
AnyMatch = Match[Any, Any, Any, Any]

FORMAT = "cardtable-replay"
VERSION = 2
#: Versions this reader understands.
READABLE = (1, 2)


def replay_lines(match: Match[StateT, ActionT, ViewT, OptionsT]) -> list[dict[str, JSON]]:
    """The replay of a match as a list of JSON objects."""
    game = match.game
    header: dict[str, JSON] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "seed": match.seed,
        "options": game.option_table.to_dict(match.options),
        "players": list(match.players),
        "first_seat": None if match.first_seat is None else match.first_seat + 1,
        "position": match.position,
    }
    lines: list[dict[str, JSON]] = [header]
    lines += [{"seat": move.seat + 1, "action": game.format_action(move.action)} for move in match.moves]
    outcome = match.outcome
    if outcome is not None:
        lines.append({"outcome": outcome.to_json()})
    return lines


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write a file whole or not at all: a temporary file in the same folder, then a rename."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save(match: Match[StateT, ActionT, ViewT, OptionsT], path: str | os.PathLike[str]) -> None:
    """Save a finished or unfinished match as a replay file."""
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in replay_lines(match))
    try:
        write_atomic(path, text)
    except OSError as error:
        raise ReplayError(f"cannot write replay {os.fspath(path)!r}: {error.strerror}") from None


def load(path: str | os.PathLike[str]) -> AnyMatch:
    """The match a replay file records, with every action replayed and checked."""
    name = os.fspath(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ReplayError(f"cannot read replay {name!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ReplayError(f"replay {name!r} is not UTF-8 text") from None
    return from_lines(text.splitlines(), name)


def from_lines(lines: list[str], name: str = "replay") -> AnyMatch:
    """A match rebuilt from the lines of a replay."""
    records = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        record = parse_json(line, name, ReplayError, first_line=number)
        if not isinstance(record, dict):
            raise ReplayError(f"{name} line {number}: expected a JSON object")
        records.append((number, record))
    if not records:
        raise ReplayError(f"{name}: the file is empty")
    number, header = records[0]
    if header.get("format") != FORMAT:
        raise ReplayError(f"{name} line {number}: not a cardtable replay (no format {FORMAT!r})")
    version = header.get("version")
    if version not in READABLE:
        readable = " or ".join(map(str, READABLE))
        raise ReplayError(f"{name} line {number}: replay version {version!r} is not {readable}")
    match = _start(header, f"{name} line {number}")
    for number, record in records[1:]:
        where = f"{name} line {number}"
        if "outcome" in record:
            _check_outcome(match, record["outcome"], version == 1, where)
            continue
        seat, action = record.get("seat"), record.get("action")
        if not isinstance(seat, int) or not isinstance(action, str):
            raise ReplayError(f'{where}: expected {{"seat": N, "action": TEXT}}')
        try:
            match.play(action, seat - 1)
        except CardtableError as error:
            raise ReplayError(f"{where}: {error}") from None
    return match


def _start(header: dict[str, JSON], where: str) -> AnyMatch:
    try:
        game = get_game(str(header.get("game")))
        seed = header.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ReplayError(f"{where}: the seed {seed!r} is not an integer")
        options = game.option_table.from_dict(header.get("options", {}))
        players = header.get("players")
        names: list[str] | None = None
        if players is not None:
            if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                raise ReplayError(f"{where}: players should be a list of names")
            if not game.min_seats <= len(players) <= game.max_seats:
                raise ReplayError(
                    f"{where}: {len(players)} players named, but {game.title} seats "
                    f"{game.min_seats} to {game.max_seats}"
                )
            names = [str(p) for p in players]
        # Without players, the match has the game's smallest table.
        seats = len(names) if names else game.min_seats
        first = header.get("first_seat")
        if first is not None and (isinstance(first, bool) or not isinstance(first, int)):
            raise ReplayError(f"{where}: the first seat {first!r} is not a number")
        if first is not None and not 1 <= first <= seats:
            raise ReplayError(f"{where}: the first seat {first} is not a seat (1 to {seats})")
        position = header.get("position")
        if position is not None and not isinstance(position, dict):
            raise ReplayError(f"{where}: the position should be a JSON object")
        return Match(
            game,
            options=options,
            seed=seed,
            players=names,
            first_seat=None if first is None else first - 1,
            position=position,
        )
    except ReplayError:
        raise
    except (CardtableError, ValueError, TypeError) as error:
        raise ReplayError(f"{where}: {error}") from None


def _check_outcome(match: AnyMatch, recorded: JSON, seats_from_zero: bool, where: str) -> None:
    outcome = match.outcome
    actual = None if outcome is None else outcome.to_json()
    if outcome is not None and seats_from_zero:
        # Version 1 counted winners from 0 and wrote no ending code.
        actual = {
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "reason": outcome.reason,
        }
    if actual != recorded:
        raise ReplayError(f"{where}: the replay records outcome {recorded!r}, but replaying gives {actual!r}")
