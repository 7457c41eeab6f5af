"""The Forbidden Memories front end: its screen, Free Duel and two-player set-up, the campaign and decks.

The application around the duel lives here: the campaign's menus and its
save (SQLite), deck files, and the `campaign` and `deck` commands; the
duel's rules, the campaign's rules and the deck rules are the game's.
"""

from __future__ import annotations

from cardtable.frontends.fm.commands import COMMANDS
from cardtable.frontends.fm.play import play_setup, resume_bot
from cardtable.frontends.fm.screen import render
from cardtable.frontends.registry import FrontEnd, register_front_end
from cardtable.games.fm.view import describe_event

register_front_end(
    FrontEnd(
        "fm",
        render,
        setup=play_setup,
        commands=COMMANDS,
        resume_bot=resume_bot,
        describe=describe_event,
    )
)
