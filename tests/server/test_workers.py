"""The bot workers: below the server's priority, given in turn to the parties that wait, never waited on
forever."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from cardtable.games import get_game
from cardtable.server.limits import Limits
from cardtable.server.protocol import ProtocolError
from cardtable.server.service import TableService
from cardtable.server.setup import SeatSpec, TableSetup, seat_bot
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.tables import LiveTable
from cardtable.server.workers import NICENESS, BotPool, BotRequest, FairQueue, WorkerFailed
from tests.server.helpers import ServerProcess
from tests.server.worker_bots import NappingBot

SETUP = TableSetup(
    "drump", 5, {}, (SeatSpec("Robin (bot)", bot="random"), SeatSpec("Sasha (bot)", bot="random"))
)


def _request() -> BotRequest:
    seat = SETUP.start_match().current_seat
    assert seat is not None
    return BotRequest("t", SETUP, (), seat, seat_bot(SETUP.seats[seat], get_game("drump")))


def test_a_free_worker_goes_to_the_parties_in_turn_not_first_come() -> None:
    async def scenario() -> list[str]:
        queue = FairQueue()
        # One party asks three times before another asks once.
        futures = [(party, queue.wait(party)) for party in ("many", "many", "many", "one", "other")]
        served = []
        while (future := queue.next()) is not None:
            served.append(next(party for party, waiting in futures if waiting is future))
        return served

    assert asyncio.run(scenario()) == ["many", "one", "other", "many", "many"]


def test_a_cancelled_wait_is_skipped() -> None:
    async def scenario() -> bool:
        queue = FairQueue()
        first, second = queue.wait("a"), queue.wait("b")
        first.cancel()
        return queue.next() is second and queue.next() is None

    assert asyncio.run(scenario())


@pytest.mark.parametrize("priority", ["idle", "low"])
def test_search_workers_run_below_the_servers_priority(priority: str) -> None:
    async def scenario() -> dict[bool, set[tuple[int, int]]]:
        pool = BotPool(1, 1, priority)
        pool.start()
        try:
            # A move each makes sure the worker has started and lowered its priority.
            request = _request()
            await pool.think(request, False)
            await pool.think(request, True)
            return {
                searching: {
                    (
                        os.getpriority(os.PRIO_PROCESS, worker.process.pid or 0),
                        os.sched_getscheduler(worker.process.pid or 0),
                    )
                    for worker in pool.workers
                    if worker.searching == searching
                }
                for searching in (False, True)
            }
        finally:
            pool.close()

    own = os.getpriority(os.PRIO_PROCESS, 0)
    priorities = asyncio.run(scenario())
    # Searches in the idle class (Linux): they give way at once to the event loop when it wakes. At the
    # `low` priority, for a host busy with other work, the nice level alone.
    assert priorities == {
        False: {(min(19, own + NICENESS[False]), os.SCHED_OTHER)},
        True: {(min(19, own + NICENESS[True]), os.SCHED_IDLE if priority == "idle" else os.SCHED_OTHER)},
    }


@pytest.mark.parametrize(
    ("arguments", "scheduler"), [((), "SCHED_IDLE"), (("--search-priority", "low"), "SCHED_OTHER")]
)
def test_the_server_runs_its_search_workers_at_the_priority_it_is_given(
    tmp_path: Path, arguments: tuple[str, ...], scheduler: str
) -> None:
    server = ServerProcess(tmp_path / "tables.db", arguments=arguments).start()
    try:
        assert server.process is not None
        own = os.getpriority(os.PRIO_PROCESS, server.process.pid)
        # The search worker is the server's child below it by the search's nice levels, once it has
        # lowered itself.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            children = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
            pids = [int(pid) for pid in children.read_text().split()]
            lowered = [
                pid for pid in pids if os.getpriority(os.PRIO_PROCESS, pid) == min(19, own + NICENESS[True])
            ]
            if lowered:
                break
            time.sleep(0.1)
        assert len(lowered) == 1, f"no search worker below the server among {pids}"
        assert os.sched_getscheduler(lowered[0]) == getattr(os, scheduler)
    finally:
        server.stop()


def test_an_unknown_search_priority_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="search priority 'lowest': one of idle, low"):
        BotPool(1, 1, "lowest")


def test_with_no_worker_left_a_request_fails_at_once() -> None:
    async def scenario() -> str:
        pool = BotPool(0, 0)
        pool.start()
        request = _request()
        try:
            await asyncio.wait_for(pool.think(request, False), 5)
        except WorkerFailed as error:
            return error.kind
        return "answered"

    assert asyncio.run(scenario()) == "no bot worker is left"


def test_tables_of_bots_only_are_refused_past_the_servers_budget(tmp_path: Path) -> None:
    async def scenario() -> tuple[str, str]:
        storage = SqliteStorage(tmp_path / "tables.sqlite")
        service = TableService(storage, BotPool(0, 0), Limits(max_bot_tables=2))
        bots = {"protocol": 1, "game": "drump", "seats": [{"bot": "random", "pace": 30}] * 2}
        try:
            for _ in range(2):
                service.create(bots, "127.0.0.1")
            with pytest.raises(ProtocolError) as refused:
                service.create(bots, "127.0.0.2")
            # A table with a person at it is not counted, nor refused.
            service.create({**bots, "seats": [{"person": "Ann"}, {"bot": "random"}]}, "127.0.0.2")
            return refused.value.code, refused.value.message
        finally:
            await service.close()
            storage.close()

    code, message = asyncio.run(scenario())
    assert code == "limit" and "max_bot_tables" in message and "2 tables of bots only" in message


def test_a_finished_table_of_bots_gives_its_place_in_the_budget_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        storage = SqliteStorage(tmp_path / "tables.sqlite")
        service = TableService(storage, BotPool(0, 0), Limits(max_bot_tables=1))
        bots = {"protocol": 1, "game": "drump", "seats": [{"bot": "random", "pace": 30}] * 2}
        try:
            table, _ = service.create(bots, "127.0.0.1")
            with pytest.raises(ProtocolError):
                service.create(bots, "127.0.0.1")
            while not table.match.is_over:  # played to its end here, as its bots would
                table.match.play(table.game.format_action(table.match.legal_actions()[0]))
                service._commit(table, None, None)
            service.create(bots, "127.0.0.1")
            assert service.unfinished_counts("127.0.0.1").bots_only == 1
        finally:
            await service.close()
            storage.close()

    asyncio.run(scenario())


def test_a_new_table_does_not_walk_every_table_held(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting the tables the limits hold is kept as they come and go: walking them all for every
    new table cost milliseconds of the event loop at a thousand tables (docs/server.md, "Load")."""
    looked_at = []
    finished = LiveTable.finished.fget
    assert finished is not None
    monkeypatch.setattr(LiveTable, "finished", property(lambda table: looked_at.append(1) or finished(table)))

    async def scenario() -> int:
        storage = SqliteStorage(tmp_path / "tables.sqlite")
        service = TableService(storage, BotPool(0, 0), Limits(max_tables_per_address=100))
        person = {"protocol": 1, "game": "drump", "seats": [{"person": "Ann"}, {"bot": "random", "pace": 30}]}
        try:
            for _ in range(40):
                service.create(person, "127.0.0.1")
            looked_at.clear()
            service.create(person, "127.0.0.1")
            return len(looked_at)
        finally:
            await service.close()
            storage.close()

    assert asyncio.run(scenario()) < 5


def test_a_busy_worker_serves_the_waiting_parties_in_turn() -> None:
    async def scenario() -> list[str]:
        pool = BotPool(0, 1)
        pool.start()
        done: list[str] = []
        base = _request()
        request = BotRequest(base.table, base.setup, base.actions, base.seat, NappingBot())

        async def ask(party: str) -> None:
            await pool.think(request, True, party)
            done.append(party)

        try:
            # One client's three tables ask before another's one: the first takes the idle worker, and of
            # those who wait the other client's comes second (first come first served would make it last).
            tasks = [asyncio.create_task(ask(party)) for party in ("many", "many", "many", "one")]
            await asyncio.wait_for(asyncio.gather(*tasks), 60)
        finally:
            pool.close()
        return done

    assert asyncio.run(scenario()) == ["many", "many", "one", "many"]
