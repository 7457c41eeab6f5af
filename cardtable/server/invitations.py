"""Each seat's secret to its holder alone: the maker's own token, and invitations claimed once.

Making a table gives its maker the token of their own seat and, for every
other person's seat, an invitation: the first to claim it gets the seat's
token, made at that moment and shown to nobody else (the server keeps its
SHA-256 only).  The maker sees whether each seat was claimed, and may
withdraw an unclaimed invitation or issue a new one (the old one then
claims nothing).  A hot-seat table (one person at one machine, every seat)
gives the maker every seat's token instead, and says so to every seat.

What a table keeps of each seat (`LiveTable.token_hashes`, stored as they
are): None for a bot, the SHA-256 of the seat's token once it is held,
`invite:` and the SHA-256 of the open invitation, or `invite:` alone once
the invitation was withdrawn.  A token's hash never starts with `invite:`,
so no invitation can be shown as a token.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from cardtable.server.protocol import ProtocolError, frame
from cardtable.server.setup import TableSetup
from cardtable.server.storage import Storage
from cardtable.server.tables import INVITED, Connection, LiveTable, held, token_hash

#: The cookie that holds a seat's token for a table, in a browser.
COOKIE_PREFIX = "cardtable-"


@dataclass(frozen=True)
class Grants:
    """What a table's maker is given: tokens of their own seats, invitations for the others' (by seat)."""

    tokens: tuple[str | None, ...]
    invitations: tuple[str | None, ...]


def new_secret() -> str:
    """A random secret of 192 bits, fit for a URL."""
    return secrets.token_urlsafe(24)


def grant(setup: TableSetup) -> tuple[Grants, tuple[str | None, ...]]:
    """The maker's tokens and invitations for a new table, and what the table keeps of each seat."""
    tokens: list[str | None] = []
    invitations: list[str | None] = []
    keys: list[str | None] = []
    for seat, spec in enumerate(setup.seats):
        token = invitation = None
        if spec.is_bot:
            key = None
        elif setup.access.hot_seat or seat == setup.access.host:
            token = new_secret()
            key = token_hash(token)
        else:
            invitation = new_secret()
            key = INVITED + token_hash(invitation)
        tokens.append(token)
        invitations.append(invitation)
        keys.append(key)
    return Grants(tuple(tokens), tuple(invitations)), tuple(keys)


class Invitations:
    """Claiming an invitation (over HTTP), and the maker's withdrawing and issuing them (over the socket)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def claim(self, table: LiveTable, code: str, cookies: Mapping[str, str]) -> tuple[int, str]:
        """Take the seat an open invitation is for: its seat and its new token (ProtocolError if none)."""
        held_here = cookies.get(COOKIE_PREFIX + table.id)
        mine = None if held_here is None else table.seat_of(held_here)
        if mine is not None and not table.setup.access.hot_seat:
            raise ProtocolError(
                "seat_held",
                f"this browser already holds seat {mine + 1} at table {table.id}: "
                "send the invitation to the person it is for",
            )
        wanted = INVITED + token_hash(code)
        seat = next(
            (seat for seat, key in enumerate(table.token_hashes) if key and hmac.compare_digest(key, wanted)),
            None,
        )
        if seat is None or table.finished:
            raise ProtocolError(
                "invitation",
                f"this invitation to table {table.id} is not open: it was claimed already, withdrawn, "
                "or the game is over",
            )
        token = new_secret()
        self._keep(table, seat, token_hash(token))
        return seat, token

    def reissue(self, connection: Connection, seat_number: int, withdraw: bool) -> None:
        """The maker withdraws the invitation to an unclaimed seat, and issues a new one unless `withdraw`."""
        table = connection.maker_table("invite")
        seat = seat_number - 1
        if not 0 <= seat < len(table.token_hashes) or table.token_hashes[seat] is None:
            raise ProtocolError("bad_request", f"seat {seat_number} is no person's seat at table {table.id}")
        if held(table.token_hashes[seat]):
            raise ProtocolError("claimed", f"seat {seat_number} is claimed: its token is its holder's alone")
        code = None if withdraw else new_secret()
        self._keep(table, seat, INVITED + ("" if code is None else token_hash(code)))
        connection.send(frame("invitation", table=table.id, seat=seat_number, invite=code))

    def _keep(self, table: LiveTable, seat: int, key: str) -> None:
        """Store a seat's new key, then tell the table (nothing changes if storing fails)."""
        keys = list(table.token_hashes)
        keys[seat] = key
        try:
            self.storage.set_token_hashes(table.id, tuple(keys))
        except Exception as error:
            raise ProtocolError("storage", f"the seat could not be stored ({error})") from None
        table.token_hashes = tuple(keys)
        table.broadcast(frame("seats", table=table.id, seats=table.seats_json()))
