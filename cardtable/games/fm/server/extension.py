"""The Forbidden Memories duel's extension of the table server (`Game.server`).

Its routes: the card catalogue (`GET /api/games/fm/cards`), the farm planner,
a finished Free Duel's reward and the browser campaign; its tables' seats may
name a duelist (whose AI plays it) or bring a deck (games/fm/server/tables.py),
and a seat may ask for the fusion finder's hints.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardtable.games.fm.server import farm, reward, tables
from cardtable.server.extension import ServerExtension
from cardtable.server.guard import Site
from cardtable.server.service import TableService


async def cards(request: Request) -> Response:
    """Every Forbidden Memories card with its text, the terrain table, the stars' cycle, the duelists."""
    from cardtable.games.fm.carddata import duelists
    from cardtable.games.fm.server.cards import catalogue

    body = catalogue() | {
        "duelists": [{"number": number, "name": duelist.name} for number, duelist in duelists().items()]
    }
    return JSONResponse(body, headers={"Cache-Control": "max-age=3600"})


def routes(service: TableService, site: Site) -> Sequence[BaseRoute]:
    """The duel's routes over the table service."""
    from cardtable.games.fm.server.campaigns import CampaignRoutes

    return [
        Route("/api/games/fm/cards", cards, methods=["GET"]),
        Route("/api/games/fm/farm", farm.farm, methods=["GET"]),
        reward.reward_route(service),
        *CampaignRoutes(service, site).routes(),
    ]


EXTENSION = ServerExtension(
    routes=routes,
    seat_keys=frozenset({"duelist", "deck"}),
    position=tables.fm_position,
    seat_bot=tables.duelist_bot,
    seat_bot_name=tables.duelist_name,
    hints=tables.fusion_hints,
)
