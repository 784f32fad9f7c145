"""What the server refuses at the protocol layer, before the application reads it: the size
of a WebSocket message and of a request body, sockets that never say ``hello``, pages of
other sites, an address's requests and new sockets past their pace, and the security headers
every answer carries (the error page too).

A message or body larger than its bound is refused as soon as its size is known, not after it
was read whole: uvicorn closes a WebSocket whose frame or message exceeds
:attr:`WebLimits.max_message` with code 1009 as it reads the frame's header
(:func:`uvicorn_options`), and :class:`Guarded` answers ``413`` to a request whose
``Content-Length`` exceeds the path's bound (:func:`body_bound`), or stops reading a body sent
without one at the first chunk past it.

>>> body_bound("/api/tables"), body_bound("/api/t"), body_bound("/api/t/abc/director")
(8192, 16777216, 262144)
>>> origin_allowed("https://skat.example", "skat.example", ())
True
>>> origin_allowed("https://evil.example", "skat.example", ())
False
>>> origin_allowed("https://skat.example", "127.0.0.1:8000", ("https://skat.example",))
True
>>> origin_allowed(None, "skat.example", ())  # not a browser: a script, curl, a bot
True
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from skat.server import tournament_web
from skat.server.pacing import Pacer

MAX_BODY: Final = 8192
"""Bytes of a request body to the table API (a table's rules, a join)."""
MAX_DESK_BODY: Final = tournament_web.MAX_BODY
"""Bytes of a request to a tournament's desk (a director's list of 1,000 players fits)."""
MAX_ARCHIVE: Final = tournament_web.MAX_ARCHIVE
"""Bytes of a new tournament (a tournament file loaded to start from)."""
HTTP_BURST: Final = 200
"""HTTP requests one address may send at once before it is paced (pages, scripts, cards)."""
HTTP_PATIENCE: Final = 10.0
"""Seconds a paced request may wait for its turn; one whose turn is later is answered 429."""
SOCKET_BURST: Final = 60
"""WebSockets one address may open at once before it is paced (a club's players behind one
address coming back after a restart)."""


def http_pacer(limits: WebLimits) -> Pacer:
    """The pace of each address's HTTP requests under ``limits``.

    >>> pacer = http_pacer(WebLimits(http_rate=5))
    >>> pacer.rate, pacer.burst, pacer.patience
    (5, 200, 10.0)
    """
    return Pacer(limits.http_rate, HTTP_BURST, HTTP_PATIENCE)


def socket_pacer(limits: WebLimits) -> Pacer:
    """The pace at which each address may open WebSockets under ``limits``.

    >>> pacer = socket_pacer(WebLimits(socket_rate=2))
    >>> pacer.rate, pacer.burst, pacer.patience
    (2, 60, 10.0)
    """
    return Pacer(limits.socket_rate, SOCKET_BURST, HTTP_PATIENCE)


SECURITY_HEADERS: Final = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)


@dataclass(frozen=True)
class WebLimits:
    """The protocol layer's bounds (``skat serve`` options)."""

    max_message: int = 16 * 1024
    """Bytes of one WebSocket message or frame; a larger one closes the socket (1009).  The
    protocol's messages have at most 2,048 characters (``skat.server.protocol``)."""
    hello_within: float = 60.0
    """Seconds a WebSocket may stay open without its ``hello``; then it is closed (1008)."""
    sites: tuple[str, ...] = ()
    """Origins besides the server's own address whose pages may open its WebSocket and send
    it requests (``https://skat.example.org``: the site's address behind a proxy)."""
    http_rate: float = 50.0
    """HTTP requests a second one address is answered at (after a burst of
    :data:`HTTP_BURST`); faster ones wait their turn (:mod:`skat.server.pacing`); 0: no pace."""
    socket_rate: float = 5.0
    """WebSockets a second one address may open (after a burst of :data:`SOCKET_BURST`): a
    faster one waits its turn before its handshake, one whose turn is more than
    :data:`HTTP_PATIENCE` seconds away is refused (HTTP 403); 0: no pace.  Every opening costs
    the server its handshake (about a millisecond of CPU), whatever the client sends after."""


def body_bound(path: str) -> int:
    """The most bytes a request body to ``path`` may have."""
    if path.rstrip("/") == "/api/t":
        return MAX_ARCHIVE
    if path.startswith("/api/t/"):
        return MAX_DESK_BODY
    return MAX_BODY


def origin_allowed(origin: str | None, host: str, sites: Sequence[str]) -> bool:
    """May a page of ``origin`` (a browser's ``Origin`` header) act on this server, reached
    as ``host`` (the ``Host`` header)?  Its own address and ``sites`` may; a request without
    ``Origin`` was not sent by another site's page in a browser."""
    if origin is None:
        return True
    origin = origin.strip().rstrip("/").lower()
    if origin.split("://", 1)[-1] == host.strip().lower():
        return True
    return origin in {s.strip().rstrip("/").lower() for s in sites}


def uvicorn_options(limits: WebLimits) -> dict[str, Any]:
    """uvicorn's settings for ``limits``: the WebSocket message size checked as each frame's
    header is read (websockets' ``max_size``), no compression (a small compressed frame
    cannot inflate to a large message)."""
    return {"ws_max_size": limits.max_message, "ws_per_message_deflate": False}


class Guarded:
    """The outermost layer of the application: the :data:`SECURITY_HEADERS` on every HTTP
    answer (the 500 page included), the bound on request bodies (:func:`body_bound`), the
    pace of each address's requests (:attr:`WebLimits.http_rate`) and of the WebSockets it
    opens (:attr:`WebLimits.socket_rate`)."""

    def __init__(
        self, app: ASGIApp, pacer: Pacer | None = None, sockets: Pacer | None = None
    ) -> None:
        self.app = app
        self.pacer = pacer or Pacer(0.0, HTTP_BURST)
        self.sockets = sockets or Pacer(0.0, SOCKET_BURST)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            wait = self.sockets.turn(_address(scope))
            if wait is None:  # refused before the handshake: the client sees 403
                await send({"type": "websocket.close", "code": 1008})
                return
            if wait > 0:
                await asyncio.sleep(wait)
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        wait = self.pacer.turn(_address(scope))
        if wait is None:
            await _answer(
                _headed(send),
                429,
                "rate",
                "too many requests from this address",
                retry=max(1, math.ceil(self.pacer.patience)),
            )
            return
        if wait > 0:
            await asyncio.sleep(wait)
        bound = body_bound(scope["path"])
        length = _content_length(scope)
        state = {"started": False, "over": False}

        async def with_headers(message: Message) -> None:
            if state["over"]:
                return  # the body was too large: the answer is the 413 below
            if message["type"] == "http.response.start":
                state["started"] = True
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        if length is not None and length > bound:
            await _too_large(with_headers, bound)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > bound:
                    state["over"] = True
                    raise BodyTooLarge(bound)
            return message

        try:
            await self.app(scope, counted, with_headers)
        except BodyTooLarge:
            pass
        except Exception:
            if not state["over"]:
                raise
        if state["over"] and not state["started"]:
            state["over"] = False
            await _too_large(with_headers, bound)


def _address(scope: Scope) -> str:
    """The client's address (``?`` when the server was not told it)."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


class BodyTooLarge(Exception):
    """A request body grew past its bound while it was read."""


def _content_length(scope: Scope) -> int | None:
    """The request's ``Content-Length`` (one that is not a number counts as too large)."""
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isdigit() else 1 << 62
    return None


async def _too_large(send: Send, bound: int) -> None:
    await _answer(send, 413, "too_long", f"a request body has at most {bound} bytes", close=True)


def _headed(send: Send) -> Send:
    """``send`` with the :data:`SECURITY_HEADERS` added to the answer's start."""

    async def with_headers(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
        await send(message)

    return with_headers


async def _answer(
    send: Send, status: int, error: str, message: str, *, close: bool = False, retry: int = 0
) -> None:
    """A refusal written by this layer: JSON ``{error, message}`` (a 429 says when to come
    back: ``Retry-After``)."""
    body = json.dumps({"error": error, "message": message}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if close:
        headers.append((b"connection", b"close"))
    if retry:
        headers.append((b"retry-after", str(retry).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
