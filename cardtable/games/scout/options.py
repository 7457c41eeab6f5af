"""Scout's rule options (scout.md): the uncertain points, and a designer's knobs."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.options import Option, OptionTable


@dataclass(frozen=True, slots=True)
class ScoutOptions:
    """Resolved Scout options (see OPTION_TABLE)."""

    may_decline: bool = False
    rounds: int = 0
    two_player_tokens: int = 3


OPTION_TABLE = OptionTable(
    ScoutOptions,
    [
        Option(
            "may_decline",
            False,
            "With two players, a player holding Scout tokens may decline both Show and Scout, "
            "which ends the round as if they could do neither.",
            "scout.md, 2-player mode: marked uncertain, default no",
        ),
        Option(
            "rounds",
            0,
            "Rounds in a game; 0 plays the published number (as many as players, 2 with two players). "
            "With two players each round is dealt from the cards set aside in the round before.",
            "scout.md, round end and scoring",
            minimum=0,
            maximum=20,
        ),
        Option(
            "two_player_tokens",
            3,
            "Scout tokens each player takes at the start of a round with two players.",
            "scout.md, 2-player mode",
            minimum=0,
            maximum=10,
        ),
    ],
    presets={},
)
