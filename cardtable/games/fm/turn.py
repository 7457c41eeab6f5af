"""The turn of a duel: a new duel, drawing to five, the turn's end, the duel's end.

The rules: docs/rules/fm.md, "Life points and decks", "A turn" and "Winning".
"""

from __future__ import annotations

from typing import Final

from cardtable.core.game import Outcome
from cardtable.core.tuples import replace_at
from cardtable.games.fm.events import CARD_DRAWN_HIDDEN, TURN_ENDED, DuelOver, card_drawn, turn_started
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.state import (
    CARDS_DRAWN,
    ENDING_REASONS,
    HAND,
    OVER,
    PICKING,
    SEATS,
    ZONES,
    DuelEnding,
    FmState,
    Monster,
)

EXODIA: Final = frozenset({17, 18, 19, 20, 21})


def new_duel(
    options: FmOptions,
    decks: tuple[tuple[int, ...], tuple[int, ...]],
    windows: tuple[int, int] = (HAND, HAND),
    sees_face_down: tuple[bool, bool] = (False, False),
    first_seat: int = 0,
    duelists: tuple[int | None, int | None] = (None, None),
) -> FmState:
    """A duel between two shuffled decks (top first); both draw five and `first_seat` begins."""
    state = FmState.__new__(FmState)
    state.options = options
    state.decks = decks
    state.undealt = (0, 0)
    state.undealt_decks = None
    state.hands = ((), ())
    state.monsters = ((None,) * ZONES, (None,) * ZONES)
    state.magic = ((None,) * ZONES, (None,) * ZONES)
    state.graveyards = ((), ())
    state.lp = (options.starting_lp, options.starting_lp)
    state.terrain = 0
    state.turn_seat = first_seat
    state.turn_number = (0, 0)
    state.phase = PICKING
    state.picks = ()
    state.pending = None
    state.used_attacks = 0
    state.switched = 0
    state.locks = (0, 0)
    state.windows = windows
    state.sees_face_down = sees_face_down
    state.duelists = duelists
    state.counters = ((0,) * 8, (0,) * 8)
    state.result = None
    state.ending = None
    state.start_logs(SEATS)
    # A duel decided on the opening deal (a hand of the five Exodia pieces) is over: no turn starts.
    for seat in (first_seat, 1 - first_seat):
        if not draw_to_hand(state, seat):
            return state
    start_turn(state, first_seat)
    return state


def draw_to_hand(state: FmState, seat: int) -> bool:
    """Draw until the hand holds five; drawing from an empty deck loses (docs/rules/fm.md "A turn")."""
    wanted = HAND - len(state.hands[seat])
    state.deal(seat, wanted)
    deck = state.decks[seat]
    drawn = deck[:wanted]
    if drawn:
        state.decks = replace_at(state.decks, seat, deck[len(drawn) :])
        state.hands = replace_at(state.hands, seat, state.hands[seat] + drawn)
        state.count(seat, CARDS_DRAWN, len(drawn))
        if not state.unlogged:
            for card in drawn:
                state.log(card_drawn(seat, card), seat, CARD_DRAWN_HIDDEN[seat])
    if len(state.hands[seat]) < HAND:
        finish(state, 1 - seat, DuelEnding.DECK_OUT)
        return False
    if set(state.hands[seat]) >= EXODIA:
        finish(state, seat, DuelEnding.EXODIA)
        return False
    return True


def start_turn(state: FmState, seat: int) -> None:
    """The turn player draws up to five, then picks what to play."""
    state.turn_seat = seat
    state.turn_number = replace_at(state.turn_number, seat, state.turn_number[seat] + 1)
    state.phase = PICKING
    state.picks = ()
    state.used_attacks = 0
    state.switched = 0
    state.log(turn_started(seat, state.turn_number[seat]))
    draw_to_hand(state, seat)


def end_turn(state: FmState) -> None:
    """Lasting effects on the turn player's side count down; the other side's turn starts."""
    seat = state.turn_seat
    if state.locks[seat]:
        state.locks = replace_at(state.locks, seat, state.locks[seat] - 1)
    row = state.monsters[seat]
    if any(monster is not None and monster.weak_turns for monster in row):
        state.monsters = replace_at(state.monsters, seat, tuple(_tick(monster) for monster in row))
    state.log(TURN_ENDED[seat])
    start_turn(state, 1 - seat)


def _tick(monster: Monster | None) -> Monster | None:
    """A weakening runs one of its owner's turns shorter, and ends with the last."""
    if monster is None or not monster.weak_turns:
        return monster
    turns = monster.weak_turns - 1
    return monster._replace(weak_turns=turns, weakened=monster.weakened if turns else 0)


def is_first_turn(state: FmState) -> bool:
    """Whether this is the duel's very first turn: the turn player's first, before the other side's."""
    seat = state.turn_seat
    return state.turn_number[seat] == 1 and state.turn_number[1 - seat] == 0


def end_if_life_points_gone(state: FmState) -> bool:
    """A side at 0 life points loses the duel at once (docs/rules/fm.md "Winning"); True if it is over."""
    if state.phase == OVER:
        return True
    for side in (1 - state.turn_seat, state.turn_seat):
        if state.lp[side] == 0:
            finish(state, 1 - side, DuelEnding.LIFE_POINTS)
            return True
    return False


def finish(state: FmState, winner: int, ending: DuelEnding) -> None:
    """The duel is over: the outcome's reason is the ending in words."""
    if ending is DuelEnding.EXODIA:
        # The retail game takes the loser's life points to 0 when Exodia is assembled.
        state.lp = replace_at(state.lp, 1 - winner, 0)
    scores = tuple(float(points) for points in state.lp)
    state.result = Outcome((winner,), scores, ending, ENDING_REASONS[ending])
    state.ending = ending
    state.phase = OVER
    state.pending = None
    state.log(DuelOver(winner, ending, state.lp))
