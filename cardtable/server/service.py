"""The table service: creating tables, seating connections, taking actions, running bots.

The service is the authority.  An action is checked by the match
(`Match.play`), written to storage and committed, and only then acknowledged
and shown to the table; a refusal changes nothing.  Everything a message
does to a table happens without giving the event loop away between checking
it and storing it, so two messages never interleave; bots think in workers
(`workers.BotPool`) and their moves go through the same path as people's.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from cardtable.core.errors import CardtableError, GameOverError, IllegalActionError, NotYourTurnError
from cardtable.core.replay import replay_lines
from cardtable.server.lifecycle import Lifecycle
from cardtable.server.limits import Limits
from cardtable.server.protocol import (
    Act,
    Chat,
    Claim,
    Join,
    Leave,
    Ping,
    ProtocolError,
    Resign,
    engine_code,
    error_frame,
    frame,
    read_message,
)
from cardtable.server.setup import read_table_request
from cardtable.server.storage import Storage, TableRecord
from cardtable.server.tables import Connection, LiveTable, token_hash
from cardtable.server.workers import BotPool, BotRequest

log = logging.getLogger("cardtable.server")

#: How often a bot whose worker failed is asked again, and the pause between tries (seconds).
BOT_TRIES = 3
BOT_RETRY_PAUSE = 1.0
#: Finished tables kept in memory after they were asked for (rebuilding one replays its game).
FINISHED_KEPT = 256
#: The cookie that holds a seat's token for a table, in a browser.
COOKIE_PREFIX = "cardtable-"


class TableService:
    """Every live table, the connections at them, and the rules of taking part."""

    def __init__(
        self, storage: Storage, pool: BotPool, limits: Limits, clock: Callable[[], float] = time.time
    ) -> None:
        self.storage = storage
        self.pool = pool
        self.limits = limits
        #: Seconds since the epoch: when actions are taken, clocks run and tables expire.
        self.clock = clock
        self.lifecycle = Lifecycle(self)
        self.tables: dict[str, LiveTable] = {}
        #: Unfinished tables by the address that created them.
        self.tables_by_address: Counter[str] = Counter()
        self.connections_by_address: Counter[str] = Counter()
        self.broken: set[str] = set()
        #: Finished tables lately asked for, the oldest dropped first.
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        self._handlers: dict[type, Callable[[Connection, Any, Mapping[str, str]], None]] = {
            Join: self._join,
            Act: self._act,
            Leave: lambda connection, message, cookies: self._leave(connection, message.ref),
            Chat: self._chat,
            Ping: lambda connection, message, cookies: connection.send(frame("pong", ref=message.ref)),
            Resign: self.lifecycle.resign,
            Claim: self.lifecycle.claim,
        }

    # -- start and stop ---------------------------------------------------------------------
    def recover(self) -> int:
        """Load every unfinished table from storage, replaying its actions; returns how many."""
        for record in self.storage.unfinished_tables():
            try:
                table = LiveTable(record)
            except Exception as error:
                # The engine no longer replays this table (a rule changed): keep it stored, unplayed.
                log.error("table %s cannot be replayed: %s", record.id, error)
                self.broken.add(record.id)
                continue
            self.tables[table.id] = table
            self.lifecycle.adopt(table)
            if not table.finished:
                self.tables_by_address[table.creator] += 1
                self._schedule_bots(table)
        self.lifecycle.start()
        return len(self.tables)

    async def close(self) -> None:
        """Stop every bot and close every connection."""
        tasks = [table.bot_task for table in self.tables.values() if table.bot_task is not None]
        if self.lifecycle.sweeper is not None:
            tasks.append(self.lifecycle.sweeper)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for table in self.tables.values():
            for connection in list(table.connections):
                connection.close(1012, "the server is restarting")

    # -- tables -------------------------------------------------------------------------------
    def create(self, data: Any, address: str) -> tuple[LiveTable, list[str | None]]:
        """A new table from a client's request, stored; returns it and each seat's token (None: a bot)."""
        self.lifecycle.make_room(address)
        if self.tables_by_address[address] >= self.limits.max_tables_per_address:
            raise ProtocolError(
                "limit", f"{address} already has {self.limits.max_tables_per_address} unfinished tables"
            )
        if sum(self.tables_by_address.values()) >= self.limits.max_tables:
            raise ProtocolError("limit", f"the server holds its limit of {self.limits.max_tables} tables")
        setup = read_table_request(data, self.limits)
        tokens = [None if seat.is_bot else secrets.token_urlsafe(24) for seat in setup.seats]
        table_id = secrets.token_hex(5)
        while table_id in self.tables or self.storage.load_table(table_id) is not None:
            table_id = secrets.token_hex(5)
        record = TableRecord(
            id=table_id,
            setup=setup,
            token_hashes=tuple(None if token is None else token_hash(token) for token in tokens),
            creator=address,
            created=self.clock(),
        )
        table = LiveTable(record)
        try:
            self.storage.create_table(record)
        except Exception as error:
            log.exception("storing a new table failed")
            raise ProtocolError("storage", f"the table could not be stored ({error})") from None
        self.tables[table.id] = table
        self.lifecycle.adopt(table)
        self.tables_by_address[address] += 1
        self._schedule_bots(table)
        return table, tokens

    def find(self, table_id: str) -> LiveTable | None:
        """A live table, or a finished one (rebuilt from storage, the last few kept), or None."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None and table_id not in self.broken:
            record = self.storage.load_table(table_id)
            if record is not None and record.outcome is not None:
                table = LiveTable(record)
        if table is not None and table.finished:
            # Rebuilding a finished table replays its game: keep the last ones asked for.
            self.finished[table_id] = table
            self.finished.move_to_end(table_id)
            if len(self.finished) > FINISHED_KEPT:
                self.finished.popitem(last=False)
        return table

    def summary(self, table_id: str) -> dict[str, Any] | None:
        """What anyone may know of a table, or None if there is no such table."""
        table = self.find(table_id)
        return None if table is None else table.summary()

    def replay(self, table_id: str) -> list[dict[str, Any]] | None:
        """A finished table's replay (ProtocolError while it goes on; None if there is no such table)."""
        table = self.find(table_id)
        if table is None:
            return None
        if not table.finished:
            raise ProtocolError("playing", f"table {table_id} is still playing; its replay comes at the end")
        return replay_lines(table.match)

    # -- connections --------------------------------------------------------------------------
    def connection_allowed(self, address: str) -> bool:
        """Whether one more connection from `address` is within the limit (it is counted if so)."""
        if self.connections_by_address[address] >= self.limits.max_connections_per_address:
            return False
        self.connections_by_address[address] += 1
        return True

    def disconnected(self, connection: Connection) -> None:
        """A connection has gone: it leaves its table, and stops counting against its address."""
        self._leave(connection, None, answer=False)
        self.connections_by_address[connection.address] -= 1
        if self.connections_by_address[connection.address] <= 0:
            del self.connections_by_address[connection.address]

    def receive(self, connection: Connection, text: str | None, cookies: Mapping[str, str]) -> None:
        """Handle one message from a connection; anything wrong with it is answered with an error."""
        if not connection.rate.allow():
            connection.flooded += 1
            if connection.flooded >= self.limits.flood_disconnect:
                connection.close(1008, "too many messages")
            else:
                connection.send(error_frame("rate_limited", "too many messages; this one was dropped"))
            return
        try:
            message = read_message(text, self.limits.max_message_chars)
        except ProtocolError as error:
            connection.send(error_frame(error.code, error.message, error.ref))
            return
        try:
            self._handlers[type(message)](connection, message, cookies)
        except ProtocolError as error:
            connection.send(error_frame(error.code, error.message, message.ref))
        except Exception:
            # A fault of the server's own, not the client's: it is logged, and the table stays as it was
            # unless the action was already stored.
            log.exception("a %s message failed", type(message).__name__)
            connection.send(error_frame("internal", "the server failed on this message", message.ref))

    def _join(self, connection: Connection, message: Join, cookies: Mapping[str, str]) -> None:
        table = self.find(message.table)
        if table is None:
            raise ProtocolError("unknown_table", f"there is no table {message.table!r}")
        token = message.token if message.token is not None else cookies.get(COOKIE_PREFIX + table.id)
        seat = None
        if token is not None:
            seat = table.seat_of(token)
            if seat is None:
                raise ProtocolError("unknown_token", f"that token holds no seat at table {table.id}")
            if seat in table.bots:
                seat = None  # its person left the game, and a bot took the seat: they may watch
        if connection.table is not table and len(table.connections) >= self.limits.max_connections_per_table:
            raise ProtocolError("limit", f"table {table.id} has its limit of connections")
        self._leave(connection, None, answer=False)
        self.tables.setdefault(table.id, table)
        connection.table, connection.seat, connection.log_sent = table, seat, 0
        was_connected = seat is not None and table.connected(seat)
        table.connections.add(connection)
        connection.send(table.joined_frame(seat))
        connection.send(table.state_frame(connection, table.match.view(seat)))
        if table.finished:
            connection.send(table.game_over_frame())
        if seat is not None and not was_connected:
            table.broadcast(frame("presence", table=table.id, seat=seat + 1, connected=True))

    def _leave(self, connection: Connection, ref: str | int | None, answer: bool = True) -> None:
        table, seat = connection.table, connection.seat
        if table is None:
            if answer:
                raise ProtocolError("not_joined", "this connection is at no table")
            return
        table.connections.discard(connection)
        connection.table, connection.seat = None, None
        if answer:
            connection.send(frame("left", table=table.id, ref=ref))
        if seat is not None and not table.connected(seat):
            table.broadcast(frame("presence", table=table.id, seat=seat + 1, connected=False))
            self.lifecycle.went_away(table, seat)
        self._forget_if_idle(table)

    def _chat(self, connection: Connection, message: Chat, cookies: Mapping[str, str]) -> None:
        table = connection.table
        if table is None:
            raise ProtocolError("not_joined", "join a table before chatting")
        text = message.text.strip()
        if not text or len(text) > self.limits.max_chat_chars or not text.isprintable():
            raise ProtocolError(
                "malformed", f"a chat line is printable text of 1 to {self.limits.max_chat_chars} characters"
            )
        seat = connection.seat
        name = "spectator" if seat is None else table.setup.seats[seat].name
        table.broadcast(
            frame("chat", table=table.id, seat=None if seat is None else seat + 1, name=name, text=text)
        )

    # -- actions -------------------------------------------------------------------------------
    def _act(self, connection: Connection, message: Act, cookies: Mapping[str, str]) -> None:
        table, seat = connection.table, connection.seat
        if table is None:
            raise ProtocolError("not_joined", "join a table before acting")
        if seat is None:
            raise ProtocolError("spectator", "a spectator cannot act; only a seat's token acts for it")
        if seat in table.bots:
            raise ProtocolError("withdrawn", f"seat {seat + 1} has left the game; a bot plays it now")
        if message.version is not None and message.version != table.version:
            raise ProtocolError(
                "stale", f"version {message.version} is past; the table is at version {table.version}"
            )
        match = table.match
        try:
            if message.action_id is None:
                assert message.text is not None
                match.play(message.text, seat)
            else:
                match.play(self._listed(table, seat, message.action_id), seat)
        except CardtableError as error:
            raise ProtocolError(engine_code(error), str(error)) from None
        self._commit(table, connection, message.ref)

    @staticmethod
    def _listed(table: LiveTable, seat: int, action_id: int) -> Any:
        """The legal action with an id, once the game and the turn allow the seat to act."""
        match = table.match
        label = f"action #{action_id}"
        if match.is_over:
            raise GameOverError(label)
        current = match.current_seat
        assert current is not None
        if current != seat:
            raise NotYourTurnError(seat, current, label)
        legal = match.legal_actions()
        if not 0 <= action_id < len(legal):
            raise IllegalActionError(label, f"the legal actions have ids 0 to {len(legal) - 1}")
        return legal[action_id]

    def _commit(self, table: LiveTable, connection: Connection | None, ref: str | int | None) -> None:
        """Store the action just played, then acknowledge it and show the table; undo it if storing fails."""
        match = table.match
        move = match.moves[-1]
        text = table.game.format_action(move.action)
        outcome = match.outcome
        played = self.clock()
        try:
            self.storage.append_action(
                table.id,
                len(match.moves) - 1,
                move.seat,
                text,
                None if outcome is None else outcome.to_json(),
                played,
            )
        except Exception as error:
            match.undo(1)
            log.exception("table %s: storing an action failed", table.id)
            raise ProtocolError(
                "storage", f"the action could not be stored ({error}); nothing changed"
            ) from None
        table.texts.append(text)
        table.times.append(played)
        if connection is not None:
            connection.send(frame("ack", table=table.id, version=table.version, action=text, ref=ref))
        table.publish()
        if outcome is not None:
            self.finished_table(table)
        else:
            self._schedule_bots(table)

    def finished_table(self, table: LiveTable) -> None:
        """A game just ended: it stops counting against its creator, and everyone gets the outcome."""
        self.tables_by_address[table.creator] -= 1
        if self.tables_by_address[table.creator] <= 0:
            del self.tables_by_address[table.creator]
        table.broadcast(table.game_over_frame())
        self._forget_if_idle(table)

    # -- bots ----------------------------------------------------------------------------------
    def _schedule_bots(self, table: LiveTable) -> None:
        current = table.match.current_seat
        if current is None or current not in table.bots:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        """Let the bots play while one of them is to act, each move shown no sooner than its pace."""
        loop = asyncio.get_running_loop()
        failures = 0
        while (seat := table.match.current_seat) is not None and seat in table.bots:
            spec = table.seat_spec(seat)
            started = loop.time()
            request = BotRequest(table.id, table.setup, tuple(table.texts), seat, table.bots[seat])
            try:
                move = await self.pool.think(request, spec.searches)
            except Exception:
                failures += 1
                log.exception("table %s: the bot of seat %d failed (try %d)", table.id, seat + 1, failures)
                if failures >= BOT_TRIES:
                    return
                await asyncio.sleep(BOT_RETRY_PAUSE)
                continue
            await asyncio.sleep(max(0.0, started + spec.pace - loop.time()))
            if table.version != len(request.actions):
                continue
            table.bots[seat] = move.bot
            try:
                table.match.play(move.text, seat)
            except CardtableError as error:
                log.error("table %s: the bot of seat %d chose %r: %s", table.id, seat + 1, move.text, error)
                return
            try:
                self._commit(table, None, None)
            except ProtocolError as error:
                # Storage failed and the move was undone: the bot is asked again after a pause.
                failures += 1
                log.error("table %s: the bot's move was not stored (try %d): %s", table.id, failures, error)
                if failures >= BOT_TRIES:
                    return
                await asyncio.sleep(BOT_RETRY_PAUSE)
                continue
            failures = 0

    def _forget_if_idle(self, table: LiveTable | None) -> None:
        """A finished table nobody watches leaves memory (it stays in storage)."""
        if table is not None and table.finished and not table.connections:
            self.tables.pop(table.id, None)
