"""The campaign's rules: a collection of cards, a deck built from it, starchips, and the duelists in order.

A new player gets a starter deck drawn from the seven starter pools.  Each
won duel pays starchips by rank and drops one card from the beaten
duelist's pool for that rank; starchips buy cards by password.  Keeping the
progress (a save file) is the application's part: `cardtable.frontends.fm.store`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace

from cardtable.core.errors import CardtableError
from cardtable.games.fm.carddata import cards, duelists
from cardtable.games.fm.decks import check_deck, starter_deck
from cardtable.games.fm.rank import Rank

#: The last duelist of the campaign's sequence (Duel Master K, 39, waits in Free Duel).
LAST_OPPONENT = 38


class CampaignError(CardtableError, ValueError):
    """A campaign request that cannot be granted: the message says why."""


@dataclass(frozen=True)
class Progress:
    """Everything a player has won so far."""

    name: str
    starchips: int
    collection: dict[int, int]
    deck: tuple[int, ...]
    #: The next duelist of the sequence (past LAST_OPPONENT once it is all won).
    next_opponent: int = 1
    #: Duelist -> (wins, losses).
    records: dict[int, tuple[int, int]] = field(default_factory=dict)

    def unlocked(self) -> list[int]:
        """Duelists open for Free Duel: every one met in the sequence, and Duel Master K at its end."""
        met = list(range(1, min(self.next_opponent, LAST_OPPONENT) + 1))
        return met + [39] if self.next_opponent > LAST_OPPONENT else met


def new_campaign(name: str, rng: random.Random) -> Progress:
    """A new player: a starter deck, which is the whole collection, and no starchips."""
    deck = starter_deck(rng)
    return Progress(name, 0, dict(Counter(deck)), deck)


def record_duel(
    progress: Progress, duelist: int, won: bool, rank: Rank | None, dropped: int | None
) -> Progress:
    """The progress after a duel: a win pays starchips and a card and, against the next duelist, advances."""
    wins, losses = progress.records.get(duelist, (0, 0))
    records = {**progress.records, duelist: (wins + won, losses + (not won))}
    if not won:
        return replace(progress, records=records)
    assert rank is not None and dropped is not None
    collection = dict(progress.collection)
    collection[dropped] = collection.get(dropped, 0) + 1
    following = progress.next_opponent + 1 if duelist == progress.next_opponent else progress.next_opponent
    return replace(
        progress,
        starchips=progress.starchips + rank.starchips,
        collection=collection,
        next_opponent=following,
        records=records,
    )


def buy(progress: Progress, password: str) -> tuple[Progress, int]:
    """Buy the card with this password for its starchip cost; returns the progress and the card."""
    wanted = password.strip()
    found = [c for c in cards().values() if c.password and c.password == wanted]
    if not found:
        raise CampaignError(f"no card has the password {password!r}")
    bought = found[0]
    if bought.cost > progress.starchips:
        raise CampaignError(f"{bought.name} costs {bought.cost} starchips; you have {progress.starchips}")
    collection = dict(progress.collection)
    collection[bought.id] = collection.get(bought.id, 0) + 1
    return replace(progress, starchips=progress.starchips - bought.cost, collection=collection), bought.id


def set_deck(progress: Progress, deck: tuple[int, ...]) -> Progress:
    """Use a new deck: it must keep the deck rules and hold only cards the player owns."""
    check_deck(deck, "the new deck")
    missing = [
        f"{cards()[card_id].name} ({copies} in the deck, {progress.collection.get(card_id, 0)} owned)"
        for card_id, copies in sorted(Counter(deck).items())
        if copies > progress.collection.get(card_id, 0)
    ]
    if missing:
        raise CampaignError("the new deck holds cards you do not own: " + "; ".join(missing))
    return replace(progress, deck=deck)


def opponent_name(duelist: int) -> str:
    """A duelist's name."""
    return duelists()[duelist].name
