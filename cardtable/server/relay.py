"""A client's connection relayed to the server process that owns its table (ownership.py).

The client joined, here, a table another process owns: this process opens
a WebSocket to the owner (the address it registered in the database), sends
it the join and, from then on, every message the client sends, and passes
back every frame the owner sends, as it is: the owner builds each frame for
this connection's seat, so this process adds nothing and leaves nothing out.
The client's address goes with it (`X-Forwarded-For`, which the owner trusts
from 127.0.0.1, or from the addresses `FORWARDED_ALLOW_IPS` names), and its
seat cookies if this process trusted them.

When the owner goes (killed, say), the client is sent away with MOVED_CODE,
to join again: the table is taken over by another process within
TAKEOVER_SECONDS, and the join is served there, or relayed to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import urllib.error
import urllib.request
from collections.abc import Mapping

from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from cardtable.server.ownership import MOVED_CODE, MOVED_REASON, Elsewhere
from cardtable.server.tables import Connection

log = logging.getLogger("cardtable.server")

#: Seconds to reach the owner before the client is sent away to try again.
OPEN_SECONDS = 5.0
#: Close codes no close frame may carry (the owner's connection broke): the client is sent away instead.
ABNORMAL = {1005, 1006, 1015}


async def relay(
    websocket: WebSocket,
    connection: Connection,
    url: str | None,
    join: str,
    address: str,
    cookies: Mapping[str, str],
) -> None:
    """Relay the connection to the owner at `url` (its http address) until either side goes."""
    if url is None:
        connection.close(MOVED_CODE, MOVED_REASON)
        return
    headers = {"X-Forwarded-For": address}
    if cookies:
        headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
    target = url.rstrip("/").replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/ws"
    try:
        async with connect(
            target,
            additional_headers=headers,
            open_timeout=OPEN_SECONDS,
            max_size=None,
            compression=None,
        ) as owner:
            await owner.recv()  # the owner's hello: the client had this process's already
            await owner.send(join)

            async def to_owner() -> bool:
                """True when the client went; False when the owner did."""
                while True:
                    message = await websocket.receive()
                    if message["type"] == "websocket.disconnect":
                        return True
                    text = message.get("text")
                    if text is not None:
                        try:
                            await owner.send(text)
                        except ConnectionClosed:
                            return False

            async def to_client() -> None:
                with contextlib.suppress(ConnectionClosed):  # the owner went: the client is sent away
                    async for text in owner:
                        connection.send(text if isinstance(text, str) else text.decode())

            tasks = [asyncio.create_task(to_owner()), asyncio.create_task(to_client())]
            done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            for task in pending:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            if tasks[0] in done and tasks[0].result():
                return
            code, reason = owner.close_code, owner.close_reason
    except (OSError, TimeoutError, WebSocketException) as error:
        log.info("relay to %s failed: %s", url, error)
        code, reason = None, None
    if code is None or code in ABNORMAL:
        code, reason = MOVED_CODE, MOVED_REASON
    connection.close(code, reason or "")


async def forward(elsewhere: Elsewhere, request: Request, body: bytes) -> Response:
    """Pass a state-changing HTTP request for a table (a POST, its `body`) to the process that owns the
    table, and its answer back as the owner gave it (status, body, cookie).

    The client's address goes with it (X-Forwarded-For), and its cookies (the seat's, the campaign's):
    the owner is this server too, on another process.
    """
    if elsewhere.url is None:
        refusal = {"error": {"code": "moved", "message": f"{elsewhere}; try again in a moment"}}
        return Response(json.dumps(refusal), status_code=503, media_type="application/json")
    address = request.client.host if request.client is not None else "unknown"
    headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
    cookie = request.headers.get("cookie")
    if cookie:
        headers["Cookie"] = cookie
    owner_request = urllib.request.Request(
        elsewhere.url.rstrip("/") + request.url.path, data=body, headers=headers, method="POST"
    )

    def send() -> tuple[int, bytes, str | None]:
        try:
            with urllib.request.urlopen(owner_request, timeout=OPEN_SECONDS) as answer:
                return answer.status, answer.read(), answer.headers.get("set-cookie")
        except urllib.error.HTTPError as refusal:
            return refusal.code, refusal.read(), None
        except OSError as error:
            message = f"{elsewhere} and cannot be reached ({error})"
            return 503, json.dumps({"error": {"code": "moved", "message": message}}).encode(), None

    status, answer, set_cookie = await asyncio.to_thread(send)
    response = Response(answer, status_code=status, media_type="application/json")
    if set_cookie is not None:
        response.headers.append("set-cookie", set_cookie)
    return response
