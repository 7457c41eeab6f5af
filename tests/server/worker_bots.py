"""Bots known only to the tests, which travel to real worker processes as any bot does.

They live in a module of their own that imports next to nothing: a worker unpickling one imports its
module, and a search worker does so at the idle priority, where importing a test module (pytest, the
server) on a busy machine took longer than the tests wait.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtable.games.drump.actions import SetForce


class RaisingBot:
    """Raises on every move, with a message that names a card (as a real bot's error might)."""

    name = "raising"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        raise ValueError("I hold the 7h and cannot decide")


class IllegalBot:
    """Chooses a move the rules refuse: a card set on the board that the seat does not hold."""

    name = "illegal"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return next(SetForce(card, 0) for card in range(52) if SetForce(card, 0) not in legal)


class HangingBot:
    """Thinks for an hour."""

    name = "hanging"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        time.sleep(3600)
        raise AssertionError("woke up")


class PidBot:
    """The first time, writes its worker's process id to a file and thinks for an hour; afterwards
    (the file there) plays the first legal move."""

    name = "pid"

    def __init__(self, path: Path) -> None:
        self.path = path

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if not self.path.exists():
            self.path.write_text(str(os.getpid()))
            time.sleep(3600)
        return legal[0]


class NappingBot:
    """Thinks a little while, then plays the first legal move."""

    name = "napping"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        time.sleep(0.3)
        return legal[0]
