"""Building Scout positions for scenario tests."""

from __future__ import annotations

from typing import Any

from cardtable.core.match import Match
from cardtable.core.pairs import card_name, card_of, parse_code
from cardtable.games.scout import GAME
from cardtable.games.scout.rules import deck_for


def position(hands: list[list[str]], **extra: Any) -> dict[str, Any]:
    """A position in the play phase; cards placed nowhere else are set aside."""
    seats = len(hands)
    placed = [text for cards in hands for text in cards] + list(extra.get("active", []))
    placed += [text for cards in extra.get("captured", []) for text in cards]
    used = {card_of(parse_code(text)) for text in placed}  # type: ignore[arg-type]
    aside = [card_name(card) for card in deck_for(seats) if card not in used]
    data: dict[str, Any] = {"game": "scout", "hands": hands, "aside": aside, "chance_seed": 7}
    data.update(extra)
    return data


def match_from(data: dict[str, Any], **options: Any) -> Match:
    """A match starting at a position, with option overrides."""
    resolved = GAME.option_table.resolve(overrides=options) if options else None
    return Match(GAME, position=data, options=resolved, seed=0, seats=len(data["hands"]))


def play(match: Match, *texts: str) -> None:
    """Play actions given in notation, in order."""
    for text in texts:
        match.play(text)


def legal_texts(match: Match) -> list[str]:
    """The legal actions, as text."""
    return [GAME.format_action(action) for action in match.legal_actions()]


def hand(match: Match, seat: int) -> list[str]:
    """A hand as top/bottom names."""
    from cardtable.core.pairs import code_name

    return [code_name(code) for code in match.state.hands[seat]]
