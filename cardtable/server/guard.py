"""The server's HTTP defences: its public address, cross-site refusals, security headers, request rates.

Every HTTP response carries headers that keep the browser client to the
server's own scripts and styles and out of other sites' frames.  A request
that changes anything (any method but GET, HEAD and OPTIONS) must come from
the server's own pages, or from a program (which sends no `Origin`), and
must send JSON: a page of another site can post a form or a `no-cors`
fetch with a `text/plain` body without the browser asking the server first,
but not JSON, and it cannot hide its `Origin`.  Requests are counted by
network, as the socket's messages are by connection.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from cardtable.server.limits import Limits, RateLimiter, SettingError
from cardtable.server.protocol import BadRequest, ProtocolError

log = logging.getLogger("cardtable.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Only the server's own files: no inline script or style, no other site's, no frame around the page.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
#: Added to every HTTP response.  No referrer: an invitation's address holds its seat's token.
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
#: Methods that change nothing, and so need no proof of coming from the server's own pages.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: Names a browser on the server's own machine may give it when the public address is a loopback one.
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
#: The routes whose requests count against a network's rate: all but the client's files, which a page
#: loads twenty at a time and cost little.
COUNTED_ROUTES = ("/api/", "/play/", "/watch/")
#: Networks whose allowance of requests is kept; past this, the whole ones are forgotten.
KEPT_ALLOWANCES = 10_000


@dataclass(frozen=True)
class Site:
    """The server's public address: what links are built from, and the one origin its pages have."""

    #: The address people open, without a trailing slash: `https://cards.example.org`.
    url: str
    #: The origins a browser may send for the server's own pages.
    origins: frozenset[str]

    @classmethod
    def at(cls, url: str) -> Site:
        """The site at a public address (SettingError naming what is wrong with it)."""
        parts = urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise SettingError(f"public URL {url!r}: give an http:// or https:// address with a host")
        if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
            raise SettingError(
                f"public URL {url!r}: give the server's root address (its pages use /api and /ws)"
            )
        try:
            port = parts.port
        except ValueError:
            raise SettingError(f"public URL {url!r}: the port is not a number from 0 to 65535") from None
        host = parts.hostname.lower()
        host = f"[{host}]" if ":" in host else host
        default = {"http": 80, "https": 443}[parts.scheme]
        suffix = "" if port in (None, default) else f":{port}"
        origin = f"{parts.scheme}://{host}{suffix}"
        origins = {origin}
        if host in LOOPBACK_NAMES:
            origins |= {f"{parts.scheme}://{name}{suffix}" for name in LOOPBACK_NAMES}
        return cls(origin, frozenset(origins))

    @property
    def secure(self) -> bool:
        """Whether people reach the server over TLS (its cookies are then sent over TLS only)."""
        return self.url.startswith("https://")

    def link(self, path: str) -> str:
        """An absolute link to one of the server's pages."""
        return self.url + path

    def trusts(self, origin: str) -> bool:
        """Whether a browser's Origin is one of the server's own pages."""
        return origin in self.origins

    def set_cookie(self, response: Response, name: str, value: str, max_age: int) -> None:
        """A cookie for the server's own pages alone: HttpOnly, SameSite Strict, Secure behind TLS."""
        response.set_cookie(
            name, value, max_age=max_age, httponly=True, samesite="strict", secure=self.secure
        )


#: The site of `cardtable serve`'s default address, for applications made without one (tests).
LOCAL_SITE = Site.at("http://127.0.0.1:8000")


def network_of(address: str, limits: Limits) -> str:
    """The network an address counts in for the per-address limits: `203.0.113.0/24`, `2001:db8::/64`."""
    return _network(address, limits.ipv4_prefix, limits.ipv6_prefix)


@functools.lru_cache(maxsize=4096)
def _network(address: str, ipv4_prefix: int, ipv6_prefix: int) -> str:
    try:
        network: ipaddress.IPv4Network | ipaddress.IPv6Network = ipaddress.ip_network(address, strict=False)
    except ValueError:
        return address
    if isinstance(network, ipaddress.IPv6Network) and network.network_address.ipv4_mapped is not None:
        network = ipaddress.ip_network(network.network_address.ipv4_mapped)
    prefix = ipv4_prefix if network.version == 4 else ipv6_prefix
    if network.prefixlen > prefix:
        network = network.supernet(new_prefix=prefix)
    if network.prefixlen == network.max_prefixlen:
        return str(network.network_address)
    return str(network)


def client_network(connection: HTTPConnection, limits: Limits) -> str:
    """The network a request or a socket comes from."""
    address = connection.client.host if connection.client is not None else "unknown"
    return network_of(address, limits)


def cross_site_reason(method: str, headers: Headers, site: Site) -> str | None:
    """Why a request that changes something is refused as possibly another site's, or None."""
    origin = headers.get("origin")
    if origin is not None and not site.trusts(origin):
        return f"a {method} from a page of {origin!r} is refused: only {site.url}'s own pages may send one"
    fetch_site = headers.get("sec-fetch-site")
    if origin is None and fetch_site in ("cross-site", "same-site"):
        return f"a {method} sent by another site's page (Sec-Fetch-Site: {fetch_site}) is refused"
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        named = repr(kind) if kind else "none"
        return (
            f"a {method} must send its body as JSON (Content-Type: application/json; this one: {named}): "
            "another site's page can send other types unasked"
        )
    return None


def refusal(code: str, message: str, status: int) -> JSONResponse:
    """The JSON answer of a refused request."""
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


class Guard:
    """ASGI middleware: security headers on every response; cross-site and too frequent requests refused."""

    def __init__(self, app: ASGIApp, site: Site, limits: Limits) -> None:
        self.app = app
        self.site = site
        self.limits = limits
        self.allowances: dict[str, RateLimiter] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        answer = self._refusal(HTTPConnection(scope))
        if answer is not None:
            await answer(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)

    def _refusal(self, request: HTTPConnection) -> Response | None:
        network = client_network(request, self.limits)
        if request.scope["path"].startswith(COUNTED_ROUTES) and not self._allow(network):
            rate = self.limits.http_requests_per_second
            message = f"{network} sends more than {rate:g} requests a second; wait a moment"
            return refusal("limit", message, 429)
        method = request.scope["method"]
        if method not in SAFE_METHODS:
            reason = cross_site_reason(method, request.headers, self.site)
            if reason is not None:
                return refusal("cross_site", reason, 403)
        return None

    def _allow(self, network: str) -> bool:
        """Whether one more request from `network` is within its rate (it is counted if so)."""
        if len(self.allowances) > KEPT_ALLOWANCES:
            self.allowances = {key: bucket for key, bucket in self.allowances.items() if not bucket.full()}
        bucket = self.allowances.get(network)
        if bucket is None:
            bucket = RateLimiter(self.limits.http_requests_per_second, self.limits.http_burst)
            self.allowances[network] = bucket
        return bucket.allow()


async def read_body(request: Request, limits: Limits) -> str:
    """A request's body as text, refused unread past the size limit, if it comes too slowly, and if the
    client leaves before it came whole (nobody is there to answer: one debug line, no traceback)."""
    limit = limits.max_request_bytes
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(limits.request_seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise ProtocolError("too_large", f"a request body over {limit:,} bytes is refused")
                chunks.append(chunk)
    except TimeoutError:
        raise ProtocolError(
            "timeout", f"the request body did not arrive within {limits.request_seconds:g} seconds"
        ) from None
    except ClientDisconnect:
        log.debug("a client of %s left before its request's body came whole", request.url.path)
        raise ProtocolError("disconnected", "the client left before its request body came whole") from None
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("the request body is not UTF-8 text") from None
