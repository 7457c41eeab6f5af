"""The games this package ships, one folder each; none imports another.

Importing this package announces every shipped game to the registry; a
game's own modules are imported when it is first asked for.  Adding a game
is a new folder, whose package ends in its declaration and `register(GAME)`,
and its name below (with the commands its terminal front end adds to
`cardtable`, if any, so that `cardtable --help` lists them without importing
the game).
"""

from __future__ import annotations

from cardtable.core.registry import AnyGame, announce, game_names, get_game

SHIPPED = ("drump", "scout", "dnup", "fm", "crazy_eights")
#: The commands a game's front end adds to `cardtable`, each with its help's first sentence
#: (tests/test_cli_imports.py checks these against the front ends' own commands).
COMMANDS = {
    "fm": {
        "campaign": "The Forbidden Memories campaign: duel the 39 duelists, win cards, build your deck.",
        "deck": "Forbidden Memories decks: check, make and show deck files, or move the campaign's deck.",
        "fm": "Forbidden Memories tools: the fusion finder, the card sheet and the farm planner.",
    },
}

#: The games whose tables a person may read from their own copy (`cardtable --GAME-data DIR`): the
#: environment variable the game reads the folder from, and the option's help.
DATA_FOLDERS = {
    "fm": (
        "CARDTABLE_FM_DATA",
        "Read the Forbidden Memories tables from your own copy in DIR instead of the shipped ones "
        "(docs/fm.md, NOTICE).",
    ),
}

for _name in SHIPPED:
    announce(_name, f"{__name__}.{_name}", COMMANDS.get(_name), DATA_FOLDERS.get(_name))

__all__ = ["SHIPPED", "AnyGame", "game_names", "get_game"]
