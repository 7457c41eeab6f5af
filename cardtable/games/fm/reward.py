"""What a won duel against a duelist gives, as the PS1 shows it at the end: the rank, its score by
criterion, the starchips and the card dropped (docs/rules/fm.md "Winning", "The rank").

The score is 50, changed by each of the ten counters (`rank.ROWS`, a value by
threshold from the seed's table) and by how the duel was won; the letter
picks the starchips and the pool the card is drawn from, by weight, with the
match's seeded chance (stream "drop", as the campaign draws it).  Free Duel
and the campaign both end this way; only the campaign keeps the winnings, in
its collection.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.core.chance import make_rng
from cardtable.games.fm.carddata import duelists
from cardtable.games.fm.finder import POOL_NAMES
from cardtable.games.fm.rank import ENDING_CHANGES, ROWS, START, Rank, drop, rank, score_change
from cardtable.games.fm.state import DuelEnding, FmState
from cardtable.games.fm.view import card_label

#: Each counter of the score table in words, in the table's order (docs/rules/fm.md "The rank").
CRITERIA = {
    "turns": "turns played",
    "effective_attacks": "effective attacks",
    "defensive_wins": "defensive wins",
    "face_down_plays": "face-down plays",
    "pure_magic": "magic cards used",
    "traps_triggered": "traps activated",
    "cards_used_draw_cursor": "cards drawn",
    "remaining_lp": "life points left",
    "initiate_fusion": "fusions",
    "equip_magic": "equips",
}
ENDINGS = {
    DuelEnding.LIFE_POINTS: "won by life points",
    DuelEnding.EXODIA: "won by Exodia",
    DuelEnding.DECK_OUT: "won by deck out",
}


@dataclass(frozen=True)
class Reward:
    """A won duel's rank, its score by criterion, the starchips and the dropped card."""

    duelist: int
    rank: Rank
    #: (criterion, the counter's value, the points it adds), in the table's order.
    criteria: tuple[tuple[str, int, int], ...]
    #: How the duel was won, and what that adds.
    ending: tuple[str, int]
    dropped: int

    def to_json(self) -> dict[str, Any]:
        """Plain data for a client."""
        rank = self.rank
        return {
            "duelist": self.duelist,
            "duelist_name": duelists()[self.duelist].name,
            "rank": rank.letter,
            "score": rank.score,
            "start": START,
            "criteria": [
                {"criterion": CRITERIA[name], "value": value, "points": points}
                for name, value, points in self.criteria
            ],
            "ending": {"how": self.ending[0], "points": self.ending[1]},
            "starchips": rank.starchips,
            "pool": POOL_NAMES[rank.pool],
            "dropped": card_label(self.dropped),
        }


def duel_reward(state: FmState, seat: int, duelist: int, seed: int) -> Reward | None:
    """What `seat` won against `duelist` in a finished duel (None if it did not win).

    The card is drawn from the duelist's pool for the rank with the match's seed (stream "drop").
    """
    if state.result is None or state.result.winners != (seat,) or state.ending is None:
        return None
    ranked = rank(state, seat)
    criteria = tuple(
        (name, ranked.counters[name], score_change(name, ranked.counters[name])) for name in ROWS
    )
    ending = DuelEnding(state.ending)
    added = (
        state.options.life_points_win_bonus if ending is DuelEnding.LIFE_POINTS else ENDING_CHANGES[ending]
    )
    dropped = drop(duelist, ranked.pool, make_rng(seed, "drop"))
    return Reward(duelist, ranked, criteria, (ENDINGS[ending], added), dropped)
