"""Why a Crazy Eights action is refused, in a player's words (legality itself is `legal_actions`)."""

from __future__ import annotations

from cardtable.games.crazy_eights.actions import Action, Draw, Name, Pass, Play
from cardtable.games.crazy_eights.cards import RANK, RANK_LETTERS, SUIT_NAMES, card_name
from cardtable.games.crazy_eights.rules import legal_actions, may_draw, playable
from cardtable.games.crazy_eights.state import NAMING, OVER, CrazyEightsState


def explain_illegal(state: CrazyEightsState, action: Action) -> str:
    """The rule that forbids `action` in `state` (which must not be legal)."""
    if state.phase == OVER:
        return "the game is over"
    if state.phase == NAMING:
        return "you have played an eight: name the suit to follow first (name c, d, h or s)"
    if isinstance(action, Name):
        return "a suit is named only just after playing an eight"
    if isinstance(action, Play):
        card = action.card
        if card not in state.hands[state.turn_seat]:
            return f"{card_name(card)} is not in your hand"
        if not playable(state, card):
            top = state.discards[-1]
            return (
                f"{card_name(card)} follows neither the suit ({SUIT_NAMES[state.suit]}) nor the rank of "
                f"{card_name(top)} ({RANK_LETTERS[RANK[top]]}); only an eight is wild"
            )
    if isinstance(action, Draw):
        if not state.stock:
            return "the stock is empty"
        return f"you have drawn {state.draws} card(s) this turn, the most option max_draws allows"
    if isinstance(action, Pass):
        if may_draw(state):
            return "you may still draw: pass only once the stock is empty or your draws are used up"
        if any(isinstance(other, Play) for other in legal_actions(state)):
            return "you hold a card you can play: pass only when unable to play"
    return "it is not among the legal actions now"
