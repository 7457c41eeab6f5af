"""DRUMP's rule options: the default column of drump.md, and each source's variants."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.options import Option, OptionTable

#: The values of `draw_after_win`: the winner of an exchange always draws, or chooses to (EN).
DRAW_ALWAYS, DRAW_OPTIONAL = "always", "optional"


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
    discard_from: int = 6
    extra_jack_limit: int | None = 1
    draw_after_win: str = DRAW_ALWAYS
    deck_out_keeps_drump: bool = False
    block_before_sum: bool = False


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
            "extra_jack_limit",
            1,
            "How many Extra Jacks a player may make in one turn (`unlimited` for no limit).",
            "EN: 'this move can only use once per turn'; PT and VI name no limit",
            presets={"pt": None, "vi": None},
            minimum=0,
            allow_none=True,
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
            "The hand a player discards down to at the end of a turn (see `discard_from`).",
            "PT, VI and EN: down to 5",
            minimum=1,
        ),
        Option(
            "discard_from",
            6,
            "At the end of a turn each player holding this many cards or more (and more than "
            "`hand_limit`) discards down to `hand_limit`.",
            "PT and EN: 6 or more; VI: 'more than 6'",
            presets={"vi": 7},
            minimum=1,
        ),
        Option(
            "draw_after_win",
            DRAW_ALWAYS,
            "The draw of the player who wins a Burst's exchange: `always` drawn, or `optional`, "
            "the winner choosing to draw or not.",
            "EN: 'the player with the higher value may draw 1 card'; PT and VI: the winner draws",
            presets={"en": DRAW_OPTIONAL},
            choices=(DRAW_ALWAYS, DRAW_OPTIONAL),
        ),
        Option(
            "deck_out_keeps_drump",
            False,
            "A deck out during the last turn after a DRUMP goes to the player holding DRUMP, "
            "whatever the points.",
            "none of the sources; the engine's former reading (EN's deck out decides on points)",
        ),
        Option(
            "block_before_sum",
            False,
            "The defender answers a Burst before its stack is revealed: Receive (the stack is "
            "summed, no block) or Block (an exchange first; if the attacker wins it, the attack "
            "goes on to the sum).",
            "PT, Burst: 'the opponent may choose to Receive or Block the attack'",
            presets={"pt": True},
        ),
    ],
    presets={
        "pt": "the Portuguese rules (seed 000, from the publisher's site)",
        "vi": "the Vietnamese write-up (seed 001)",
        "en": "the English write-up (seed 004)",
    },
)
