"""`GET /api/games/fm/farm?card=CARD&rank=RANK`: the farm planner for the browser (docs/web.md).

The card is a number or a name, as `cardtable fm farm` takes it; the rank is
optional.  The answer is `games.fm.farm.farm_json`: the card, the rank and the
rows, best first.  A card or rank that is not one is refused (400) with the
reason, naming the input.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cardtable.core.errors import CardtableError

#: The longest card or rank text read (the longest card name has 32 characters).
MOST_TEXT = 60


async def farm(request: Request) -> Response:
    """Every duelist and rank that drops the card, best first."""
    from cardtable.games.fm.farm import farm_json
    from cardtable.games.fm.finder import find_card

    text, rank = request.query_params.get("card", ""), request.query_params.get("rank") or None
    try:
        if not text.strip():
            raise CardtableError("card: name a card, by number (1 to 722) or name")
        if len(text) > MOST_TEXT or (rank is not None and len(rank) > MOST_TEXT):
            raise CardtableError(f"card or rank: at most {MOST_TEXT} characters")
        return JSONResponse(farm_json(find_card(text), rank), headers={"Cache-Control": "max-age=3600"})
    except CardtableError as error:
        return JSONResponse({"error": {"code": "bad_request", "message": str(error)}}, status_code=400)
