"""How a DRUMP game ends (drump.md, "Winning"): DRUMP, the last turn, the comparisons, deck out."""

from __future__ import annotations

from enum import StrEnum

from cardtable.core.game import Outcome
from cardtable.games.drump.cards import CREATURES, JACK, NO_CARD, RANK
from cardtable.games.drump.options import DrumpOptions
from cardtable.games.drump.state import OVER, DrumpState


class DrumpEnding(StrEnum):
    """How a DRUMP game ended (drump.md, "Winning")."""

    #: A DRUMP that no last turn can answer.
    DRUMP = "drump"
    #: A DRUMP, and the opponent's last turn did not answer it.
    LAST_TURN = "last_turn"
    #: Both sides made DRUMP: compared by creature, then points.
    BOTH_DRUMP = "both_drump"
    #: A player had to draw from an empty deck: decided on the field.
    DECK_OUT = "deck_out"


def has_drump(zones: tuple[int, ...]) -> bool:
    """Whether a monster zone holds all four body parts."""
    return NO_CARD not in zones


def part_score(card: int, options: DrumpOptions) -> int:
    """A part's points: 10, 5 (J), 12, 13 by default (VI, EN); J 11 under PT's `jack_scores`."""
    rank = RANK[card]
    return options.jack_scores if rank == JACK else rank


def field_score(zones: tuple[int, ...], options: DrumpOptions) -> int:
    """The points of the parts on one field."""
    return sum(part_score(card, options) for card in zones if card != NO_CARD)


def creature(zones: tuple[int, ...]) -> int:
    """The rank of a full creature (four parts of one rank), else 0 for a mixed or partial set."""
    ranks = {RANK[card] for card in zones if card != NO_CARD}
    if len(ranks) == 1 and has_drump(zones):
        return ranks.pop()
    return 0


def after_part_placed(state: DrumpState, seat: int) -> None:
    """Check for DRUMP after `seat` placed a part, and end the game or grant a last turn."""
    zones = state.zones
    if not has_drump(zones[seat]):
        return
    state.log(("drump", seat))
    opponent = 1 - seat
    if has_drump(zones[opponent]):
        # The last turn's DRUMP: compare both at once.
        _finish(state, compare_drumps(state), DrumpEnding.BOTH_DRUMP, "both players made DRUMP")
        return
    if state.options.extra_turn_if_three:
        # PT: the opponent gets one more turn only if they hold three parts.
        parts = sum(card != NO_CARD for card in zones[opponent])
        grant = parts == 3
    else:
        # Equal turns (VI, EN): only the first player's DRUMP grants a last turn.
        grant = seat == state.first_seat
    if grant:
        state.last_turn = opponent
        state.log(("last", opponent))
    else:
        _finish(state, (seat,), DrumpEnding.DRUMP, "DRUMP")


def last_turn_over(state: DrumpState) -> None:
    """The last turn ended without a second DRUMP: the player with DRUMP wins."""
    winner = 1 - state.last_turn
    _finish(state, (winner,), DrumpEnding.LAST_TURN, "DRUMP; the last turn did not answer it")


def compare_drumps(state: DrumpState) -> tuple[int, ...]:
    """Both have DRUMP: one creature beats a mixed set, a higher creature a lower; else points."""
    creatures = [creature(zones) for zones in state.zones]
    if creatures[0] != creatures[1]:
        return (0,) if creatures[0] > creatures[1] else (1,)
    return _higher_score(state)


def deck_out(state: DrumpState, seat: int) -> None:
    """A player must draw from an empty deck: the game ends at once (EN).

    The higher score of parts on the field wins; a player already holding
    DRUMP (waiting out the last turn) beats one without, whatever the points.
    """
    drumps = [has_drump(zones) for zones in state.zones]
    if drumps[0] != drumps[1]:
        winners: tuple[int, ...] = (0,) if drumps[0] else (1,)
    else:
        winners = _higher_score(state)
    _finish(state, winners, DrumpEnding.DECK_OUT, f"the deck ran out when seat {seat + 1} had to draw")


def _higher_score(state: DrumpState) -> tuple[int, ...]:
    scores = [field_score(zones, state.options) for zones in state.zones]
    if scores[0] == scores[1]:
        return (0, 1)
    return (0,) if scores[0] > scores[1] else (1,)


def _finish(state: DrumpState, winners: tuple[int, ...], ending: DrumpEnding, reason: str) -> None:
    scores = tuple(float(field_score(zones, state.options)) for zones in state.zones)
    names = [CREATURES.get(creature(zones), "") for zones in state.zones]
    if len(winners) == 1 and names[winners[0]]:
        reason += f" ({names[winners[0]]})"
    state.result = Outcome(winners, scores, ending, reason)
    state.phase = OVER
    state.exchange = None
    state.log(("over", winners, reason))
