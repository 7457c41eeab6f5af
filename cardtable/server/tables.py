"""A live table and a connection to it, and the frames a table sends.

A table holds its match (the one state the server keeps for it), the
hashes of its seats' tokens, its bots and the connections at it.  Every
frame about the game is built for one receiver from the view of that
receiver's seat (a spectator's view for a spectator), never from the state:
the view's JSON, the log entries the receiver has not had yet, and, for the
seat to act, the legal actions with their ids.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections.abc import Callable
from typing import Any

from cardtable.core.match import WITHDRAWALS
from cardtable.core.players import Bot
from cardtable.core.replay import replay_lines
from cardtable.games import get_game
from cardtable.server.limits import Limits, RateLimiter
from cardtable.server.protocol import PROTOCOL, ProtocolError, frame
from cardtable.server.setup import SeatSpec, seat_bot
from cardtable.server.storage import TableRecord
from cardtable.server.table_events import CLOSED, TableEvent
from cardtable.server.undo import undone_count

#: The bot that takes a withdrawn seat at a table that goes on, and its pace (seconds).
TAKEOVER_BOT = "heuristic"
TAKEOVER_PACE = 1.0


def token_hash(token: str) -> str:
    """The SHA-256 of a seat's token, the only form in which it is kept."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


#: What a seat waiting for its person keeps: its invitation's hash follows, or nothing once withdrawn.
INVITED = "invite:"


def held(key: str | None) -> bool:
    """Whether a seat's key is a token's hash (its person holds it), not a bot's or an invitation's."""
    return key is not None and not key.startswith(INVITED)


class Connection:
    """One client's connection: where it sits, what it was sent, and its queue of frames to send."""

    def __init__(self, address: str, limits: Limits) -> None:
        self.address = address
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(limits.max_queued_frames)
        self.rate = RateLimiter(limits.messages_per_second, limits.message_burst)
        self.table: LiveTable | None = None
        self.seat: int | None = None
        #: How many entries of its seat's log this connection has been sent.
        self.log_sent = 0
        #: Messages refused for flooding so far.
        self.flooded = 0
        #: Its number, given by the server when it joins a table (a spectator is named by it).
        self.number = 0
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""
        #: Set when it joined a table another server process owns: that process's address (None: the
        #: table changes hands) and the join, which the socket then relays there (relay.py).
        self.relay: tuple[str | None, str] | None = None

    def send(self, text: str) -> None:
        """Queue a frame; a connection too slow to keep up is closed."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close(1008, "too slow: frames piled up unread")

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Send nothing more; the writer closes the socket once the frames already queued are sent."""
        if self.closed:
            return
        self.closed, self.close_code, self.close_reason = True, code, reason
        while True:
            try:
                self.outbox.put_nowait(None)
                return
            except asyncio.QueueFull:
                self.outbox.get_nowait()

    def seated(self, what: str) -> tuple[LiveTable, int]:
        """Its table and seat, for something only a seat may do (ProtocolError naming `what` if none)."""
        table, seat = self.table, self.seat
        if table is None:
            raise ProtocolError("not_joined", f"join a table before you {what}")
        if seat is None:
            raise ProtocolError("spectator", f"a spectator cannot {what}; only a seat's token can")
        return table, seat

    def maker_table(self, what: str) -> LiveTable:
        """Its table, for something only the table's maker may do (ProtocolError naming `what` if not)."""
        table = self.table
        if table is None:
            raise ProtocolError("not_joined", f"join your table before you {what}")
        if self.seat is None or self.seat != table.setup.access.host:
            raise ProtocolError("not_maker", f"only the maker of table {table.id} may {what}")
        return table


class LiveTable:
    """A table in play (or finished and still watched): its match, seats, bots and connections."""

    def __init__(self, record: TableRecord) -> None:
        self.id = record.id
        self.setup = record.setup
        self.token_hashes = record.token_hashes
        self.creator = record.creator
        self.created = record.created
        self.game = get_game(record.setup.game)
        self.match = record.setup.start_match()
        #: Every action's text, in order (what the bot workers are sent), and when each was taken.
        self.texts: list[str] = []
        self.times: list[float | None] = []
        #: Seats that withdrew and the closing, in order (table_events.py).
        self.events: list[TableEvent] = []
        pending = list(record.events)
        stamps = list(record.times) + [None] * (len(record.actions) - len(record.times))
        for line, ((seat, text), stamp) in enumerate(zip(record.actions, stamps, strict=True)):
            # Each event stands after the stored lines it followed (an undo's line counts as one).
            while pending and pending[0].at <= line:
                self.apply_event(pending.pop(0))
            undone = undone_count(text)
            if undone is None:
                self.match.play(text, seat)
                self.texts.append(text)
                self.times.append(stamp)
            else:
                self.match.undo(undone)
                del self.texts[len(self.texts) - undone :]
                del self.times[len(self.times) - undone :]
        for event in pending:
            self.apply_event(event)
        #: The lines stored of the table: its actions and undos (the next one's number).
        self.stored = len(record.actions)
        self.bots: dict[int, Bot] = {
            seat: seat_bot(spec, self.game) for seat, spec in enumerate(self.setup.seats) if spec.is_bot
        }
        for seat in range(len(self.setup.seats)):
            if seat not in self.bots and self.seat_spec(seat).is_bot:
                self.bots[seat] = seat_bot(self.seat_spec(seat), self.game)
        self.connections: set[Connection] = set()
        self.bot_task: asyncio.Task[None] | None = None
        #: A spectator's first state frame (version, frame, log length), the same for every spectator
        #: joining at that version; and the game's end, the same for everyone.
        self.watching: tuple[tuple[int, int, int], str, int] | None = None
        self.game_over: str | None = None
        #: When each person's seat was last left by its last connection (lifecycle.py), and what state
        #: frames add of the table's time: its clock, the countdown of a seat to act that is away (the
        #: lifecycle sets both once the service holds the table).
        self.away_since: dict[int, float] = {}
        self.timing: Callable[[], dict[str, Any]] = dict

    @property
    def version(self) -> int:
        """The number of actions taken: the version of the state and of its legal list."""
        return len(self.match.moves)

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.match.is_over

    @property
    def last_played(self) -> float:
        """When the table was last played on (its last action or event, or its creation)."""
        # Both lists are in the order things happened: their last times are the latest.
        played = next((stamp for stamp in reversed(self.times) if stamp is not None), self.created)
        return max(played, self.events[-1].time if self.events else played)

    def apply_event(self, event: TableEvent) -> None:
        """A stored withdrawal or closing, taken by the match (a withdrawn seat's bot is the caller's)."""
        if event.kind == CLOSED:
            self.match.close(event.detail)
        else:
            assert event.seat is not None
            self.match.withdraw(event.seat, event.kind)
        self.events.append(event)

    def seat_spec(self, seat: int) -> SeatSpec:
        """Who plays a seat now: its set-up's player, or the bot that took it when its person withdrew."""
        spec = self.setup.seats[seat]
        withdrawals = self.match.withdrawals
        if spec.is_bot or self.match.withdrawn(seat) is None:
            return spec
        outcome = self.match.outcome
        if outcome is not None and outcome.ending in WITHDRAWALS and withdrawals[-1].seat == seat:
            return spec  # the withdrawal that ended the game: nobody took the seat
        return SeatSpec(f"{spec.name} (bot)", TAKEOVER_BOT, TAKEOVER_PACE)

    def seat_of(self, token: str) -> int | None:
        """The seat a token holds, or None."""
        digest = token_hash(token)
        for seat, known in enumerate(self.token_hashes):
            if known is not None and hmac.compare_digest(known, digest):
                return seat
        return None

    def connected(self, seat: int) -> bool:
        """Whether any connection holds the seat."""
        return any(connection.seat == seat for connection in self.connections)

    def seats_json(self) -> list[dict[str, Any]]:
        """Who sits where, as anyone at the table may know it (seats from 1)."""
        seats = []
        for seat, key in enumerate(self.token_hashes):
            spec = self.seat_spec(seat)
            entry = {
                "seat": seat + 1,
                "name": spec.name,
                "kind": "bot" if spec.is_bot else "person",
                "bot": spec.bot if spec.duelist is None else "duelist",
                "connected": spec.is_bot or self.connected(seat),
                "claimed": None if spec.is_bot else held(key),
                "invited": None if spec.is_bot else bool(key and key.startswith(INVITED) and key != INVITED),
            }
            left = self.match.withdrawn(seat)
            seats.append(entry if left is None else entry | {"left": left})
        return seats

    def summary(self) -> dict[str, Any]:
        """What anyone may know of the table: game, seats, progress and, at the end, the outcome."""
        outcome = self.match.outcome
        current = self.match.current_seat
        return {
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "seats": self.seats_json(),
            "version": self.version,
            "to_act": None if current is None else current + 1,
            "finished": outcome is not None,
            "outcome": None if outcome is None else outcome.to_json(),
            "privacy": self.setup.access.privacy,
            "hot_seat": self.setup.access.hot_seat,
        }

    # -- frames ---------------------------------------------------------------------------
    def joined_frame(self, seat: int | None) -> str:
        """The answer to a join: the table, the receiver's seat and who sits where."""
        return frame(
            "joined",
            protocol=PROTOCOL,
            table=self.id,
            game=self.game.name,
            title=self.game.title,
            seat=None if seat is None else seat + 1,
            seats=self.seats_json(),
            privacy=self.setup.access.privacy,
            hot_seat=self.setup.access.hot_seat,
            maker=None if self.setup.access.host is None else self.setup.access.host + 1,
        )

    def state_frame(self, connection: Connection, view: Any, timing: dict[str, Any] | None = None) -> str:
        """The state as the connection's seat sees it: built from that seat's view alone."""
        seat = connection.seat
        data = view.to_json(with_log=False)
        data.pop("log", None)
        history = view.history
        start = connection.log_sent
        entries = [view.describe(event) for event in history.since(start)]
        connection.log_sent = history.length
        current = self.match.current_seat
        legal = []
        if seat is not None and current == seat and seat not in self.bots:
            format_action, describe_action = self.game.format_action, self.game.describe_action
            legal = [
                {"id": index, "action": format_action(action), **describe_action(action)}
                for index, action in enumerate(self.match.legal_actions())
            ]
        return frame(
            "state",
            table=self.id,
            version=self.version,
            seat=None if seat is None else seat + 1,
            to_act=None if current is None else current + 1,
            view=data,
            log={"from": start, "entries": entries},
            legal=legal,
            **(self.timing() if timing is None else timing),
        )

    def first_state_frame(self, connection: Connection) -> str:
        """The state frame of a connection that has just joined; a spectator's is built once a version."""
        if connection.seat is not None or connection.log_sent != 0 or self.timing():
            # A table's clocks and countdowns change with time, not with its version: built afresh.
            return self.state_frame(connection, self.match.view(connection.seat))
        # Keyed by what changes the frame: the version, the stored lines (an undo brings a version back,
        # on another branch) and the events (a resign may end the game at the same version).
        key = (self.version, self.stored, len(self.events))
        if self.watching is None or self.watching[0] != key:
            text = self.state_frame(connection, self.match.view(None))
            self.watching = (key, text, connection.log_sent)
        connection.log_sent = self.watching[2]
        return self.watching[1]

    def publish(self) -> None:
        """Send every connection the state as its seat sees it now.

        A frame depends on the connection's seat and on how much of the log it was sent alone: built
        once for the connections alike (a seat open in two tabs, the spectators), then shared.
        """
        views: dict[int | None, Any] = {}
        built: dict[tuple[int | None, int], tuple[str, int]] = {}
        timing = self.timing()
        for connection in list(self.connections):
            seat = connection.seat
            alike = (seat, connection.log_sent)
            if alike in built:
                text, connection.log_sent = built[alike]
            else:
                if seat not in views:
                    views[seat] = self.match.view(seat)
                text = self.state_frame(connection, views[seat], timing)
                built[alike] = (text, connection.log_sent)
            connection.send(text)

    def game_over_frame(self) -> str:
        """The outcome and the whole replay, seed included: offered to everyone once the game is over."""
        if self.game_over is None:
            outcome = self.match.outcome
            assert outcome is not None
            replay = replay_lines(self.match)
            self.game_over = frame("game_over", table=self.id, outcome=outcome.to_json(), replay=replay)
        return self.game_over

    def broadcast(self, text: str) -> None:
        """Send one frame to every connection at the table."""
        for connection in list(self.connections):
            connection.send(text)
