"""Whether a bot's answer time tells its hidden cards: Forbidden Memories duelists at pace 0, over many games.

    python benchmarks/bot_timing.py [--games 24] [--at-once 8] [--duelist 39] [--floors 0.000001,default]

For each floor (the server's `min_bot_answer_seconds`, the least time a
bot's move takes to appear; `default` leaves the server's own), starts
`cardtable serve` on 127.0.0.1 with a fresh database and plays `--games`
Free Duels, `--at-once` at a time, each a scripted person (a random legal
action as soon as it is to act) against a duelist with pace 0.  The person
times every answer of the duelist as a spectator of the wire would: from
the state that gives the duelist the turn to the state after its move.
Once a game is over its replay (seed included) rebuilds the duelist's hand
window at each of those moments: the hidden cards the timing might betray.

Prints, for each floor: the answers timed, their median and spread, and
the correlation (Pearson's r) of the answer time with two hidden figures,
the fusions the duelist's hand window can make (the AI searches them) and
the number of its legal actions, both raw and with the game's progress
(the number of actions so far, which everyone sees) taken out.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from cardtable.core.match import Match
from cardtable.games import get_game
from cardtable.games.fm.finder import hints

#: Bounds on what one run may ask for.
MAX_GAMES = 500
MAX_AT_ONCE = 32


@dataclass
class Answer:
    """One timed answer of the duelist: its table, the version it answered at, and how long it took."""

    table: str
    version: int
    seconds: float


@dataclass
class Run:
    """What one floor's games gave."""

    answers: list[Answer] = field(default_factory=list)
    replays: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


async def duel(base: str, duelist: int, rng: random.Random, run: Run) -> None:
    """One Free Duel: a random person against the duelist, every answer of the duelist timed."""
    async with httpx.AsyncClient() as client:
        request = {"protocol": 1, "game": "fm", "seats": [{"person": "P"}, {"duelist": duelist, "pace": 0}]}
        created = (await client.post(base + "/api/tables", json=request)).json()
    table, token = created["table"], created["seats"][0]["token"]
    url = base.replace("http://", "ws://") + "/ws"
    async with connect(url, max_size=None) as socket:
        await socket.recv()
        await socket.send(json.dumps({"type": "join", "protocol": 1, "table": table, "token": token}))
        since: tuple[int, float] | None = None
        async for text in socket:
            now = time.perf_counter()
            frame = json.loads(text)
            if frame["type"] == "game_over":
                run.replays[table] = frame["replay"]
                return
            if frame["type"] != "state":
                continue
            if since is not None and frame["version"] == since[0] + 1:
                run.answers.append(Answer(table, since[0], now - since[1]))
            since = (frame["version"], now) if frame["to_act"] == 2 else None
            if frame["legal"]:
                choice = rng.choice(frame["legal"])
                await socket.send(
                    json.dumps({"type": "action", "id": choice["id"], "version": frame["version"]})
                )


def hidden_figures(replay: list[dict[str, Any]]) -> dict[int, tuple[int, int]]:
    """At each version of a finished duel: the fusions seat 2's hand window makes, and its legal actions."""
    header = replay[0]
    game = get_game("fm")
    match = Match(
        game,
        options=game.option_table.from_dict(header["options"]),
        seed=header["seed"],
        players=header["players"],
        position=header["position"],
        seats=len(header["players"]),
    )
    figures = {}
    for version, line in enumerate(replay[1:-1]):
        if match.current_seat == 1:
            state = match.state
            figures[version] = (len(hints(state.window(1))), len(match.legal_actions()))
        match.play(line["action"], line["seat"] - 1)
    return figures


def correlation(xs: list[float], ys: list[float]) -> float:
    """Pearson's r (0 when either side does not vary)."""
    if len(set(xs)) < 2 or len(set(ys)) < 2:
        return 0.0
    return statistics.correlation(xs, ys)


def without(ys: list[float], control: list[float]) -> list[float]:
    """What is left of ys once its straight-line dependence on `control` is taken out."""
    slope, intercept = statistics.linear_regression(control, ys)
    return [y - (slope * c + intercept) for y, c in zip(ys, control, strict=True)]


def measure(floor: str, arguments: argparse.Namespace) -> Run:
    """Start a server with the floor, play the games, stop it."""
    folder = tempfile.TemporaryDirectory(prefix="bot-timing-")
    command = [
        sys.executable,
        "-m",
        "cardtable.server",
        "--port",
        "0",
        "--db",
        str(Path(folder.name) / "t.sqlite"),
    ]
    command += ["--workers", str(arguments.workers), "--limit", f"max_tables_per_address={MAX_GAMES}"]
    if floor != "default":
        command += ["--limit", f"min_bot_answer_seconds={floor}"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    base = process.stdout.readline().split("open ")[1].split()[0].rstrip("/")
    run = Run()

    async def all_games() -> None:
        rng = random.Random(arguments.seed)
        waiting = iter(range(arguments.games))

        async def lane() -> None:
            for _ in waiting:
                await duel(base, arguments.duelist, random.Random(rng.random()), run)

        await asyncio.gather(*(lane() for _ in range(arguments.at_once)))

    try:
        asyncio.run(all_games())
    finally:
        process.terminate()
        process.wait(30)
        folder.cleanup()
    return run


def report(floor: str, run: Run) -> None:
    """Print one floor's figures."""
    figures = {table: hidden_figures(replay) for table, replay in run.replays.items()}
    rows = [
        (answer.seconds, *figures[answer.table][answer.version], answer.version)
        for answer in run.answers
        if answer.table in figures and answer.version in figures[answer.table]
    ]
    seconds = [row[0] for row in rows]
    fusions = [float(row[1]) for row in rows]
    legal = [float(row[2]) for row in rows]
    progress = [float(row[3]) for row in rows]
    left = without(seconds, progress)
    tenths = statistics.quantiles(seconds, n=10)
    print(
        f"floor {floor:>9} s: {len(rows)} answers in {len(run.replays)} games; "
        f"median {statistics.median(seconds) * 1000:.1f} ms, "
        f"p10-p90 {tenths[0] * 1000:.1f}-{tenths[-1] * 1000:.1f} ms, "
        f"longest {max(seconds) * 1000:.1f} ms"
    )
    print(
        f"    r(time, fusions in hand window) = {correlation(seconds, fusions):+.3f}"
        f" (progress taken out: {correlation(left, without(fusions, progress)):+.3f});"
        f" r(time, legal actions) = {correlation(seconds, legal):+.3f}"
        f" (progress taken out: {correlation(left, without(legal, progress)):+.3f})"
    )


def main() -> None:
    """Measure each floor and print its figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=24, help=f"games for each floor (at most {MAX_GAMES})")
    parser.add_argument(
        "--at-once", type=int, default=8, help=f"games played at once (at most {MAX_AT_ONCE})"
    )
    parser.add_argument("--duelist", type=int, default=39, help="the duelist (1-39)")
    parser.add_argument("--floors", default="0.000001,default", help="floors in seconds, or default")
    parser.add_argument("--workers", type=int, default=1, help="bot worker processes of the server")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    if not 1 <= arguments.games <= MAX_GAMES or not 1 <= arguments.at_once <= MAX_AT_ONCE:
        parser.error(f"--games from 1 to {MAX_GAMES}, --at-once from 1 to {MAX_AT_ONCE}")
    for floor in arguments.floors.split(","):
        report(floor.strip(), measure(floor.strip(), arguments))


if __name__ == "__main__":
    main()
