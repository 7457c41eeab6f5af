"""A bot that fails never freezes its table: it is tried again in a new worker, then stood in for.

The failing bots are kinds known only here; they travel to real worker processes as any bot does,
and a worker is killed for real in the middle of a move.  The random bot's moves are drawn in the
server, as a worker would draw them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import signal
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.players import RandomBot
from cardtable.server import bot_loop
from cardtable.server.limits import Limits
from cardtable.server.service import TableService
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.tables import Connection, LiveTable
from cardtable.server.workers import BotPool, BotRequest, think
from tests.server.worker_bots import HangingBot, IllegalBot, PidBot, RaisingBot

#: Frames a test waits for before it fails (seconds).
WAIT = 60.0
LIMITS = Limits(bot_move_seconds=30.0)


async def _at_table(
    tmp_path: Path,
    bot: Any,
    until: Callable[[dict[str, Any], LiveTable], bool],
    limits: Limits = LIMITS,
    meanwhile: Callable[[], Awaitable[None]] | None = None,
    quick_workers: int = 1,
) -> tuple[list[dict[str, Any]], LiveTable]:
    """A DRUMP table of Ann (played by the test, the first legal move each time) and a bot seat played
    by `bot`; returns the frames Ann received until one satisfied `until`, and the table."""
    storage = SqliteStorage(tmp_path / "tables.sqlite")
    pool = BotPool(quick_workers, 1)
    pool.start()
    service = TableService(storage, pool, limits)
    request = {
        "protocol": 1,
        "game": "drump",
        "seats": [{"person": "Ann"}, {"bot": "heuristic", "name": "Robin (bot)"}],
    }
    table, grants = service.create(request, "127.0.0.1")
    tokens = grants.tokens
    # Before the event loop runs the bot loop the table just scheduled.
    table.bots[1] = bot
    ann = Connection("127.0.0.1", limits)
    service.receive(
        ann, json.dumps({"type": "join", "protocol": 1, "table": table.id, "token": tokens[0]}), {}
    )
    side = asyncio.get_running_loop().create_task(meanwhile()) if meanwhile is not None else None
    frames: list[dict[str, Any]] = []
    try:
        while True:
            text = await asyncio.wait_for(ann.outbox.get(), WAIT)
            assert text is not None
            data = json.loads(text)
            frames.append(data)
            if until(data, table):
                return frames, table
            if data["type"] == "state" and data["legal"]:
                action = {"type": "action", "id": 0, "version": data["version"]}
                service.receive(ann, json.dumps(action), {})
    finally:
        if side is not None:
            side.cancel()
        await service.close()
        pool.close()
        storage.close()


def _is_info(data: dict[str, Any], table: LiveTable) -> bool:
    return data["type"] == "info"


def _bot_moved(data: dict[str, Any], table: LiveTable) -> bool:
    return data["type"] == "state" and any(move.seat == 1 for move in table.match.moves)


def _check_stood_in(frames: list[dict[str, Any]], table: LiveTable, failure: str) -> None:
    info = frames[-1]
    assert info["seat"] == 2 and failure in info["text"], info
    assert "the heuristic bot made this move" in info["text"], info
    # The stand-in's move is played and stored, and the table goes on.
    assert table.match.moves[-1].seat == 1
    assert table.texts == [table.game.format_action(move.action) for move in table.match.moves]


def test_a_bot_that_raises_is_tried_in_a_new_worker_then_the_heuristic_moves(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, "cardtable.server")
    frames, table = asyncio.run(_at_table(tmp_path, RaisingBot(), _is_info))
    _check_stood_in(frames, table, "it raised an error; then it raised an error")
    # The table is told the kind of failure only; the log names it whole.
    assert "7h" not in frames[-1]["text"]
    failures = [record.getMessage() for record in caplog.records if "I hold the 7h" in record.getMessage()]
    assert len(failures) >= 2 and all(f"table {table.id}" in line for line in failures)


def test_a_bot_that_chooses_an_illegal_move_is_stood_in_for(tmp_path: Path) -> None:
    frames, table = asyncio.run(_at_table(tmp_path, IllegalBot(), _is_info))
    _check_stood_in(frames, table, "it chose a move the rules refuse; then it chose a move the rules refuse")


def test_a_bot_that_thinks_past_its_limit_has_its_worker_ended(tmp_path: Path) -> None:
    limits = Limits(bot_move_seconds=0.5)
    frames, table = asyncio.run(_at_table(tmp_path, HangingBot(), _is_info, limits))
    _check_stood_in(frames, table, "it thought longer than 0.5 s; then it thought longer than 0.5 s")


def test_a_worker_killed_mid_thought_is_replaced_and_the_move_asked_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, "cardtable.server")
    marker = tmp_path / "pid"

    async def kill_the_thinker() -> None:
        while not marker.exists() or not marker.read_text():
            await asyncio.sleep(0.05)
        os.kill(int(marker.read_text()), signal.SIGKILL)

    frames, table = asyncio.run(_at_table(tmp_path, PidBot(marker), _bot_moved, meanwhile=kill_the_thinker))
    # The bot's own move, from a new worker: no stand-in, and the table was not told of one.
    assert not any(data["type"] == "info" for data in frames)
    assert table.match.moves[-1].seat == 1
    assert any("worker process died" in record.getMessage() for record in caplog.records)


def test_when_the_heuristic_fails_too_a_random_legal_move_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(spec: str, game: Any) -> Any:
        return RaisingBot()

    monkeypatch.setattr(bot_loop, "make_opponent", broken)
    frames, table = asyncio.run(_at_table(tmp_path, RaisingBot(), _is_info))
    assert "a random legal move made this move" in frames[-1]["text"]
    assert table.match.moves[-1].seat == 1


def _bot_moved_thrice(data: dict[str, Any], table: LiveTable) -> bool:
    return data["type"] == "state" and sum(move.seat == 1 for move in table.match.moves) >= 3


def test_the_random_bots_moves_are_drawn_in_the_server_as_a_worker_would_draw_them(tmp_path: Path) -> None:
    # No worker for the quick bots at all: a move asked of one would fail, and be stood in for.
    frames, table = asyncio.run(_at_table(tmp_path, RandomBot(), _bot_moved_thrice, quick_workers=0))
    assert not any(data["type"] == "info" for data in frames)
    bot_moves = [number for number, move in enumerate(table.match.moves) if move.seat == 1]
    assert len(bot_moves) >= 3
    for number in bot_moves:
        request = BotRequest(table.id, table.setup, tuple(table.texts[:number]), 1, RandomBot())
        assert think(request).text == table.texts[number]


def test_a_random_bot_that_raises_in_the_server_is_tried_in_a_new_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, "cardtable.server")

    def broken(self: RandomBot, legal: Sequence[Any], rng: random.Random) -> Any:
        raise ValueError("I hold the 7h and cannot decide")

    # Broken in the server's process only: the worker, a process of its own, draws as ever.
    monkeypatch.setattr(RandomBot, "choose_blind", broken)
    frames, table = asyncio.run(_at_table(tmp_path, RandomBot(), _bot_moved))
    assert not any(data["type"] == "info" for data in frames)
    assert table.match.moves[-1].seat == 1
    assert any("I hold the 7h" in record.getMessage() for record in caplog.records)


def test_a_bot_loop_stopped_by_storage_starts_again_when_someone_joins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_loop, "STORAGE_RETRY_PAUSE", 0.0)

    async def scenario() -> tuple[bool, bool]:
        storage = SqliteStorage(tmp_path / "tables.sqlite")
        pool = BotPool(1, 1)
        pool.start()
        service = TableService(storage, pool, LIMITS)
        store = storage.append_action

        def refuse_bots(table: str, index: int, seat: int, text: str, *rest: Any) -> None:
            if seat == 1:
                raise OSError("disk full")
            store(table, index, seat, text, *rest)

        monkeypatch.setattr(storage, "append_action", refuse_bots)
        request = {"protocol": 1, "game": "drump", "seats": [{"person": "Ann"}, {"bot": "random"}]}
        table, grants = service.create(request, "127.0.0.1")
        tokens = grants.tokens
        join = json.dumps({"type": "join", "protocol": 1, "table": table.id, "token": tokens[0]})
        ann = Connection("127.0.0.1", LIMITS)
        service.receive(ann, join, {})
        try:
            deadline = time.monotonic() + WAIT
            while not (
                table.match.current_seat == 1 and table.bot_task is not None and table.bot_task.done()
            ):
                assert time.monotonic() < deadline, "the bot's loop never stopped"
                if table.match.current_seat == 0:
                    service.receive(
                        ann, json.dumps({"type": "action", "id": 0, "version": table.version}), {}
                    )
                await asyncio.sleep(0.05)
            stopped = not any(move.seat == 1 for move in table.match.moves)
            monkeypatch.setattr(storage, "append_action", store)
            service.receive(Connection("127.0.0.1", LIMITS), join, {})
            deadline = time.monotonic() + WAIT
            while not any(move.seat == 1 for move in table.match.moves):
                assert time.monotonic() < deadline, "the bot never moved again"
                await asyncio.sleep(0.05)
            return stopped, True
        finally:
            await service.close()
            pool.close()
            storage.close()

    assert asyncio.run(scenario()) == (True, True)
