"""A dnup small enough for OpenSpiel to solve, as the bridge's parameters (cardtable/rl/openspiel.py).

    pyspiel.load_game(python_game_name("dnup"), short_deck_dnup())

gives a two-seat dnup of five cards whose exploitability OpenSpiel's tools compute
(benchmarks/openspiel_short_deck.py, docs/rl.md).
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.core.pairs import code_name
from cardtable.games.dnup.rules import CARDS

#: The short-deck dnup of `short_deck_dnup`: the five cards played, upright (top number first).
SHORT_DECK = ("2/1", "4/3", "6/5", "8/7", "10/9")


def short_deck_dnup(hand: int = 2, turn_limit: int = 2) -> dict[str, Any]:
    """The parameters of a dnup small enough for OpenSpiel to solve: two seats, five cards.

    Two players are dealt `hand` cards each from the five of `SHORT_DECK` (shuffled by chance, the
    rest set aside unseen); the other forty cards lie face up in the discards from the start, so every
    seat knows they are out of play.  Cards are never dealt turned, the first to empty a hand wins,
    and a round ends after `turn_limit` turns a player (docs/rules/dnup.md, the house rule), the
    fewest cards in hand winning then.
    """
    if not 1 <= hand <= 2:
        raise ValueError(f"hand={hand}: one or two cards each, from the five of the short deck")
    upright = {frozenset(name.split("/")) for name in SHORT_DECK}
    out = [code_name(card * 2) for card in CARDS if frozenset(code_name(card * 2).split("/")) not in upright]
    position = {
        "game": "dnup",
        "options": {"random_orientation": False, "target": 2, "turn_limit": turn_limit},
        "hands": [list(SHORT_DECK[:hand]), list(SHORT_DECK[hand : 2 * hand])],
        "aside": list(SHORT_DECK[2 * hand :]),
        "discards": out,
        "start_seat": 1,
        "turn_seat": 1,
        "chance_seed": 0,
    }
    return {"position": json.dumps(position), "redeal_with": "aside"}
