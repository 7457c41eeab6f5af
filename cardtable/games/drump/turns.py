"""The course of a DRUMP game: turns begin with a draw and close at the hand limit; DRUMP or an
empty deck ends the game (drump.md, "Set-up and the turn", "End of turn", "Winning").
"""

from __future__ import annotations

from typing import Final

from cardtable.core.game import NOBODY, Outcome
from cardtable.games.drump import endings, events
from cardtable.games.drump.endings import DrumpEnding, has_drump
from cardtable.games.drump.events import DrumpMade, GameOver, LastTurnGranted, TurnStarted
from cardtable.games.drump.state import DISCARDING, OVER, DrumpState, add_to_hand, new_turn

# The events built once, as Final names of this module: events.py is not compiled, and the compiled
# build reads a Final name of its own module directly, not through the module's dictionary.
DREW: Final = events.DREW
DREW_HIDDEN: Final = events.DREW_HIDDEN
TURN_STARTED: Final = events.TURN_STARTED


def draw(state: DrumpState, seat: int) -> bool:
    """`seat` draws one card; an empty deck ends the game at once (EN, deck out)."""
    if not state.deck:
        deck_out(state, seat)
        return False
    card = take_top(state, seat)
    if not state.unlogged:
        state.log(DREW[seat][card], seat, DREW_HIDDEN[seat])
    return True


def take_top(state: DrumpState, seat: int) -> int:
    """`seat` takes the deck's top card into hand, unlogged (the caller logs it); the deck is not empty."""
    deck = state.deck
    card = deck[0]
    state.deck = deck[1:]
    add_to_hand(state, seat, card)
    return card


def start_turn(state: DrumpState, seat: int) -> None:
    """Begin `seat`'s turn: counters reset, and the turn player draws 1 (VI, EN)."""
    new_turn(state, seat)
    state.turn_number += 1
    if not state.unlogged:
        number = state.turn_number
        row = TURN_STARTED[seat]
        state.log(row[number] if number < len(row) else TurnStarted(seat, number))
    draw(state, seat)


def close_turn(state: DrumpState) -> None:
    """Hand limit for each player, turn player first (drump.md, "End of turn"); then the next turn.

    A player holding `discard_from` cards or more (PT, EN: 6; VI: "more than
    6") discards one card at a time down to `hand_limit` (5), so a player
    already discarding goes on while over the limit.
    """
    options = state.options
    limit = options.hand_limit
    turn = state.turn_seat
    for seat in (turn, 1 - turn):
        held = len(state.hands[seat])
        if held > limit and (held >= options.discard_from or seat == state.discarding):
            state.phase = DISCARDING
            state.discarding = seat
            return
    start_turn(state, 1 - turn)


def after_part_placed(state: DrumpState, seat: int) -> None:
    """Check for DRUMP after `seat` placed a part, and end the game or grant a last turn."""
    zones = state.zones
    if not has_drump(zones[seat]):
        return
    state.log(DrumpMade(seat))
    opponent = 1 - seat
    if has_drump(zones[opponent]):
        # The last turn's DRUMP: compare both at once.
        winners = endings.compare_drumps(zones, state.options)
        finish(state, winners, DrumpEnding.BOTH_DRUMP, drump_seat=opponent)
    elif endings.grants_last_turn(seat, zones, state.first_seat, state.options):
        state.last_turn = opponent
        state.log(LastTurnGranted(opponent))
    else:
        finish(state, (seat,), DrumpEnding.DRUMP, drump_seat=seat)


def last_turn_over(state: DrumpState) -> None:
    """The last turn ended without a second DRUMP: the player with DRUMP wins."""
    winner = 1 - state.last_turn
    finish(state, (winner,), DrumpEnding.LAST_TURN, drump_seat=winner)


def deck_out(state: DrumpState, seat: int) -> None:
    """A player must draw from an empty deck: the game ends at once, decided on the field (EN)."""
    winners = endings.deck_out_winners(state.zones, state.options)
    holder = None if state.last_turn == NOBODY else 1 - state.last_turn
    finish(state, winners, DrumpEnding.DECK_OUT, drump_seat=holder, deck_out_seat=seat)


def finish(
    state: DrumpState,
    winners: tuple[int, ...],
    ending: DrumpEnding,
    drump_seat: int | None,
    deck_out_seat: int | None = None,
) -> None:
    """End the game: the outcome, with its reason made from the same facts the log records."""
    creature = endings.winning_creature(winners, state.zones)
    over = GameOver(winners, ending, drump_seat, creature, deck_out_seat)
    scores = tuple(float(endings.field_score(zones, state.options)) for zones in state.zones)
    state.result = Outcome(winners, scores, ending, over.reason)
    state.phase = OVER
    state.exchange = None
    state.log(over)
