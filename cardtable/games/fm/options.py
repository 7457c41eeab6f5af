"""Options of the Forbidden Memories duel: the padding fusions, readings where sources differ, 2P set-up."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.options import Option, OptionTable

#: Fake Trap's readings: the card's text (an attack on its owner does nothing) or the seed's (it takes the
#: blow when the opponent destroys its owner's set cards).
FAKE_TRAP_READINGS = ("decoy", "shield")
#: The longest timed weakening option `weakening_turns` allows.
MOST_WEAKENING_TURNS = 9


@dataclass(frozen=True, slots=True)
class FmOptions:
    """Resolved duel options (see OPTION_TABLE)."""

    padding_fusions: bool = True
    starting_lp: int = 8000
    first_turn_battle: bool = False
    fake_trap: str = "decoy"
    weakening_turns: int = 0
    life_points_win_bonus: int = 2
    field_fusions_count: bool = False
    mirror_negative_scores: bool = False


OPTION_TABLE = OptionTable(
    FmOptions,
    [
        Option(
            "padding_fusions",
            True,
            "The 15 fusions that sit in the unused second pair of a card's last fusion record count. "
            "The game's own lookup loop tests that pair, so they are on by default.",
            "data/fm/SOURCES.md, fusions.json against the 25,131-recipe disc table",
            presets={"disc": False},
        ),
        Option(
            "starting_lp",
            8000,
            "Life points each side starts with, which are also its most (the 2P duel lets players set them).",
            "seed 002 §1; the 2P duel's starting-LP screen",
            minimum=100,
            maximum=9999,
        ),
        Option(
            "first_turn_battle",
            False,
            "The player who opens the duel may attack on that first turn. Off: the first turn plays a "
            "card but has no attack, as in the retail game.",
            "fm.md, Decisions after the first build; the seed is silent",
        ),
        Option(
            "fake_trap",
            "decoy",
            "What Fake Trap does. decoy: the card's text, 'Nothing happens when it is attacked': an attack "
            "that no set attack trap stops does nothing, and the Fake Trap is used up. shield: the seed's "
            "'um chamariz que absorve a destruição de armadilhas': it alone takes Harpie's Feather Duster.",
            "card 690's text; seed 002 §7; fm.md, Decisions after the first build",
            choices=FAKE_TRAP_READINGS,
        ),
        Option(
            "weakening_turns",
            0,
            "For how many of its owner's turns Spellbinding Circle and Shadow Spell weaken a monster; "
            "0: until Cursebreaker lifts it or the monster leaves the field (the texts name no time).",
            "cards 349, 669 and 655's texts",
            minimum=0,
            maximum=MOST_WEAKENING_TURNS,
        ),
        Option(
            "life_points_win_bonus",
            2,
            "What a win by life points adds to the rank score (the retail game adds 2; the seed names only "
            "Exodia's +40 and deck-out's -40).",
            "fm.md, Decisions after the first build; seed 002 §12",
            minimum=0,
            maximum=40,
        ),
        Option(
            "field_fusions_count",
            False,
            "Fusions that start from a monster on the field count on the rank's INITIATE FUSION row. "
            "Off: only fusions started from the hand count, as in the retail game.",
            "fm.md, Decisions after the first build; seed 002 §13.1",
        ),
        Option(
            "mirror_negative_scores",
            False,
            "A negative rank score is mirrored (made positive) before its letter is read, so -95 would be "
            "S-POW. Off: the seed's table rules, and every score of 9 or less is S-TEC.",
            "seed 002 §13.2: the table '≤9: S-TEC', and 'valores negativos são espelhados'",
        ),
    ],
    presets={"disc": "only the 25,131 recipes of the disc table"},
)
