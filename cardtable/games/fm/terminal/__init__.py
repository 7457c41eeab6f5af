"""The Forbidden Memories front end: its screen, Free Duel and two-player set-up, the campaign and decks.

The application around the duel lives here: the campaign's menus and its
save (SQLite), deck files, and the `campaign` and `deck` commands; the
duel's rules, the campaign's rules and the deck rules are the game's.
"""

from __future__ import annotations

from cardtable.frontends.registry import FrontEnd, register_front_end
from cardtable.games.fm.terminal.commands import COMMANDS
from cardtable.games.fm.terminal.guide import HINTS, card_info, describe, legend, steps
from cardtable.games.fm.terminal.play import play_setup, resume_bot
from cardtable.games.fm.terminal.reward import free_duel_epilogue
from cardtable.games.fm.terminal.screen import render, render_compact, stage

register_front_end(
    FrontEnd(
        "fm",
        render,
        setup=play_setup,
        commands=COMMANDS,
        resume_bot=resume_bot,
        compact=render_compact,
        describe=describe,
        steps=steps,
        legend=legend,
        card_info=card_info,
        hints=HINTS,
        stage=stage,
        score_label="LP",
        epilogue=free_duel_epilogue,
    )
)
