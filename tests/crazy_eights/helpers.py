"""Building Crazy Eights positions for scenario tests."""

from __future__ import annotations

from typing import Any

from cardtable.core.match import Match
from cardtable.games.crazy_eights import GAME
from cardtable.games.crazy_eights.cards import DECK, card_name, parse_card


def position(
    hands: list[list[str]], discards: list[str], stock: list[str] | None = None, **extra: Any
) -> dict[str, Any]:
    """A position; cards placed nowhere else go to the stock, in the deck's order after `stock`."""
    placed = {
        parse_card(text) for text in [*(card for hand in hands for card in hand), *discards, *(stock or [])]
    }
    rest = [card_name(card) for card in DECK if card not in placed]
    data: dict[str, Any] = {"game": "crazy_eights", "hands": hands, "discards": discards}
    data["stock"] = [*(stock or []), *rest]
    data.update(extra)
    return data


def match_from(data: dict[str, Any], preset: str | None = None, **options: Any) -> Match:
    """A match starting at a position, under a preset with option overrides."""
    resolved = GAME.option_table.resolve(preset, options) if (options or preset) else None
    return Match(GAME, position=data, options=resolved, seed=0)


def play(match: Match, *texts: str) -> None:
    """Play actions given in notation, in order."""
    for text in texts:
        match.play(text)


def legal_texts(match: Match) -> list[str]:
    """The legal actions, as text."""
    return [GAME.format_action(action) for action in match.legal_actions()]


def hand(match: Match, seat: int) -> list[str]:
    """A seat's hand (from 0), as text."""
    return [card_name(card) for card in match.state.hands[seat]]
