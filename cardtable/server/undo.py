"""Undo at a table: a person takes back their last move, and every move made after it.

Against bots (no other person at the table) it is done at once, as the
terminal's `undo` (not against a Forbidden Memories duelist: a campaign's
duel is never played over): the person's last decision and the bots' replies are
taken back.  At a table of people it is a request (`undo_request` frames)
that every other person accepts or refuses; the bots accept.  A request
lapses as soon as anyone moves.

An undo is stored as a line of the table's actions, `#undo N` (no game's
notation starts with `#`), so that a restart replays the table to the same
place; stored actions are never rewritten, so each sealed line keeps a label
of its own.  A replay of the finished game holds the moves that stood.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardtable.server.protocol import ProtocolError, Undo, frame
from cardtable.server.setup import seat_bot

if TYPE_CHECKING:
    from cardtable.server.storage import Storage
    from cardtable.server.tables import Connection, LiveTable

log = logging.getLogger("cardtable.server")

UNDO_MARK = "#undo "


def undone_count(text: str) -> int | None:
    """How many actions a stored line takes back (None: the line is an action)."""
    if not text.startswith(UNDO_MARK):
        return None
    return int(text[len(UNDO_MARK) :])


def moves_to_undo(table: LiveTable, seat: int) -> int:
    """How many actions taking back the seat's last decision undoes: that one and every one after it."""
    moves = table.match.moves
    for index in range(len(moves) - 1, -1, -1):
        if moves[index].seat == seat:
            return len(moves) - index
    return 0


@dataclass
class Request:
    """A seat's asking to undo, at a version, and the people who are still to answer."""

    seat: int
    version: int
    waiting: set[int]


class Undos:
    """The requests to undo being answered, by table; and the undoing itself."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.requests: dict[str, Request] = {}

    def answer(self, connection: Connection, message: Undo) -> None:
        """An undo asked for, or an answer to another seat's asking (ProtocolError if out of place)."""
        table, seat = connection.seated("ask for or answer an undo")
        if table.finished:
            raise ProtocolError("game_over", f"the game at table {table.id} is over; it cannot be undone")
        if any(spec.duelist is not None for spec in table.setup.seats):
            # A campaign's duel is settled by its result: it is never played over (as at the terminal).
            raise ProtocolError("duelist", f"a duel against a duelist (table {table.id}) cannot be undone")
        request = self.requests.get(table.id)
        if request is not None and request.version != table.version:
            # Someone moved since: the request lapsed.
            del self.requests[table.id]
            request = None
        if message.accept is None:
            self._ask(table, seat, request)
            return
        if request is None:
            raise ProtocolError("no_undo", f"nobody at table {table.id} is asking to undo")
        if seat not in request.waiting:
            raise ProtocolError("answered", f"seat {seat + 1} has no undo to answer")
        if not message.accept:
            del self.requests[table.id]
            table.broadcast(self._frame(table, request, refused_by=seat + 1))
            return
        request.waiting.discard(seat)
        if request.waiting:
            table.broadcast(self._frame(table, request))
            return
        del self.requests[table.id]
        self._undo(table, request.seat)

    def _ask(self, table: LiveTable, seat: int, request: Request | None) -> None:
        count = moves_to_undo(table, seat)
        if count == 0:
            raise ProtocolError("nothing_to_undo", f"seat {seat + 1} has made no move to take back")
        if request is not None:
            raise ProtocolError("undo_asked", f"seat {request.seat + 1}'s undo is being answered")
        if table.setup.clock is not None:
            # The time the undone moves took could not be given back to each seat fairly.
            raise ProtocolError("no_undo", "a table with a clock has no undo")
        standing = table.version - count
        if any(left.at > standing for left in table.match.withdrawals):
            raise ProtocolError("no_undo", "the undo would take back a seat's leaving the game")
        # Who must agree: the people still at their seats (a seat a bot took after its person left agrees).
        people = range(len(table.setup.seats))
        others = {index for index in people if not table.seat_spec(index).is_bot} - {seat}
        if not others:
            self._undo(table, seat)
            return
        request = self.requests[table.id] = Request(seat, table.version, others)
        table.broadcast(self._frame(table, request))

    def _frame(self, table: LiveTable, request: Request, refused_by: int | None = None) -> str:
        return frame(
            "undo_request",
            table=table.id,
            seat=request.seat + 1,
            version=request.version,
            waiting=sorted(seat + 1 for seat in request.waiting),
            refused_by=refused_by,
        )

    def _undo(self, table: LiveTable, seat: int) -> None:
        """Take back the seat's last decision and what followed: stored first, then done and shown."""
        count = moves_to_undo(table, seat)
        try:
            self.storage.append_action(table.id, table.stored, seat, f"{UNDO_MARK}{count}", None)
        except Exception as error:
            log.exception("table %s: storing an undo failed", table.id)
            raise ProtocolError(
                "storage", f"the undo could not be stored ({error}); nothing changed"
            ) from None
        table.stored += 1
        if table.bot_task is not None:
            # A bot thinking about a move that is being taken back stops (its worker's answer is dropped).
            table.bot_task.cancel()
        table.match.undo(count)
        del table.texts[len(table.texts) - count :]
        del table.times[len(table.times) - count :]
        for index, spec in enumerate(table.setup.seats):
            if spec.is_bot:
                # A bot's plan was made for the moves taken back: each starts afresh, as after a restart.
                table.bots[index] = seat_bot(spec, table.game)
        for connection in table.connections:
            # The log is sent whole again: its end was taken back.
            connection.log_sent = 0
        table.broadcast(frame("undone", table=table.id, seat=seat + 1, count=count, version=table.version))
        table.publish()
