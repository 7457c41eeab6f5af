"""dnup's rule options: every point dnup.md marks **default**, and the winning score."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.options import Option, OptionTable


@dataclass(frozen=True, slots=True)
class DnupOptions:
    """Resolved dnup options (see OPTION_TABLE)."""

    hand_size: int = 0
    random_orientation: bool = True
    round_end: str = "second"
    target: int = 4
    turn_limit: int | None = 60


OPTION_TABLE = OptionTable(
    DnupOptions,
    [
        Option(
            "hand_size",
            0,
            "Cards dealt to each player; 0 deals the default, 10 with 2 to 4 players and 8 with 5 "
            "(the seed says 'eight or ten').",
            "dnup.md, cards and deal (default)",
            minimum=0,
            maximum=22,
        ),
        Option(
            "random_orientation",
            True,
            "The deck is shuffled in orientation as well as order; off, every card is dealt "
            "with its lower number on top.",
            "dnup.md, cards and deal (default)",
        ),
        Option(
            "round_end",
            "second",
            "When the round ends: `second`, once a second player has emptied their hand (with two "
            "players, the first); `first`, as soon as one player has.",
            "dnup.md, scoring (default)",
            choices=("second", "first"),
        ),
        Option(
            "target",
            4,
            "Rounds go on until someone has at least this many points.",
            "dnup.md, scoring",
            minimum=1,
            maximum=50,
        ),
        Option(
            "turn_limit",
            60,
            "House rule, so that every round ends: after this many turns per player at the table "
            "the round ends, and the players holding the fewest cards score as if they had gone "
            "out (2 points, then 1; of equal hands, the earlier in turn order from the round's "
            "start player); `none` (or `unlimited`) plays the seed's open-ended round.",
            "dnup.md, every game ends (house rule)",
            minimum=1,
            maximum=1000,
            allow_none=True,
        ),
    ],
    presets={},
)
