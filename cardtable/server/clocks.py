"""A table's clock: none (the default), a time per move, or a bank of time plus an increment per move.

A clock is chosen when the table is made (`"clock": {"move": 60}` or
`"clock": {"bank": 600, "increment": 5}` in the table request) and kept in
its set-up.  The server alone counts it, from when each action was taken
(stored with the action, `table_events.py`), so a restart rebuilds it
exactly: the seat to act has been thinking since the action before (or the
table's creation), and time spent while the server was down counts too.
A "move" is a turn: a seat's actions in a row.  Bots' seats, and seats a
bot took, have no clock.
When the seat to act has no time left, the other seats may claim
(`lifecycle.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.server.protocol import BadRequest

#: The most seconds a clock may give (a week: a table played a move a day).
MAX_CLOCK_SECONDS = 7 * 86400.0


def read_clock(data: Any) -> dict[str, float] | None:
    """A table request's clock (BadRequest naming what is wrong); None for no clock."""
    if data is None:
        return None
    if not isinstance(data, dict) or not data or not set(data) <= {"move", "bank", "increment"}:
        raise BadRequest(
            '\'clock\' should be null, {"move": SECONDS} or {"bank": SECONDS, "increment": SECONDS}'
        )
    if "move" in data and len(data) > 1:
        raise BadRequest("'clock': a time per move has no bank or increment")
    if "move" not in data and "bank" not in data:
        raise BadRequest("'clock': an increment needs a 'bank'")
    clock: dict[str, float] = {}
    for name, value in data.items():
        least = 0.0 if name == "increment" else 1.0
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadRequest(f"'clock' {name}: {value!r} should be a number of seconds")
        if not least <= value <= MAX_CLOCK_SECONDS:
            raise BadRequest(f"'clock' {name}: {value!r} should be {least:g} to {MAX_CLOCK_SECONDS:g} s")
        clock[name] = float(value)
    return clock


def seconds_left(
    clock: Mapping[str, float],
    seats: int,
    created: float,
    actions: Sequence[tuple[int, float | None]],
    to_act: int | None,
    now: float,
) -> list[float]:
    """Each seat's time left now (the seat to act's running down since its turn came), from the record.

    `actions` are (seat from 0, when it was taken) in order; a time unknown
    (an older server's action) counts as no time spent.  A turn is a seat's
    actions in a row: the increment is added, and a time per move starts
    again, when the turn passes to another seat.
    """
    move = clock.get("move")
    left = [move if move is not None else clock["bank"]] * seats
    increment = clock.get("increment", 0.0)
    since = created
    for index, (seat, taken) in enumerate(actions):
        stamp = since if taken is None else taken
        left[seat] -= max(0.0, stamp - since)
        since = stamp
        following = actions[index + 1][0] if index + 1 < len(actions) else to_act
        if following != seat:
            left[seat] = move if move is not None else left[seat] + increment
    if to_act is not None:
        left[to_act] -= max(0.0, now - since)
    return left
