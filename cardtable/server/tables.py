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
from typing import Any

from cardtable.core.players import Bot
from cardtable.core.replay import replay_lines
from cardtable.games import get_game
from cardtable.server.limits import Limits, RateLimiter
from cardtable.server.protocol import PROTOCOL, frame
from cardtable.server.setup import seat_bot
from cardtable.server.storage import TableRecord
from cardtable.server.undo import undone_count


def token_hash(token: str) -> str:
    """The SHA-256 of a seat's token, the only form in which it is kept."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


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
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""

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
        #: Every action's text, in order (what the bot workers are sent).
        self.texts: list[str] = []
        for seat, text in record.actions:
            undone = undone_count(text)
            if undone is None:
                self.match.play(text, seat)
                self.texts.append(text)
            else:
                self.match.undo(undone)
                del self.texts[len(self.texts) - undone :]
        #: The lines stored of the table: its actions and undos (the next one's number).
        self.stored = len(record.actions)
        self.bots: dict[int, Bot] = {
            seat: seat_bot(spec, self.game) for seat, spec in enumerate(self.setup.seats) if spec.is_bot
        }
        self.connections: set[Connection] = set()
        self.bot_task: asyncio.Task[None] | None = None

    @property
    def version(self) -> int:
        """The number of actions taken: the version of the state and of its legal list."""
        return len(self.match.moves)

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.match.is_over

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
        return [
            {
                "seat": seat + 1,
                "name": spec.name,
                "kind": "bot" if spec.is_bot else "person",
                "bot": spec.bot if spec.duelist is None else "duelist",
                "connected": spec.is_bot or self.connected(seat),
            }
            for seat, spec in enumerate(self.setup.seats)
        ]

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
        )

    def state_frame(self, connection: Connection, view: Any) -> str:
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
        if seat is not None and current == seat:
            format_action = self.game.format_action
            legal = [
                {"id": index, "action": format_action(action)}
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
        )

    def publish(self) -> None:
        """Send every connection the state as its seat sees it now."""
        views: dict[int | None, Any] = {}
        for connection in list(self.connections):
            seat = connection.seat
            if seat not in views:
                views[seat] = self.match.view(seat)
            connection.send(self.state_frame(connection, views[seat]))

    def game_over_frame(self) -> str:
        """The outcome and the whole replay, seed included: offered to everyone once the game is over."""
        outcome = self.match.outcome
        assert outcome is not None
        return frame("game_over", table=self.id, outcome=outcome.to_json(), replay=replay_lines(self.match))

    def broadcast(self, text: str) -> None:
        """Send one frame to every connection at the table."""
        for connection in list(self.connections):
            connection.send(text)
