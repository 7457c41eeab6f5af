"""A bot that plays by a trained policy network: from its seat's view, the legal action scored highest."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardtable.bots.learned.encoding import Encoding, encoding_for
from cardtable.bots.learned.network import Network


class PolicyBot:
    """Plays the legal action its network scores highest for the observation of its view."""

    def __init__(self, network: Network, encoding: Encoding, name: str = "policy") -> None:
        self.network = network
        self.encoding = encoding
        self.name = name

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The legal action with the highest score (the policy is deterministic; `rng` is unused)."""
        ids = self.encoding.action_ids(legal)
        best = self.network.best(self.encoding.observe(view), ids)
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
