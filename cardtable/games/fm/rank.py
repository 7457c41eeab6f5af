"""The duel rank: a score from ten counters, its letter, the starchips and the drop.

The rules: docs/rules/fm.md, "The rank".
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from cardtable.games.fm.carddata import duelists, tables
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.state import COUNTER_NAMES, DuelEnding, FmState

START = 50
#: How the win changes the score: an Exodia win +40, a win by the opponent's deck running out -40
#: (docs/rules/fm.md "The rank"); a win by life points adds `life_points_win_bonus` (+2 in the retail
#: game, an option).
ENDING_CHANGES = {DuelEnding.EXODIA: 40, DuelEnding.DECK_OUT: -40}
#: The most starchips a player can hold (retail; fm.md, Caps).
MOST_STARCHIPS = 999_999
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
    """What one counter adds: the table row whose range holds the value (docs/rules/fm.md "The rank")."""
    for _, name, low, high, change in tables()["rank_score_rules"]:
        if name == counter and low <= value and (high is None or value <= high):
            return int(change)
    raise ValueError(f"no rank rule for {counter} = {value}")


def rank_score(
    counters: Mapping[str, int],
    ending: DuelEnding,
    life_points_win_bonus: int = FmOptions().life_points_win_bonus,
) -> int:
    """A won duel's score: 50, changed by each of the ten counters (`ROWS`) and how it was won
    (docs/rules/fm.md "The rank").

    ValueError names a counter missing or unknown.
    """
    missing = [name for name in ROWS if name not in counters]
    unknown = sorted(set(counters) - set(ROWS))
    if missing or unknown:
        raise ValueError(
            f"the rank counts {', '.join(ROWS)}; missing: {', '.join(missing) or 'none'}, "
            f"unknown: {', '.join(unknown) or 'none'}"
        )
    score = START + sum(score_change(name, counters[name]) for name in ROWS)
    ending = DuelEnding(ending)
    if ending is DuelEnding.LIFE_POINTS:
        return score + life_points_win_bonus
    return score + ENDING_CHANGES[ending]


def rank_letter(score: int, mirror_negative: bool = False) -> str:
    """The rank of a score, from S-POW (90 or more) to S-TEC (9 or less, negative scores included).

    The rank table is the rule (docs/rules/fm.md "The rank"); `mirror_negative` reads a negative score
    as its opposite first (option `mirror_negative_scores`).
    """
    if isinstance(score, bool) or not isinstance(score, int):
        raise ValueError(f"a rank score is a whole number, not {score!r}")
    value = abs(score) if mirror_negative else score
    for low, high, letter, _, _ in tables()["rank_letters"]:
        if (low is None or value >= low) and (high is None or value <= high):
            return str(letter)
    raise ValueError(f"no rank for score {score}")  # pragma: no cover - the bands cover every integer


def add_starchips(held: int, won: int) -> int:
    """The starchips held after winning or spending some: never below 0, never above 999,999 (retail)."""
    return max(0, min(MOST_STARCHIPS, held + won))


def rank_rewards(letter: str) -> tuple[int, str]:
    """The starchips a rank wins and the pool its dropped card is drawn from (`sa_pow`, `bcd`, `sa_tec`)."""
    for _, _, band_letter, starchips, pool in tables()["rank_letters"]:
        if band_letter == letter:
            return int(starchips), POOLS[pool]
    letters = ", ".join(row[2] for row in tables()["rank_letters"])
    raise ValueError(f"{letter!r} is not a rank; the ranks are {letters}")


def rank(state: FmState, seat: int) -> Rank:
    """The rank of `seat`'s win."""
    if state.ending is None or state.result is None or state.result.winners != (seat,):
        raise ValueError(f"seat {seat + 1} has not won this duel")
    counters = counters_of(state, seat)
    options = state.options
    score = rank_score(counters, state.ending, options.life_points_win_bonus)
    letter = rank_letter(score, options.mirror_negative_scores)
    starchips, pool = rank_rewards(letter)
    return Rank(score, letter, starchips, pool, counters)


def drop(duelist: int, pool: str, rng: random.Random) -> int:
    """The card a beaten duelist drops: drawn by weight from the pool the rank chose."""
    entries = duelists()[duelist].pools[pool]
    return rng.choices([card for card, _ in entries], weights=[weight for _, weight in entries])[0]
