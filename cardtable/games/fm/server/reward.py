"""`GET /api/tables/{id}/reward`: what a finished Free Duel gave its player, as the PS1 shows it at the end.

For an FM table whose seat 2 is a duelist and whose seat 1 won: the rank, its
score by criterion, the starchips and the card dropped, drawn from the table's
seed (`games.fm.reward.duel_reward`, as the campaign draws it).  Only once the
table is over, when its replay, seed included, is public to everyone at it;
before then the answer is a refusal (409), and a table that gives nothing (a
loss, a duel between two people) answers `{"reward": null, "why": ...}`.
Where the winnings go is the client's to say: only a campaign keeps them.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardtable.server.service import TableService


def _refusal(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def reward_route(service: TableService) -> Route:
    """The route, over the service's tables."""

    async def reward(request: Request) -> Response:
        from cardtable.games.fm.reward import duel_reward

        table_id = request.path_params["table"]
        table = service.find(table_id)
        if table is None:
            return _refusal("unknown_table", f"there is no table {table_id!r}", 404)
        if table.game.name != "fm":
            return _refusal("bad_request", f"table {table_id} is not a Forbidden Memories duel", 400)
        if not table.finished:
            return _refusal("playing", f"table {table_id} is still playing; its reward comes at the end", 409)
        duelist = table.setup.seats[1].duelist
        if duelist is None:
            return JSONResponse({"reward": None, "why": "a duel against no duelist drops nothing"})
        found = duel_reward(table.match.state, 0, duelist, table.setup.seed)
        if found is None:
            return JSONResponse({"reward": None, "why": "only a won duel is ranked and drops a card"})
        return JSONResponse({"reward": found.to_json()})

    return Route("/api/tables/{table}/reward", reward, methods=["GET"])
