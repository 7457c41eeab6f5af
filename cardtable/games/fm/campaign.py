"""The campaign's rules: a collection of cards, a deck built from it, starchips, and the duelists in order.

A new player gets a starter deck drawn from the seven starter pools.  Each
won duel pays starchips by rank and drops one card from the beaten
duelist's pool for that rank; starchips buy cards by password.  Keeping the
progress is the application's part: the terminal's save file
(`cardtable.games.fm.terminal.store`) and the server's database for a browser
(`cardtable.games.fm.server.campaigns`); both call these functions.

The retail caps hold (rules page, "Caps"): at most 250 copies of a card, and
starchips never above 999,999.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable.core.errors import CardtableError
from cardtable.core.jsonio import spelt
from cardtable.games.fm.carddata import MOST_COPIES_OWNED, add_copies, cards, duelists
from cardtable.games.fm.decks import check_deck, deck_problems, starter_deck
from cardtable.games.fm.rank import MOST_STARCHIPS, Rank, add_starchips
from cardtable.games.fm.reward import duel_reward
from cardtable.games.fm.state import FmState

#: The last duelist of the campaign's sequence (Duel Master K, 39, waits in Free Duel).
LAST_OPPONENT = 38
#: Copies of one card a player may own, and the most starchips (rules page, "Caps (retail)").
MAX_OWNED = MOST_COPIES_OWNED
MAX_STARCHIPS = MOST_STARCHIPS
#: The longest player name (this engine's limit: a name is shown on one line of the screen).
MAX_NAME = 30
#: Wins or losses counted against one duelist (this engine's limit, far past any real campaign).
MAX_RECORD = 1_000_000


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
    #: The cards bought by password: the shop sells each card once (retail's per-card flag).
    passwords_used: frozenset[int] = frozenset()

    def unlocked(self) -> list[int]:
        """Duelists open for Free Duel: every one met in the sequence, and Duel Master K at its end."""
        met = list(range(1, min(self.next_opponent, LAST_OPPONENT) + 1))
        return met + [39] if self.next_opponent > LAST_OPPONENT else met


def check_name(name: str) -> str:
    """A player's name, stripped: 1 to MAX_NAME printable characters (CampaignError otherwise)."""
    stripped = name.strip()
    if not stripped:
        raise CampaignError("a player's name cannot be empty")
    if len(stripped) > MAX_NAME:
        raise CampaignError(f"a player's name has at most {MAX_NAME} characters, not {len(stripped)}")
    if not stripped.isprintable():
        raise CampaignError(f"a player's name is printable text; {stripped!r} is not")
    return stripped


def new_campaign(name: str, rng: random.Random) -> Progress:
    """A new player: a starter deck, which is the whole collection, and no starchips."""
    deck = starter_deck(rng)
    return Progress(check_name(name), 0, dict(Counter(deck)), deck)


def record_duel(
    progress: Progress, duelist: int, won: bool, rank: Rank | None, dropped: int | None
) -> Progress:
    """The progress after a duel: a win pays starchips and a card and, against the next duelist, advances.

    Past the caps, starchips stop at MAX_STARCHIPS and a dropped card past MAX_OWNED copies is not kept.
    """
    wins, losses = progress.records.get(duelist, (0, 0))
    records = {
        **progress.records,
        duelist: (min(MAX_RECORD, wins + won), min(MAX_RECORD, losses + (not won))),
    }
    if not won:
        return replace(progress, records=records)
    assert rank is not None and dropped is not None
    collection = dict(progress.collection)
    collection[dropped] = add_copies(collection.get(dropped, 0), 1)
    following = progress.next_opponent + 1 if duelist == progress.next_opponent else progress.next_opponent
    return replace(
        progress,
        starchips=add_starchips(progress.starchips, rank.starchips),
        collection=collection,
        next_opponent=following,
        records=records,
    )


@dataclass(frozen=True)
class DuelResult:
    """How a campaign duel ended for the player: won or lost, and for a win the rank and the card dropped."""

    duelist: int
    won: bool
    rank: Rank | None = None
    dropped: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain data for a client or a store."""
        rank = self.rank
        return {
            "duelist": self.duelist,
            "won": self.won,
            "rank": None if rank is None else rank.letter,
            "score": None if rank is None else rank.score,
            "starchips": 0 if rank is None else rank.starchips,
            "dropped": self.dropped,
        }


def settle_duel(
    progress: Progress, duelist: int, final: FmState | None, seed: int
) -> tuple[Progress, DuelResult]:
    """The progress after a campaign duel (the player is seat 0); `final` None means it was forfeited.

    A win is ranked on the final state and drops a card from the duelist's pool for that rank, drawn from
    the duel's seed (stream "drop"); a loss, a draw or a forfeit counts as a loss.
    """
    reward = None if final is None else duel_reward(final, 0, duelist, seed)
    if reward is None:
        return record_duel(progress, duelist, False, None, None), DuelResult(duelist, False)
    won = DuelResult(duelist, True, reward.rank, reward.dropped)
    return record_duel(progress, duelist, True, reward.rank, reward.dropped), won


def buy(progress: Progress, password: str) -> tuple[Progress, int]:
    """Buy the card with this password for its starchip cost; returns the progress and the card."""
    wanted = password.strip()
    found = [c for c in cards().values() if c.password and c.password == wanted]
    if not found:
        raise CampaignError(f"no card has the password {password!r}")
    bought = found[0]
    if bought.id in progress.passwords_used:
        raise CampaignError(f"the password of {bought.name} has been used: the shop sells each card once")
    if bought.cost > progress.starchips:
        raise CampaignError(f"{bought.name} costs {bought.cost} starchips; you have {progress.starchips}")
    owned = progress.collection.get(bought.id, 0)
    if owned >= MAX_OWNED:
        raise CampaignError(f"you own {owned} copies of {bought.name}, the most a player may own")
    collection = dict(progress.collection)
    collection[bought.id] = add_copies(owned, 1)
    starchips = add_starchips(progress.starchips, -bought.cost)
    passwords_used = progress.passwords_used | {bought.id}
    return replace(
        progress, starchips=starchips, collection=collection, passwords_used=passwords_used
    ), bought.id


def set_deck(progress: Progress, deck: tuple[int, ...]) -> Progress:
    """Use a new deck: it must keep the deck rules and hold only cards the player owns."""
    check_deck(deck, "the new deck")
    missing = _not_owned(progress.collection, deck)
    if missing:
        raise CampaignError("the new deck holds cards you do not own: " + "; ".join(missing))
    return replace(progress, deck=deck)


def _not_owned(collection: dict[int, int], deck: tuple[int, ...]) -> list[str]:
    return [
        f"{cards()[card_id].name} ({copies} in the deck, {collection.get(card_id, 0)} owned)"
        for card_id, copies in sorted(Counter(deck).items())
        if copies > collection.get(card_id, 0)
    ]


def progress_problems(progress: Progress) -> list[str]:
    """Every campaign rule `progress` breaks, each naming its field (empty for a sound progress).

    A progress read from outside (a hand-edited save) is checked here before it is used.
    """
    problems = []
    try:
        check_name(progress.name)
    except CampaignError as error:
        problems.append(f"name: {error}")
    if not 0 <= progress.starchips <= MAX_STARCHIPS:
        problems.append(f"starchips: {progress.starchips} is not from 0 to {MAX_STARCHIPS:,}")
    for card_id, copies in sorted(progress.collection.items()):
        if card_id not in cards():
            problems.append(f"collection: {card_id} is not a card number (1 to {len(cards())})")
        elif not 1 <= copies <= MAX_OWNED:
            problems.append(f"collection: {copies} copies of card {card_id}; a player owns 1 to {MAX_OWNED}")
    problems += [f"deck: {problem}" for problem in deck_problems(progress.deck)]
    if not deck_problems(progress.deck):
        problems += [
            f"deck: holds a card not owned: {missing}"
            for missing in _not_owned(progress.collection, progress.deck)
        ]
    for card_id in sorted(progress.passwords_used):
        if card_id not in cards() or not cards()[card_id].password:
            problems.append(f"passwords_used: {card_id} is not a card sold by password")
    if not 1 <= progress.next_opponent <= LAST_OPPONENT + 1:
        problems.append(f"next_opponent: {progress.next_opponent} is not from 1 to {LAST_OPPONENT + 1}")
    for duelist, (wins, losses) in sorted(progress.records.items()):
        if duelist not in duelists():
            problems.append(f"records: {duelist} is not a duelist (1 to {len(duelists())})")
        for count, what in ((wins, "wins"), (losses, "losses")):
            if not 0 <= count <= MAX_RECORD:
                problems.append(f"records: duelist {duelist} {what} {count} is not from 0 to {MAX_RECORD:,}")
    return problems


def progress_to_json(progress: Progress) -> dict[str, Any]:
    """The progress as plain JSON data (card and duelist numbers as keys become text)."""
    return {
        "name": progress.name,
        "starchips": progress.starchips,
        "collection": {str(card_id): copies for card_id, copies in sorted(progress.collection.items())},
        "deck": list(progress.deck),
        "next_opponent": progress.next_opponent,
        "records": {str(duelist): list(record) for duelist, record in sorted(progress.records.items())},
        "passwords_used": sorted(progress.passwords_used),
    }


def progress_from_json(data: Any, where: str) -> Progress:
    """A progress as `progress_to_json` wrote it, checked by the campaign rules (CampaignError if not)."""

    def whole(value: Any, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CampaignError(f"{where}: {field} is {spelt(value)}, not a whole number")
        return value

    def number_key(text: Any, field: str) -> int:
        if not isinstance(text, str) or not text.isdigit():
            raise CampaignError(f"{where}: {field} key {text!r} is not a number")
        return int(text)

    # A progress written before the shop kept its flags has no "passwords_used": none was used.
    keys = set(progress_to_json(Progress("x", 0, {}, ())))
    if not isinstance(data, dict) or not keys - {"passwords_used"} <= set(data) <= keys:
        raise CampaignError(f"{where}: not a campaign's progress")
    used = data.get("passwords_used", [])
    if not isinstance(used, list):
        raise CampaignError(f"{where}: passwords_used is a list of card numbers")
    if not isinstance(data["name"], str) or not isinstance(data["deck"], list):
        raise CampaignError(f"{where}: the name is text and the deck a list of card numbers")
    if not isinstance(data["collection"], dict) or not isinstance(data["records"], dict):
        raise CampaignError(f"{where}: the collection and the records are objects")
    records = {}
    for key, record in data["records"].items():
        if not isinstance(record, list) or len(record) != 2:
            raise CampaignError(f"{where}: records {key!r} is not [wins, losses]")
        records[number_key(key, "records")] = (whole(record[0], "wins"), whole(record[1], "losses"))
    progress = Progress(
        data["name"],
        whole(data["starchips"], "starchips"),
        {
            number_key(key, "collection"): whole(copies, "copies")
            for key, copies in data["collection"].items()
        },
        tuple(whole(card_id, "a deck card") for card_id in data["deck"]),
        whole(data["next_opponent"], "next_opponent"),
        records,
        frozenset(whole(card_id, "a card in passwords_used") for card_id in used),
    )
    problems = progress_problems(progress)
    if problems:
        raise CampaignError(f"{where}: " + "; ".join(problems))
    return progress


def opponent_name(duelist: int) -> str:
    """A duelist's name."""
    return duelists()[duelist].name
