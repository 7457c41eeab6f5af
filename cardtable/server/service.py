"""The table service: creating tables, seating connections, taking actions, running bots.

The service is the authority.  An action is checked by the match
(`Match.play`), written to storage and committed, and only then acknowledged
and shown to the table; a refusal changes nothing.  Everything a message
does to a table happens without giving the event loop away between checking
it and storing it, so two messages never interleave; bots think in workers
(`workers.BotPool`), supervised by `bot_loop`, and their moves go through the
same path as people's.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from cardtable.core.errors import CardtableError, GameOverError, IllegalActionError, NotYourTurnError
from cardtable.core.replay import replay_lines
from cardtable.server.audience import Audience
from cardtable.server.bot_loop import run_bots
from cardtable.server.invitations import COOKIE_PREFIX, Grants, Invitations, grant
from cardtable.server.lifecycle import Lifecycle
from cardtable.server.limits import Limits
from cardtable.server.ownership import Elsewhere, Ownership
from cardtable.server.protocol import (
    Act,
    Chat,
    Claim,
    Invite,
    Join,
    Leave,
    Moderate,
    Ping,
    ProtocolError,
    Rematch,
    Resign,
    SpectatorChat,
    Undo,
    engine_code,
    error_frame,
    frame,
    read_message,
)
from cardtable.server.recent import Recent
from cardtable.server.rematch import Rematches
from cardtable.server.setup import TableSetup, read_table_request
from cardtable.server.storage import LostTableError, Storage, StorageError, TableRecord, UnfinishedCounts
from cardtable.server.tables import Connection, LiveTable, token_hash
from cardtable.server.undo import Undos
from cardtable.server.workers import BotPool

log = logging.getLogger("cardtable.server")

#: Finished tables kept in memory after they were asked for (rebuilding one replays its game).
FINISHED_KEPT = 256
#: ... and, for many more, what is asked of them most: their summaries, and their replays' lines.
SUMMARIES_KEPT = 10_000
REPLAY_LINES_KEPT = 100_000
__all__ = ["COOKIE_PREFIX", "TableService"]


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
        self.ownership = Ownership(self)
        self.tables: dict[str, LiveTable] = {}
        #: Unfinished tables by the address that created them.
        self.tables_by_address: Counter[str] = Counter()
        #: Unfinished tables whose every seat is a bot's (kept as they come and go, not counted at each
        #: request: counting walked every table, milliseconds at a thousand tables, for each new one).
        self.bot_tables = 0
        self.audience = Audience(limits)
        self.invitations = Invitations(storage)
        self.broken: set[str] = set()
        #: Finished tables lately asked for, the oldest dropped first; their summaries and replays, which
        #: no longer change once nobody is at the table.
        self.finished: Recent[str, LiveTable] = Recent(FINISHED_KEPT)
        self.summaries: Recent[str, dict[str, Any]] = Recent(SUMMARIES_KEPT)
        self.replays: Recent[str, list[dict[str, Any]]] = Recent(REPLAY_LINES_KEPT, len)
        self._handlers: dict[type, Callable[[Connection, Any, Mapping[str, str]], None]] = {
            Join: self._join,
            Act: self._act,
            Leave: lambda connection, message, cookies: self._leave(connection, message.ref),
            Chat: self._chat,
            Ping: lambda connection, message, cookies: connection.send(frame("pong", ref=message.ref)),
            Resign: self.lifecycle.resign,
            Claim: self.lifecycle.claim,
            SpectatorChat: lambda connection, message, cookies: self.audience.show_spectators(
                connection, message.show
            ),
            Moderate: lambda connection, message, cookies: self.audience.moderate(
                connection, message.spectator_chat, message.mute, message.unmute
            ),
            Invite: lambda connection, message, cookies: self.invitations.reissue(
                connection, message.seat, message.withdraw
            ),
            Rematch: lambda connection, message, cookies: self.rematches.answer(connection, message),
            Undo: lambda connection, message, cookies: self.undos.answer(connection, message),
        }
        self.rematches = Rematches(self._rematch_table)
        self.undos = Undos(storage)

    # -- start and stop ---------------------------------------------------------------------
    def recover(self) -> int:
        """Load every unfinished table from storage (on a shared database, those no other live process
        owns), replaying its actions; returns how many."""
        if self.storage.shared:
            self.ownership.scan()
        else:
            for record in self.storage.unfinished_tables():
                self.ownership.take(record)
        self.lifecycle.start()
        self.ownership.start()
        return len(self.tables)

    async def close(self) -> None:
        """Stop every bot and close every connection."""
        tasks = [table.bot_task for table in self.tables.values() if table.bot_task is not None]
        tasks += [task for task in (self.lifecycle.sweeper, self.ownership.scanner) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for table in self.tables.values():
            for connection in list(table.connections):
                connection.close(1012, "the server is restarting")

    # -- tables -------------------------------------------------------------------------------
    def create(self, data: Any, address: str) -> tuple[LiveTable, Grants]:
        """A new table from a client's request, stored; returns it and its maker's tokens and invitations."""
        setup = read_table_request(data, self.limits)
        if all(seat.is_bot for seat in setup.seats):
            self._check_bot_budget()
        self._make_room(address)
        grants, keys = grant(setup)
        return self.open_table(setup, address, keys), grants

    def _make_room(self, address: str) -> None:
        """Close an abandoned table if the address or the server is at its limit; refuse if still there."""
        self.lifecycle.make_room(address)
        held = self.unfinished_counts(address)
        if held.of_creator >= self.limits.max_tables_per_address:
            raise ProtocolError(
                "limit", f"{address} already has {self.limits.max_tables_per_address} unfinished tables"
            )
        if held.everyone >= self.limits.max_tables:
            raise ProtocolError("limit", f"the server holds its limit of {self.limits.max_tables} tables")

    def unfinished_counts(self, address: str) -> UnfinishedCounts:
        """The unfinished tables the limits count: on a shared database, every server process's (so that
        the limits hold however many processes a client spreads its requests over); else this one's."""
        if self.storage.shared:
            return self.storage.unfinished_counts(address)
        held = self.tables_by_address
        return UnfinishedCounts(held[address], sum(held.values()), self.bot_tables)

    def count_unfinished(self, table: LiveTable) -> None:
        """An unfinished table now served here counts against its creator (and the bots' budget)."""
        self.tables_by_address[table.creator] += 1
        self.bot_tables += all(seat.is_bot for seat in table.setup.seats)

    def uncount_unfinished(self, table: LiveTable) -> None:
        """A table that ended, or is no longer served here, stops counting."""
        self.tables_by_address[table.creator] -= 1
        if self.tables_by_address[table.creator] <= 0:
            del self.tables_by_address[table.creator]
        self.bot_tables -= all(seat.is_bot for seat in table.setup.seats)

    def _rematch_table(self, setup: TableSetup, address: str) -> tuple[LiveTable, list[str | None]]:
        """A rematch's table: each person's seat a new token, which goes to that seat's person alone."""
        self._make_room(address)
        tokens = [None if seat.is_bot else secrets.token_urlsafe(24) for seat in setup.seats]
        keys = tuple(None if token is None else token_hash(token) for token in tokens)
        return self.open_table(setup, address, keys), tokens

    def open_table(self, setup: TableSetup, address: str, keys: tuple[str | None, ...]) -> LiveTable:
        """Make, store and start a table of a set-up, its seats held by the token hashes `keys`."""
        table_id = self._new_table_id()
        record = TableRecord(
            id=table_id,
            setup=setup,
            token_hashes=keys,
            creator=address,
            created=self.clock(),
        )
        table = LiveTable(record)
        try:
            self.storage.create_table(record)
        except Exception as error:
            self.storage.release_table(table_id)
            if not isinstance(error, StorageError):  # the storage logs its faults once, not per refusal
                log.exception("storing a new table failed")
            raise ProtocolError("storage", f"the table could not be stored ({error})") from None
        self.tables[table.id] = table
        self.lifecycle.adopt(table)
        self.count_unfinished(table)
        self.schedule_bots(table)
        return table

    def _new_table_id(self) -> str:
        """A new table's id, which this process owns (on a shared database, its lock taken)."""
        while True:
            table_id = secrets.token_hex(5)
            if table_id in self.tables or not self.storage.claim_table(table_id):
                continue
            if self.storage.load_table(table_id) is None:
                return table_id
            self.storage.release_table(table_id)

    def claim(self, table_id: str, code: str, cookies: Mapping[str, str]) -> tuple[LiveTable, int, str]:
        """Claim a seat's invitation: the table, the seat and its token, now its claimer's alone.

        Elsewhere if another process owns the table (the claim is the owner's to make).
        """
        table = self.find(table_id)
        if table is None:
            raise ProtocolError("unknown_table", f"there is no table {table_id!r}")
        if self.is_elsewhere(table):
            raise self.ownership.elsewhere(table_id)
        seat, token = self.invitations.claim(table, code, cookies)
        return table, seat, token

    def _check_bot_budget(self) -> None:
        """Refuse one more table of bots only past the server-wide budget: they play themselves, on the
        processor everyone shares."""
        if self.unfinished_counts("").bots_only >= self.limits.max_bot_tables:
            raise ProtocolError(
                "limit",
                f"the server already plays its limit of {self.limits.max_bot_tables} tables of bots only "
                "(max_bot_tables); watch one of them, or seat a person",
            )

    def find(self, table_id: str) -> LiveTable | None:
        """A live table, or a finished one (rebuilt from storage, the last few kept), or None.

        On a shared database, an unfinished table no live process owns is taken over; one another
        process owns comes as stored, not kept (`is_elsewhere`: joining it is relayed to its owner).
        """
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if (
            table is None
            and table_id not in self.broken
            and self.storage.shared
            and self.storage.claim_table(table_id)
        ):
            table = self.ownership.take_over(table_id)
        if table is None and table_id not in self.broken:
            record = self.storage.load_table(table_id)
            if record is not None and record.outcome is not None:
                log.debug("table %s rebuilt from storage (its game replayed)", table_id)
                table = LiveTable(record)
                # Nobody is at it yet: what is asked of a finished table most is kept from this one replay.
                self.summaries.put(table_id, table.summary())
                self.replays.put(table_id, replay_lines(table.match))
            elif record is not None and self.storage.shared:
                try:
                    table = LiveTable(record)
                except Exception as error:
                    log.error("table %s cannot be replayed: %s", table_id, error)
                    return None
        if table is not None and table.finished:
            # Rebuilding a finished table replays its game: keep the last ones asked for.
            self.finished.put(table_id, table)
        return table

    def is_elsewhere(self, table: LiveTable) -> bool:
        """Whether a table `find` gave is owned by another process (a copy as stored, not played here)."""
        return not table.finished and self.tables.get(table.id) is not table

    def summary(self, table_id: str) -> dict[str, Any] | None:
        """What anyone may know of a table, or None if there is no such table."""
        live = self.tables.get(table_id)
        if live is not None:
            return live.summary()
        summary = self.summaries.get(table_id)
        if summary is None:
            table = self.find(table_id)
            summary = None if table is None else table.summary()
        return summary

    def replay(self, table_id: str) -> list[dict[str, Any]] | None:
        """A finished table's replay (ProtocolError while it goes on; None if there is no such table)."""
        lines = self.replays.get(table_id)
        if lines is None:
            table = self.find(table_id)
            if table is None:
                return None
            if not table.finished:
                raise ProtocolError(
                    "playing", f"table {table_id} is still playing; its replay comes at the end"
                )
            lines = replay_lines(table.match)
            self.replays.put(table_id, lines)
        return lines

    # -- connections --------------------------------------------------------------------------
    def connection_refused(self, address: str) -> str | None:
        """None if one more connection from `address` is within the limits (it is counted), else why not."""
        return self.audience.accept(address)

    def disconnected(self, connection: Connection) -> None:
        """A connection has gone: it leaves its table, and stops being counted."""
        self._leave(connection, None, answer=False)
        self.audience.gone(connection)

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
        except Elsewhere as elsewhere:
            # The socket relays this connection to the table's owner, this join first (app.py, relay.py).
            self._leave(connection, None, answer=False)
            connection.relay = (elsewhere.url, text or "")
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
        if self.is_elsewhere(table):
            raise self.ownership.elsewhere(table.id)
        token = message.token if message.token is not None else cookies.get(COOKIE_PREFIX + table.id)
        seat = None
        if token is not None:
            seat = table.seat_of(token)
            if seat is None:
                raise ProtocolError("unknown_token", f"that token holds no seat at table {table.id}")
            if seat in table.bots:
                seat = None  # its person left the game, and a bot took the seat: they may watch
        if connection.table is not table or connection.seat != seat:
            self.audience.check(connection, table, seat)
        self._leave(connection, None, answer=False)
        self.tables.setdefault(table.id, table)
        connection.table, connection.seat, connection.log_sent = table, seat, 0
        was_connected = seat is not None and table.connected(seat)
        table.connections.add(connection)
        self.audience.enter(connection)
        connection.send(table.joined_frame(seat))
        connection.send(table.first_state_frame(connection))
        if table.finished:
            connection.send(table.game_over_frame())
            self.rematches.show(connection)
        if seat is not None and not was_connected:
            table.broadcast(frame("presence", table=table.id, seat=seat + 1, connected=True))
        elif seat is not None:
            _tell_seat(table, seat)
        # A bot loop that stopped (storage kept refusing its moves) starts again.
        self.schedule_bots(table)

    def _leave(self, connection: Connection, ref: str | int | None, answer: bool = True) -> None:
        table, seat = connection.table, connection.seat
        if table is None:
            if answer:
                raise ProtocolError("not_joined", "this connection is at no table")
            return
        self.audience.release(connection)
        table.connections.discard(connection)
        connection.table, connection.seat = None, None
        if answer:
            connection.send(frame("left", table=table.id, ref=ref))
        if seat is not None and not table.connected(seat):
            table.broadcast(frame("presence", table=table.id, seat=seat + 1, connected=False))
            self.lifecycle.went_away(table, seat)
        elif seat is not None:
            _tell_seat(table, seat)
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
        self.audience.chat(connection, table, text)

    # -- actions -------------------------------------------------------------------------------
    def _act(self, connection: Connection, message: Act, cookies: Mapping[str, str]) -> None:
        table, seat = connection.seated("act")
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
                table.stored,
                move.seat,
                text,
                None if outcome is None else outcome.to_json(),
                played,
            )
        except Exception as error:
            match.undo(1)
            if isinstance(error, LostTableError):
                self.ownership.let_go(table.id)
            if not isinstance(error, StorageError):  # the storage logs its faults once, not per refusal
                log.exception("table %s: storing an action failed", table.id)
            raise ProtocolError(
                "storage", f"the action could not be stored ({error}); nothing changed"
            ) from None
        table.stored += 1
        table.texts.append(text)
        table.times.append(played)
        if connection is not None:
            connection.send(frame("ack", table=table.id, version=table.version, action=text, ref=ref))
        table.publish()
        if outcome is not None:
            self.finished_table(table)
        else:
            self.schedule_bots(table)

    def finished_table(self, table: LiveTable) -> None:
        """A game just ended: it stops counting against its creator, and everyone gets the outcome."""
        self.uncount_unfinished(table)
        table.broadcast(table.game_over_frame())
        self._forget_if_idle(table)

    # -- bots ----------------------------------------------------------------------------------
    def schedule_bots(self, table: LiveTable) -> None:
        current = table.match.current_seat
        if current is None or current not in table.bots:
            return
        if table.bot_task is None or table.bot_task.done() or table.bot_task.cancelling():
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        await run_bots(table, self.pool, self.limits, lambda table: self._commit(table, None, None))

    def _forget_if_idle(self, table: LiveTable | None) -> None:
        """A finished table nobody watches leaves memory (it stays in storage)."""
        if table is not None and table.finished and not table.connections:
            if self.tables.pop(table.id, None) is not None:
                self.storage.release_table(table.id)
            self.audience.forget(table)


def _tell_seat(table: LiveTable, seat: int) -> None:
    """Tell a seat's connections how many there are: more than one means the seat is open elsewhere too."""
    holders = [connection for connection in table.connections if connection.seat == seat]
    text = frame("seat_connections", table=table.id, seat=seat + 1, connections=len(holders))
    for connection in holders:
        connection.send(text)
