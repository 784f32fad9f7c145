"""The web application: lobby and table pages, the JSON API, the table WebSocket.

=============================================  =============================================
``GET /``                                      the lobby page
``GET /table/{id}``                            the table page (play, or watch)
``GET /history/{id}/{n}``                      a finished game move by move, with the analysis
``GET /cards/{card}.svg``                      a French four-colour card (``back`` too)
``GET /api/options``                           rules presets and computer levels
``GET /api/tables``                            running and finished tables
``POST /api/tables``                           create: ``{rules, games, seats, clock}`` -> token
                                               (a computer-only table: ``key``, which deletes it)
``DELETE /api/tables/{id}``                    delete a computer-only table (its creator's key
                                               as ``Authorization: Bearer KEY``)
``POST /api/tables/{id}/join``                 take a free place: ``{place?, name?}`` -> token
``GET /api/tables/{id}/games``                 the finished games
``GET /api/tables/{id}/series.zip``            every finished game (JSON, ISS) and the list
                                               (CSV) in one file
``GET /api/tables/{id}/games/{n}.json|.iss``   a game record (JSON v2, ISS)
``GET /api/tables/{id}/games/{n}/analysis``    the double-dummy analysis of its card play
``POST /api/tables/{id}/games/{n}/again``      play it again: ``{moves, player?}`` -> token
``WS /ws/{id}``                                the table (:mod:`skat.server.protocol`)
``/t/...``, ``/api/t/...``                     tournaments (:mod:`skat.server.tournament_web`)
=============================================  =============================================

Every page and answer carries a content security policy (scripts, styles and connections
from this server only; no framing), ``X-Frame-Options: DENY`` and ``nosniff``.  A ``POST``
or ``DELETE`` with a body must say ``Content-Type: application/json``, and one a browser sends
from another site (its ``Origin`` is not this server) is refused: no other page can make a
visitor's browser create or join tables.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from skat.core.rules import PRESETS
from skat.server.cards_svg import card_svg
from skat.server.download import series_archive
from skat.server.hub import Connection, Hub, Settings
from skat.server.scheduler import SchedulerFull
from skat.server.storage import SqlStorage, StorageError, open_storage
from skat.server.table import ActionRefused, ConfigError, computer_levels
from skat.server.tournament_web import tournament_routes

STATIC: Final = Path(__file__).parent / "static"
MAX_BODY: Final = 8192
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


def create_app(
    storage: SqlStorage | str | Path,
    settings: Settings | None = None,
    redis: str | None = None,
    lease: float = 5.0,
) -> Starlette:
    """The application over ``storage`` (a :class:`SqlStorage` or where to open one); with
    ``redis`` (a ``redis://`` URL) one process of a cluster (:mod:`skat.server.cluster`) whose
    tables wait ``lease`` seconds for a dead owner."""
    store = storage if isinstance(storage, SqlStorage) else open_storage(storage)
    if redis is None:
        hub = Hub(store, settings)
    else:  # one of several processes sharing PostgreSQL, with Redis between them
        from skat.server.cluster.node import ClusterHub

        hub = ClusterHub(store, settings, redis, lease)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    def page(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

        return endpoint

    async def card(request: Request) -> Response:
        try:
            lang = "en" if request.query_params.get("lang") == "en" else "de"  # J/Q/K or B/D/K
            svg = card_svg(request.path_params["name"], lang)
        except ValueError as exc:
            return PlainTextResponse(str(exc), status_code=404)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    async def options(request: Request) -> Response:
        return JSONResponse({"presets": list(PRESETS), "computers": computer_levels()})

    async def tables(request: Request) -> Response:
        return JSONResponse({"tables": hub.summaries()})

    async def create(request: Request) -> Response:
        data = await _body(request)
        if isinstance(data, Response):
            return data
        address = request.client.host if request.client else "?"
        if not await hub.may_create(address):
            return _error(429, "rate", "too many tables created from this address: wait a minute")
        try:
            table, player, token = await hub.create_table(data, address)
        except ConfigError as exc:
            return _error(400, "config", str(exc))
        except StorageError as exc:
            return _error(503, "storage", str(exc))
        return _made(table.id, player, token)

    async def again(request: Request) -> Response:
        data = await _body(request)
        if isinstance(data, Response):
            return data
        if not isinstance(data, dict):
            return _error(400, "malformed", "a JSON object: {moves, player}")
        moves, player = data.get("moves", 0), data.get("player")
        if type(moves) is not int or (player is not None and type(player) is not int):
            return _error(400, "malformed", "'moves' is how many moves to keep, 'player' a place")
        if not await hub.may_create(request.client.host if request.client else "?"):
            return _error(429, "rate", "too many tables created from this address: wait a minute")
        try:
            table, player, token = await hub.again(
                request.path_params["id"], request.path_params["n"], moves, player
            )
        except KeyError:
            return _error(404, "not_found", "no such table or finished game")
        except ConfigError as exc:
            return _error(400, "config", str(exc))
        return _made(table.id, player, token)

    async def delete(request: Request) -> Response:
        refused = _refuse_cross_site(request)
        if refused is not None:
            return refused
        auth = request.headers.get("authorization", "")
        key = auth.removeprefix("Bearer ").strip() if auth.startswith("Bearer ") else None
        try:
            await hub.delete_table(request.path_params["id"], key)
        except (KeyError, ActionRefused, StorageError) as exc:
            return _refusal(exc, 403)
        return Response(status_code=204)

    async def join(request: Request) -> Response:
        data = await _body(request, empty_ok=True)
        if isinstance(data, Response):
            return data
        place = data.get("place") if isinstance(data, dict) else None
        name = data.get("name") if isinstance(data, dict) else None
        if place is not None and type(place) is not int:
            return _error(400, "malformed", "'place' is a place number (0, 1, 2 …)")
        if name is not None and not isinstance(name, str):
            return _error(400, "malformed", "'name' is the name you play under")
        try:
            player, token = await hub.join(request.path_params["id"], place, name)
        except (KeyError, ActionRefused, StorageError) as exc:
            return _refusal(exc, 409)
        return JSONResponse({"player": player, "token": token})

    async def games(request: Request) -> Response:
        table_id = request.path_params["id"]
        if await hub.find(table_id) is None:
            return _error(404, "not_found", "no such table")
        records = await hub._db(hub.storage.records, table_id)
        out = []
        for r in records:
            data = json.loads(r.json)
            out.append(
                {
                    "number": r.number,
                    "players": data.get("meta", {}).get("players"),
                    "result": data.get("result"),
                    "iss": r.iss is not None,
                }
            )
        return JSONResponse({"table": table_id, "games": out})

    async def record(request: Request) -> Response:
        table_id = request.path_params["id"]
        number = request.path_params["n"]
        kind = request.path_params["kind"]
        if await hub.find(table_id) is None:
            return _error(404, "not_found", "no such table")
        found = [r for r in await hub._db(hub.storage.records, table_id) if r.number == number]
        if not found:
            return _error(404, "not_found", f"table {table_id} has no finished game {number}")
        r = found[0]
        name = f"skat-{table_id}-{number}.{kind}"
        disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
        if kind == "json":
            return Response(r.json, media_type="application/json", headers=disposition)
        if kind == "iss":
            if r.iss is None:
                return _error(404, "no_iss", "the ISS format cannot record this game's rules")
            return PlainTextResponse(r.iss + "\n", headers=disposition)
        return _error(404, "not_found", "a record is .json or .iss")

    async def series_zip(request: Request) -> Response:
        table_id = request.path_params["id"]
        room = await hub.find(table_id)
        if room is None:
            return _error(404, "not_found", "no such table")
        records = await hub._db(hub.storage.records, table_id)
        data = series_archive(room.table, records)
        name = f"skat-{table_id}.zip"
        disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(data, media_type="application/zip", headers=disposition)

    async def analysis(request: Request) -> Response:
        table_id = request.path_params["id"]
        number = request.path_params["n"]
        if await hub.find(table_id) is None:
            return _error(404, "not_found", "no such table")
        try:
            data = await hub.analysis(table_id, number)
        except SchedulerFull:
            return _error(503, "busy", "many analyses are being computed: try again soon")
        if data is None:
            return _error(404, "not_found", f"table {table_id} has no finished game {number}")
        return JSONResponse(data)

    async def socket(ws: WebSocket) -> None:
        table_id = ws.path_params["id"]
        await ws.accept()
        room = await hub.find(table_id)
        if room is None:
            await ws.send_text(
                json.dumps({"type": "error", "code": "not_found", "message": "no such table"})
            )
            await ws.close(4404)
            return
        address = ws.client.host if ws.client else "?"
        if not await hub.open_socket(address):
            await ws.send_text(
                json.dumps(
                    {
                        "type": "error",
                        "code": "too_many",
                        "message": "too many connections from this address",
                    }
                )
            )
            await ws.close(1008)
            return
        conn = Connection(ws.send_text, lambda code: ws.close(code))
        try:
            await hub.attach(room, conn)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", "replace")
                if not await hub.receive(room, conn, text) or conn.closed:
                    await conn.finish(1008)  # the error saying why goes out first
                    break
        except WebSocketDisconnect:
            pass
        finally:
            await hub.close_socket(address)
            await hub.detach(room, conn)

    routes = [
        Route("/", page("lobby.html")),
        Route("/table/{id}", page("table.html")),
        Route("/history/{id}/{n:int}", page("history.html")),
        Route("/cards/{name}.svg", card),
        Route("/api/options", options),
        Route("/api/tables", tables, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{id}", delete, methods=["DELETE"]),
        Route("/api/tables/{id}/join", join, methods=["POST"]),
        Route("/api/tables/{id}/games", games),
        Route("/api/tables/{id}/series.zip", series_zip),
        Route("/api/tables/{id}/games/{n:int}/analysis", analysis),
        Route("/api/tables/{id}/games/{n:int}/again", again, methods=["POST"]),
        Route("/api/tables/{id}/games/{n:int}.{kind}", record),
        WebSocketRoute("/ws/{id}", socket),
        *tournament_routes(hub),  # /t/... and /api/t/...: clubs and tournaments
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def storage_away(request: Request, exc: Exception) -> Response:
        return _error(503, "storage", str(exc))  # the database stayed away past the retries

    app = Starlette(
        routes=routes, lifespan=lifespan, exception_handlers={StorageError: storage_away}
    )
    app.state.hub = hub
    app.add_middleware(SecurityHeaders)
    return app


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP answer (module doc)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


def _refuse_cross_site(request: Request) -> Response | None:
    """A 403 for a request a browser sent from another site's page (its ``Origin`` is not
    this server's); requests without ``Origin`` (scripts, ``curl``) pass."""
    origin = request.headers.get("origin")
    if origin is None:
        return None
    host = request.headers.get("host", "")
    if origin.split("://", 1)[-1].rstrip("/") != host:
        return _error(403, "cross_site", f"requests from {origin} are not accepted")
    return None


async def _body(request: Request, empty_ok: bool = False) -> Any:
    refused = _refuse_cross_site(request)
    if refused is not None:
        return refused
    raw = await request.body()
    if len(raw) > MAX_BODY:
        return _error(413, "too_long", f"a request body has at most {MAX_BODY} bytes")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if (raw or kind) and kind != "application/json":
        return _error(415, "content_type", "send the body as Content-Type: application/json")
    if not raw and empty_ok:
        return {}
    try:
        return json.loads(raw)
    except ValueError as exc:
        return _error(400, "malformed", f"the body is a JSON object: {exc}")
    except RecursionError:
        return _error(400, "malformed", "the body is a JSON object, not deeply nested lists")


def _refusal(exc: Exception, refused: int) -> Response:
    """The answer to a table that is not there (404), an action refused (``refused``), a
    database that is away (503)."""
    if isinstance(exc, ActionRefused):
        return _error(refused, exc.code, exc.message)
    if isinstance(exc, StorageError):
        return _error(503, "storage", str(exc))
    return _error(404, "not_found", "no such table")


def _made(table_id: str, player: int | None, token: str | None) -> Response:
    """The answer to a new table: its id, the creator's place and token, its page (at a
    computer-only table no place: the token is the creator's ``key``, which deletes it)."""
    body: dict[str, Any] = {"id": table_id, "player": player, "token": token}
    if player is None:
        body.update(token=None, key=token)
    body["url"] = f"/table/{table_id}"
    return JSONResponse(body, status_code=201)


def _error(status: int, code: str, message: str) -> Response:
    return JSONResponse({"error": code, "message": message}, status_code=status)
