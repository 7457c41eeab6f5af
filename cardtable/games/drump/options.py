"""DRUMP's rule options: the default column of drump.md, and each source's variants."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.options import Option, OptionTable


@dataclass(frozen=True, slots=True)
class DrumpOptions:
    """Resolved DRUMP options (see OPTION_TABLE for their meaning)."""

    part_by_suit: str = "shdc"
    ace_pays_any: bool = False
    extra_jack_is_summon: bool = False
    recycle_limit: int | None = 2
    block_adds: bool = False
    extra_turn_if_three: bool = False
    jack_scores: int = 5
    hand_limit: int = 5


def _check_suit_order(value: str) -> str | None:
    if sorted(value) != sorted("shdc"):
        return "give the suits of head, wings, body and tail, each of s, h, d, c once"
    return None


OPTION_TABLE = OptionTable(
    DrumpOptions,
    [
        Option(
            "part_by_suit",
            "shdc",
            "The suits of the head, wings, body and tail parts, in that order "
            "(`shdc`: ♠ head, ♥ wings, ♦ body, ♣ tail).",
            "none of the sources names a mapping; drump.md fixes this default",
            check=_check_suit_order,
        ),
        Option(
            "ace_pays_any",
            False,
            "A stack holding an Ace and at least one card 2-9 pays for a part of any value.",
            "PT, Ex² of the card rules",
            presets={"pt": True},
        ),
        Option(
            "extra_jack_is_summon",
            False,
            "The Extra Jack counts as the turn's summon: not after a summon, and none after it.",
            "EN, Extra Jack",
            presets={"en": True},
        ),
        Option(
            "recycle_limit",
            2,
            "How many recycles a player may make in one turn (`unlimited` for no limit).",
            "VI and EN: twice; PT: 'more than once a turn'",
            presets={"pt": None},
            minimum=0,
            allow_none=True,
        ),
        Option(
            "block_adds",
            False,
            "Blocks add to the defended stack's total and counters to the attack's; "
            "each answer must put its side strictly ahead, and the side ahead wins.",
            "EN, attack and block",
            presets={"en": True},
        ),
        Option(
            "extra_turn_if_three",
            False,
            "Instead of equal turns: after either player's DRUMP the opponent gets one "
            "last turn only if they already hold three parts.",
            "PT, winning",
            presets={"pt": True},
        ),
        Option(
            "jack_scores",
            5,
            "Points a J part scores when two mixed DRUMPs or a deck-out are compared.",
            "VI and EN: 5; PT sums vitalities: 11",
            presets={"pt": 11},
            minimum=0,
        ),
        Option(
            "hand_limit",
            5,
            "At the end of a turn each player holding more cards discards down to this.",
            "PT and EN: 6 or more discards to 5 (VI's 'more than 6' read as a slip)",
            minimum=1,
        ),
    ],
    presets={
        "pt": "the Portuguese rules (seed 000, from the publisher's site)",
        "vi": "the Vietnamese write-up (seed 001); the same as the default",
        "en": "the English write-up (seed 004)",
    },
)
