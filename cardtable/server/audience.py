"""Who is at the tables, counted so that spectators never crowd out players, and chat that cannot be flooded.

Seats come first.  A connection holding a seat is counted against that seat
alone (`max_connections_per_seat`), never against spectators' limits or its
address's; spectators have limits of their own, at each table, from each
address and in all, and the spectators in all are held below the server's
connections in all, so that a full audience leaves room for every seat.

A chat line passes four budgets, narrowest first, so that a flood spends
only its sender's own: its connection's, its address's, (a spectator's) the
spectators' of its table, and the server's in all.  A player may hide the
spectators' lines from their seat; the table's maker (`TableAccess.host`)
may turn spectators' chat off or mute one spectator (by address, so that
reconnecting does not unmute).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from cardtable.server.limits import Limits, RateLimiter
from cardtable.server.protocol import ProtocolError, frame
from cardtable.server.tables import Connection, LiveTable

#: Per-address chat buckets kept at most; past it, those with nothing left to count are dropped.
KEPT_BUCKETS = 4096


def _bucket(lines_per_minute: int, clock: Callable[[], float]) -> RateLimiter:
    """A budget of lines a minute, of which a quarter may come at once."""
    return RateLimiter(lines_per_minute / 60.0, max(3, lines_per_minute // 4), clock)


@dataclass
class TableAudience:
    """One table's spectators' chat: on or off, who is muted, which seats hide it, and its budget."""

    chat: RateLimiter
    spectator_chat: bool = True
    #: Muted spectators' addresses, and the numbers they were muted by (shown to the table).
    muted: dict[str, int] = field(default_factory=dict)
    #: Seats (from 0) whose players hide the spectators' lines.
    hiding: set[int] = field(default_factory=set)


class Audience:
    """The counts of connections (seats apart from spectators) and the chat budgets of every table."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        #: Open connections in all.
        self.open = 0
        #: Open connections holding no seat (at no table yet, or watching), by address.
        self.unseated: Counter[str] = Counter()
        self.spectators = 0
        self.spectators_by_address: Counter[str] = Counter()
        #: Each connection's number, given when it joins a table: a spectator is muted by it.
        self.joins = 0
        self.tables: dict[str, TableAudience] = {}
        self.chat_by_connection: dict[Connection, RateLimiter] = {}
        self.chat_by_address: dict[str, RateLimiter] = {}
        self.chat_in_all = _bucket(limits.chat_lines_per_minute_in_all, clock)

    # -- connections ------------------------------------------------------------------------------
    def accept(self, address: str) -> str | None:
        """None if one more connection from `address` may open (it is counted), else why not."""
        if self.open >= self.limits.max_connections:
            return f"the server holds its limit of {self.limits.max_connections} connections"
        if self.unseated[address] >= self.limits.max_connections_per_address:
            return f"{address} already has {self.limits.max_connections_per_address} connections"
        self.open += 1
        self.unseated[address] += 1
        return None

    def gone(self, connection: Connection) -> None:
        """A connection (at no table any more) has closed."""
        self.open -= 1
        self._count(self.unseated, connection.address, -1)
        self.chat_by_connection.pop(connection, None)

    def check(self, connection: Connection, table: LiveTable, seat: int | None) -> None:
        """Refuse a join that would pass a limit (ProtocolError); nothing is counted yet."""
        if seat is not None:
            held = sum(other.seat == seat and other is not connection for other in table.connections)
            if held >= self.limits.max_connections_per_seat:
                raise ProtocolError(
                    "limit",
                    f"seat {seat + 1} at table {table.id} already has {held} connections; close one",
                )
            return
        if connection.table is table and connection.seat is None:
            return
        if not table.setup.access.watchable:
            raise ProtocolError("closed", f"table {table.id} is closed to spectators")
        watching = connection.table is not None and connection.seat is None
        at_table = sum(other.seat is None for other in table.connections)
        if at_table >= self.limits.max_spectators_per_table:
            raise ProtocolError(
                "limit", f"table {table.id} has its {self.limits.max_spectators_per_table} spectators"
            )
        most = self.limits.max_spectators_per_address
        if self.spectators_by_address[connection.address] - watching >= most:
            raise ProtocolError("limit", f"{connection.address} already watches with {most} connections")
        if self.spectators - watching >= self.limits.max_spectators:
            raise ProtocolError(
                "limit", "the server has all the spectators it takes; the rest is kept for the players"
            )

    def enter(self, connection: Connection) -> None:
        """Count a connection that has just joined its table (its seat, or as a spectator)."""
        self.joins += 1
        connection.number = self.joins
        if connection.seat is None:
            self.spectators += 1
            self.spectators_by_address[connection.address] += 1
        else:
            self._count(self.unseated, connection.address, -1)

    def release(self, connection: Connection) -> None:
        """Stop counting a connection at the table it is leaving."""
        if connection.table is None:
            return
        if connection.seat is None:
            self.spectators -= 1
            self._count(self.spectators_by_address, connection.address, -1)
        else:
            self.unseated[connection.address] += 1

    def forget(self, table: LiveTable) -> None:
        """A table leaves memory: so does its spectators' chat."""
        self.tables.pop(table.id, None)

    @staticmethod
    def _count(counter: Counter[str], key: str, change: int) -> None:
        counter[key] += change
        if counter[key] <= 0:
            del counter[key]

    # -- chat ------------------------------------------------------------------------------------
    def at(self, table: LiveTable) -> TableAudience:
        """A table's spectators' chat."""
        found = self.tables.get(table.id)
        if found is None:
            found = self.tables[table.id] = TableAudience(
                _bucket(self.limits.spectator_chat_lines_per_minute_per_table, self.clock)
            )
        return found

    def chat(self, connection: Connection, table: LiveTable, text: str) -> None:
        """Send a chat line to the table, if its sender may say it and every budget allows it."""
        spectator = connection.seat is None
        audience = self.at(table)
        if spectator and not audience.spectator_chat:
            raise ProtocolError("muted", f"the maker of table {table.id} has turned spectators' chat off")
        if spectator and connection.address in audience.muted:
            raise ProtocolError("muted", f"the maker of table {table.id} has muted you")
        self._spend(connection, audience)
        if spectator:
            line = frame(
                "chat",
                table=table.id,
                seat=None,
                spectator=connection.number,
                name=f"Spectator {connection.number}",
                text=text,
            )
            for other in list(table.connections):
                if other.seat not in audience.hiding:
                    other.send(line)
            return
        seat = connection.seat
        assert seat is not None
        table.broadcast(
            frame("chat", table=table.id, seat=seat + 1, name=table.setup.seats[seat].name, text=text)
        )

    def _spend(self, connection: Connection, audience: TableAudience) -> None:
        """Count one line against each budget, narrowest first (rate_limited naming the first spent)."""
        limits = self.limits
        mine = self.chat_by_connection.get(connection)
        if mine is None:
            mine = self.chat_by_connection[connection] = _bucket(limits.chat_lines_per_minute, self.clock)
        if not mine.allow():
            raise ProtocolError(
                "rate_limited", "too many chat lines from this connection; this one is dropped"
            )
        if not self._address_bucket(connection.address).allow():
            raise ProtocolError(
                "rate_limited", f"too many chat lines from {connection.address}; this one is dropped"
            )
        if connection.seat is None and not audience.chat.allow():
            raise ProtocolError("rate_limited", "this table's spectators chat too much; this line is dropped")
        if not self.chat_in_all.allow():
            raise ProtocolError("rate_limited", "the server has too much chat now; this line is dropped")

    def _address_bucket(self, address: str) -> RateLimiter:
        found = self.chat_by_address.get(address)
        if found is None:
            if len(self.chat_by_address) >= KEPT_BUCKETS:
                kept = self.chat_by_address.items()
                self.chat_by_address = {key: bucket for key, bucket in kept if not bucket.full()}
            rate = self.limits.chat_lines_per_minute_per_address
            found = self.chat_by_address[address] = _bucket(rate, self.clock)
        return found

    # -- what players and the maker choose --------------------------------------------------------
    def show_spectators(self, connection: Connection, show: bool) -> None:
        """A player shows or hides the spectators' lines at their seat (all its connections)."""
        table, seat = connection.seated("hide or show the spectators' chat")
        hiding = self.at(table).hiding
        if show:
            hiding.discard(seat)
        else:
            hiding.add(seat)
        answer = frame("spectator_chat", table=table.id, seat=seat + 1, shown=show)
        for other in list(table.connections):
            if other.seat == seat:
                other.send(answer)

    def moderate(
        self, connection: Connection, spectator_chat: bool | None, mute: int | None, unmute: int | None
    ) -> None:
        """The table's maker turns spectators' chat on or off, or mutes or unmutes one spectator."""
        table = connection.maker_table("moderate it")
        audience = self.at(table)
        if mute is not None:
            muted = next(
                (other for other in table.connections if other.seat is None and other.number == mute), None
            )
            if muted is None:
                raise ProtocolError("bad_request", f"spectator {mute} is not at table {table.id}")
            audience.muted[muted.address] = mute
        if unmute is not None:
            kept = audience.muted.items()
            audience.muted = {address: number for address, number in kept if number != unmute}
        if spectator_chat is not None:
            audience.spectator_chat = spectator_chat
        table.broadcast(
            frame(
                "moderation",
                table=table.id,
                spectator_chat=audience.spectator_chat,
                muted=sorted(audience.muted.values()),
            )
        )
