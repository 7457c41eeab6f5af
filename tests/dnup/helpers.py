"""Building dnup positions for scenario tests."""

from __future__ import annotations

from typing import Any

from cardtable.core.match import Match
from cardtable.core.pairs import CARDS, card_name, card_of, code_name, parse_code
from cardtable.games.dnup import GAME


def position(hands: list[list[str]], **extra: Any) -> dict[str, Any]:
    """A position; cards placed nowhere else are set aside (not dealt)."""
    placed = [text for cards in hands for text in cards]
    placed += [text for cards in extra.get("tables", []) for text in cards]
    placed += list(extra.get("discards", []))
    used = {card_of(parse_code(text)) for text in placed}  # type: ignore[arg-type]
    aside = [card_name(card) for card in CARDS if card not in used]
    data: dict[str, Any] = {"game": "dnup", "hands": hands, "aside": aside, "chance_seed": 7}
    data.update(extra)
    return data


def match_from(data: dict[str, Any], **options: Any) -> Match:
    """A match starting at a position, with option overrides."""
    resolved = GAME.option_table.resolve(overrides=options) if options else None
    return Match(GAME, position=data, options=resolved, seed=0)


def play(match: Match, *texts: str) -> None:
    """Play actions given in notation, in order."""
    for text in texts:
        match.play(text)


def legal_texts(match: Match) -> list[str]:
    """The legal actions, as text."""
    return [GAME.format_action(action) for action in match.legal_actions()]


def hand(match: Match, seat: int) -> list[str]:
    """A hand as top/bottom names, sorted as the engine keeps it."""
    return [code_name(code) for code in match.state.hands[seat]]


def table(match: Match, seat: int) -> list[str]:
    """The cards in front of a seat."""
    return [code_name(code) for code in match.state.tables[seat]]
