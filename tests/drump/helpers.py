"""Building DRUMP positions for scenario tests, written in the position format."""

from __future__ import annotations

from typing import Any

from cardtable.core.match import Match
from cardtable.games.drump import GAME
from cardtable.games.drump.cards import DECK, card_name, parse_card
from cardtable.games.drump.options import OPTION_TABLE


def position(
    hands: tuple[list[str], list[str]] = ([], []),
    stacks: dict[tuple[int, int], list[str]] | None = None,
    zones: tuple[dict[str, str], dict[str, str]] = ({}, {}),
    pile: list[str] | None = None,
    deck_top: list[str] | None = None,
    deck_size: int | None = None,
    turn: dict[str, Any] | None = None,
    first_seat: int = 1,
    **extra: Any,
) -> dict[str, Any]:
    """A position; stacks are keyed by (seat, slot) counted from 1; the deck starts with `deck_top`.

    Cards not placed anywhere fill the deck after `deck_top`, in a fixed
    order; `deck_size` keeps only that many of them (the others go to the pile
    bottom), for deck-out scenarios.
    """
    stack_rows: list[list[list[str]]] = [[[] for _ in range(4)] for _ in range(2)]
    for (seat, slot), cards in (stacks or {}).items():
        stack_rows[seat - 1][slot - 1] = list(cards)
    pile = list(pile or [])
    placed = [*hands[0], *hands[1], *pile, *(deck_top or [])]
    placed += [text.split()[0] for row in stack_rows for stack in row for text in stack]
    placed += [card for zone in zones for card in zone.values()]
    placed += [text for text in (extra.get("exchange") or {}).get("cards", [])]
    used = {parse_card(text) for text in placed}
    rest = [card_name(card) for card in DECK if card not in used]
    deck = list(deck_top or []) + rest
    if deck_size is not None:
        pile = deck[deck_size:] + pile
        deck = deck[:deck_size]
    data = {
        "game": "drump",
        "first_seat": first_seat,
        "turn": {"seat": first_seat, "number": 1, **(turn or {})},
        "hands": [list(hands[0]), list(hands[1])],
        "stacks": stack_rows,
        "zones": [dict(zones[0]), dict(zones[1])],
        "pile": pile,
        "deck": deck,
    }
    data.update(extra)
    return data


def match_from(data: dict[str, Any], preset: str | None = None, **options: Any) -> Match:
    """A match starting at a position, under a preset and option overrides."""
    resolved = OPTION_TABLE.resolve(preset, options) if preset or options else None
    return Match(GAME, position=data, options=resolved, seed=0)


def play(match: Match, *texts: str) -> None:
    """Play actions given in notation, in order."""
    for text in texts:
        match.play(text)


def legal_texts(match: Match) -> list[str]:
    """The legal actions, as text."""
    return [GAME.format_action(action) for action in match.legal_actions()]


def names(cards: tuple[int, ...] | list[int]) -> list[str]:
    """Card names of a sequence of cards."""
    return [card_name(card) for card in cards]
