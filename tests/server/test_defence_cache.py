"""Finished tables asked for again and again are answered from memory, not by replaying each game."""

from __future__ import annotations

import random
import time
from pathlib import Path

import httpx

from cardtable.games import get_game
from cardtable.server.limits import Limits
from cardtable.server.recent import Recent
from cardtable.server.service import FINISHED_KEPT
from cardtable.server.setup import read_table_request
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.storage import TableRecord
from tests.server.defence_helpers import LoggedServer

#: More finished tables than the server keeps rebuilt in memory.
TABLES = FINISHED_KEPT + 14
REBUILT = "rebuilt from storage"


def _finished_tables(database: Path, count: int) -> list[str]:
    """Store `count` finished DRUMP tables, each a game of two random players."""
    storage = SqliteStorage(database)
    game = get_game("drump")
    rng = random.Random(20)
    ids = []
    for number in range(count):
        request = {"protocol": 1, "game": "drump", "seats": [{"bot": "random"}, {"bot": "random"}]}
        setup = read_table_request(request, Limits())
        table_id = f"{number:010x}"
        storage.create_table(TableRecord(table_id, setup, (None, None), "127.0.0.1", time.time()))
        match = setup.start_match()
        while not match.is_over:
            seat = match.current_seat
            assert seat is not None
            text = game.format_action(rng.choice(match.legal_actions()))
            match.play(text, seat)
            outcome = None if match.outcome is None else match.outcome.to_json()
            storage.append_action(table_id, len(match.moves) - 1, seat, text, outcome)
        ids.append(table_id)
    storage.close()
    return ids


def test_a_flood_of_summaries_and_replays_replays_each_game_once(tmp_path: Path) -> None:
    database = tmp_path / "tables.sqlite"
    ids = _finished_tables(database, TABLES)
    server = LoggedServer(database, options=("--log-level", "debug")).start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as client:
            for _ in range(3):
                for table_id in ids:
                    summary = client.get(f"/api/tables/{table_id}")
                    assert summary.status_code == 200 and summary.json()["finished"]
            for _ in range(2):
                for table_id in ids:
                    assert client.get(f"/api/tables/{table_id}/replay").status_code == 200
    finally:
        server.stop()
    rebuilt = server.log.read_text().count(REBUILT)
    assert rebuilt == TABLES, f"{rebuilt} games replayed for {TABLES} tables"


def test_the_cache_is_bounded_by_weight_and_drops_the_least_recent() -> None:
    kept: Recent[str, list[int]] = Recent(5, len)
    kept.put("a", [1, 2])
    kept.put("b", [1, 2])
    assert kept.get("a") == [1, 2]
    kept.put("c", [1, 2])
    assert kept.get("b") is None and kept.get("a") is not None and kept.total == 4
    kept.put("huge", [0] * 6)
    assert kept.get("huge") is None and len(kept) == 2
