"""The duel rank (seed §12-§13): a score from ten counters, its letter, the starchips and the drop."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardtable.games.fm.carddata import duelists, tables
from cardtable.games.fm.state import COUNTER_NAMES, FmState

START = 50
EXODIA_BONUS = 40
DECK_OUT_MALUS = -40
#: The score table's counters, in its row order, and where each is read from.
ROWS = (
    "turns",
    "effective_attacks",
    "defensive_wins",
    "face_down_plays",
    "pure_magic",
    "traps_triggered",
    "cards_used_draw_cursor",
    "remaining_lp",
    "initiate_fusion",
    "equip_magic",
)
POOLS = {"SA_POW": "sa_pow", "BCD": "bcd", "SA_TEC": "sa_tec"}


@dataclass(frozen=True)
class Rank:
    """A won duel's rank: the score, its letter, the starchips won and the pool the drop comes from."""

    score: int
    letter: str
    starchips: int
    pool: str
    counters: dict[str, int]


def counters_of(state: FmState, seat: int) -> dict[str, int]:
    """The ten counters of the score table, as `seat` finished the duel."""
    own = dict(zip(COUNTER_NAMES, state.counters[seat], strict=True))
    return {
        "turns": state.turn_number[seat],
        "effective_attacks": own["effective_attacks"],
        "defensive_wins": own["defensive_wins"],
        "face_down_plays": own["face_down_plays"],
        "pure_magic": own["magic_used"],
        "traps_triggered": own["traps_activated"],
        "cards_used_draw_cursor": own["cards_drawn"],
        "remaining_lp": state.lp[seat],
        "initiate_fusion": own["fusions"],
        "equip_magic": own["equips"],
    }


def score_change(counter: str, value: int) -> int:
    """What one counter adds: the table row whose range holds the value (seed §13.1)."""
    for _, name, low, high, change in tables()["rank_score_rules"]:
        if name == counter and low <= value and (high is None or value <= high):
            return int(change)
    raise ValueError(f"no rank rule for {counter} = {value}")


def letter_of(score: int) -> tuple[str, int, str]:
    """The rank letter, starchips and drop pool of a score; a negative score is mirrored (seed §13.2)."""
    mirrored = abs(score)
    for low, high, letter, starchips, pool in tables()["rank_letters"]:
        if (low is None or mirrored >= low) and (high is None or mirrored <= high):
            return letter, int(starchips), POOLS[pool]
    raise ValueError(f"no rank for score {score}")


def rank(state: FmState, seat: int) -> Rank:
    """The rank of `seat`'s win."""
    counters = counters_of(state, seat)
    score = START + sum(score_change(name, counters[name]) for name in ROWS)
    if state.win_reason == "Exodia":
        score += EXODIA_BONUS
    elif state.win_reason == "deck out":
        score += DECK_OUT_MALUS
    letter, starchips, pool = letter_of(score)
    return Rank(score, letter, starchips, pool, counters)


def drop(duelist: int, pool: str, rng: random.Random) -> int:
    """The card a beaten duelist drops: drawn by weight from the pool the rank chose."""
    entries = duelists()[duelist].pools[pool]
    return rng.choices([card for card, _ in entries], weights=[weight for _, weight in entries])[0]
