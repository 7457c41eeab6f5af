"""The Forbidden Memories campaign in the browser: a campaign per player token, kept in the server's storage.

  GET  /api/campaign            the campaign of the browser's cookie (404 without one)
  POST /api/campaign            start one: {"name": "Ann"}; the answer sets the cookie
  POST /api/campaign/deck       use a new deck of owned cards: {"deck": [40 card numbers]}
  POST /api/campaign/buy        buy a card by its password: {"password": "89631139"}
  POST /api/campaign/duel       duel an unlocked duelist at a new table: {"duelist": 1, "pace": 0.5}
  POST /api/campaign/forfeit    give up the duel under way (it counts as a loss; its table ends, resigned)

The campaign's rules are the game's (`cardtable.games.fm.campaign`: the
same functions the terminal's `cardtable campaign` calls).  A campaign is
kept under the SHA-256 of a random token that the browser holds in the
cookie `cardtable-campaign`.  Its duel is a table of the server like any
other, seat 1 the player (the table's own cookie holds that seat's token),
seat 2 the duelist; the campaign remembers the table, and settles it (rank,
starchips, drop, record) the first time it is asked for after the duel is
over.  A duel under way cannot be escaped: leaving the page leaves it
under way, and while it is, the campaign offers only to resume it or to
forfeit it, which counts as a loss (as at the terminal).
"""

from __future__ import annotations

import secrets
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardtable.core.chance import fresh_seed, make_rng
from cardtable.core.errors import CardtableError
from cardtable.core.jsonio import parse_json
from cardtable.games.fm.campaign import (
    LAST_OPPONENT,
    CampaignError,
    Progress,
    buy,
    new_campaign,
    opponent_name,
    progress_from_json,
    progress_to_json,
    set_deck,
    settle_duel,
)
from cardtable.server.guard import Site, client_network, read_body, refusal
from cardtable.server.limits import RateLimiter
from cardtable.server.protocol import PROTOCOL, BadRequest, ProtocolError
from cardtable.server.relay import forward
from cardtable.server.service import COOKIE_PREFIX, TableService
from cardtable.server.storage import CampaignRecord
from cardtable.server.tables import token_hash

#: The cookie holding a browser's campaign token.
CAMPAIGN_COOKIE = COOKIE_PREFIX + "campaign"
#: How long the browser keeps it: ten years (a campaign is long).
COOKIE_SECONDS = 10 * 365 * 86400
#: How long a duel's seat cookie is kept (30 days, as any table's).
SEAT_COOKIE_SECONDS = 30 * 86400


class DuelUnderWay(CampaignError):
    """A change refused while the campaign's duel goes on."""


class CampaignRoutes:
    """The campaign's routes over the table service and its storage."""

    def __init__(self, service: TableService, site: Site) -> None:
        self.service = service
        self.site = site
        self.storage = service.storage
        #: Each address's allowance of new campaigns (a bucket refilled over the hour).
        self.starts: dict[str, RateLimiter] = {}

    def routes(self) -> list[BaseRoute]:
        """The routes, to go before the client's static files."""
        return [
            Route("/api/campaign", self.show, methods=["GET"]),
            Route("/api/campaign", self.start, methods=["POST"]),
            Route("/api/campaign/deck", self.deck, methods=["POST"]),
            Route("/api/campaign/buy", self.buy, methods=["POST"]),
            Route("/api/campaign/duel", self.duel, methods=["POST"]),
            Route("/api/campaign/forfeit", self.forfeit, methods=["POST"]),
        ]

    # -- the routes ---------------------------------------------------------------------------------
    async def show(self, request: Request) -> Response:
        """The browser's campaign, its finished duel settled first."""
        record = self._record(request)
        if record is None:
            return refusal("no_campaign", "this browser has no campaign yet: start one", 404)
        return JSONResponse(self._json(self._settled(record)))

    async def start(self, request: Request) -> Response:
        """A new campaign for this browser, with a starter deck; the answer sets its cookie."""
        if self._record(request) is not None:
            return refusal("exists", "this browser has a campaign already", 409)
        address = client_network(request, self.service.limits)
        if not self._may_start(address):
            most = self.service.limits.campaigns_per_address_per_hour
            return refusal("limit", f"{address} has started {most} campaigns in the last hour; wait", 429)
        try:
            data = await self._body(request, {"name"})
            name = data.get("name")
            if not isinstance(name, str):
                raise CampaignError("'name': a campaign starts with the player's name (text)")
            progress = new_campaign(name, make_rng(fresh_seed(), "starter"))
        except (CardtableError, ProtocolError) as error:
            return self._refused(error)
        token = secrets.token_urlsafe(24)
        record = CampaignRecord(token_hash(token), progress_to_json(progress))
        self.storage.save_campaign(record)
        response = JSONResponse(self._json(record), status_code=201)
        self.site.set_cookie(response, CAMPAIGN_COOKIE, token, COOKIE_SECONDS)
        return response

    async def deck(self, request: Request) -> Response:
        """Use a new deck: 40 cards by the deck rules, each owned."""

        def change(progress: Progress, data: dict[str, Any]) -> Progress:
            deck = data.get("deck")
            if not isinstance(deck, list) or not all(
                isinstance(card, int) and not isinstance(card, bool) for card in deck
            ):
                raise CampaignError("'deck': a deck is a list of card numbers")
            return set_deck(progress, tuple(deck))

        return await self._change(request, {"deck"}, change)

    async def buy(self, request: Request) -> Response:
        """Buy a card by its password with starchips."""

        def change(progress: Progress, data: dict[str, Any]) -> Progress:
            password = data.get("password")
            if not isinstance(password, str):
                raise CampaignError("'password': a card's password is text (8 digits)")
            return buy(progress, password)[0]

        return await self._change(request, {"password"}, change)

    async def duel(self, request: Request) -> Response:
        """A campaign duel at a new table against an unlocked duelist; the answer sets the seat's cookie."""
        # The body is read first: from reading the campaign to keeping it, nothing gives the event loop
        # away, so two requests of one browser never interleave (the service's own rule).
        opened = await self._between_duels(request, {"duelist", "pace"})
        if isinstance(opened, Response):
            return opened
        data, record, progress = opened
        try:
            duelist = data.get("duelist")
            if duelist not in progress.unlocked() or isinstance(duelist, bool):
                names = ", ".join(str(number) for number in progress.unlocked())
                raise CampaignError(
                    f"'duelist': {duelist!r} is not a duelist you may duel (unlocked: {names})"
                )
            seat: dict[str, Any] = {"duelist": duelist}
            if "pace" in data:
                seat["pace"] = data["pace"]
            request_data = {
                "protocol": PROTOCOL,
                "game": "fm",
                "seats": [{"person": progress.name, "deck": list(progress.deck)}, seat],
            }
            table, grants = self.service.create(request_data, client_network(request, self.service.limits))
        except (CardtableError, ProtocolError) as error:
            return self._refused(error)
        token = grants.tokens[0]
        assert token is not None
        record = CampaignRecord(record.token_hash, record.progress, table.id, duelist, record.last_result)
        self.storage.save_campaign(record)
        response = JSONResponse({"table": table.id, "campaign": self._json(record)}, status_code=201)
        self.site.set_cookie(response, COOKIE_PREFIX + table.id, token, SEAT_COOKIE_SECONDS)
        return response

    async def forfeit(self, request: Request) -> Response:
        """Give up the duel under way: it counts as a loss."""
        record = self._record(request)
        if record is None:
            return refusal("no_campaign", "this browser has no campaign yet: start one", 404)
        record = self._settled(record)
        if record.duelist is None:
            return refusal("no_duel", "no campaign duel is under way", 409)
        duel = None if record.duel_table is None else self.service.find(record.duel_table)
        if duel is not None and self.service.is_elsewhere(duel):
            # Another server process plays the duel: the forfeit, which ends its table, is that one's to make.
            return await forward(self.service.ownership.elsewhere(duel.id), request, await request.body())
        progress, result = settle_duel(
            progress_from_json(record.progress, "the campaign"), record.duelist, None, 0
        )
        last = result.to_json() | {"table": record.duel_table, "forfeited": True}
        if duel is not None and not duel.finished:
            # The duel's table ends too, the duelist the winner: no table is left unfinished for ever.
            try:
                self.service.lifecycle.withdraw(duel, 0, "resigned")
            except ProtocolError as error:
                return self._refused(error)
        record = CampaignRecord(record.token_hash, progress_to_json(progress), None, None, last)
        self.storage.save_campaign(record)
        return JSONResponse(self._json(record))

    # -- helpers ------------------------------------------------------------------------------------
    def _may_start(self, address: str) -> bool:
        """Whether `address` may start one more campaign now (it is counted if so)."""
        most = self.service.limits.campaigns_per_address_per_hour
        if len(self.starts) > 10_000:
            # Forget the addresses whose allowance is whole again, so the table stays small.
            self.starts = {key: bucket for key, bucket in self.starts.items() if not bucket.full()}
        bucket = self.starts.setdefault(address, RateLimiter(most / 3600, most))
        return bucket.allow()

    def _record(self, request: Request) -> CampaignRecord | None:
        token = request.cookies.get(CAMPAIGN_COOKIE)
        return None if not token else self.storage.load_campaign(token_hash(token))

    def _settled(self, record: CampaignRecord) -> CampaignRecord:
        """The campaign with its duel settled if that duel is over (rank, starchips, drop, record)."""
        if record.duel_table is None or record.duelist is None:
            return record
        table = self.service.find(record.duel_table)
        if table is None or not table.finished:
            return record
        progress = progress_from_json(record.progress, "the campaign")
        progress, result = settle_duel(progress, record.duelist, table.match.state, table.setup.seed)
        last = result.to_json() | {"table": table.id}
        settled = CampaignRecord(record.token_hash, progress_to_json(progress), None, None, last)
        self.storage.save_campaign(settled)
        return settled

    @staticmethod
    def _refuse_during_duel(record: CampaignRecord) -> None:
        if record.duelist is not None:
            raise DuelUnderWay(
                f"your duel against {opponent_name(record.duelist)} is under way: "
                "finish it (or forfeit it, which counts as a loss) first"
            )

    async def _between_duels(
        self, request: Request, keys: set[str]
    ) -> tuple[dict[str, Any], CampaignRecord, Progress] | Response:
        """The request's body, this browser's campaign and its progress, or the answer refusing the request
        (a bad body, no campaign, a duel under way)."""
        try:
            data = await self._body(request, keys)
        except ProtocolError as error:
            return self._refused(error)
        record = self._record(request)
        if record is None:
            return refusal("no_campaign", "this browser has no campaign yet: start one", 404)
        record = self._settled(record)
        try:
            self._refuse_during_duel(record)
            progress = progress_from_json(record.progress, "the campaign")
        except (CardtableError, ProtocolError) as error:
            return self._refused(error)
        return data, record, progress

    async def _change(self, request: Request, keys: set[str], change: Any) -> Response:
        """Apply one change of the progress by the campaign's rules, and keep it."""
        opened = await self._between_duels(request, keys)
        if isinstance(opened, Response):
            return opened
        data, record, progress = opened
        try:
            progress = change(progress, data)
        except (CardtableError, ProtocolError) as error:
            return self._refused(error)
        record = CampaignRecord(record.token_hash, progress_to_json(progress), None, None, record.last_result)
        self.storage.save_campaign(record)
        return JSONResponse(self._json(record))

    async def _body(self, request: Request, keys: set[str]) -> dict[str, Any]:
        body = await read_body(request, self.service.limits)
        data = parse_json(body, "campaign request", BadRequest)
        if not isinstance(data, dict):
            raise BadRequest("a campaign request is a JSON object")
        for key in data:
            if key not in keys:
                raise BadRequest(f"a campaign request has no key {key!r}; keys: {', '.join(sorted(keys))}")
        return data

    @staticmethod
    def _refused(error: CardtableError | ProtocolError) -> JSONResponse:
        if isinstance(error, ProtocolError):
            status = {"limit": 429, "timeout": 408, "too_large": 413, "storage": 503}.get(error.code, 400)
            return refusal(error.code, error.message, status)
        if isinstance(error, DuelUnderWay):
            return refusal("duel_under_way", str(error), 409)
        return refusal("refused", str(error), 400)

    @staticmethod
    def _json(record: CampaignRecord) -> dict[str, Any]:
        """The campaign as the client reads it: progress, duelists and records, the duel, the last result."""
        progress = progress_from_json(record.progress, "the campaign")
        following = progress.next_opponent
        duelists = [
            {"number": number, "name": opponent_name(number), "wins": wins, "losses": losses}
            for number in progress.unlocked()
            for wins, losses in [progress.records.get(number, (0, 0))]
        ]
        last = record.last_result
        return progress_to_json(progress) | {
            "next": None
            if following > LAST_OPPONENT
            else {"number": following, "name": opponent_name(following)},
            "duelists": duelists,
            "duel": None
            if record.duelist is None
            else {
                "table": record.duel_table,
                "duelist": record.duelist,
                "name": opponent_name(record.duelist),
            },
            "last": None if last is None else last | {"name": opponent_name(last["duelist"])},
        }
