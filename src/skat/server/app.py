"""The web application: lobby and table pages, the JSON API, the table WebSocket.

=============================================  =============================================
``GET /``                                      the lobby page
``GET /table/{id}``                            the table page (play, or watch; a variant's
                                               table: ``variant.html``)
``GET /history/{id}/{n}``                      a finished game move by move, with the analysis
``GET /cards/{card}.svg?pack=P&lang=L``       a card of pack ``french``, ``german`` or
                                               ``four`` (the default; ``back`` too)
``GET /api/words/{lang}``                      the pages' words in ``lang`` (or English):
                                               ``{lang, languages, words, plurals}``
``GET /api/options``                           rules presets, every rules option (the
                                               lobby's form) and the computer levels
``GET /api/rules?rules=TEXT``                  the core's reading of a rules string: every
                                               option's value, or the one-line error
``GET /api/tables?limit=N&offset=K``           a page of the lobby: running tables, then the
                                               finished ones (newest first), ``more``
``POST /api/tables``                           create: ``{rules, games, seats, clock}`` -> token
                                               (``{variant, games, seats}``: a table of
                                               :mod:`skat.server.variant_table`)
                                               (a computer-only table: ``key``, which deletes it)
``DELETE /api/tables/{id}``                    delete a computer-only table (its creator's key
                                               as ``Authorization: Bearer KEY``)
``POST /api/tables/{id}/join``                 take a free place: ``{place?, name?}`` -> token
``GET /api/tables/{id}/games``                 the finished games
``GET /api/tables/{id}/series.zip``            every finished game (JSON, ISS) and the list
                                               (CSV) in one file
``GET /api/tables/{id}/games/{n}.json|.iss``   a game record (JSON v2, ISS)
``GET /api/tables/{id}/games/{n}/analysis``    the game move by move with the double-dummy
                                               analysis of its card play (a variant's game:
                                               move by move, and why it has no analysis)
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

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from skat.core.language import say
from skat.server.cards_svg import card_svg
from skat.server.download import series_archive
from skat.server.guards import (
    MAX_BODY,
    Guarded,
    WebLimits,
    http_pacer,
    origin_allowed,
    socket_pacer,
)
from skat.server.heap import HeapKeeper
from skat.server.hub import Connection, Hub, Settings
from skat.server.lobby import page_bounds
from skat.server.protocol import error_message
from skat.server.rules_form import options_answer, rules_answer
from skat.server.scheduler import SchedulerFull
from skat.server.storage import SqlStorage, StorageError, open_storage
from skat.server.table import ActionRefused, ConfigError, default_computer, offered_levels
from skat.server.tournament_web import tournament_routes
from skat.server.variant_table import is_variant
from skat.server.webwords import page_language, words_answer

STATIC: Final = Path(__file__).parent / "static"


def create_app(
    storage: SqlStorage | str | Path,
    settings: Settings | None = None,
    redis: str | None = None,
    lease: float = 5.0,
    web: WebLimits | None = None,
) -> Starlette:
    """The application over ``storage`` (a :class:`SqlStorage` or where to open one); with
    ``redis`` (a ``redis://`` URL) one process of a cluster (:mod:`skat.server.cluster`) whose
    tables wait ``lease`` seconds for a dead owner; ``web``: the protocol layer's bounds
    (:mod:`skat.server.guards`)."""
    web = web or WebLimits()
    store = storage if isinstance(storage, SqlStorage) else open_storage(storage)
    if redis is None:
        hub = Hub(store, settings)
    else:  # one of several processes sharing PostgreSQL, with Redis between them
        from skat.server.cluster.node import ClusterHub

        hub = ClusterHub(store, settings, redis, lease)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        if hub.settings.warm_workers:
            hub.warm_workers()
        keeper = None
        if hub.settings.settle_heap:  # skat serve's own process (skat.server.heap)
            keeper = asyncio.get_running_loop().create_task(HeapKeeper().run())
        try:
            yield
        finally:
            if keeper is not None:
                keeper.cancel()
            await hub.stop()

    def page(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

        return endpoint

    async def table_page(request: Request) -> Response:
        room = await hub.find(request.path_params["id"])  # a variant's table has its own page
        name = "variant.html" if room is not None and is_variant(room.table) else "table.html"
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    async def card(request: Request) -> Response:
        try:
            lang = page_language(request.query_params.get("lang", "de"))  # J/Q/K, B/D/K …
            pack = request.query_params.get("pack", "four")  # french, german, four
            svg = card_svg(request.path_params["name"], lang, pack)
        except ValueError as exc:
            return PlainTextResponse(str(exc), status_code=404)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    async def words(request: Request) -> Response:
        return JSONResponse(words_answer(request.path_params["lang"]))

    async def options(request: Request) -> Response:
        form = options_answer()
        return JSONResponse(
            {
                "presets": form["presets"],
                "computers": offered_levels(),
                "default": default_computer(),
                "rules": form,
            }
        )

    async def rules(request: Request) -> Response:
        text = request.query_params.get("rules", "")
        if len(text) > MAX_BODY:
            return _error(
                413, "too_long", say(_lang(request), "server.http.rulesTooLong", most=MAX_BODY)
            )
        answer = rules_answer(text)
        if "error" in answer:
            return JSONResponse(
                {"error": "rules", "message": answer["error"], "key": answer["key"],
                 "params": answer["params"]},
                status_code=400,
            )  # fmt: skip
        return JSONResponse(answer)

    async def tables(request: Request) -> Response:
        query = request.query_params
        try:
            limit, offset = page_bounds(query.get("limit"), query.get("offset"))
        except ValueError as exc:
            return _error(400, "malformed", str(exc))
        body = await hub.lobby_json(limit, offset)
        return Response(body, media_type="application/json")

    async def create(request: Request) -> Response:
        data = await _body(request)
        if isinstance(data, Response):
            return data
        address = request.client.host if request.client else "?"
        if not await hub.may_create(address):
            return _error(429, "rate", say(_lang(request), "server.http.rate"))
        try:
            table, player, token = await hub.create_table(data, address)
        except ConfigError as exc:
            return _error(400, "config", exc.said(_lang(request)))
        except StorageError as exc:
            return _error(503, "storage", str(exc))
        return _made(table.id, player, token)

    async def again(request: Request) -> Response:
        data = await _body(request)
        if isinstance(data, Response):
            return data
        if not isinstance(data, dict):
            return _error(400, "malformed", say(_lang(request), "server.http.againBody"))
        moves, player = data.get("moves", 0), data.get("player")
        if type(moves) is not int or (player is not None and type(player) is not int):
            return _error(400, "malformed", say(_lang(request), "server.http.againFields"))
        if not await hub.may_create(request.client.host if request.client else "?"):
            return _error(429, "rate", say(_lang(request), "server.http.rate"))
        try:
            table, player, token = await hub.again(
                request.path_params["id"], request.path_params["n"], moves, player
            )
        except KeyError:
            return _error(404, "not_found", say(_lang(request), "server.http.noGame"))
        except ConfigError as exc:
            return _error(400, "config", exc.said(_lang(request)))
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
            return _refusal(exc, 403, _lang(request))
        return Response(status_code=204)

    async def join(request: Request) -> Response:
        data = await _body(request, empty_ok=True)
        if isinstance(data, Response):
            return data
        place = data.get("place") if isinstance(data, dict) else None
        name = data.get("name") if isinstance(data, dict) else None
        if place is not None and type(place) is not int:
            return _error(400, "malformed", say(_lang(request), "server.http.place"))
        if name is not None and not isinstance(name, str):
            return _error(400, "malformed", say(_lang(request), "server.http.name"))
        try:
            player, token = await hub.join(request.path_params["id"], place, name)
        except (KeyError, ActionRefused, StorageError) as exc:
            return _refusal(exc, 409, _lang(request))
        return JSONResponse({"player": player, "token": token})

    async def games(request: Request) -> Response:
        table_id = request.path_params["id"]
        if await hub.find(table_id) is None:
            return _error(404, "not_found", say(_lang(request), "server.http.noTable"))
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
            return _error(404, "not_found", say(_lang(request), "server.http.noTable"))
        found = [r for r in await hub._db(hub.storage.records, table_id) if r.number == number]
        if not found:
            return _error(
                404,
                "not_found",
                say(_lang(request), "server.http.noFinished", table=table_id, n=number),
            )
        r = found[0]
        name = f"skat-{table_id}-{number}.{kind}"
        disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
        if kind == "json":
            return Response(r.json, media_type="application/json", headers=disposition)
        if kind == "iss":
            if r.iss is None:
                return _error(404, "no_iss", say(_lang(request), "server.http.noIss"))
            return PlainTextResponse(r.iss + "\n", headers=disposition)
        return _error(404, "not_found", say(_lang(request), "server.http.recordKind"))

    async def series_zip(request: Request) -> Response:
        table_id = request.path_params["id"]
        room = await hub.find(table_id)
        if room is None:
            return _error(404, "not_found", say(_lang(request), "server.http.noTable"))
        records = await hub._db(hub.storage.records, table_id)
        data = series_archive(room.table, records)
        name = f"skat-{table_id}.zip"
        disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(data, media_type="application/zip", headers=disposition)

    async def analysis(request: Request) -> Response:
        table_id = request.path_params["id"]
        number = request.path_params["n"]
        if await hub.find(table_id) is None:
            return _error(404, "not_found", say(_lang(request), "server.http.noTable"))
        try:
            data = await hub.analysis(table_id, number)
        except SchedulerFull:
            return _error(503, "busy", say(_lang(request), "server.http.busy"))
        except ValueError as exc:  # a record the analysis cannot read: say why, in one line
            why = str(exc)
            return _error(
                422, "no_analysis", say(_lang(request), "server.http.noAnalysis", n=number, why=why)
            )
        if data is None:
            return _error(
                404,
                "not_found",
                say(_lang(request), "server.http.noFinished", table=table_id, n=number),
            )
        return JSONResponse(data)

    async def socket(ws: WebSocket) -> None:
        table_id = ws.path_params["id"]
        origin = ws.headers.get("origin")
        if not origin_allowed(origin, ws.headers.get("host", ""), web.sites):
            await ws.close(1008)  # before the handshake: the browser sees 403
            return
        await ws.accept()
        lang = page_language(ws.query_params.get("lang"))  # until its hello says
        room = await hub.find(table_id)
        if room is None:
            await ws.send_text(
                json.dumps(error_message("not_found", say(lang, "server.http.noTable")))
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
                        "message": say(lang, "server.http.connections"),
                    }
                )
            )
            await ws.close(1008)
            return
        conn = Connection(ws.send_text, lambda code: ws.close(code))
        conn.lang = lang
        hello_by = time.monotonic() + web.hello_within
        try:
            await hub.attach(room, conn)
            while True:
                message = await _receive(ws, conn, hello_by)
                if message is None:  # no hello in time: the socket holds nothing
                    conn.send(error_message("idle", say(conn.lang, "server.protocol.idle")))
                    await conn.finish(1008)
                    break
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", "replace")
                if len(text) > web.max_message:  # a server without uvicorn's bound
                    await conn.finish(1009)
                    break
                try:
                    keep = await hub.receive(room, conn, text)
                except StorageError as exc:  # the database away: said, the socket stays
                    conn.send(error_message("storage", str(exc)))
                    keep = True
                if not keep or conn.closed:
                    await conn.finish(1008)  # the error saying why goes out first
                    break
        except WebSocketDisconnect:
            pass
        finally:
            await hub.close_socket(address)
            await hub.detach(room, conn)

    routes = [
        Route("/", page("lobby.html")),
        Route("/table/{id}", table_page),
        Route("/history/{id}/{n:int}", page("history.html")),
        Route("/cards/{name}.svg", card),
        Route("/api/words/{lang}", words),
        Route("/api/options", options),
        Route("/api/rules", rules),
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

    app = _App(routes=routes, lifespan=lifespan, exception_handlers={StorageError: storage_away})
    app.state.hub = hub
    app.state.web = web
    return app


class _App(Starlette):
    """Starlette with :class:`Guarded` outside its error page: the body bound and the
    security headers hold for every answer, the 500 page included."""

    def build_middleware_stack(self) -> ASGIApp:
        web = self.state.web
        return Guarded(super().build_middleware_stack(), http_pacer(web), socket_pacer(web))


async def _receive(ws: WebSocket, conn: Connection, hello_by: float) -> Message | None:
    """The socket's next message; ``None`` when it has not said hello by ``hello_by``
    (``time.monotonic()``)."""
    if conn.greeted:
        return await ws.receive()
    left = hello_by - time.monotonic()
    try:
        return await asyncio.wait_for(ws.receive(), max(left, 0.0))
    except TimeoutError:
        return None


def _refuse_cross_site(request: Request) -> Response | None:
    """A 403 for a request a browser sent from another site's page (its ``Origin`` is not
    this server's nor one of ``--site``); requests without ``Origin`` (scripts, ``curl``)
    pass."""
    origin = request.headers.get("origin")
    web: WebLimits = request.app.state.web
    if not origin_allowed(origin, request.headers.get("host", ""), web.sites):
        return _error(
            403, "cross_site", say(_lang(request), "server.http.crossSite", origin=origin)
        )
    return None


async def _body(request: Request, empty_ok: bool = False) -> Any:
    refused = _refuse_cross_site(request)
    if refused is not None:
        return refused
    raw = await request.body()
    if len(raw) > MAX_BODY:
        return _error(
            413, "too_long", say(_lang(request), "server.http.bodyTooLong", most=MAX_BODY)
        )
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if (raw or kind) and kind != "application/json":
        return _error(415, "content_type", say(_lang(request), "server.http.contentType"))
    if not raw and empty_ok:
        return {}
    try:
        return json.loads(raw)
    except ValueError as exc:
        return _error(400, "malformed", say(_lang(request), "server.http.body", why=str(exc)))
    except RecursionError:
        return _error(400, "malformed", say(_lang(request), "server.http.nested"))


def _refusal(exc: Exception, refused: int, lang: str) -> Response:
    """The answer to a table that is not there (404), an action refused (``refused``), a
    database that is away (503), in the page's language ``lang``."""
    if isinstance(exc, ActionRefused):
        return _error(refused, exc.code, exc.said(lang))
    if isinstance(exc, StorageError):
        return _error(503, "storage", str(exc))
    return _error(404, "not_found", say(lang, "server.http.noTable"))


def _lang(request: Request) -> str:
    """The language of the page that asks (its ``X-Skat-Lang`` header; English without)."""
    return page_language(request.headers.get("x-skat-lang"))


def _made(table_id: str, player: int | None, token: str | None) -> Response:
    """The answer to a new table: its id, the creator's place and token, its page (at a
    computer-only table no place: the token is the creator's ``key``, which deletes it)."""
    body: dict[str, Any] = {"id": table_id, "player": player, "token": token}
    if player is None:
        body.update(token=None, key=token)
    body["url"] = f"/table/{table_id}"
    return JSONResponse(body, status_code=201)


RETRY_AFTER: Final = 10
"""Seconds a ``503`` asks the client to wait (the database away, the analyses busy)."""


def _error(status: int, code: str, message: str) -> Response:
    """``{error, message}`` with ``status``; a ``503`` says when to try again."""
    headers = {"Retry-After": str(RETRY_AFTER)} if status == 503 else None
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers)
