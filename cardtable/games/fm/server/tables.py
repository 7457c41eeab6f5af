"""Forbidden Memories tables: Free Duel against a duelist, or two sides with their own decks.

A seat of an FM table may name a `duelist` (number or name; seat 2 only: the
player against a duelist, as in Free Duel) whose AI plays it with its own
deck pool, hand window and sight, and any other seat may bring a `deck` (40
card numbers or names, checked by the deck rules); a seat without one plays a
new starter deck drawn from the table's seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.core.errors import UnknownNameError
from cardtable.core.players import Bot
from cardtable.games.fm.actions import describe_action
from cardtable.games.fm.carddata import duelists
from cardtable.games.fm.decks import DeckError, deck_from_json, starter_deck
from cardtable.games.fm.duelists import duel_position, find_duelist
from cardtable.games.fm.finder import view_hints
from cardtable.games.fm.view import FmView, card_label

#: The most suggestions a hint lists (the strongest; a full hand may make dozens).
MOST_HINTS = 12


def duelist_number(value: Any, where: str) -> int:
    """A duelist named by number (1-39) or name (UnknownNameError naming `where` if none)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise UnknownNameError(f"{where}: {value!r} should be a duelist's number or name")
    try:
        return find_duelist(str(value))
    except UnknownNameError:
        raise UnknownNameError(f"{where}: no duelist {value!r} (numbers 1 to {len(duelists())})") from None


def duelist_name(duelist: int) -> str:
    """A duelist's name."""
    return duelists()[duelist].name


def duelist_bot(duelist: int) -> Bot:
    """The AI of one duelist, with its own parameters."""
    from cardtable.games.fm.ai import DuelistAI

    return DuelistAI(duelist)


def fm_position(
    seats: Sequence[dict[str, Any]], rng: random.Random
) -> tuple[dict[str, Any], list[int | None]]:
    """The start position of an FM table, and the duelist (or None) at each seat."""
    chosen: list[int | None] = []
    decks: list[tuple[int, ...] | None] = []
    for index, seat in enumerate(seats):
        where = f"seat {index + 1}"
        duelist = duelist_number(seat["duelist"], f"{where} duelist") if "duelist" in seat else None
        if duelist is not None and index != 1:
            raise UnknownNameError(
                f"{where}: a duelist plays seat 2, against the player of seat 1 (Free Duel)"
            )
        if duelist is not None and "deck" in seat:
            raise DeckError(f"{where}: a duelist plays a deck drawn from its own pool, not an uploaded one")
        chosen.append(duelist)
        decks.append(deck_from_json(seat["deck"], f"{where} deck") if "deck" in seat else None)
    first = decks[0] or starter_deck(rng)
    if chosen[1] is not None:
        return duel_position(first, chosen[1], rng), chosen
    second = decks[1] or starter_deck(rng)
    return duel_position(first, None, rng, second), chosen


def fusion_hints(view: FmView) -> list[dict[str, Any]]:
    """The fusion finder's suggestions for the seat a view is for, strongest first, as the client reads them.

    Only the view is read: the seat's hand window and its own monsters (`finder.view_hints`), never a
    card hidden from it.  `picks` are the picks to make in play order, each as the legal pick action's
    data (`describe_action`: its kind and fields), as a board finds it among the legal actions
    (docs/web.md, "Hints").
    """
    suggestions = []
    for hint in view_hints(view)[:MOST_HINTS]:
        picks = [describe_action(source.pick()) for source in hint.sources]
        suggestion: dict[str, Any] = {"picks": picks, "result": card_label(hint.result)}
        atk, defence = hint.strength()
        if atk or defence:
            suggestion |= {"atk": atk, "def": defence}
        suggestions.append(suggestion)
    return suggestions
