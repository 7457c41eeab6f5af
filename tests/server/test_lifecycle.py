"""Tables that end: resign, clocks and claims, a disconnect countdown, expiry, closing (an injected clock)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.server import app as application
from cardtable.server import tables
from cardtable.server.invitations import Grants
from cardtable.server.limits import Limits
from cardtable.server.service import TableService
from cardtable.server.sqlite_storage import SqliteStorage
from cardtable.server.tables import Connection, LiveTable
from cardtable.server.workers import BotPool

START = 1_800_000_000.0
DAY = 86400.0


class Clock:
    """The service's time, moved by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def _service(path: Path, clock: Clock, pool: BotPool | None = None, **limits: Any) -> TableService:
    return TableService(SqliteStorage(path), pool, Limits(**limits), clock)  # type: ignore[arg-type]


def _frames(connection: Connection) -> list[dict[str, Any]]:
    frames = []
    while not connection.outbox.empty():
        text = connection.outbox.get_nowait()
        if text is not None:
            frames.append(json.loads(text))
    return frames


def _send(service: TableService, connection: Connection, message: dict[str, Any]) -> list[dict[str, Any]]:
    """The frames the connection gets for a message (those it had before are dropped)."""
    _frames(connection)
    service.receive(connection, json.dumps(message), {})
    return _frames(connection)


def _seated(service: TableService, table: LiveTable, token: str | None) -> Connection:
    connection = Connection("127.0.0.1", Limits())
    _send(service, connection, {"type": "join", "protocol": 1, "table": table.id, "token": token})
    return connection


def _people(count: int, game: str = "drump", **extra: Any) -> dict[str, Any]:
    seats = [{"person": name} for name in ["Ann", "Bob", "Cara", "Dan", "Eve"][:count]]
    # The test plays every person's seat: a hot-seat table gives it every seat's token at once.
    return {"protocol": 1, "game": game, "seats": seats, "hot_seat": True, **extra}


def _made(created: tuple[LiveTable, Grants]) -> tuple[LiveTable, tuple[str | None, ...]]:
    """A table just made and every seat's token (a hot-seat table's maker holds them all)."""
    table, grants = created
    return table, grants.tokens


def _act(service: TableService, table: LiveTable, connections: dict[int, Connection]) -> None:
    """The seat to act plays its first legal action."""
    seat = table.match.current_seat
    assert seat is not None
    answer = _send(service, connections[seat], {"type": "action", "id": 0, "version": table.version})
    assert answer[0]["type"] == "ack", answer


def _run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(scenario())


def test_a_resign_at_two_seats_ends_the_game_stored_before_it_is_told(tmp_path: Path) -> None:
    async def scenario() -> None:
        service = _service(tmp_path / "t.sqlite", Clock())
        table, tokens = _made(service.create(_people(2), "10.0.0.1"))
        ann, bob = _seated(service, table, tokens[0]), _seated(service, table, tokens[1])
        watcher = _seated(service, table, None)
        assert _send(service, watcher, {"type": "resign", "ref": 1})[0]["code"] == "spectator"
        _frames(bob)
        told = _send(service, ann, {"type": "resign", "ref": "r1"})
        assert [frame["type"] for frame in told] == ["withdrawn", "state", "game_over"]
        assert told[0] | {"seats": None} == {
            "type": "withdrawn",
            "table": table.id,
            "seat": 1,
            "name": "Ann",
            "why": "resigned",
            "seats": None,
            "ref": "r1",
        }
        outcome = told[2]["outcome"]
        assert (
            outcome["winners"] == [2]
            and outcome["ending"] == "resigned"
            and outcome["reason"] == "Ann resigned"
        )
        assert told[1]["legal"] == [] and told[1]["to_act"] is None
        others = _frames(bob)
        assert [frame["type"] for frame in others] == ["withdrawn", "state", "game_over"]
        assert others[0]["ref"] is None
        assert _send(service, bob, {"type": "resign"})[0]["code"] == "game_over"
        assert not service.tables_by_address
        # The replay records the resign; a new service over the same database rebuilds the ending.
        assert {"seat": 1, "withdraws": "resigned"} in (service.replay(table.id) or [])
        again = _service(tmp_path / "t.sqlite", Clock())
        assert again.recover() == 0
        rebuilt = again.find(table.id)
        assert rebuilt is not None and rebuilt.finished and rebuilt.match.outcome.to_json() == outcome

    _run(scenario)


def test_a_resign_at_three_seats_puts_a_bot_in_the_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "TAKEOVER_PACE", 0.0)

    async def scenario() -> None:
        pool = BotPool(1, 1)
        pool.start()
        try:
            service = _service(tmp_path / "t.sqlite", Clock(), pool)
            table, tokens = _made(service.create(_people(3, "scout"), "10.0.0.1"))
            people = {seat: _seated(service, table, tokens[seat]) for seat in range(3)}
            told = _send(service, people[1], {"type": "resign"})
            assert told[0]["type"] == "withdrawn" and told[0]["why"] == "resigned"
            assert told[0]["seats"][1] | {"connected": None} == {
                "seat": 2,
                "name": "Bob (bot)",
                "kind": "bot",
                "bot": "heuristic",
                "connected": None,
                "claimed": None,
                "invited": None,
                "left": "resigned",
            }
            assert not table.finished and service.tables_by_address["10.0.0.1"] == 1
            # Bob watches on as a spectator: he sees no more of the hand the bot now plays.
            assert [frame["type"] for frame in told] == ["withdrawn", "joined", "state"]
            assert told[1]["seat"] is None and told[2]["seat"] is None and told[2]["log"]["from"] == 0
            assert told[2]["view"] | {"log": None} == json.loads(
                json.dumps(table.match.view(None).to_json(with_log=False))
            ) | {"log": None}
            rejoined = _send(
                service, people[1], {"type": "join", "protocol": 1, "table": table.id, "token": tokens[1]}
            )
            assert rejoined[0]["seat"] is None and rejoined[1]["legal"] == []
            rng = random.Random(4)
            bot_moves = 0
            while not table.finished:
                seat = table.match.current_seat
                assert seat is not None
                if seat == 1:
                    before = table.version
                    # The person who resigned holds the seat's token, but may not act for the bot.
                    refused = _send(service, people[1], {"type": "action", "id": 0, "version": before})
                    assert refused[-1]["code"] == "spectator"
                    for _ in range(2000):
                        await asyncio.sleep(0.005)
                        if table.version > before:
                            break
                    assert table.version > before, "the bot did not play the resigned seat"
                    bot_moves += 1
                    continue
                legal = table.match.legal_actions()
                message = {"type": "action", "id": rng.randrange(len(legal)), "version": table.version}
                assert _send(service, people[seat], message)[0]["type"] == "ack"
            assert bot_moves > 0
            outcome = table.match.outcome
            assert outcome is not None and outcome.withdrawn == ((1, "resigned"),)
            stored = service.storage.load_table(table.id)
            assert stored is not None and stored.outcome == outcome.to_json()
        finally:
            pool.close()

    _run(scenario)


def test_a_move_timed_out_may_be_claimed_and_not_before(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        service = _service(tmp_path / "t.sqlite", clock)
        refused = [
            ({"move": 0}, "should be 1 to"),
            ({"increment": 3}, "needs a 'bank'"),
            ({"move": 5, "bank": 9}, "no bank"),
        ]
        for clock_request, message in refused:
            with pytest.raises(Exception, match=message):
                service.create(_people(2, clock=clock_request), "10.0.0.1")
        table, tokens = _made(service.create(_people(2, clock={"move": 60}), "10.0.0.1"))
        people = {seat: _seated(service, table, tokens[seat]) for seat in range(2)}
        acting = table.match.current_seat
        assert acting is not None
        other = 1 - acting
        clock.now += 30
        state = _send(
            service, people[other], {"type": "join", "protocol": 1, "table": table.id, "token": tokens[other]}
        )[1]
        assert state["clock"]["left"][acting] == 30.0 and state["clock"]["running"] == acting + 1
        early = _send(service, people[other], {"type": "claim"})
        assert early[0]["code"] == "no_claim" and "for 30 s" in early[0]["message"]
        assert "you are to act" in _send(service, people[acting], {"type": "claim"})[0]["message"]
        clock.now += 31
        told = _send(service, people[other], {"type": "claim", "ref": 5})
        assert [frame["type"] for frame in told] == ["withdrawn", "state", "game_over"]
        assert told[0]["ref"] == 5 and told[0]["why"] == "timeout"
        assert told[2]["outcome"]["winners"] == [other + 1] and told[2]["outcome"]["ending"] == "timeout"

    _run(scenario)


def test_a_claim_at_a_larger_table_puts_a_bot_in_the_seat_out_of_time(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        service = _service(tmp_path / "t.sqlite", clock)
        table, tokens = _made(service.create(_people(3, "dnup", clock={"move": 30}), "10.0.0.1"))
        people = {seat: _seated(service, table, tokens[seat]) for seat in range(3)}
        acting = table.match.current_seat
        assert acting is not None
        claimer = (acting + 1) % 3
        clock.now += 31
        told = _send(service, people[claimer], {"type": "claim"})
        assert told[0]["type"] == "withdrawn" and told[0]["why"] == "timeout"
        assert told[0]["seats"][acting]["kind"] == "bot" and told[0]["seats"][acting]["left"] == "timeout"
        assert not table.finished and acting in table.bots
        assert _send(service, people[acting], {"type": "resign"})[0]["code"] == "spectator"
        stored = service.storage.load_table(table.id)
        assert stored is not None and [event.kind for event in stored.events] == ["timeout"]

    _run(scenario)


def test_a_bank_and_increment_clock_runs_on_across_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        service = _service(tmp_path / "t.sqlite", clock)
        table, tokens = _made(service.create(_people(2, clock={"bank": 100, "increment": 10}), "10.0.0.1"))
        people = {seat: _seated(service, table, tokens[seat]) for seat in range(2)}
        first = table.match.current_seat
        clock.now += 40
        _act(service, table, people)  # first spent 40 of 100, and gains 10: 70 left
        while table.match.current_seat == first:  # a DRUMP turn may take several actions
            _act(service, table, people)
        second = table.match.current_seat
        assert second is not None and first is not None
        clock.now += 50
        _act(service, table, people)
        while table.match.current_seat == second:
            _act(service, table, people)
        assert service.lifecycle.clock_left(table)[first] == pytest.approx(70.0)
        assert service.lifecycle.clock_left(table)[second] == pytest.approx(60.0)
        # The server stops mid-countdown; a new one rebuilds the clocks from the stored times.
        service.storage.close()
        clock.now += 50
        again = _service(tmp_path / "t.sqlite", clock)
        again.recover()
        rebuilt = again.find(table.id)
        assert rebuilt is not None
        assert again.lifecycle.clock_left(rebuilt)[first] == pytest.approx(20.0)
        claimer = _seated(again, rebuilt, tokens[second])
        assert _send(again, claimer, {"type": "claim"})[0]["code"] == "no_claim"
        clock.now += 21
        assert _send(again, claimer, {"type": "claim"})[0]["why"] == "timeout"
        assert rebuilt.match.outcome.winners == (second,)

    _run(scenario)


def test_a_seat_away_past_the_grace_period_may_be_claimed(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        service = _service(tmp_path / "t.sqlite", clock, disconnect_grace_seconds=120.0)
        table, tokens = _made(service.create(_people(2), "10.0.0.1"))
        acting = table.match.current_seat
        assert acting is not None
        other = 1 - acting
        away = _seated(service, table, tokens[acting])
        stays = _seated(service, table, tokens[other])
        here = _send(service, stays, {"type": "claim"})[0]
        assert here["code"] == "no_claim" and "is here, and the table has no clock" in here["message"]
        clock.now += 10
        _frames(stays)
        service.disconnected(away)
        countdown = [frame for frame in _frames(stays) if frame["type"] == "countdown"]
        assert countdown == [
            {"type": "countdown", "table": table.id, "seat": acting + 1, "why": "abandoned", "seconds": 120.0}
        ]
        clock.now += 60
        join = {"type": "join", "protocol": 1, "table": table.id, "token": tokens[other]}
        state = _send(service, stays, join)[1]
        assert state["countdown"] == {"seat": acting + 1, "why": "abandoned", "seconds": 60.0}
        early = _send(service, stays, {"type": "claim"})
        assert early[0]["code"] == "no_claim" and "for 60 s" in early[0]["message"]
        clock.now += 61
        told = _send(service, stays, {"type": "claim"})
        assert told[0]["why"] == "abandoned" and told[2]["outcome"]["winners"] == [other + 1]
        assert told[2]["outcome"]["reason"] == f"{['Ann', 'Bob'][acting]} left and did not come back in time"

    _run(scenario)


def test_a_table_nobody_plays_on_expires_closed_with_its_replay(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        service = _service(tmp_path / "t.sqlite", clock)
        idle, _ = service.create(_people(2), "10.0.0.1")
        played, tokens = _made(service.create(_people(2), "10.0.0.1"))
        clock.now += 10 * DAY
        people = {seat: _seated(service, played, tokens[seat]) for seat in range(2)}
        _act(service, played, people)
        for connection in people.values():
            service.disconnected(connection)
        clock.now += 4 * DAY + 1
        assert service.lifecycle.expire() == 1
        assert idle.finished and not played.finished
        outcome = idle.match.outcome
        assert outcome is not None and outcome.winners == () and outcome.ending == "closed"
        assert outcome.reason == "closed after 14 days without a move"
        replay = service.replay(idle.id)
        assert replay is not None and {"closed": outcome.reason} in replay
        assert service.tables_by_address["10.0.0.1"] == 1
        clock.now += 10 * DAY
        assert service.lifecycle.expire() == 1 and played.finished
        stored = service.storage.load_table(played.id)
        assert stored is not None and stored.outcome is not None and stored.outcome["ending"] == "closed"

    _run(scenario)


def test_one_address_abandoning_a_thousand_tables_over_weeks_is_never_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        service = _service(tmp_path / "t.sqlite", clock)
        rng = random.Random(7)
        made = []
        for number in range(1000):
            # Now and then a burst of tables in a few minutes, else one every half hour or so.
            clock.now += rng.uniform(0, 5 * 60) if number % 50 < 10 else rng.uniform(20 * 60, 40 * 60)
            table, tokens = _made(service.create(_people(2), "10.0.0.9"))  # never refused: it would raise
            made.append(table)
            if rng.random() < 0.5:
                people = {seat: _seated(service, table, tokens[seat]) for seat in range(2)}
                _act(service, table, people)
                for connection in people.values():
                    service.disconnected(connection)
            if number % 48 == 0:
                service.lifecycle.expire()
            held = sum(1 for table in service.tables.values() if not table.finished)
            assert held <= 32 and service.tables_by_address["10.0.0.9"] == held
        assert clock.now - START > 14 * DAY
        assert len(service.storage.unfinished_tables()) <= 32
        closed = [table for table in made if table.finished]
        assert len(closed) >= 1000 - 32 and all(table.match.outcome.ending == "closed" for table in closed)
        # A table still being played at its limit is not closed to make room: the limit still holds.
        for _ in range(32):
            service.create(_people(2), "10.0.0.10")
        with pytest.raises(Exception, match="already has 32"):
            service.create(_people(2), "10.0.0.10")

    _run(scenario)


def test_the_maker_closes_a_table_over_http_and_nobody_else_can(tmp_path: Path) -> None:
    storage = SqliteStorage(tmp_path / "t.sqlite")
    app = application.create_app(storage, Limits(), workers=1, search_workers=1)

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            created = (await client.post("/api/tables", json=_people(2))).json()
            url = f"/api/tables/{created['table']}/close"
            maker, guest = (seat["token"] for seat in created["seats"])
            plain = await client.post(
                url, content=json.dumps({"token": maker}), headers={"content-type": "text/plain"}
            )
            # The server's guard refuses what is not JSON, as on every route that changes anything.
            assert plain.status_code == 403 and plain.json()["error"]["code"] == "cross_site"
            assert (await client.post(url, json={"token": guest})).status_code == 403
            assert (await client.post(url, json={})).status_code == 403
            assert (await client.post("/api/tables/nope/close", json={"token": maker})).status_code == 404
            # The browser holds the maker's token in the table's cookie.
            client.cookies.set(f"cardtable-{created['table']}", maker)
            closed = await client.post(url, json={})
            assert closed.status_code == 200, closed.text
            assert closed.json()["finished"] and closed.json()["outcome"]["ending"] == "closed"
            assert closed.json()["outcome"]["reason"] == "closed by Ann, who made it"
            assert (await client.post(url, json={})).status_code == 409
            replay = await client.get(f"/api/tables/{created['table']}/replay")
            assert replay.status_code == 200 and '"closed"' in replay.text

    asyncio.run(scenario())
    storage.close()


def test_closing_a_table_stops_its_bot_mid_thought(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        pool = BotPool(1, 1)
        pool.start()
        try:
            service = _service(tmp_path / "t.sqlite", Clock(), pool)
            seats = [{"bot": "heuristic", "pace": 30}, {"bot": "random", "pace": 30}]
            table, _ = service.create({"protocol": 1, "game": "drump", "seats": seats}, "10.0.0.1")
            await asyncio.sleep(0.2)
            assert table.bot_task is not None and not table.bot_task.done()
            service.lifecycle.close(table, "closed by a test")
            await asyncio.sleep(0.05)
            assert table.bot_task.cancelled() and table.version == 0
        finally:
            pool.close()

    _run(scenario)
    assert not [record for record in caplog.records if record.levelname == "ERROR"]


def test_at_the_servers_limit_the_longest_abandoned_table_makes_room(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        service = _service(tmp_path / "t.sqlite", clock, max_tables=3)
        made = []
        for number in range(3):
            made.append(service.create(_people(2), f"10.0.1.{number}")[0])
            clock.now += 10 * 60
        with pytest.raises(Exception, match="the server holds its limit of 3 tables"):
            service.create(_people(2), "10.0.2.1")  # none has been left an hour yet
        clock.now += 40 * 60
        newest = service.create(_people(2), "10.0.2.1")[0]
        assert [table.finished for table in made] == [True, False, False] and not newest.finished
        assert made[0].match.outcome.reason.startswith("closed to make room for a new table")

    _run(scenario)
