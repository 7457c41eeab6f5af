"""Why a duel action is refused, in a player's words (legality itself is `legal_actions`)."""

from __future__ import annotations

from cardtable.games.fm import actions
from cardtable.games.fm.actions import DIRECT, Action
from cardtable.games.fm.carddata import card
from cardtable.games.fm.state import BATTLE, FIELD_PICK, OVER, PICKING, PLACING, FmState
from cardtable.games.fm.turn import is_first_turn

_DEMAND = {
    PICKING: "pick the cards to play this turn (pick h1, ...), then play them",
    PLACING: "place the monster you played (place attack|defence star 1|2)",
    BATTLE: "battle (attack, switch, activate) or end the turn",
}


def explain_illegal(state: FmState, action: Action) -> str:
    """The rule that forbids `action` in `state` (which must not be legal)."""
    if state.phase == OVER:
        return "the duel is over"
    seat = state.turn_seat
    phase_of = {actions.Pick: PICKING, actions.Cancel: PICKING, actions.Play: PICKING, actions.Place: PLACING}
    wanted = phase_of.get(type(action), BATTLE)
    if wanted != state.phase:
        return f"now is not the time: {_DEMAND[state.phase]}"
    if isinstance(action, actions.Pick):
        if action.source >= FIELD_PICK:
            zone = action.source - FIELD_PICK
            if state.picks:
                return "a monster on the field can only start a combination"
            return f"you have no monster in zone {zone + 1}"
        if action.source in state.picks:
            return f"card {action.source + 1} is picked already"
        return f"you can pick from {len(state.window(seat))} cards"
    if isinstance(action, actions.Play):
        return "pick at least one card from your hand"
    if isinstance(action, actions.Cancel):
        return "nothing is picked"
    if isinstance(action, actions.Place):
        pending = state.pending
        if pending is not None and pending.zone is not None and action.zone is not None:
            return f"the monster goes back to zone {pending.zone + 1}, where it was made"
        if action.zone is None:
            return "no monster zone is free: say which monster it replaces (on m<zone>)"
        return "a monster zone is free: place it without replacing one"
    mine, theirs = state.monsters[seat], state.monsters[1 - seat]
    if isinstance(action, actions.Attack):
        monster = mine[action.zone]
        if monster is None:
            return f"you have no monster in zone {action.zone + 1}"
        if not state.options.first_turn_battle and is_first_turn(state):
            return "there is no battle on the duel's first turn (option first_turn_battle)"
        if state.locks[seat]:
            return f"Swords of Revealing Light stops your monsters for {state.locks[seat]} more turn(s)"
        if not monster.attack:
            return "a monster in defence position does not attack"
        if state.used_attacks >> action.zone & 1:
            return "that monster has attacked (or changed position) this turn"
        if action.target == DIRECT:
            return "you attack directly only when the opponent has no monster"
        return f"the opponent has no monster in zone {action.target + 1}"
    if isinstance(action, actions.Switch):
        if mine[action.zone] is None:
            return f"you have no monster in zone {action.zone + 1}"
        if state.switched >> action.zone & 1:
            return "that monster has changed position this turn already (once a turn)"
        return "a monster that attacked may not change position that turn"
    if isinstance(action, actions.Activate):
        entry = state.magic[seat][action.zone]
        if entry is None:
            return f"your magic zone {action.zone + 1} is empty"
        return f"{card(entry.card).name} is a trap: it springs by itself"
    assert isinstance(action, actions.End)
    del theirs
    return _DEMAND[state.phase]
