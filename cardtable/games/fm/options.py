"""Options of the Forbidden Memories duel: the data's open question, and the 2-player set-up."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.options import Option, OptionTable


@dataclass(frozen=True, slots=True)
class FmOptions:
    """Resolved duel options (see OPTION_TABLE)."""

    padding_fusions: bool = True
    starting_lp: int = 8000


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
    ],
    presets={"disc": "only the 25,131 recipes of the disc table"},
)
