"""The campaign's save: the progress kept in one SQLite file.

Every change is one transaction, so a crash mid-save loses nothing that was
saved before.  With no path given, the save is fm-campaign.sqlite in the
user's data directory.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from platformdirs import user_data_dir

from cardtable.games.fm.campaign import CampaignError, Progress

SCHEMA_VERSION = 1


def campaign_store(path: str | None) -> CampaignStore:
    """The campaign's save: `path`, or fm-campaign.sqlite in the user's data directory."""
    return CampaignStore(Path(path) if path else Path(user_data_dir("cardtable")) / "fm-campaign.sqlite")


class CampaignStore:
    """A campaign kept in one SQLite file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction on the save: committed whole at the end, rolled back on any error."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path)
        try:
            with connection:
                connection.execute(
                    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
                )
                connection.execute(
                    "CREATE TABLE IF NOT EXISTS collection (card INTEGER PRIMARY KEY, copies INTEGER)"
                )
                connection.execute(
                    "CREATE TABLE IF NOT EXISTS records "
                    "(duelist INTEGER PRIMARY KEY, wins INTEGER, losses INTEGER)"
                )
                yield connection
        finally:
            connection.close()

    def load(self) -> Progress | None:
        """The saved progress, or None if there is no campaign yet."""
        if not self.path.exists():
            return None
        try:
            with self._transaction() as connection:
                meta = dict(connection.execute("SELECT key, value FROM meta").fetchall())
                if not meta:
                    return None
                if int(meta.get("schema", 0)) != SCHEMA_VERSION:
                    raise CampaignError(f"campaign save {str(self.path)!r} has schema {meta.get('schema')!r}")
                collection = dict(connection.execute("SELECT card, copies FROM collection").fetchall())
                records = {
                    duelist: (wins, losses)
                    for duelist, wins, losses in connection.execute(
                        "SELECT duelist, wins, losses FROM records"
                    )
                }
        except sqlite3.DatabaseError as error:
            raise CampaignError(f"campaign save {str(self.path)!r} cannot be read: {error}") from None
        return Progress(
            meta["name"],
            int(meta["starchips"]),
            collection,
            tuple(json.loads(meta["deck"])),
            int(meta["next_opponent"]),
            records,
        )

    def save(self, progress: Progress) -> None:
        """Write the whole progress in one transaction: all of it lands, or none."""
        with self._transaction() as connection:
            connection.execute("DELETE FROM meta")
            connection.execute("DELETE FROM collection")
            connection.execute("DELETE FROM records")
            connection.executemany(
                "INSERT INTO meta VALUES (?, ?)",
                [
                    ("schema", str(SCHEMA_VERSION)),
                    ("name", progress.name),
                    ("starchips", str(progress.starchips)),
                    ("deck", json.dumps(list(progress.deck))),
                    ("next_opponent", str(progress.next_opponent)),
                ],
            )
            connection.executemany(
                "INSERT INTO collection VALUES (?, ?)", sorted(progress.collection.items())
            )
            connection.executemany(
                "INSERT INTO records VALUES (?, ?, ?)",
                [(duelist, wins, losses) for duelist, (wins, losses) in sorted(progress.records.items())],
            )
