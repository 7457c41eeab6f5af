"""Write the golden replays (tests/golden/*.jsonl) in the current replay format, or check that they are.

    python tools/golden_replays.py            # each file again, from its own actions (the same games)
    python tools/golden_replays.py --play     # each game played afresh by the bots its header names
    python tools/golden_replays.py --check    # exit 1 naming each file not as it would be written

A golden replay pins the rules along a whole game: the current format
(`cardtable/core/replay.py`) records a hash of the state after every
action, and tests/test_replay.py replays each file and checks every one of
them, not just the outcome.  By default a file is read (every recorded
state checked, as any replay is), then written again in today's format from
its own actions: the games stay the same, and an older file gains its
hashes.  When a rule changes on purpose and a recorded game no longer
replays, `--play` plays each game again from its header (the game, the
options, the players as bots, the seed, each bot drawing from its seat's
stream of that seed) and writes that game instead; its diff shows what the
change did.  docs/testing.md says when to run it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cardtable.bots import make_bot
from cardtable.core import replay
from cardtable.core.errors import CardtableError
from cardtable.core.match import Match, bot_rngs

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


def replayed(path: Path) -> replay.AnyMatch:
    """The match a golden file records, every recorded state checked on the way."""
    return replay.load(path)


def played_afresh(path: Path) -> replay.AnyMatch:
    """The game the header of a golden file asks for, played again by its bots to the end."""
    old = replay.load(path)
    game, seats = old.game, len(old.players)
    match = Match(game, options=old.options, seed=old.seed, players=old.players, seats=seats)
    bots = {seat: make_bot(name, game) for seat, name in enumerate(old.players)}
    match.play_bots(bots, bot_rngs(old.seed, seats))
    return match


def golden_text(match: replay.AnyMatch) -> str:
    """A finished match as a replay file in the current format, as `replay.save` writes it."""
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in replay.replay_lines(match))


def main() -> None:
    """Write every golden file again, or check them."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--play", action="store_true", help="play each game afresh from its header")
    parser.add_argument("--check", action="store_true", help="write nothing; name each stale file")
    parser.add_argument("--folder", type=Path, default=GOLDEN, help="default: tests/golden")
    args = parser.parse_args()
    paths = sorted(args.folder.glob("*.jsonl"))
    if not paths:
        sys.exit(f"no replays (*.jsonl) in {args.folder}")
    stale = []
    for path in paths:
        try:
            match = played_afresh(path) if args.play else replayed(path)
        except CardtableError as error:
            sys.exit(f"{path.name}: {error}\n(a rule changed on purpose? --play records each game afresh)")
        if not match.is_over:
            sys.exit(f"{path.name}: the game is not over; a golden replay records a whole game")
        text = golden_text(match)
        if path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path.name)
        if not args.check:
            replay.save(match, path)
    if args.check:
        if stale:
            sys.exit(f"not as tools/golden_replays.py writes them: {', '.join(stale)}")
        print(f"{len(paths)} golden replays, each as it would be written")
    else:
        print(f"{len(paths)} golden replays; written again: {', '.join(stale) or 'none'}")


if __name__ == "__main__":
    main()
