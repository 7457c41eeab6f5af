"""How a DRUMP game ends (drump.md, "Winning"): DRUMP, the last turn, the comparisons, deck out.

Pure functions of the monster zones and the options: `turns` applies them
to a state when a part is placed, a last turn ends or the deck runs out.
"""

from __future__ import annotations

from enum import StrEnum

from cardtable.games.drump.cards import CREATURES, JACK, NO_CARD, RANK
from cardtable.games.drump.options import DrumpOptions

#: One monster zone per seat: the part card in each body-part zone, or NO_CARD.
Zones = tuple[tuple[int, ...], ...]


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


def grants_last_turn(seat: int, zones: Zones, first_seat: int, options: DrumpOptions) -> bool:
    """Whether `seat`'s DRUMP (the opponent has none) gives the opponent one last turn."""
    if options.extra_turn_if_three:
        # PT: the opponent gets one more turn only if they hold three parts.
        return sum(card != NO_CARD for card in zones[1 - seat]) == 3
    # Equal turns (VI, EN): only the first player's DRUMP grants a last turn.
    return seat == first_seat


def compare_drumps(zones: Zones, options: DrumpOptions) -> tuple[int, ...]:
    """Both have DRUMP: one creature beats a mixed set, a higher creature a lower; else points."""
    creatures = [creature(row) for row in zones]
    if creatures[0] != creatures[1]:
        return (0,) if creatures[0] > creatures[1] else (1,)
    return higher_score(zones, options)


def deck_out_winners(zones: Zones, options: DrumpOptions) -> tuple[int, ...]:
    """The deck ran out: the higher score on the field wins (EN), even in the last turn after a DRUMP.

    EN: "if the deck has no more cards, then the game end directly and
    determine the winner by adding up the points".  Under the option
    `deck_out_keeps_drump` a player holding DRUMP (waiting out the last turn)
    beats one without, whatever the points.
    """
    if options.deck_out_keeps_drump:
        drumps = [has_drump(row) for row in zones]
        if drumps[0] != drumps[1]:
            return (0,) if drumps[0] else (1,)
    return higher_score(zones, options)


def higher_score(zones: Zones, options: DrumpOptions) -> tuple[int, ...]:
    """The seat with more points on the field, or both when they are equal (a draw)."""
    scores = [field_score(row, options) for row in zones]
    if scores[0] == scores[1]:
        return (0, 1)
    return (0,) if scores[0] > scores[1] else (1,)


def winning_creature(winners: tuple[int, ...], zones: Zones) -> int | None:
    """The sole winner's creature rank when its four parts are of one rank, else None."""
    if len(winners) != 1:
        return None
    return creature(zones[winners[0]]) or None


def ending_reason(ending: DrumpEnding, creature: int | None = None, deck_out_seat: int | None = None) -> str:
    """How a game ended, in words: the ending, who ran the deck out, the winner's creature."""
    match ending:
        case DrumpEnding.DRUMP:
            reason = "DRUMP"
        case DrumpEnding.LAST_TURN:
            reason = "DRUMP; the last turn did not answer it"
        case DrumpEnding.BOTH_DRUMP:
            reason = "both players made DRUMP"
        case DrumpEnding.DECK_OUT:
            if deck_out_seat is None:
                raise ValueError("a deck out names the seat that had to draw")
            reason = f"the deck ran out when seat {deck_out_seat + 1} had to draw"
    if creature:
        reason += f" ({CREATURES[creature]})"
    return reason
