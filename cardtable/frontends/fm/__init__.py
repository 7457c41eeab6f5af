"""The Forbidden Memories front end: its screen, Free Duel and two-player set-up, the campaign and decks."""

from __future__ import annotations

from cardtable.frontends.fm_play import play_setup
from cardtable.frontends.fm_screen import render
from cardtable.frontends.registry import FrontEnd, register_front_end

register_front_end(FrontEnd("fm", render, setup=play_setup))
