"""How a table ends other than by its last move: resign, claims, expiry and closing.

- **Resign** (`{"type": "resign"}`): at two seats the game ends and the
  other wins; at larger tables the game goes on with the game's heuristic
  bot in the seat ("Ann (bot)", seeing that seat's view only), and the
  outcome records the seat as resigned (`Match.withdraw`).
- **Claim** (`{"type": "claim"}`): when the seat to act has no time left on
  its clock (clocks.py), or has had no connection for the grace period
  (`disconnect_grace_seconds`), another seat may claim: as a resign of that
  seat, its why `timeout` or `abandoned`.
- **Expiry**: a table nobody has played on for `table_expiry_days` is
  closed without a result (whoever is still looking at it); **closing**: the person who made a table (the
  holder of its first person's seat) may close it (`POST
  /api/tables/ID/close`).  A closed table keeps its replay.
- **Room**: a table with nobody at it and no move for `table_idle_minutes`
  is abandoned.  When an address at its limit of tables makes a new one,
  its longest-abandoned table is closed to make room (and likewise at the
  server's own limit), so nobody is ever locked out by tables they left.

Each of these is stored (`table_events.py`) before anyone is told, like an
action; one that cannot be stored is taken back and refused.  Time comes from
the service's clock, so the tests move it by hand.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardtable.core.errors import CardtableError
from cardtable.core.jsonio import parse_json
from cardtable.server.clocks import seconds_left
from cardtable.server.guard import refusal
from cardtable.server.protocol import BadRequest, Claim, ProtocolError, Resign, frame
from cardtable.server.relay import forward
from cardtable.server.repeat import repeat_in_loop
from cardtable.server.setup import seat_bot
from cardtable.server.table_events import CLOSED, TableEvent
from cardtable.server.tables import Connection, LiveTable

if TYPE_CHECKING:
    from cardtable.server.service import TableService

log = logging.getLogger("cardtable.server")

#: Seconds between two sweeps for expired tables.
SWEEP_SECONDS = 60.0
#: HTTP status of each refusal of the closing route.
STATUS = {"unknown_table": 404, "forbidden": 403, "game_over": 409, "too_large": 413, "storage": 503}


class Lifecycle:
    """The endings of the service's tables."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.sweeper: asyncio.Task[None] | None = None

    @property
    def now(self) -> float:
        """The service's time."""
        return self.service.clock()

    def adopt(self, table: LiveTable) -> None:
        """A table the service now holds: its people are away until they connect."""
        now = self.now
        table.away_since = {seat: now for seat in range(len(table.setup.seats)) if seat not in table.bots}
        table.timing = lambda: self.timing(table)

    def went_away(self, table: LiveTable, seat: int) -> None:
        """A seat's last connection has gone: its countdown starts."""
        table.away_since[seat] = self.now
        if table.match.current_seat == seat and seat not in table.bots:
            grace = self.service.limits.disconnect_grace_seconds
            table.broadcast(frame("countdown", table=table.id, seat=seat + 1, why="abandoned", seconds=grace))

    # -- the messages ------------------------------------------------------------------------------
    def resign(self, connection: Connection, message: Resign, cookies: Mapping[str, str]) -> None:
        """The connection's seat resigns."""
        table, seat = self._seated(connection, "resign")
        self.withdraw(table, seat, "resigned", connection, message.ref)

    def claim(self, connection: Connection, message: Claim, cookies: Mapping[str, str]) -> None:
        """The connection's seat claims against the seat to act (out of time, or away too long)."""
        table, seat = self._seated(connection, "claim")
        current = table.match.current_seat
        assert current is not None
        if current == seat:
            raise ProtocolError("no_claim", "you are to act: a claim is against another seat to act")
        if current in table.bots:
            raise ProtocolError("no_claim", f"seat {current + 1} is a bot's: there is nothing to claim")
        why, wait = self.claim_against(table, current)
        if why is None and wait == float("inf"):
            raise ProtocolError(
                "no_claim", f"nothing to claim: seat {current + 1} is here, and the table has no clock"
            )
        if why is None:
            raise ProtocolError(
                "no_claim", f"nothing to claim: seat {current + 1} may still act for {wait:.0f} s"
            )
        self.withdraw(table, current, why, connection, message.ref)

    def claim_against(self, table: LiveTable, seat: int) -> tuple[str | None, float]:
        """Why the seat to act may be claimed against now (None: not yet), and the seconds until it may."""
        waits = []
        if table.setup.clock is not None:
            left = self.clock_left(table)[seat]
            if left <= 0:
                return "timeout", 0.0
            waits.append(left)
        if not table.connected(seat):
            away = self.now - table.away_since.get(seat, self.now)
            grace = self.service.limits.disconnect_grace_seconds
            if away >= grace:
                return "abandoned", 0.0
            waits.append(grace - away)
        return None, min(waits, default=float("inf"))

    def clock_left(self, table: LiveTable) -> list[float]:
        """Each seat's time left on the table's clock now."""
        assert table.setup.clock is not None
        acting = table.match.acting_seats()
        times = table.times + [None] * (len(acting) - len(table.times))
        return seconds_left(
            table.setup.clock,
            len(table.setup.seats),
            table.created,
            list(zip(acting, times, strict=True)),
            table.match.current_seat,
            self.now,
        )

    def timing(self, table: LiveTable) -> dict[str, Any]:
        """What a state frame shows of the table's time: its clock, and the countdown of a seat to act away.

        The clock: each seat's seconds left (null: a bot's), and whose are running.  The countdown: the
        seconds until the others may claim against the seat to act, a person with no connection.
        """
        shown: dict[str, Any] = {}
        current = table.match.current_seat
        person_to_act = current is not None and current not in table.bots
        if table.setup.clock is not None:
            left = self.clock_left(table)
            shown["clock"] = {
                "rule": table.setup.clock,
                "left": [None if seat in table.bots else round(left[seat], 1) for seat in range(len(left))],
                "running": current + 1 if person_to_act and current is not None else None,
            }
        if person_to_act and current is not None and not table.connected(current):
            away = self.now - table.away_since.get(current, self.now)
            wait = max(0.0, self.service.limits.disconnect_grace_seconds - away)
            shown["countdown"] = {"seat": current + 1, "why": "abandoned", "seconds": round(wait, 1)}
        return shown

    @staticmethod
    def _seated(connection: Connection, what: str) -> tuple[LiveTable, int]:
        table, seat = connection.seated(what)
        if table.finished:
            raise ProtocolError("game_over", f"table {table.id}'s game is over: nothing to {what}")
        if table.match.withdrawn(seat) is not None:
            raise ProtocolError("withdrawn", f"seat {seat + 1} has left the game; a bot plays it now")
        return table, seat

    # -- endings ---------------------------------------------------------------------------------
    def withdraw(
        self,
        table: LiveTable,
        seat: int,
        why: str,
        connection: Connection | None = None,
        ref: str | int | None = None,
    ) -> None:
        """Take a seat out of the game, stored, then told to the table; a bot takes it if the game goes on."""
        name = table.seat_spec(seat).name
        try:
            table.match.withdraw(seat, why)
        except CardtableError as error:
            raise ProtocolError("game_over" if table.finished else "withdrawn", str(error)) from None
        self._store(table, TableEvent(table.stored, seat, why, "", self.now))
        spec = table.seat_spec(seat)
        if spec.is_bot:
            table.bots[seat] = seat_bot(spec, table.game)
        receivers = list(table.connections)
        for receiver in receivers:
            receiver.send(
                frame(
                    "withdrawn",
                    table=table.id,
                    seat=seat + 1,
                    name=name,
                    why=why,
                    seats=table.seats_json(),
                    ref=ref if receiver is connection else None,
                )
            )
            if spec.is_bot and receiver.seat == seat:
                # The seat is the bot's now: the person who held it watches on, seeing what a spectator sees
                # (and counted as a spectator from now on).
                self.service.audience.release(receiver)
                receiver.seat, receiver.log_sent = None, 0
                self.service.audience.enter(receiver)
                receiver.send(table.joined_frame(None))
        self._told(table)

    def close(self, table: LiveTable, reason: str) -> None:
        """End a table without a result, stored, then told to the table."""
        try:
            table.match.close(reason)
        except CardtableError as error:
            raise ProtocolError("game_over", str(error)) from None
        self._store(table, TableEvent(table.stored, None, CLOSED, reason, self.now))
        self._told(table)

    def _store(self, table: LiveTable, event: TableEvent) -> None:
        outcome = table.match.outcome
        try:
            self.service.storage.append_event(
                table.id, len(table.events), event, None if outcome is None else outcome.to_json()
            )
        except Exception as error:
            table.match.take_back_leaving()
            log.exception("table %s: storing a %s failed", table.id, event.kind)
            message = f"the {event.kind} could not be stored ({error}); nothing changed"
            raise ProtocolError("storage", message) from None
        table.events.append(event)

    def _told(self, table: LiveTable) -> None:
        table.publish()
        if table.finished:
            if table.bot_task is not None:
                table.bot_task.cancel()  # a bot thinking at a table just ended has nothing to play
            self.service.finished_table(table)
        else:
            self.service.schedule_bots(table)

    # -- expiry and room -------------------------------------------------------------------------
    def expire(self) -> int:
        """Close every table nobody has played on for the expiry time; returns how many."""
        days = self.service.limits.table_expiry_days
        oldest = self.now - days * 86400
        expired = [
            table
            for table in list(self.service.tables.values())
            if not table.finished and table.last_played <= oldest
        ]
        for table in expired:
            try:
                self.close(table, f"closed after {days:g} days without a move")
            except ProtocolError as error:
                log.error("table %s could not be closed: %s", table.id, error.message)
        return len(expired)

    def make_room(self, address: str) -> None:
        """At the address's (or the server's) limit of tables, close its longest-abandoned one, if any."""
        limits = self.service.limits
        held = self.service.unfinished_counts(address)
        if held.of_creator >= limits.max_tables_per_address:
            self._close_abandoned(address)
            held = self.service.unfinished_counts(address)
        if held.everyone >= limits.max_tables:
            self._close_abandoned(None)

    def _close_abandoned(self, address: str | None) -> None:
        idle = self.service.limits.table_idle_minutes
        latest = self.now - idle * 60
        abandoned = [
            table
            for table in self.service.tables.values()
            if not table.finished
            and not table.connections
            and (address is None or table.creator == address)
            and table.last_played <= latest
        ]
        if abandoned:
            table = min(abandoned, key=lambda table: table.last_played)
            reason = f"closed to make room for a new table: nobody had played at it for {idle:g} minutes"
            self.close(table, reason)

    def start(self) -> None:
        """Sweep for expired tables now and then, from now on (when an event loop runs)."""
        self.sweeper = repeat_in_loop(
            self.expire, SWEEP_SECONDS, lambda error: log.exception("the sweep for expired tables failed")
        )

    # -- closing by HTTP -------------------------------------------------------------------------
    def routes(self) -> list[BaseRoute]:
        """The closing route, to go before the client's static files."""
        return [Route("/api/tables/{table}/close", self.close_route, methods=["POST"])]

    async def close_route(self, request: Request) -> Response:
        """Close a table for the person who made it: the holder of its first person's seat token."""
        table_id = request.path_params["table"]
        body = await request.body()
        try:
            if len(body) > self.service.limits.max_request_bytes:
                raise ProtocolError("too_large", "a close request is a small JSON object")
            data = parse_json(body.decode("utf-8", "replace") or "{}", "close request", BadRequest)
            if not isinstance(data, dict) or not set(data) <= {"token"}:
                raise BadRequest('a close request is {} or {"token": TOKEN} (the cookie holds the token)')
            table = self.service.find(table_id)
            if table is None:
                raise ProtocolError("unknown_table", f"there is no table {table_id!r}")
            if self.service.is_elsewhere(table):
                # Another server process owns the table: the close is its to make, its answer passed on.
                return await forward(self.service.ownership.elsewhere(table_id), request, body)
            token = data.get("token") or request.cookies.get(f"cardtable-{table_id}")
            seat = None if not isinstance(token, str) else table.seat_of(token)
            makers = [seat for seat, spec in enumerate(table.setup.seats) if not spec.is_bot][:1]
            if seat is None or seat not in makers:
                raise ProtocolError("forbidden", f"only the person who made table {table_id} may close it")
            if table.finished:
                raise ProtocolError("game_over", f"table {table_id}'s game is over already")
            self.close(table, f"closed by {table.setup.seats[seat].name}, who made it")
        except ProtocolError as error:
            status = STATUS.get(error.code, 400)
            return refusal(error.code, error.message, status)
        return JSONResponse(table.summary())
