"""Replays as JSON lines: a header, one line per action, and a closing line.

A replay is the full record of a match: the seed, the options (or a starting
position), the players and every action.  The seed rebuilds every hidden
card, and an action's text can name a card set face down, so while the game
goes on the record is a secret:

- A finished game is written in the clear.  The header holds the game, its
  rules version and the program's version, the options, the players, the
  seats of the people who saved it (`saved_by`), the seed, the position and
  the hash of the starting state; each action line the seat, the action and
  a short hash of the state after it; a seat that withdrew (`Match.withdraw`)
  a line `{"seat": N, "withdraws": WHY}` after the actions it followed, and a
  closed table `{"closed": REASON}`; the closing line the number of actions,
  the hash of the final state and the outcome.
- An unfinished game is sealed with the key of the user who saves it
  (`core/seal.py`).  The header keeps in the clear only what every player
  knows (the game, versions, options, players, `saved_by`) and seals the
  seed, the position and the start's hash; every action line is sealed
  whole; the closing line keeps the number of actions and seals the final
  hash.  The seals bind the clear header, each line's place and the number
  of actions, so nothing can be edited, moved, added or cut unnoticed.

Loading checks everything.  A sealed file's seals are all checked before any
action is replayed, so an edited file cannot be used to ask the rules about
hidden cards.  Then every action must be legal and lead to the state
recorded after it; the first that departs is named with its line.

Versions: a replay recorded under an older rules version of its game is
replayed under the present rules; if it rebuilds the recorded states it
loads with a note, and if it departs it is refused, naming the line and both
versions.  A replay from a newer rules version is refused.  Version 1 and 2
files (the seed in the clear, no hashes) still load, unchecked, with a note;
version 1 wrote the winners of the outcome line from 0.

Seats are counted from 1 in the file.  Files are written to a temporary
name and renamed, so a crash never leaves half a file.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable import __version__
from cardtable.core.errors import CardtableError, ReplayError
from cardtable.core.game import ActionT, Game, OptionsT, StateT, ViewT
from cardtable.core.jsonio import JSON, parse_json, read_text_file
from cardtable.core.match import Match
from cardtable.core.paths import write_atomic
from cardtable.core.registry import get_game
from cardtable.core.seal import BrokenSealError, key_id, new_nonce, seal, unseal

#: A match of any registered game, as a replay file may hold.
AnyMatch = Match[Any, Any, Any, Any]

FORMAT = "cardtable-replay"
VERSION = 3
#: Versions this reader understands.
READABLE = (1, 2, 3)
#: Hex digits of the hash recorded after each action (64 bits); the closing line records all 64.
SHORT_HASH = 16
#: A sealed part is padded to a multiple of this many bytes, so that its length tells little of its text.
SEALED_BLOCK = 64


@dataclass(frozen=True)
class Replay:
    """A replay as read: the match it rebuilds, who saved it, and notes for the reader."""

    match: AnyMatch
    #: The seats (from 0) of the people who saved it; None when the file does not say (versions 1, 2).
    saved_by: tuple[int, ...] | None
    #: Whether the file was sealed (an unfinished game).
    sealed: bool
    #: Things the reader should know, in words (an old format, an older rules version).
    notes: tuple[str, ...] = ()


def state_hash(game: Game[StateT, ActionT, ViewT, OptionsT], state: StateT) -> str:
    """SHA-256 of a state's position (its full description, as canonical JSON), in hex."""
    return hashlib.sha256(_canonical(game.position_of(state))).hexdigest()


def replay_lines(
    match: Match[StateT, ActionT, ViewT, OptionsT], saved_by: Sequence[int] = (), key: bytes | None = None
) -> list[dict[str, JSON]]:
    """The replay of a match as JSON objects: in the clear if it is over, else sealed with `key`.

    `saved_by` are the seats (from 0) of the people saving it: an unfinished
    save opens only as them (`cardtable.frontends.saves`).
    """
    game = match.game
    header: dict[str, JSON] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "rules": game.rules_version,
        "cardtable": __version__,
        "options": game.option_table.to_dict(match.options),
        "players": list(match.players),
        "first_seat": None if match.first_seat is None else match.first_seat + 1,
        "saved_by": [seat + 1 for seat in saved_by],
    }
    secret: dict[str, JSON] = {
        "seed": match.seed,
        "position": match.position,
        "start": state_hash(game, match.initial),
    }
    actions: list[dict[str, JSON]] = []
    state = match.initial
    events = _events(match)
    for number, move in enumerate(match.moves):
        actions += events.get(number, [])
        state = game.apply(state, move.action)
        text = game.format_action(move.action)
        actions.append({"seat": move.seat + 1, "action": text, "state": state_hash(game, state)[:SHORT_HASH]})
    actions += events.get(len(match.moves), [])
    final = state_hash(game, state)
    outcome = match.outcome
    if outcome is not None:
        closing: dict[str, JSON] = {"actions": len(match.moves), "state": final, "outcome": outcome.to_json()}
        return [header | secret, *actions, closing]
    if key is None:
        raise ReplayError(
            "an unfinished game is saved sealed, since its seed would show every hidden card: a key is needed"
        )
    nonce = new_nonce()
    header["sealed"] = {
        "key": key_id(key),
        "nonce": nonce.hex(),
        "secret": seal(key, nonce, "header", _padded(secret), _canonical(header)),
    }
    lines: list[dict[str, JSON]] = [header]
    lines += [
        {"sealed": seal(key, nonce, f"action {index}", _padded(record))}
        for index, record in enumerate(actions, 1)
    ]
    count: dict[str, JSON] = {"actions": len(match.moves)}
    lines.append(count | {"sealed": seal(key, nonce, "end", _padded({"state": final}), _canonical(count))})
    return lines


def _events(match: AnyMatch) -> dict[int, list[dict[str, JSON]]]:
    """The lines of the seats that withdrew and of the closing, by the number of actions they followed."""
    events: dict[int, list[dict[str, JSON]]] = {}
    for left in match.withdrawals:
        events.setdefault(left.at, []).append({"seat": left.seat + 1, "withdraws": left.why})
    if match.closing is not None:
        events.setdefault(match.closing.at, []).append({"closed": match.closing.reason})
    return events


def save(
    match: Match[StateT, ActionT, ViewT, OptionsT],
    path: str | os.PathLike[str],
    saved_by: Sequence[int] = (),
    key: bytes | None = None,
) -> None:
    """Save a match as a replay file: a finished one in the clear, an unfinished one sealed with `key`."""
    lines = replay_lines(match, saved_by, key)
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    try:
        write_atomic(path, text)
    except OSError as error:
        raise ReplayError(f"cannot write replay {os.fspath(path)!r}: {error.strerror}") from None


def read(path: str | os.PathLike[str], key: bytes | None = None) -> Replay:
    """The replay in a file, every action replayed and checked (`key` opens a sealed save)."""
    # The file as a whole is bounded as any JSON file is (each of its lines is bounded too).
    text = read_text_file(path, ReplayError, "replay")
    return read_lines(text.splitlines(), os.fspath(path), key)


def load(path: str | os.PathLike[str], key: bytes | None = None) -> AnyMatch:
    """The match a replay file records (`read` gives who saved it and the notes too)."""
    return read(path, key).match


def from_lines(lines: list[str], name: str = "replay", key: bytes | None = None) -> AnyMatch:
    """The match rebuilt from the lines of a replay (`read_lines` gives who saved it and the notes too)."""
    return read_lines(lines, name, key).match


def read_lines(lines: list[str], name: str = "replay", key: bytes | None = None) -> Replay:
    """The replay in these lines, every action replayed and checked (`key` opens a sealed save)."""
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
    if version == VERSION:
        return _read_checked(records, name, key)
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
    note = f"{name} is a version {version} replay: it records no hashes, so an edit to it cannot be noticed"
    return Replay(match, None, False, (note,))


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
                    f"{where}: {len(players)} players named, but {game.title} seats {game.seat_range}"
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


#: A line of a replay: its number in the file and its JSON object.
Record = tuple[int, dict[str, Any]]


def _read_checked(records: list[Record], name: str, key: bytes | None) -> Replay:
    number, header = records[0]
    head = f"{name} line {number}"
    try:
        game = get_game(str(header.get("game")))
    except CardtableError as error:
        raise ReplayError(f"{head}: {error}") from None
    rules = header.get("rules")
    if not isinstance(rules, int) or isinstance(rules, bool):
        raise ReplayError(f"{head}: the rules version {rules!r} is not a whole number")
    if rules > game.rules_version:
        raise ReplayError(
            f"{head}: recorded under {game.name} rules version {rules}, newer than this cardtable's "
            f"({game.rules_version}): update cardtable to replay it"
        )
    sealed = "sealed" in header
    body = records[1:]
    if sealed:
        header, body = _unseal(header, body, key, head, name)
    match = _start(header, head)
    saved_by = _seats(header.get("saved_by"), len(match.players), head)
    if rules < game.rules_version:
        why = f"recorded under {game.name} rules version {rules}; these are version {game.rules_version}"
    elif header.get("cardtable") != __version__:
        why = f"written by cardtable {header.get('cardtable')}; this is {__version__}"
    else:
        why = "the file was altered or damaged"
    if header.get("start") != state_hash(game, match.initial):
        raise ReplayError(f"{head}: the seed, options and position do not rebuild the recorded start ({why})")
    closing: Record | None = None
    for number, record in body:
        where = f"{name} line {number}"
        if closing is not None:
            raise ReplayError(f"{where}: a line after the closing line")
        if "actions" in record:
            closing = (number, record)
            continue
        if "withdraws" in record or "closed" in record:
            _replay_event(match, record, where)
            continue
        seat, action, recorded = record.get("seat"), record.get("action"), record.get("state")
        if not isinstance(seat, int) or not isinstance(action, str) or not isinstance(recorded, str):
            raise ReplayError(f'{where}: expected {{"seat": N, "action": TEXT, "state": HASH}}')
        try:
            match.play(action, seat - 1)
        except CardtableError as error:
            raise ReplayError(f"{where}: {error} ({why})") from None
        if state_hash(game, match.state)[:SHORT_HASH] != recorded:
            raise ReplayError(
                f"{where}: action {len(match.moves)} ({action!r} by seat {seat}) departs from the recorded "
                f"game: the state after it is not the one recorded ({why})"
            )
    if closing is None:
        raise ReplayError(f"{name}: the closing line (the number of actions and the final state) is missing")
    number, record = closing
    where = f"{name} line {number}"
    if record.get("actions") != len(match.moves):
        raise ReplayError(
            f"{where}: the replay records {record.get('actions')!r} actions, but {len(match.moves)} precede"
        )
    if record.get("state") != state_hash(game, match.state):
        raise ReplayError(f"{where}: the final state is not the one recorded ({why})")
    _check_outcome(match, record.get("outcome"), False, where)
    notes = []
    if rules < game.rules_version:
        notes.append(f"{name} was {why}; it replays to the same game")
    return Replay(match, saved_by, sealed, tuple(notes))


def _replay_event(match: AnyMatch, record: dict[str, Any], where: str) -> None:
    """A seat's withdrawal or the table's closing, as the record has it."""
    seat, why, reason = record.get("seat"), record.get("withdraws"), record.get("closed")
    try:
        if reason is not None:
            if not isinstance(reason, str) or len(record) != 1:
                raise ReplayError(f'{where}: expected {{"closed": REASON}}')
            match.close(reason)
            return
        if type(seat) is not int or not isinstance(why, str) or len(record) != 2:
            raise ReplayError(f'{where}: expected {{"seat": N, "withdraws": WHY}}')
        match.withdraw(seat - 1, why)
    except ReplayError:
        raise
    except CardtableError as error:
        raise ReplayError(f"{where}: {error}") from None


def _unseal(
    header: dict[str, Any], body: list[Record], key: bytes | None, head: str, name: str
) -> tuple[dict[str, Any], list[Record]]:
    """The header with its secret part, and the lines in the clear; every seal is checked first."""
    clear = {field: value for field, value in header.items() if field != "sealed"}
    box = header["sealed"]
    parts = ("key", "nonce", "secret")
    if not isinstance(box, dict) or not all(isinstance(box.get(part), str) for part in parts):
        raise ReplayError(f'{head}: expected "sealed": {{"key": ID, "nonce": HEX, "secret": TEXT}}')
    if key is None:
        raise ReplayError(
            f"{head}: this save of an unfinished game is sealed: it opens only with the key "
            "of the user who saved it (cardtable play --resume, cardtable replay)"
        )
    if box["key"] != key_id(key):
        raise ReplayError(
            f"{head}: this save of an unfinished game was sealed with another key than yours: "
            "it opens only for the user who saved it, where it was saved"
        )
    try:
        nonce = bytes.fromhex(box["nonce"])
        secret = _open_part(key, nonce, "header", box["secret"], _canonical(clear))
    except (ValueError, BrokenSealError):
        raise ReplayError(f"{head}: the header was altered after the game was saved") from None
    opened: list[Record] = []
    index = 0
    for number, record in body:
        if "actions" in record:
            label, associated = "end", _canonical({"actions": record["actions"]})
        else:
            index += 1
            label, associated = f"action {index}", b""
        try:
            inner = _open_part(key, nonce, label, str(record.get("sealed")), associated)
        except (ValueError, BrokenSealError):
            raise ReplayError(
                f"{name} line {number}: this sealed line was altered, moved, or comes from another save"
            ) from None
        opened.append((number, record | inner if label == "end" else inner))
    return clear | secret, opened


def _open_part(key: bytes, nonce: bytes, label: str, sealed: str, associated: bytes) -> dict[str, Any]:
    """The JSON object of a sealed part (BrokenSealError or ValueError if it is not one)."""
    value = json.loads(unseal(key, nonce, label, sealed, associated))
    if not isinstance(value, dict):
        raise ValueError(f"the sealed {label} is not a JSON object")
    return value


def _seats(value: JSON, seats: int, where: str) -> tuple[int, ...]:
    """The seats (from 0) of a list of seat numbers counted from 1."""
    numbers = [seat for seat in value if isinstance(seat, int)] if isinstance(value, list) else []
    if not isinstance(value, list) or len(numbers) != len(value) or not all(1 <= n <= seats for n in numbers):
        raise ReplayError(f"{where}: saved_by should be a list of seats from 1 to {seats}, not {value!r}")
    if len(set(numbers)) != len(numbers):
        raise ReplayError(f"{where}: saved_by names a seat twice: {value!r}")
    return tuple(number - 1 for number in numbers)


def _canonical(value: JSON) -> bytes:
    """JSON text that depends on the value alone (keys sorted, no spaces), as bytes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _padded(value: JSON) -> bytes:
    """Canonical JSON padded with spaces to a whole number of sealed blocks."""
    text = _canonical(value)
    return text.ljust(-(-len(text) // SEALED_BLOCK) * SEALED_BLOCK)
