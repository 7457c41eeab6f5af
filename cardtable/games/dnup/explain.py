"""Why a dnup action is refused, in a player's words (legality itself is `legal_actions`)."""

from __future__ import annotations

from collections import Counter

from cardtable.core.pairs import TOP, code_name
from cardtable.games.dnup.actions import Action, Add, Play, Take
from cardtable.games.dnup.rules import add_allowed, play_beats
from cardtable.games.dnup.state import OVER, DnupState


def explain_illegal(state: DnupState, action: Action) -> str:
    """The rule that forbids `action` in `state` (which must not be legal)."""
    if state.phase == OVER:
        return "the game is over"
    seat = state.turn_seat
    hand = Counter(state.hands[seat])
    if isinstance(action, (Play, Add)):
        cards = action.cards if isinstance(action, Play) else (action.card,)
        for code in cards:
            if not hand[code]:
                return f"{code_name(code)} is not in your hand (this way up)"
    if isinstance(action, Play):
        count, value = len(action.cards), TOP[action.cards[0]]
        if not play_beats(state, seat, count, value):
            return (
                f"{count} card(s) of {value} do not beat every set of {count} on the table (equal does not)"
            )
    if isinstance(action, (Add, Take)):
        target = action.target
        if target >= state.seats:
            return f"there is no seat {target + 1}"
        if target == seat:
            return "that is your own place"
        if not state.tables[target]:
            return f"seat {target + 1} has no cards in front of them"
    if isinstance(action, Add):
        value = TOP[state.tables[action.target][0]]
        if TOP[action.card] != value:
            return f"the cards in front of seat {action.target + 1} show {value}, not {TOP[action.card]}"
        if not add_allowed(state, seat, action.target, value):
            size = len(state.tables[action.target]) + 1
            return f"a third player's set of {size} is not lower than {value}"
    return "it is not among the legal actions now"
