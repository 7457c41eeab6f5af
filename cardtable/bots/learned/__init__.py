"""Learned players and the machine-learning encoding they share with `cardtable.rl`.

Each game's `Encoding` (`encoding_for(name)`) gives every possible action one
integer id and turns a seat's view into a fixed-size float32 array; a
`PolicyBot` plays by a network trained on those arrays (`policy:FILE` as a
bot name).  It lives with the bots, below the environments, so that any
front end, simulation or server can seat a trained policy.  Needs numpy (the
`rl` extra).
"""

from __future__ import annotations

from cardtable.bots.learned.bot import PolicyBot, policy_bot
from cardtable.bots.learned.encoding import Encoding, Layout, encoding_for
from cardtable.bots.learned.network import Network, PolicyFileError

__all__ = ["Encoding", "Layout", "Network", "PolicyBot", "PolicyFileError", "encoding_for", "policy_bot"]
