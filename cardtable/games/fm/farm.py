"""The farm planner: which duelist, at which rank, drops a card, and how many duels to expect.

A won duel drops one card from the beaten duelist's pool for the duel's rank
(S/A-POW, B/C/D of either side, S/A-TEC; weights out of 2048, docs/rules/fm.md "The rank") and
pays the rank's starchips.  For a card, each duelist and rank whose pool
holds it is a way to farm it: the chance a won duel at that rank drops it
(its weight / 2048), the expected number of such duels until it drops (the
mean of a geometric law, 2048 / weight), and the starchips each of them pays,
the second key.  Best first: the likeliest drop, then the most starchips.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.core.errors import UnknownNameError
from cardtable.games.fm.carddata import duelists, tables
from cardtable.games.fm.finder import POOL_NAMES
from cardtable.games.fm.rank import rank_rewards
from cardtable.games.fm.view import card_label

#: A pool's weights add up to this (docs/rules/fm.md "The rank"; every one of the 156 pools does).
POOL_TOTAL = 2048


def rank_letters() -> tuple[str, ...]:
    """The ten ranks, S-POW first."""
    return tuple(str(row[2]) for row in tables()["rank_letters"])


def find_rank(text: str) -> str:
    """A rank letter in any case (`s-pow`, `B-TEC`); UnknownNameError lists the ranks."""
    wanted = text.strip().upper().replace(" ", "-")
    if wanted in rank_letters():
        return wanted
    raise UnknownNameError(f"no rank {text!r}; the ranks are {', '.join(rank_letters())}")


@dataclass(frozen=True, slots=True)
class FarmRow:
    """One way to farm a card: beat this duelist at this rank."""

    duelist: int
    rank: str
    #: The drop pool the rank draws from (`sa_pow`, `bcd`, `sa_tec`), and the card's weight in it.
    pool: str
    weight: int
    #: What a win at this rank pays.
    starchips: int

    @property
    def chance(self) -> float:
        """The chance that one won duel at this rank drops the card."""
        return self.weight / POOL_TOTAL

    @property
    def expected_duels(self) -> float:
        """The expected number of won duels at this rank until the card drops (geometric mean)."""
        return POOL_TOTAL / self.weight

    def to_json(self) -> dict[str, Any]:
        """Plain data for a client."""
        return {
            "duelist": self.duelist,
            "name": duelists()[self.duelist].name,
            "rank": self.rank,
            "pool": POOL_NAMES[self.pool],
            "weight": self.weight,
            "chance": self.chance,
            "expected_duels": self.expected_duels,
            "starchips": self.starchips,
        }


def farm_plan(card_id: int, rank: str | None = None) -> list[FarmRow]:
    """Every duelist and rank (only `rank`, if given) whose drop pool holds the card, best first."""
    letters = rank_letters() if rank is None else (find_rank(rank),)
    order = {letter: index for index, letter in enumerate(rank_letters())}
    rows = []
    for letter in letters:
        starchips, pool = rank_rewards(letter)
        for duelist in duelists().values():
            weight = sum(weight for dropped, weight in duelist.pools[pool] if dropped == card_id)
            if weight:
                rows.append(FarmRow(duelist.id, letter, pool, weight, starchips))
    return sorted(rows, key=lambda row: (-row.weight, -row.starchips, row.duelist, order[row.rank]))


def farm_json(card_id: int, rank: str | None = None) -> dict[str, Any]:
    """The plan as plain data: the card, the rank asked for (or None) and the rows, best first."""
    return {
        "card": card_label(card_id),
        "rank": None if rank is None else find_rank(rank),
        "rows": [row.to_json() for row in farm_plan(card_id, rank)],
    }
