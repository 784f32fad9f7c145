"""The tournament pages and their JSON API under ``/t`` and ``/api/t`` (a tournament kept in
the server's database, :mod:`skat.server.tournament_store`; what may be done,
:mod:`skat.server.tournament_desk`).

==============================================  ===============================================
``GET /t``                                      start a tournament (its director's link follows)
``GET /t/{id}``                                 live standings (polls ``/api/t/{id}``)
``GET /t/{id}/director#KEY``                    the director's page
``GET /t/{id}/table/{s}/{n}#KEY``               a table's list entry (its own games only)
``POST /api/t``                                 create: ``{name, series, deals, time_limit,
                                                rules, kontra, teams, players: [{name, club,
                                                team, categories}]}``
                                                or ``{archive: {…}}`` (a tournament file)
``GET /api/t/{id}[?since=VERSION]``             standings, progress, correction log (only
                                                ``{version}`` while nothing changed since)
``GET /api/t/{id}/export.{pdf|html|ods|json}``  the sheets (``?sheets=all|tables|standings``)
                                                or the JSON archive
``GET|POST /api/t/{id}/director``               header ``X-Key``; ``{action: players|seat|
                                                correct|lock|publish, …}``
``GET|POST /api/t/{id}/table/{s}/{n}``          header ``X-Key``; ``{action: game|undo|confirm}``
``/t/season…``, ``/api/t/season…``              a season of evenings (:mod:`skat.server.season_web`)
==============================================  ===============================================

The keys travel in the page address's fragment (after ``#``), which the browser never sends
to a server, and then in the ``X-Key`` header of the page's requests.
"""

from __future__ import annotations

import asyncio
import io
import ipaddress
import json
import os
import secrets
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Final, TypeVar
from urllib.parse import urlsplit

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from skat.core.language import say
from skat.core.rules import Rules
from skat.server.hub import Hub
from skat.server.season_web import season_routes
from skat.server.tournament_desk import Desk, DeskError
from skat.server.tournament_store import TournamentStore, WebState
from skat.server.webwords import page_language
from skat.tournament import (
    DSKV_TIEBREAKS,
    KONTRA_SETTINGS,
    TEAM_MODES,
    TIEBREAKS,
    Format,
    GameEntry,
    Player,
    Sheet,
    Tournament,
    TournamentError,
    dumps,
    loads,
    player_cards,
    seating_sheet,
    standings_sheet,
    to_html,
    to_pdf,
    with_kontra,
    workbook,
    write_ods,
)
from skat.tournament.kontra import level as kontra_level

STATIC: Final = Path(__file__).parent / "static" / "tournament"
MAX_BODY: Final = 256 * 1024  # a director's list of 1,000 players fits
MAX_ARCHIVE: Final = 16 * 1024 * 1024  # a tournament file loaded to start from
Handler = Callable[[Request], Awaitable[Response]]
T = TypeVar("T")


class Desks:
    """The tournaments, kept in the database: every request reads the stored state (one
    small row; the archive is read again only when it changed), every change is stored with
    a check that nobody changed the tournament since it was read (else it is read again and
    the change redone).  So several server processes on one database show the same lists and
    lose no entry; within a process one lock a tournament keeps such retries rare."""

    RETRIES: Final = 50

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = TournamentStore(hub.storage)
        self.desks: dict[str, tuple[str, Desk]] = {}
        self.locks: dict[str, asyncio.Lock] = {}

    async def get(self, tid: str) -> Desk:
        """The tournament as stored now."""
        return (await self._fresh(tid))[1]

    async def _fresh(self, tid: str) -> tuple[str, Desk]:
        try:
            text = await self.hub._db(self.store.state_text, tid)
            held = self.desks.get(tid)
            if held is not None and held[0] == text:
                return held
            t, text = await self.hub._db(self.store.load_text, tid)
        except KeyError:
            raise DeskError(lambda lang: say(lang, "server.tour.noTournament"), 404) from None
        held = (text, Desk(tid, t, WebState.from_json(text)))
        self.desks[tid] = held
        return held

    async def create(self, t: Tournament) -> tuple[str, str]:
        tid = "t" + secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        key = secrets.token_urlsafe(18)
        state = WebState.new(key)
        await self.hub._db(self.store.create, tid, t, state, time.time())
        return tid, key

    async def change(self, tid: str, action: Callable[[Desk], T]) -> tuple[Desk, T]:
        """Run ``action`` on the tournament as stored and store the result (committed when
        this returns); a refused action leaves the tournament as it was.  When another
        process stored a change meanwhile, the action runs again on the new state."""
        async with self.locks.setdefault(tid, asyncio.Lock()):
            for _ in range(self.RETRIES):
                text, _desk = await self._fresh(tid)
                trial = Desk(tid, _desk.t, WebState.from_json(text))
                result = action(trial)
                trial.state.rev = secrets.token_hex(8)
                if await self.hub._db(self.store.save, tid, trial.t, trial.state, text):
                    self.desks[tid] = (trial.state.to_json(), trial)
                    return trial, result
            raise DeskError(lambda lang: say(lang, "server.tour.busy"), 503)


def tournament_routes(hub: Hub) -> list[BaseRoute]:
    """The routes to add to the application (``create_app`` does)."""
    desks = Desks(hub)

    def page(name: str) -> Handler:
        async def endpoint(request: Request) -> Response:
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

        return endpoint

    async def create(request: Request) -> Response:
        data = await _body(request, MAX_ARCHIVE)
        if not await hub.may_create(request.client.host if request.client else "?"):
            raise DeskError(lambda lang: say(lang, "server.tour.rate"), 429)
        archive = data.get("archive")
        t = _new_tournament(data) if archive is None else loads(json.dumps(archive))
        tid, key = await desks.create(t)
        return JSONResponse({"id": tid, "key": key, "director": f"/t/{tid}/director#{key}"},
                            status_code=201)  # fmt: skip

    async def public(request: Request) -> Response:
        desk = await desks.get(request.path_params["id"])
        if request.query_params.get("since") == str(desk.state.version):
            return JSONResponse({"version": desk.state.version})  # nothing new: a poll
        return JSONResponse(desk.view())

    async def export(request: Request) -> Response:
        """Every export is built in a worker thread: a big workbook never holds up the
        event loop (the tables' pages and moves go on meanwhile)."""
        desk = await desks.get(request.path_params["id"])
        kind, t = request.path_params["kind"], desk.t
        name = {"Content-Disposition": f'attachment; filename="{desk.tid}.{kind}"'}
        which = request.query_params.get("sheets", "all")
        if kind == "json":
            text = await run_in_threadpool(dumps, t)
            return Response(text, media_type="application/json", headers=name)
        if kind not in ("html", "pdf", "ods"):
            raise DeskError("export as .pdf, .html, .ods or .json", 404)
        body = await run_in_threadpool(_export, desk, kind, which)
        if kind == "html":
            return Response(body, media_type="text/html")
        media = "application/pdf" if kind == "pdf" else _ODS
        return Response(body, media_type=media, headers=name)

    async def director(request: Request) -> Response:
        tid = request.path_params["id"]
        desk = await desks.get(tid)
        if not desk.state.is_director(request.headers.get("x-key")):
            raise DeskError(lambda lang: say(lang, "server.tour.notDirector"), 403)
        if request.method == "POST":
            data = await _body(request)
            desk, _ = await desks.change(tid, lambda d: _direct(d, data))
        base = desk.state.address or f"{request.url.scheme}://{request.url.netloc}"
        view = desk.director_view(base)
        view["address"] = base
        if _loopback(base):
            view["address_warning"] = (
                f"the table links and QR codes point to {base}, which the players' phones "
                "cannot reach: set the address players reach (e.g. http://192.168.1.20:8080)"
            )
        return JSONResponse(view)

    async def table(request: Request) -> Response:
        tid = request.path_params["id"]
        series, number = request.path_params["s"], request.path_params["n"]
        desk = await desks.get(tid)
        if not desk.state.is_table(tid, series, number, request.headers.get("x-key")):
            raise DeskError(lambda lang: say(lang, "server.tour.notTable"), 403)
        if request.method == "POST":
            data = await _body(request)
            desk, repeated = await desks.change(tid, lambda d: _at_table(d, series, number, data))
            return JSONResponse({**desk.table_view(series, number), "repeated": repeated})
        return JSONResponse(desk.table_view(series, number))

    async def qr(request: Request) -> Response:
        try:
            import segno
        except ImportError:  # pragma: no cover - the web extra installs it
            raise DeskError("QR codes need segno: pip install 'skat[web]'", 501) from None
        text = request.query_params.get("text", "")
        if not text.startswith(("http://", "https://")) or len(text) > 300:
            raise DeskError("a QR code holds a link of up to 300 characters", 400)
        out = io.BytesIO()
        segno.make(text, error="m").save(out, kind="svg", scale=4, border=2, title="table link")
        return Response(out.getvalue(), media_type="image/svg+xml")

    async def evening(tid: str) -> Tournament:
        return (await desks.get(tid)).t

    return [
        Route("/t", page("new.html")),
        Route("/t/season", page("season-new.html")),
        Route("/t/season/{id}", page("season.html")),
        *season_routes(hub, _body, desks.create, evening, _guard),
        Route("/t/{id}", page("standings.html")),
        Route("/t/{id}/director", page("director.html")),
        Route("/t/{id}/table/{s:int}/{n:int}", page("table.html")),
        Route("/api/t", _guard(create), methods=["POST"]),
        Route("/api/t/qr.svg", _guard(qr)),
        Route("/api/t/{id}", _guard(public)),
        Route("/api/t/{id}/export.{kind}", _guard(export)),
        Route("/api/t/{id}/director", _guard(director), methods=["GET", "POST"]),
        Route("/api/t/{id}/table/{s:int}/{n:int}", _guard(table), methods=["GET", "POST"]),
    ]


_ODS: Final = "application/vnd.oasis.opendocument.spreadsheet"


def _loopback(base: str) -> bool:
    """Is ``base`` an address only this computer reaches (127.x, localhost, ::1)?"""
    host = (urlsplit(base).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _address(text: str) -> str:
    """A players' address as set by the director: ``http(s)://host[:port]``, or empty."""
    text = text.strip().rstrip("/")
    if not text:
        return ""
    parts = urlsplit(text if "://" in text else f"http://{text}")
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        raise DeskError(f"the address is http://host:port, not {text!r}", 400)
    return f"{parts.scheme}://{parts.netloc}"


def _sheets(desk: Desk, which: str) -> list[Sheet]:
    """``all`` (the workbook), ``tables`` (each series' table list and the player cards) or
    ``standings`` (overall, each series, teams, clubs, categories)."""
    live = desk.live()
    if which == "all":
        return list(workbook(live))
    if which == "tables":
        rounds = range(1, len(live.rounds) + 1)
        return [*(seating_sheet(live, k) for k in rounds), *player_cards(live)]
    if which == "standings":
        series = (standings_sheet(live, k) for k in range(1, len(live.rounds) + 1))
        return [standings_sheet(live), *series, *desk.group_sheets(live)]
    raise DeskError("sheets: all, tables or standings", 400)


def _export(desk: Desk, kind: str, which: str) -> bytes | str:
    """The sheets ``which`` as ``kind`` (``html``, ``pdf`` or ``ods``), in a worker thread."""
    sheets = _sheets(desk, which)
    if kind == "html":
        return to_html(sheets, desk.t.name)
    if kind == "pdf":
        return to_pdf(sheets, desk.t.name)
    return _ods(sheets)


def _ods(sheets: Any) -> bytes:
    fd, tmp = tempfile.mkstemp(suffix=".ods")
    os.close(fd)
    try:
        write_ods(sheets, tmp)
        return Path(tmp).read_bytes()
    finally:
        os.unlink(tmp)


def _guard(handler: Handler) -> Handler:
    """Answer a refusal or a bad request as ``{"error": message}`` with its status."""

    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request)
        except DeskError as exc:
            lang = page_language(request.headers.get("x-skat-lang"))
            return JSONResponse({"error": exc.describe(lang)}, status_code=exc.status)
        except TournamentError as exc:
            lang = page_language(request.headers.get("x-skat-lang"))
            return JSONResponse({"error": _one_line(exc.describe(lang))}, status_code=400)
        except (ValueError, KeyError, TypeError) as exc:
            return JSONResponse({"error": _one_line(exc)}, status_code=400)

    return endpoint


def _passed_but(key: str, value: object) -> DeskError:
    """The refusal of a passed-in game with its value or bid filled in."""
    if key == "value":
        return DeskError(lambda lang: say(lang, "server.tour.passedValue", v=value), 422)
    return DeskError(lambda lang: say(lang, "server.tour.passedBid", v=value), 422)


def _one_line(exc: BaseException | str) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


async def _body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > limit:
        raise DeskError(f"a request body has at most {limit} bytes", 413)
    try:
        data = json.loads(raw or b"{}")
    except ValueError as exc:
        raise DeskError(f"the body is a JSON object: {exc}", 400) from None
    if not isinstance(data, dict):
        raise DeskError("the body is a JSON object", 400)
    return data


def _player(d: Any) -> Player:
    if isinstance(d, str):
        return Player(d.strip())
    if not isinstance(d, dict):
        raise DeskError(f"a player is a name or {{name, club, team, categories}}, not {d!r}", 400)
    cats = d.get("categories", [])
    if isinstance(cats, str):
        cats = [c.strip() for c in cats.replace(";", ",").split(",") if c.strip()]
    return Player(str(d.get("name", "")).strip(), str(d.get("club", "")).strip(),
                  str(d.get("team", "")).strip(), tuple(map(str, cats)))  # fmt: skip


def _new_tournament(data: dict[str, Any]) -> Tournament:
    rules = str(data.get("rules") or "tournament")
    Rules.parse(rules)
    teams = str(data.get("teams") or "apart")
    if teams not in TEAM_MODES:
        raise DeskError(f"teams: one of {', '.join(TEAM_MODES)}", 400)
    players = data.get("players", [])
    if not isinstance(players, list):
        raise DeskError("players is a list", 400)
    limit = data.get("time_limit")
    fmt = Format(_int(data, "series", 2), _int(data, "deals", 12),
                 None if limit in (None, "") else _int(data, "time_limit", 0))  # fmt: skip
    tiebreaks = data.get("tiebreaks") or list(DSKV_TIEBREAKS)
    if isinstance(tiebreaks, str):
        tiebreaks = [x.strip() for x in tiebreaks.split(",") if x.strip()]
    if not isinstance(tiebreaks, list) or not all(x in TIEBREAKS for x in tiebreaks):
        raise DeskError(f"tiebreaks: in order, from {', '.join(TIEBREAKS)}", 400)
    leavers = str(data.get("leavers") or "count")
    kontra = data.get("kontra")
    if kontra not in (None, ""):
        if kontra not in KONTRA_SETTINGS:
            raise DeskError(f"kontra: one of {', '.join(KONTRA_SETTINGS)}, not {kontra!r}", 400)
        rules = with_kontra(rules, str(kontra))
    return Tournament(str(data.get("name", "")).strip(), tuple(map(_player, players)), fmt,
                      rules, teams, tiebreaks=tuple(tiebreaks), leavers=leavers)  # fmt: skip


def _int(data: dict[str, Any], key: str, default: int) -> int:
    v = data.get(key, default)
    if v in (None, ""):
        return default
    if isinstance(v, bool) or not isinstance(v, (int, str)) or not str(v).strip().isdigit():
        raise DeskError(f"{key} is a whole number, not {v!r}", 400)
    return int(v)


def _direct_players(desk: Desk, data: dict[str, Any]) -> None:
    """The list of registered players."""
    players = data.get("players")
    if not isinstance(players, list):
        raise DeskError("players is a list", 400)
    desk.set_players([_player(p) for p in players])


def _direct_seat(desk: Desk, data: dict[str, Any]) -> None:
    """Seat a series (by lot unless told otherwise; a fresh seed when none is given)."""
    seed = data.get("seed")
    method = str(data.get("by", "lot"))
    if method == "lot" and seed in (None, ""):
        seed = secrets.randbelow(1_000_000)
    override = data.get("override")
    desk.seat(_int(data, "series", len(desk.t.rounds) + 1), method,
              None if seed is None else _int({"seed": seed}, "seed", 0),
              None if override is None else str(override))  # fmt: skip


def _direct_correct(desk: Desk, data: dict[str, Any]) -> None:
    """Correct a table's list (with the reason)."""
    base = data.get("base")
    desk.correct(_int(data, "series", 0), _int(data, "table", 0), str(data.get("text", "")),
                 str(data.get("reason", "")), None if base is None else str(base))  # fmt: skip


def _direct_withdraw(desk: Desk, data: dict[str, Any]) -> None:
    """A player leaves the tournament (after a series, or during one after ``game``)."""
    after, game = data.get("after"), data.get("game")
    desk.withdraw(str(data.get("name", "")),
                  None if after in (None, "") else _int(data, "after", 0),
                  None if game in (None, "") else _int(data, "game", 0))  # fmt: skip


def _direct_substitute(desk: Desk, data: dict[str, Any]) -> None:
    """A substitute takes a player's place in a series."""
    desk.substitute(_int(data, "series", 0), str(data.get("old", "")), _player(data.get("new")))


def _direct_settings(desk: Desk, data: dict[str, Any]) -> None:
    """The leavers' rule, the tiebreaks and the address."""
    tiebreaks = data.get("tiebreaks", list(desk.t.tiebreaks))
    if isinstance(tiebreaks, str):
        tiebreaks = [x.strip() for x in tiebreaks.split(",") if x.strip()]
    if not isinstance(tiebreaks, list):
        raise DeskError("tiebreaks is a list", 400)
    desk.settings(str(data.get("leavers", desk.t.leavers)), tuple(map(str, tiebreaks)))
    if "kontra" in data:
        desk.set_kontra(str(data["kontra"]))
    if "address" in data:
        desk.state.address = _address(str(data["address"]))


def _direct_lot(desk: Desk, data: dict[str, Any]) -> None:
    """Draw the lot."""
    desk.draw_lot(secrets.randbelow(1_000_000))


def _direct_lock(desk: Desk, data: dict[str, Any]) -> None:
    """Lock (or unlock) a series."""
    desk.lock(_int(data, "series", 0), bool(data.get("locked", True)))


def _direct_publish(desk: Desk, data: dict[str, Any]) -> None:
    """Publish (or withdraw) the results."""
    desk.publish(bool(data.get("published", True)))


_DIRECTIONS: Final[dict[str, Callable[[Desk, dict[str, Any]], None]]] = {
    "players": _direct_players,
    "seat": _direct_seat,
    "correct": _direct_correct,
    "withdraw": _direct_withdraw,
    "substitute": _direct_substitute,
    "settings": _direct_settings,
    "lot": _direct_lot,
    "lock": _direct_lock,
    "publish": _direct_publish,
}
"""The tournament director's actions by name."""


def _direct(desk: Desk, data: dict[str, Any]) -> None:
    """Do one of the director's actions (:data:`_DIRECTIONS`)."""
    action = data.get("action")
    handler = _DIRECTIONS.get(action) if isinstance(action, str) else None
    if handler is None:
        raise DeskError("action: players, seat, withdraw, substitute, settings, lot, correct, "
                        "lock or publish", 400)  # fmt: skip
    handler(desk, data)


def _at_table(desk: Desk, series: int, table: int, data: dict[str, Any]) -> bool:
    """Do a table's action; ``True`` when it was a repeated entry (acknowledged, not
    stored again)."""
    action = data.get("action")
    if action == "game":
        entry = data.get("entry")
        if entry is not None and (not isinstance(entry, str) or not 0 < len(entry) <= 64):
            raise DeskError("entry: the entry's client id, 1 to 64 characters", 400)
        return desk.enter(series, table, _entry(data), entry)
    elif action == "undo":
        desk.undo(series, table)
    elif action == "confirm":
        desk.confirm(series, table, str(data.get("player", "")))
    else:
        raise DeskError("action: game, undo or confirm", 400)
    return False


def _entry(data: dict[str, Any]) -> GameEntry:
    """The game the form describes; a form whose fields contradict each other (all passed,
    but a value or bid filled in) is refused with the reason."""
    declarer = data.get("declarer")
    kontra = _kontra(data.get("kontra"))
    if declarer in (None, ""):
        for key in ("value", "bid"):
            if data.get(key) not in (None, "", 0, "0"):
                raise _passed_but(key, data[key])
        return GameEntry(None, kontra=kontra)  # a Kontra on it is refused by the check
    bid = data.get("bid")
    return GameEntry(
        str(declarer),
        str(data.get("contract", "")).strip().upper(),
        data.get("won") is True,
        _int(data, "value", 0),
        None if bid in (None, "") else _int(data, "bid", 0),
        kontra,
    )


def _kontra(said: Any) -> int:
    """The Kontra the form says: a level 0 to 4 or its word (``Kontra``, ``Re``, …)."""
    if said in (None, "", 0, "0", "none"):
        return 0
    if isinstance(said, str) and not said.strip().isdigit():
        found = kontra_level(said.strip())
        if found is None:
            raise DeskError(f"kontra: Kontra, Re, Supra or Resupra, not {said!r}", 400)
        return found
    return _int({"kontra": said}, "kontra", 0)
