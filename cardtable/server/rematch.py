"""A rematch everyone joins: one proposal at a finished table, and one new table for those who accept.

A seat proposes (`{"type": "rematch"}`) and every seat is shown the
proposal, who accepted (the bots always do), who declined and who is still
to answer; a person answers with the same message (`"accept": false`
declines).  Once nobody is left to answer, or when the proposer sends it
again to start with those who accepted so far, the new table is made: the
same game, rules and seats (a seat whose person did not come is played by
the heuristic bot, "Ann (bot)"), a new deal, and the first player passed on
to the next seat.  Each accepting seat is sent its own new token, on its own
connections only.  If nobody but the proposer accepted at a table of
people, no table is made.

Proposals live in memory with the finished table: a restart forgets one
still being answered (it is proposed again in a click).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.chance import fresh_seed
from cardtable.server.protocol import ProtocolError, Rematch, frame
from cardtable.server.setup import SeatSpec, TableSetup
from cardtable.server.tables import Connection, LiveTable

#: The pace of a bot that takes the seat of a person who did not come back (seconds).
STAND_IN_PACE = 0.9

#: Makes and stores a table from a set-up for a creator's address: the table and its seats' tokens.
OpenTable = Callable[[TableSetup, str], tuple[LiveTable, list[str | None]]]


@dataclass
class Proposal:
    """Who proposed a new game at a table, who answered how, and the table made (once it is)."""

    by: int
    accepted: set[int]
    declined: set[int] = field(default_factory=set)
    new_table: str | None = None


class Rematches:
    """The proposals at the finished tables, by table."""

    def __init__(self, open_table: OpenTable) -> None:
        self.open_table = open_table
        self.proposals: dict[str, Proposal] = {}

    def answer(self, connection: Connection, message: Rematch) -> None:
        """A proposal, an answer to one, or the proposer's start (ProtocolError if out of place)."""
        table, seat = connection.seated("propose or answer a rematch")
        if not table.finished:
            raise ProtocolError("playing", f"table {table.id} is still playing; a rematch comes at the end")
        proposal = self.proposals.get(table.id)
        if proposal is not None and proposal.new_table is not None:
            made = proposal.new_table
            raise ProtocolError("rematch_made", f"the rematch of table {table.id} is table {made}")
        bots = {index for index, spec in enumerate(table.setup.seats) if spec.is_bot}
        if proposal is None:
            if not message.accept:
                raise ProtocolError("no_rematch", f"nobody has proposed a rematch at table {table.id}")
            proposal = self.proposals[table.id] = Proposal(seat, {seat} | bots)
        elif seat == proposal.by:
            if not message.accept:
                # The proposer withdraws: nothing is made.
                del self.proposals[table.id]
                table.broadcast(frame("rematch", table=table.id, by=seat + 1, withdrawn=True))
                return
            self._start(table, proposal)
            return
        elif seat in proposal.accepted | proposal.declined:
            raise ProtocolError("answered", f"seat {seat + 1} has already answered this rematch")
        else:
            (proposal.accepted if message.accept else proposal.declined).add(seat)
        if len(proposal.accepted) + len(proposal.declined) == len(table.setup.seats):
            self._start(table, proposal)
        else:
            table.broadcast(self._frame(table, proposal))

    def show(self, connection: Connection) -> None:
        """Show a connection that joins a finished table the proposal being answered there, if any."""
        table = connection.table
        proposal = None if table is None else self.proposals.get(table.id)
        if table is not None and proposal is not None and proposal.new_table is None:
            connection.send(self._frame(table, proposal))

    def _frame(self, table: LiveTable, proposal: Proposal) -> str:
        seats = range(len(table.setup.seats))
        answered = proposal.accepted | proposal.declined
        return frame(
            "rematch",
            table=table.id,
            by=proposal.by + 1,
            accepted=sorted(seat + 1 for seat in proposal.accepted),
            declined=sorted(seat + 1 for seat in proposal.declined),
            waiting=[seat + 1 for seat in seats if seat not in answered],
            new_table=proposal.new_table,
        )

    def _start(self, table: LiveTable, proposal: Proposal) -> None:
        """Make the new table for those who accepted, and send each accepting seat its token."""
        people = [index for index, spec in enumerate(table.setup.seats) if not spec.is_bot]
        if len(people) > 1 and proposal.accepted.isdisjoint(set(people) - {proposal.by}):
            # Nobody came: the proposal ends, and everyone is told.
            del self.proposals[table.id]
            table.broadcast(frame("rematch", table=table.id, by=proposal.by + 1, withdrawn=True))
            return
        new, tokens = self.open_table(next_setup(table, proposal.accepted), table.creator)
        proposal.new_table = new.id
        table.broadcast(self._frame(table, proposal))
        for connection in list(table.connections):
            seat = connection.seat
            if seat is not None and seat in proposal.accepted and tokens[seat] is not None:
                token = tokens[seat]
                connection.send(
                    frame(
                        "rematch_table",
                        table=table.id,
                        new_table=new.id,
                        seat=seat + 1,
                        token=token,
                        link=f"/play/{new.id}?token={token}",
                    )
                )


def next_setup(table: LiveTable, coming: set[int]) -> TableSetup:
    """The set-up of a table's rematch: its game, rules and seats, a new deal, the next first player."""
    setup = table.setup
    seats = [
        spec if spec.is_bot or index in coming else SeatSpec(f"{spec.name} (bot)", "heuristic", STAND_IN_PACE)
        for index, spec in enumerate(setup.seats)
    ]
    return TableSetup(
        setup.game,
        fresh_seed(),
        dict(setup.options),
        tuple(seats),
        setup.position,
        clock=setup.clock,
        access=setup.access,
        first_seat=_next_first(table),
    )


def _next_first(table: LiveTable) -> int:
    """The seat after the one that played first at the table."""
    first: Any = table.setup.first_seat
    if first is None:
        first = table.game.current_seat(table.match.initial)
    return (int(first or 0) + 1) % len(table.setup.seats)
