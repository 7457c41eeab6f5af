"""A table's bots, supervised: no bot that fails ever freezes its table.

While a bot is to act, its move is asked of a worker (`workers.BotPool`),
except the random bot's: its move is one draw among the legal actions, a few
microseconds, while asking a worker costs the event loop's process about
110 us of its own CPU (the request pickled and written, the reply read) and
wakes another process on the same cores, so it is drawn here, from the same
stream a worker would draw it from (`workers.think`), before the pace is
waited out like any bot's.  Every other bot (the heuristics take 0.1 to
0.6 ms a move on average and up to several, the tree searches seconds) stays
in the workers, where a move that runs over its time can be ended.  A bot
that raises, thinks past its limit (its own time budget plus the
`bot_move_seconds` setting), loses its worker process or chooses a move the
rules refuse is asked once more, of a newly started worker; if that fails
too, the move is made in the server by the game's heuristic bot, or at
worst by a random legal move, and the table is told in an `info` frame.
The frame says only what kind of failure it was: a bot's error may name
the cards it holds, so the details go to the server's log alone.

The loop ends when no bot is to act, and otherwise only when storage keeps
refusing the bots' moves; joining the table starts it again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from cardtable.bots import make_opponent, search_budget
from cardtable.core.chance import make_rng
from cardtable.core.errors import CardtableError
from cardtable.core.players import RandomBot
from cardtable.server.limits import Limits
from cardtable.server.protocol import ProtocolError, frame
from cardtable.server.tables import LiveTable
from cardtable.server.workers import BotMove, BotPool, BotRequest, WorkerFailed, bot_stream

log = logging.getLogger("cardtable.server")

#: How often a bot's move that storage refused is tried again, and the pause between tries (seconds).
STORAGE_TRIES = 3
STORAGE_RETRY_PAUSE = 1.0
#: The tries a worker gets at one move: the worker the bot would have, then a newly started one.
WORKER_TRIES = (False, True)


class _Moved(Exception):
    """The table moved on (an undo, a resign) while the bot thought: its move is no longer asked for."""


def move_limit(spec: str | None, limits: Limits) -> float:
    """How long a bot at a seat may think for one move before its worker is ended (seconds)."""
    budget = search_budget(spec) if spec is not None else None
    own = budget[0] if budget is not None and budget[1] == "seconds" else 0.0
    return own + limits.bot_move_seconds


async def run_bots(
    table: LiveTable, pool: BotPool, limits: Limits, commit: Callable[[LiveTable], None]
) -> None:
    """Let the bots play while one of them is to act, each move shown no sooner than its pace.

    `commit` stores and shows the move just played (ProtocolError, the move undone, if storage failed).
    """
    storage_failures = 0
    while (seat := table.match.current_seat) is not None and seat in table.bots:
        try:
            await _play_one(table, seat, pool, limits)
        except _Moved:
            continue
        try:
            commit(table)
        except ProtocolError as error:
            storage_failures += 1
            log.error(
                "table %s: the bot's move was not stored (try %d): %s", table.id, storage_failures, error
            )
            if storage_failures >= STORAGE_TRIES:
                return
            await asyncio.sleep(STORAGE_RETRY_PAUSE)
            continue
        storage_failures = 0


async def _play_one(table: LiveTable, seat: int, pool: BotPool, limits: Limits) -> None:
    """Play the seat's move on the table's match (not yet stored): the bot's, or a stand-in's."""
    loop = asyncio.get_running_loop()
    spec = table.seat_spec(seat)
    version = table.version
    # Held to a least time too, so that how long it thought does not tell what it holds.
    shown_at = loop.time() + max(spec.pace, limits.min_bot_answer_seconds)
    failures: list[str] = []
    for fresh in WORKER_TRIES:
        try:
            move = await _choose(table, seat, pool, limits, fresh)
        except WorkerFailed as error:
            log.error("table %s: the bot of seat %d failed: %s", table.id, seat + 1, error)
            failures.append(error.kind)
            _check_unmoved(table, version)
            continue
        await asyncio.sleep(max(0.0, shown_at - loop.time()))
        _check_unmoved(table, version)
        try:
            table.match.play(move.text, seat)
        except CardtableError as error:
            log.error("table %s: the bot of seat %d chose %r: %s", table.id, seat + 1, move.text, error)
            failures.append("it chose a move the rules refuse")
            continue
        table.bots[seat] = move.bot
        return
    await asyncio.sleep(max(0.0, shown_at - loop.time()))
    _check_unmoved(table, version)
    stand_in = _play_stand_in(table, seat)
    text = f"{spec.name} at seat {seat + 1} failed ({'; then '.join(failures)}); {stand_in} made this move"
    log.error("table %s: %s", table.id, text)
    table.broadcast(frame("info", table=table.id, seat=seat + 1, text=text))


async def _choose(table: LiveTable, seat: int, pool: BotPool, limits: Limits, fresh: bool) -> BotMove:
    """The bot's move: drawn here for the random bot (but in a new worker when tried again after a
    failure), asked of a worker for any other (WorkerFailed if it failed)."""
    bot = table.bots[seat]
    if type(bot) is RandomBot and not fresh:
        return draw_random_move(table, seat, bot)
    spec = table.seat_spec(seat)
    request = BotRequest(table.id, table.setup, tuple(table.texts), seat, bot)
    return await pool.think(request, spec.searches, table.creator, move_limit(spec.bot, limits), fresh)


def draw_random_move(table: LiveTable, seat: int, bot: RandomBot) -> BotMove:
    """The random bot's move, in the server's process, as a worker would have drawn it."""
    match = table.match
    try:
        action = bot.choose_blind(match.legal_actions(), bot_stream(table.setup, seat, len(table.texts)))
        return BotMove(match.game.format_action(action), bot)
    except Exception as error:
        raise WorkerFailed(f"{type(error).__name__}: {error}", "it raised an error") from error


def _check_unmoved(table: LiveTable, version: int) -> None:
    if table.version != version or table.match.current_seat not in table.bots:
        raise _Moved


def _play_stand_in(table: LiveTable, seat: int) -> str:
    """Play the seat's move by the game's heuristic bot, in the server, or else a random legal move;
    returns which made it."""
    match = table.match
    legal = match.legal_actions()
    rng = make_rng(table.setup.seed, "stand-in", seat, table.version)
    if "heuristic" in table.game.bots:
        try:
            bot: Any = make_opponent("heuristic", table.game)
            match.play(bot.choose(match.view(seat), legal, rng), seat)
            return "the heuristic bot"
        except Exception:
            log.exception("table %s: the heuristic stand-in of seat %d failed too", table.id, seat + 1)
    match.play(rng.choice(list(legal)), seat)
    return "a random legal move"
