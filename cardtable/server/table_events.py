"""What the server stores of a table besides its actions: when each action came, and how the table ended.

A table's lifecycle (`cardtable/server/lifecycle.py`) needs two things its
action list does not hold:

- **When each action was taken** (`actions.time`, seconds since the epoch):
  a table's clocks are rebuilt from these after a restart, and a table
  nobody has played on for a while is found by its last one.
- **Its events** (`table_events`): a seat that withdrew (resigned, ran out
  of time, stayed away; the kind is `Match.withdraw`'s why) and the closing
  of a table without a result, each after the number of actions it followed
  (`at`), in order.  An event that ends the game is stored in the same
  transaction as the table's outcome.

Both are a migration of their own over the tables of `storage.py`: a
database written by an older server gains the column and the table on
first use, its actions without a time (the table's creation stands for them).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

#: The kind of the event that closes a table (a seat's withdrawal has its reason as its kind).
CLOSED = "closed"


def events_schema(real: str, key_only: str) -> str:
    """The events table in a dialect's words (see `rows.schema`)."""
    return f"""
CREATE TABLE IF NOT EXISTS table_events (
    table_id TEXT NOT NULL REFERENCES tables (id),
    number INTEGER NOT NULL,
    at INTEGER NOT NULL,
    seat INTEGER,
    kind TEXT NOT NULL,
    detail TEXT NOT NULL,
    time {real} NOT NULL,
    PRIMARY KEY (table_id, number)
){key_only};
"""


@dataclass(frozen=True)
class TableEvent:
    """A seat's withdrawal (seat from 0, kind its why) or the table's closing (no seat, kind `closed`)."""

    #: The number of the table's stored lines (actions and undos) before it.
    at: int
    seat: int | None
    kind: str
    #: In words: the closing's reason (empty for a withdrawal).
    detail: str = ""
    time: float = 0.0


def migrate(connection: sqlite3.Connection) -> None:
    """Add the action times to a database of an older server (its events table comes with the schema)."""
    columns = {row[1] for row in connection.execute("PRAGMA table_info(actions)")}
    if "time" not in columns:
        connection.execute("ALTER TABLE actions ADD COLUMN time REAL")


def event_statements(
    table_id: str, number: int, event: TableEvent, outcome: dict[str, Any] | None
) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements that store event `number` (from 0) of a table, and the outcome if it ended the game."""
    statements: list[tuple[str, tuple[Any, ...]]] = [
        (
            "INSERT INTO table_events (table_id, number, at, seat, kind, detail, time) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table_id, number, event.at, event.seat, event.kind, event.detail, event.time),
        )
    ]
    if outcome is not None:
        statements.append(
            (
                "UPDATE tables SET outcome = ?, finished = ? WHERE id = ?",
                (json.dumps(outcome), event.time, table_id),
            )
        )
    return statements


def load_events(connection: sqlite3.Connection, table_id: str) -> tuple[TableEvent, ...]:
    """A table's events, in order."""
    rows = connection.execute(
        "SELECT at, seat, kind, detail, time FROM table_events WHERE table_id = ? ORDER BY number",
        (table_id,),
    ).fetchall()
    return tuple(TableEvent(at, seat, kind, detail, time) for at, seat, kind, detail, time in rows)


def load_times(connection: sqlite3.Connection, table_id: str) -> tuple[float | None, ...]:
    """When each of a table's actions was taken, in order (None: stored by an older server)."""
    rows = connection.execute(
        "SELECT time FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
    ).fetchall()
    return tuple(time for (time,) in rows)
