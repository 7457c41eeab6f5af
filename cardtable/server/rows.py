"""How both databases (`sqlite_storage.py`, `postgres_storage.py`) turn records into rows and back.

Their SQL differs; the columns, and the JSON in the text columns, are the same.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from typing import Any

from cardtable.server.storage import CampaignRecord, StoredTable, TableListing
from cardtable.server.table_events import TableEvent, events_schema


def schema(real: str, key_only: str) -> str:
    """The tables both databases keep, in a dialect's words: `real` a float column's type, `key_only`
    what ends a table whose rows are found by their primary key alone (SQLite's ` WITHOUT ROWID`)."""
    return f"""
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    creator TEXT NOT NULL,
    created {real} NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    outcome TEXT,
    finished {real}
);
CREATE INDEX IF NOT EXISTS tables_unfinished ON tables (created) WHERE finished IS NULL;
CREATE INDEX IF NOT EXISTS tables_created ON tables (created);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    time {real},
    PRIMARY KEY (table_id, number)
){key_only};
CREATE TABLE IF NOT EXISTS campaigns (
    token_hash TEXT PRIMARY KEY,
    progress TEXT NOT NULL,
    duel_table TEXT,
    duelist INTEGER,
    last_result TEXT,
    updated {real} NOT NULL
);
{events_schema(real, key_only)}"""


#: The columns of a stored table that `stored_table` reads, in its order.
TABLE_COLUMNS = "id, setup, token_hashes, creator, created, outcome"
#: The columns of a public table's listing that `listings` reads, in its order.
LISTING_COLUMNS = "id, game, setup, created, version, finished"
#: The columns of a campaign that `campaign` reads, in its order.
CAMPAIGN_COLUMNS = "progress, duel_table, duelist, last_result"


def _json_or_none(data: dict[str, Any] | None) -> str | None:
    return None if data is None else json.dumps(data)


def new_table(table: StoredTable) -> tuple[Any, ...]:
    """The values of a new table's row: id, game, setup, token_hashes, creator, created."""
    return (
        table.id,
        table.setup["game"],
        json.dumps(table.setup),
        json.dumps(list(table.token_hashes)),
        table.creator,
        table.created,
    )


def token_hashes(hashes: tuple[str | None, ...]) -> str:
    """A table's token hashes as its column holds them."""
    return json.dumps(list(hashes))


def table_after_action(number: int, outcome: dict[str, Any] | None, played: float) -> tuple[Any, ...]:
    """A table's version, outcome and finishing time once action `number` (from 0) is stored."""
    return number + 1, _json_or_none(outcome), None if outcome is None else played


def stored_table(
    row: tuple[Any, ...],
    actions: Iterable[tuple[int, str]],
    times: Iterable[float | None],
    events: Iterable[TableEvent],
) -> StoredTable:
    """A table from its row (`TABLE_COLUMNS`), its actions, their times and its events."""
    table_id, setup, hashes, creator, created, outcome = row
    return StoredTable(
        id=table_id,
        setup=json.loads(setup),
        token_hashes=tuple(json.loads(hashes)),
        creator=creator,
        created=created,
        actions=tuple((seat, text) for seat, text in actions),
        outcome=None if outcome is None else json.loads(outcome),
        times=tuple(times),
        events=tuple(events),
    )


def listings(rows: Iterable[tuple[Any, ...]]) -> list[TableListing]:
    """The list of tables from their rows (`LISTING_COLUMNS`): the players named, not their secrets."""
    listing = []
    for table_id, game, setup, created, version, finished in rows:
        players = tuple(seat["name"] for seat in json.loads(setup)["seats"])
        listing.append(TableListing(table_id, game, players, created, version, finished is not None))
    return listing


def campaign(token_hash: str, row: tuple[Any, ...]) -> CampaignRecord:
    """A campaign from its row (`CAMPAIGN_COLUMNS`)."""
    progress, duel_table, duelist, last_result = row
    last = None if last_result is None else json.loads(last_result)
    return CampaignRecord(token_hash, json.loads(progress), duel_table, duelist, last)


def campaign_row(record: CampaignRecord) -> tuple[Any, ...]:
    """The values of a campaign's row: token_hash, progress, duel_table, duelist, last_result, updated."""
    return (
        record.token_hash,
        json.dumps(record.progress),
        record.duel_table,
        record.duelist,
        _json_or_none(record.last_result),
        time.time(),
    )
