"""Why a Scout action is refused, in a player's words (legality itself is `legal_actions`)."""

from __future__ import annotations

from cardtable.core.pairs import TOP, code_name
from cardtable.games.scout.actions import LEFT, Action, Decline, Orient, Scout, Show
from cardtable.games.scout.shows import beats, show_strength
from cardtable.games.scout.state import ORIENTING, OVER, PLAYING, SHOWING, ScoutState


def explain_illegal(state: ScoutState, action: Action) -> str:
    """The rule that forbids `action` in `state` (which must not be legal)."""
    if state.phase == OVER:
        return "the game is over"
    seat = state.turn_seat
    hand = state.hands[seat]
    if state.phase == ORIENTING:
        return "the round starts with each player keeping or turning their hand (keep | turn)"
    if isinstance(action, Orient):
        return "hands are kept or turned only at the start of a round"
    if state.phase == SHOWING and not isinstance(action, Show):
        return "after a Scout & Show you must Show"
    if isinstance(action, Show):
        return _explain_show(state, hand, action)
    two = state.seats == 2
    if isinstance(action, Decline):
        if not two:
            return "declining is only for the 2-player game"
        if not state.options.may_decline:
            return "declining is off (option may_decline)"
        return "there is no active set to decline"
    assert isinstance(action, Scout) and state.phase == PLAYING
    if not state.active:
        return "there is no active set to scout from"
    if two and action.with_show:
        return "the 2-player game has no Scout & Show"
    if two and state.tokens[seat] == 0:
        return "you have no Scout token left to spend"
    if action.with_show and not state.chips[seat]:
        return "you have used your Scout & Show chip this round"
    if action.position > len(hand):
        return f"your hand will hold {len(hand) + 1} cards: positions run 1 to {len(hand) + 1}"
    if action.end != LEFT and len(state.active) == 1:
        return "the active set has one card: scout it from the left"
    return "no Show could follow this scout (Scout & Show must show at once)"


def _explain_show(state: ScoutState, hand: tuple[int, ...], action: Show) -> str:
    if action.last >= len(hand):
        return f"your hand holds {len(hand)} cards"
    shown = hand[action.first : action.last + 1]
    try:
        strength = show_strength([TOP[code] for code in shown])
    except ValueError:
        cards = " ".join(code_name(code) for code in shown)
        return f"{cards} are neither one number nor a run going up or down by one"
    active = show_strength([TOP[code] for code in state.active]) if state.active else None
    assert not beats(strength, active)
    shown_text = " ".join(code_name(code) for code in shown)
    active_text = " ".join(code_name(code) for code in state.active)
    rule = "more cards, a set over a run, then higher"
    return f"{shown_text} does not beat the active set {active_text} ({rule})"
