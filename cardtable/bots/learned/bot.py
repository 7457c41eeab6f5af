"""A bot that plays by a trained policy network: from its seat's view, the legal action scored highest."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.bots.learned.encoding import Encoding, encoding_for
from cardtable.bots.learned.network import Network

#: Positions a bot remembers its choices in (it forgets them all past this, and starts again).
REMEMBERED = 4096


class PolicyBot:
    """Plays the legal action its network scores highest for the observation of its view.

    A position the bot meets again (in the duel, picking a card and cancelling
    comes back to the same one) gets the best action it has not yet chosen
    there, and once it has tried them all, the best again: a deterministic
    policy would otherwise repeat the same circle forever.
    """

    def __init__(self, network: Network, encoding: Encoding, name: str = "policy") -> None:
        self.network = network
        self.encoding = encoding
        self.name = name
        self._chosen: dict[bytes, set[int]] = {}

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The legal action scored highest, among those not yet chosen in this position (`rng` is unused)."""
        ids = self.encoding.action_ids(legal)
        observation = self.encoding.observe(view)
        position = hashlib.blake2b(observation.tobytes() + np.asarray(ids).tobytes(), digest_size=16).digest()
        if len(self._chosen) >= REMEMBERED:
            self._chosen.clear()
        chosen = self._chosen.setdefault(position, set())
        untried = [action_id for action_id in ids if action_id not in chosen]
        if not untried:
            chosen.clear()
            untried = ids
        best = self.network.best(observation, untried)
        chosen.add(best)
        return legal[ids.index(best)]


def policy_bot(path: str | Path, game: str) -> PolicyBot:
    """The bot playing `game` by the policy file at `path` (PolicyFileError if it cannot)."""
    encoding = encoding_for(game)
    try:
        found = Path(path).resolve().stat()
    except OSError:
        network = Network.load(path, encoding)  # names the path and why it cannot be read
    else:
        # A simulation seats a bot anew for every game: the file is read once while it is unchanged.
        network = _loaded(str(Path(path).resolve()), found.st_mtime_ns, found.st_size, game)
    return PolicyBot(network, encoding, name=f"policy:{path}")


@lru_cache(maxsize=8)
def _loaded(path: str, modified: int, size: int, game: str) -> Network:
    return Network.load(path, encoding_for(game))
