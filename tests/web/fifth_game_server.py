"""The table server with a fifth game, for the browser tests: `python -m tests.web.fifth_game_server`.

The fifth game is dnup's declaration under another name, with no board, no stylesheet and no lobby
entry of its own: what the browser offers and draws for it comes from what every game declares.  It is
registered on import, so the server's bot workers (spawned processes, which import this module again
as their main module's) know it too.
"""

from __future__ import annotations

from dataclasses import replace

from cardtable.core.registry import register
from cardtable.games import get_game

FIFTH = register(replace(get_game("dnup"), name="fives", title="Fives", web_folder=None, lobby={}))

if __name__ == "__main__":
    from cardtable.server.command import serve

    serve(prog_name="python -m tests.web.fifth_game_server")
