"""The campaign's save: the progress, and a duel under way, kept in one SQLite file.

Every write is one SQLite transaction, begun with the write lock taken: it
lands whole or not at all, so a crash or a kill mid-save leaves the save as
it was.  A campaign duel is kept as its set-up (the duelist, the seed, the
start position) and its actions, each stored before it counts; the engine's
determinism replays the duel exactly from them.  The seed, the position and
the actions are sealed (`core/seal.py`) with the user's key, like an
unfinished saved game (`frontends/saves.py`): the file alone shows neither
the duelist's hand nor either deck; only the duelist's number is in the
clear (and bound to the seal).

Everything read back is checked before it is used: the tables' layout, the
save's format (a save written by a newer cardtable is refused, never
overwritten), and every field; a bad field is refused by name.  Every SQLite
or file-system failure becomes a SaveError naming the file, what is wrong
(locked, read-only, damaged...) and what to do.  With no path given, the
save is fm-campaign.sqlite in the user's data directory.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from cardtable.core.errors import CardtableError
from cardtable.core.jsonio import JSON, parse_json, spelt
from cardtable.core.paths import data_folder
from cardtable.core.seal import BrokenSealError, key_id, new_nonce, seal, unseal
from cardtable.frontends.saves import key_path, user_key
from cardtable.games.fm.campaign import CampaignError, Progress, progress_problems
from cardtable.games.fm.carddata import duelists

#: The save's format: 1 kept the progress; 2 adds the duel under way; 3 seals that duel; 4 adds the
#: cards bought by password (the shop sells each once; an older save has bought none).
SCHEMA_VERSION = 4
#: Each table's columns, and the format that brought it in.
TABLES = {
    "meta": ("key TEXT PRIMARY KEY, value TEXT NOT NULL", 1),
    "collection": ("card INTEGER PRIMARY KEY, copies INTEGER", 1),
    "records": ("duelist INTEGER PRIMARY KEY, wins INTEGER, losses INTEGER", 1),
    "duel": ("duelist INTEGER NOT NULL, key TEXT NOT NULL, nonce TEXT NOT NULL, sealed TEXT NOT NULL", 2),
    "duel_actions": ("number INTEGER PRIMARY KEY, sealed TEXT NOT NULL", 2),
    "passwords_used": ("card INTEGER PRIMARY KEY", 4),
}
#: The duel's tables as format 2 kept them, in the clear (read, and sealed at the next write).
CLEAR_DUEL_TABLES = {
    "duel": "duelist INTEGER NOT NULL, seed INTEGER NOT NULL, position TEXT NOT NULL",
    "duel_actions": "number INTEGER PRIMARY KEY, action TEXT NOT NULL",
}
#: The progress's fields in the meta table ("revision" counts the writes, to notice another writer).
META_KEYS = ("schema", "name", "starchips", "deck", "next_opponent")
#: How long to wait for another program's lock before giving up, in seconds.
LOCK_WAIT = 5.0
#: The longest action text (FM's notation is a few words).
MAX_ACTION_TEXT = 100
_WHOLE = re.compile(r"\d{1,18}")
_AFTER_A_BAD_FIELD = "correct it, or move the file away to start a new campaign"

ResultT = TypeVar("ResultT")


class SaveError(CampaignError):
    """The save cannot be read or written: the message names the file, the reason and what to do."""


@dataclass(frozen=True)
class SavedDuel:
    """A campaign duel under way: its set-up and the actions taken so far, as text."""

    duelist: int
    seed: int
    position: dict[str, JSON]
    actions: tuple[str, ...]


def campaign_store(path: str | None) -> CampaignStore:
    """The campaign's save: `path`, or fm-campaign.sqlite in the user's data directory."""
    return CampaignStore(Path(path) if path else data_folder() / "fm-campaign.sqlite")


class CampaignStore:
    """A campaign kept in one SQLite file."""

    def __init__(self, path: str | Path, lock_wait: float = LOCK_WAIT, key: bytes | None = None) -> None:
        self.path = Path(path)
        self.lock_wait = lock_wait
        #: The key that seals the duel under way (None: the user's key, read when first needed).
        self._key = key
        #: How many writes the save had when this store last read or wrote it (None: never).
        self.revision: int | None = None

    # -- reading --------------------------------------------------------------------------
    def load(self) -> Progress | None:
        """The saved progress, or None if there is no campaign yet (SaveError if it cannot be used)."""
        return self._read(self._progress)

    def load_duel(self) -> SavedDuel | None:
        """The campaign duel under way, or None."""
        return self._read(self._duel)

    def _read(self, reader: Callable[[sqlite3.Connection, int], ResultT | None]) -> ResultT | None:
        try:
            if not self.path.exists():
                self.revision = 0
                return None
            # mode=rw: never create the file; a write-protected file opens for reading.
            uri = self.path.resolve().as_uri() + "?mode=rw"
            connection = sqlite3.connect(uri, uri=True, timeout=self.lock_wait, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise self._failure(error, "read") from None
        try:
            connection.execute("BEGIN")
            layout = self._check_layout(connection)
            if layout is None:
                self.revision = 0
                return None
            version, self.revision = layout
            return reader(connection, version)
        except sqlite3.Error as error:
            raise self._failure(error, "read") from None
        finally:
            connection.close()

    def refuse(self, what: str) -> SaveError:
        """A SaveError naming this save and a field of it that cannot be used."""
        return SaveError(f"campaign save {str(self.path)!r}: {what}; {_AFTER_A_BAD_FIELD}")

    def _check_layout(self, connection: sqlite3.Connection) -> tuple[int, int] | None:
        """The save's format and its count of writes, after checking its tables; None for no campaign."""
        found = {
            name: kind
            for kind, name in connection.execute("SELECT type, name FROM sqlite_master")
            if not name.startswith("sqlite_")
        }
        for name, kind in found.items():
            if kind != "table" or name not in TABLES:
                raise self.refuse(f"the {kind} {name!r} is not part of a campaign save")
        if not found:
            return None
        if "meta" not in found:
            raise self.refuse("the table 'meta' is missing")
        self._check_columns(connection, "meta")
        values = dict(connection.execute("SELECT key, value FROM meta WHERE key IN ('schema', 'revision')"))
        if "schema" not in values:
            if any(connection.execute("SELECT 1 FROM meta")):
                raise self.refuse("meta holds no 'schema' (the save's format)")
            # The tables of a first save that never finished (format 1 made them outside its transaction).
            for name in found:
                self._check_columns(connection, name)
            return None
        version = self._whole(values["schema"], "meta 'schema'")
        if version > SCHEMA_VERSION:
            raise SaveError(
                f"campaign save {str(self.path)!r} was written by a newer cardtable (save format {version}; "
                f"this one reads formats 1 to {SCHEMA_VERSION}): update cardtable to go on with it"
            )
        if version < 1:
            raise self.refuse(f"meta 'schema' {version} is not a save format")
        for name, (_, since) in TABLES.items():
            if name in found:
                self._check_columns(connection, name, version)
            elif since <= version:
                raise self.refuse(f"the table {name!r} is missing")
        return version, self._whole(values.get("revision", "0"), "meta 'revision'")

    def _check_columns(
        self, connection: sqlite3.Connection, table: str, version: int = SCHEMA_VERSION
    ) -> None:
        layout = CLEAR_DUEL_TABLES[table] if version == 2 and table in CLEAR_DUEL_TABLES else TABLES[table][0]
        expected = [tuple(column.split()[:2]) for column in layout.split(", ")]
        columns = [(name, kind) for _, name, kind, *_ in connection.execute(f"PRAGMA table_info({table})")]
        if columns != expected:
            layout = ", ".join(" ".join(column) for column in expected)
            raise self.refuse(f"the table {table!r} should have the columns ({layout})")

    def _whole(self, value: object, field: str) -> int:
        """A whole number kept as text (meta) or as an integer (the other tables)."""
        if isinstance(value, str) and _WHOLE.fullmatch(value):
            return int(value)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        raise self.refuse(f"{field} is {spelt(value)}, not a whole number")

    def _progress(self, connection: sqlite3.Connection, version: int) -> Progress | None:
        meta = dict(connection.execute("SELECT key, value FROM meta"))
        for key in meta:
            if key not in (*META_KEYS, "revision"):
                raise self.refuse(f"meta holds an unknown key {key!r}")
        for key in META_KEYS:
            if not isinstance(meta.get(key), str):
                raise self.refuse(f"meta holds no {key!r}")
        collection = {}
        for card_id, copies in connection.execute("SELECT card, copies FROM collection ORDER BY card"):
            collection[card_id] = self._whole(copies, f"collection: the copies of card {card_id}")
        records = {}
        for duelist, wins, losses in connection.execute(
            "SELECT duelist, wins, losses FROM records ORDER BY duelist"
        ):
            records[duelist] = (
                self._whole(wins, f"records: the wins against duelist {duelist}"),
                self._whole(losses, f"records: the losses against duelist {duelist}"),
            )
        used: frozenset[int] = frozenset()
        if version >= TABLES["passwords_used"][1]:
            used = frozenset(
                self._whole(card_id, "passwords_used: a card")
                for (card_id,) in connection.execute("SELECT card FROM passwords_used ORDER BY card")
            )
        progress = Progress(
            meta["name"],
            self._whole(meta["starchips"], "meta 'starchips'"),
            collection,
            self._deck(meta["deck"]),
            self._whole(meta["next_opponent"], "meta 'next_opponent'"),
            records,
            used,
        )
        problems = progress_problems(progress)
        if problems:
            raise self.refuse("; ".join(problems))
        return progress

    def _deck(self, text: str) -> tuple[int, ...]:
        deck = self._json(text, "meta 'deck'")
        if not isinstance(deck, list) or not all(
            isinstance(card_id, int) and not isinstance(card_id, bool) for card_id in deck
        ):
            raise self.refuse("meta 'deck' is not a JSON list of card numbers")
        return tuple(deck)  # type: ignore[arg-type]  # checked just above

    def _json(self, text: str, field: str) -> JSON:
        try:
            return parse_json(text, field, SaveError)
        except SaveError as error:
            raise self.refuse(str(error)) from None

    def _duel(self, connection: sqlite3.Connection, version: int) -> SavedDuel | None:
        if version < 2:
            return None
        sealed = version >= 3
        columns = "duelist, key, nonce, sealed" if sealed else "duelist, seed, position"
        rows = connection.execute(f"SELECT {columns} FROM duel").fetchall()
        column = "sealed" if sealed else "action"
        actions = connection.execute(f"SELECT number, {column} FROM duel_actions ORDER BY number").fetchall()
        if not rows:
            if actions:
                raise self.refuse("duel_actions holds actions, but no duel is under way")
            return None
        if len(rows) > 1:
            raise self.refuse(f"the table 'duel' holds {len(rows)} duels; a campaign plays one at a time")
        duelist = rows[0][0]
        if duelist not in duelists():
            raise self.refuse(f"duel: the duelist {duelist!r} is not one (1 to {len(duelists())})")
        if sealed:
            opener = self._opener(rows[0])
            setup = self._json(opener("duel", rows[0][3]), "duel: the set-up")
            if not isinstance(setup, dict) or set(setup) != {"seed", "position"}:
                raise self.refuse("duel: the sealed set-up is not a seed and a position")
            seed_value, position_text = setup["seed"], json.dumps(setup["position"])
        else:
            opener = None
            seed_value, position_text = rows[0][1], rows[0][2]
        seed = self._whole(seed_value, "duel: the seed")
        if not isinstance(position_text, str):
            raise self.refuse("duel: the position is not JSON text")
        position = self._json(position_text, "duel: the position")
        if not isinstance(position, dict):
            raise self.refuse("duel: the position is not a JSON object")
        texts = []
        for expected, (number, stored) in enumerate(actions):
            if number != expected:
                raise self.refuse(f"duel_actions: action {expected} is missing")
            text = stored if opener is None else opener(f"action {number}", stored)
            if not isinstance(text, str) or not 0 < len(text) <= MAX_ACTION_TEXT:
                raise self.refuse(f"duel_actions: action {number} is {text!r}, not an action's text")
            texts.append(text)
        return SavedDuel(duelist, seed, position, tuple(texts))

    # -- sealing ---------------------------------------------------------------------------------
    def key(self) -> bytes:
        """The key that seals the duel under way: the one given, else the user's (made on first use)."""
        if self._key is None:
            try:
                self._key = user_key()
            except CardtableError as error:
                raise SaveError(f"campaign save {str(self.path)!r}: {error}") from None
            assert self._key is not None
        return self._key

    def _opener(self, row: tuple[object, ...]) -> Callable[[str, object], str]:
        """Opens the sealed parts of the duel in `row` (duelist, key id, nonce, sealed set-up)."""
        duelist, sealed_with, nonce_text, _ = row
        key = self.key()
        if sealed_with != key_id(key):
            raise SaveError(
                f"campaign save {str(self.path)!r}: its duel under way was sealed with another key "
                f"({sealed_with!r}, not this user's {key_id(key)!r} in {key_path()}): "
                "put back the key file it was played with, or move the save away"
            )
        try:
            nonce = bytes.fromhex(str(nonce_text))
        except ValueError:
            raise self.refuse(f"duel: the nonce {nonce_text!r} is not hex digits") from None

        def opened(label: str, sealed: object) -> str:
            try:
                return unseal(key, nonce, label, str(sealed), _bound(duelist)).decode("utf-8")
            except (BrokenSealError, UnicodeDecodeError) as error:
                part = "duel: the set-up" if label == "duel" else f"duel_actions: {label}"
                raise self.refuse(f"{part} was altered ({error})") from None

        return opened

    # -- writing --------------------------------------------------------------------------
    def save(self, progress: Progress) -> None:
        """Write the whole progress in one transaction: all of it lands, or none (a duel under way stays)."""
        with self._writing() as connection:
            self._write_progress(connection, progress)

    def start_duel(self, duelist: int, seed: int, position: dict[str, JSON]) -> None:
        """Keep a new campaign duel's set-up, sealed; it is under way until `end_duel`."""
        key = self.key()
        nonce = new_nonce()
        setup = json.dumps({"seed": seed, "position": position}).encode()
        row = (duelist, key_id(key), nonce.hex(), seal(key, nonce, "duel", setup, _bound(duelist)))
        with self._writing() as connection:
            connection.execute("DELETE FROM duel")
            connection.execute("DELETE FROM duel_actions")
            connection.execute("INSERT INTO duel VALUES (?, ?, ?, ?)", row)

    def add_action(self, number: int, text: str) -> None:
        """Keep the duel's action `number` (from 0), sealed; the action counts once this returns."""
        key = self.key()
        with self._writing() as connection:
            found = connection.execute("SELECT duelist, nonce FROM duel").fetchall()
            (stored,) = connection.execute("SELECT COUNT(*) FROM duel_actions").fetchone()
            if len(found) != 1 or stored != number:
                raise SaveError(
                    f"campaign save {str(self.path)!r} holds {stored} actions of "
                    f"{'the' if found else 'no'} duel under way, not {number}: another program changed it; "
                    "start cardtable campaign again"
                )
            duelist, nonce = found[0]
            sealed = seal(key, bytes.fromhex(nonce), f"action {number}", text.encode(), _bound(duelist))
            connection.execute("INSERT INTO duel_actions VALUES (?, ?)", (number, sealed))

    def end_duel(self, progress: Progress) -> None:
        """The duel is over: keep the progress it led to and drop the duel, in one transaction."""
        with self._writing() as connection:
            self._write_progress(connection, progress)
            connection.execute("DELETE FROM duel")
            connection.execute("DELETE FROM duel_actions")

    def _write_progress(self, connection: sqlite3.Connection, progress: Progress) -> None:
        problems = progress_problems(progress)
        if problems:
            raise CampaignError("the progress breaks the campaign's rules: " + "; ".join(problems))
        connection.execute("DELETE FROM meta WHERE key NOT IN ('schema', 'revision')")
        connection.execute("DELETE FROM collection")
        connection.execute("DELETE FROM records")
        connection.execute("DELETE FROM passwords_used")
        connection.executemany(
            "INSERT INTO passwords_used VALUES (?)",
            [(card_id,) for card_id in sorted(progress.passwords_used)],
        )
        connection.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [
                ("name", progress.name),
                ("starchips", str(progress.starchips)),
                ("deck", json.dumps(list(progress.deck))),
                ("next_opponent", str(progress.next_opponent)),
            ],
        )
        connection.executemany("INSERT INTO collection VALUES (?, ?)", sorted(progress.collection.items()))
        connection.executemany(
            "INSERT INTO records VALUES (?, ?, ?)",
            [(duelist, wins, losses) for duelist, (wins, losses) in sorted(progress.records.items())],
        )

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One transaction holding the write lock from its start: committed whole, or not at all."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=self.lock_wait, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise self._failure(error, "written") from None
        try:
            connection.execute("BEGIN IMMEDIATE")
            layout = self._check_layout(connection)
            stored = 0 if layout is None else layout[1]
            if layout is not None and layout[0] == 2:
                self._seal_clear_duel(connection)
            if self.revision is not None and stored != self.revision:
                raise SaveError(
                    f"campaign save {str(self.path)!r} was changed by another program since this one "
                    "read it (is another cardtable campaign running on it?): start cardtable campaign again"
                )
            for name, (columns, _) in TABLES.items():
                connection.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns})")
            connection.executemany(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                [("schema", str(SCHEMA_VERSION)), ("revision", str(stored + 1))],
            )
            yield connection
            connection.execute("COMMIT")
            self.revision = stored + 1
        except sqlite3.Error as error:
            raise self._failure(error, "written") from None
        finally:
            # Closing with the transaction still open rolls it back.
            connection.close()

    def _seal_clear_duel(self, connection: sqlite3.Connection) -> None:
        """Bring a format-2 save up to date: its duel under way, kept in the clear, is sealed."""
        duel = self._duel(connection, 2)
        for name in CLEAR_DUEL_TABLES:
            connection.execute(f"DROP TABLE {name}")
            connection.execute(f"CREATE TABLE {name} ({TABLES[name][0]})")
        if duel is None:
            return
        key, nonce = self.key(), new_nonce()
        setup = json.dumps({"seed": duel.seed, "position": duel.position}).encode()
        bound = _bound(duel.duelist)
        connection.execute(
            "INSERT INTO duel VALUES (?, ?, ?, ?)",
            (duel.duelist, key_id(key), nonce.hex(), seal(key, nonce, "duel", setup, bound)),
        )
        connection.executemany(
            "INSERT INTO duel_actions VALUES (?, ?)",
            [
                (number, seal(key, nonce, f"action {number}", text.encode(), bound))
                for number, text in enumerate(duel.actions)
            ],
        )

    def _failure(self, error: OSError | sqlite3.Error, doing: str) -> SaveError:
        """A failure of the file or of SQLite, told as what happened to the save and what to do."""
        where = f"campaign save {str(self.path)!r}"
        if isinstance(error, OSError):
            return SaveError(
                f"{where} cannot be {doing}: {error.strerror or error}; check the path and its folder"
            )
        code = getattr(error, "sqlite_errorname", "")
        if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return SaveError(
                f"{where} is locked by another program (another cardtable campaign?): close it and try again"
            )
        if code.startswith("SQLITE_READONLY"):
            return SaveError(
                f"{where} is read-only (the file or its folder): make both writable, "
                "or play with another save (--save FILE)"
            )
        if code.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
            return SaveError(
                f"{where} is damaged or not a campaign save ({error}): "
                "move it away to start a new campaign, or put back a copy"
            )
        if code.startswith("SQLITE_CANTOPEN"):
            return SaveError(f"{where} cannot be opened: check that its folder exists and may be written")
        if code.startswith("SQLITE_FULL"):
            return SaveError(f"{where} cannot be {doing}: the disk is full; free some space and try again")
        return SaveError(f"{where} cannot be {doing}: {error}")


def _bound(duelist: object) -> bytes:
    """What a sealed part of the duel is bound to: the duelist, kept in the clear."""
    return f"duelist {duelist}".encode()
