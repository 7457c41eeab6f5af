"""The learning encoding of a game that brings none of its own: hashed facts of the view's JSON.

The observation has `FEATURES` entries, each 0 or 1.  Every fact of the
view's JSON (its log left out) is a feature: each leaf as `path=value`
(`hand[2]="7♥"`, `scores[1]=12`) and each list's length as `path#=length`;
a feature sets the entry its CRC-32 falls on (the same in every process, whatever
the hash seed).  Two facts may share an entry; a learner sees their union.
The view is the seat's own, so the observation holds nothing the seat may not know.

Action ids: the game's `action_list` when its declaration has one (an
action's id is its index there), else the legal actions of the moment in
the rules' order, id k the k-th, up to `LEGAL_SLOTS` of them (a game with
more at once should declare its list).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from functools import cache
from typing import Any

from cardtable.bots.learned.encoding import Encoding, Layout, Observation, finished, new_entries
from cardtable.core.jsonio import JSON

#: Entries of the observation.
FEATURES = 4096
#: Ids of a game with no action list: the most legal actions it may offer at once.
LEGAL_SLOTS = 1024

LAYOUT = Layout([("features", FEATURES, "1 where a fact of the view's JSON falls (CRC-32 of path=value)")])


def facts(data: JSON, path: str = "") -> Iterator[str]:
    """Every fact of a JSON value as text: each leaf's `path=value`, each list's `path#=length`."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from facts(value, f"{path}.{key}" if path else key)
    elif isinstance(data, list):
        yield f"{path}#={len(data)}"
        for index, value in enumerate(data):
            yield from facts(value, f"{path}[{index}]")
    else:
        yield f"{path}={data!r}"


def observe(view: Any) -> Observation:
    """The observation of a seat's view: 1 at the entry of each of its JSON's facts."""
    if view.seat is None:
        raise ValueError("a spectator has no observation: observations are a seat's")
    entries = new_entries(LAYOUT)
    for fact in facts(view.to_json(with_log=False)):
        entries[zlib.crc32(fact.encode()) % FEATURES] = 1.0
    return finished(entries)


@cache
def generic_encoding(game: Any) -> Encoding:
    """The generic encoding of a game declaration (made once for each)."""
    if game.action_list is not None:
        actions = tuple(game.action_list())
        doc = f"The index of the action in the game's action_list ({len(actions):,} ids)."
        return Encoding(game.name, actions, LAYOUT, observe, doc)
    doc = (
        f"The place of the action among the legal actions of the moment, in the rules' order "
        f"({LEGAL_SLOTS:,} ids; the game declares no action_list)."
    )
    return Encoding(game.name, (), LAYOUT, observe, doc, legal_slots=LEGAL_SLOTS)
