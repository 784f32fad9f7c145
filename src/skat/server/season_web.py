"""A season (a club championship over many evenings) in the web app: its register and its
evenings, each a tournament of this server (:mod:`skat.server.tournament_web`), and a public
page with the season's standing (:func:`skat.tournament.season_sheet`).

==============================================  ===============================================
``GET /t/season``                               start a season (its director's link follows)
``GET /t/season/{id}[#KEY]``                    the season's standing; with the director's key
                                                also the register and the evenings
``POST /api/t/season``                          create: ``{name, best, guests, kontra, series,
                                                deals, members: [{name, number, guest}]}``
``GET /api/t/season/{id}``                      the standing, the evenings and the register
``POST /api/t/season/{id}``                     header ``X-Key``; ``{action: members|evening|
                                                add, …}``
==============================================  ===============================================

An evening started here is a tournament of this server with the season's rules (Kontra and
Re by default), series and deals, and the players who came; the answer carries its
director's link.  A tournament run here before is added by its id (``add``).  The standing
counts the lists that pass the check, as ``skat season standings`` does.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from skat.core.language import say
from skat.server.hub import Hub
from skat.server.storage import SqlStorage
from skat.server.tournament_desk import DeskError, sheet_json
from skat.tournament import (
    EVENING_RULES,
    GUESTS,
    KONTRA_SETTINGS,
    Evening,
    Format,
    Member,
    Player,
    Season,
    Tournament,
    season_dumps,
    season_loads,
    season_sheet,
    with_kontra,
)

SCHEMA: Final = """CREATE TABLE IF NOT EXISTS seasons (
    id TEXT PRIMARY KEY, season TEXT NOT NULL, director TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL)"""

Body = Callable[[Request], Coroutine[Any, Any, dict[str, Any]]]
Handler = Callable[[Request], Awaitable[Response]]
NewTournament = Callable[[Tournament], Coroutine[Any, Any, tuple[str, str]]]
GetTournament = Callable[[str], Coroutine[Any, Any, Tournament]]


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class SeasonStore:
    """Seasons in the server's database: the season file's JSON (its evenings' ``file`` is
    the tournament's id here) and the director key's hash."""

    def __init__(self, storage: SqlStorage) -> None:
        self.storage = storage
        storage.create_schema([SCHEMA])

    def create(self, sid: str, season: Season, key: str) -> None:
        self.storage._run("INSERT INTO seasons (id, season, director, created) VALUES (?, ?, ?, ?)",
                          (sid, season_dumps(season), _hash(key), time.time()))  # fmt: skip

    def load(self, sid: str) -> tuple[Season, str, str]:
        """The season, its stored text and the director key's hash (``KeyError``: none)."""
        rows = self.storage._rows("SELECT season, director FROM seasons WHERE id = ?", (sid,))
        if not rows:
            raise KeyError(sid)
        return season_loads(rows[0][0]), str(rows[0][0]), str(rows[0][1])

    def save(self, sid: str, season: Season, read: str) -> bool:
        """Store the changed season if it is still ``read`` (else another process changed it)."""
        sql = self.storage._sql("UPDATE seasons SET season = ? WHERE id = ? AND season = ?")
        return bool(self.storage.transaction(
            lambda c: c.execute(sql, (season_dumps(season), sid, read)).rowcount == 1))  # fmt: skip


def season_routes(
    hub: Hub,
    body: Body,
    new_tournament: NewTournament,
    tournament: GetTournament,
    guard: Callable[[Handler], Handler],
) -> list[BaseRoute]:
    """The season routes (before the tournaments' ``/t/{id}``, which ``/t/season`` would
    match); the tournaments are made and read through the tournament routes' functions."""
    store = SeasonStore(hub.storage)
    lock = asyncio.Lock()

    async def create(request: Request) -> Response:
        data = await body(request)
        if not await hub.may_create(request.client.host if request.client else "?"):
            raise DeskError(lambda lang: say(lang, "server.tour.rate"), 429)
        season = _new_season(data)
        sid, key = "s" + secrets.token_urlsafe(6).replace("-", "x").replace("_", "y"), \
            secrets.token_urlsafe(18)  # fmt: skip
        await hub._db(store.create, sid, season, key)
        return JSONResponse({"id": sid, "key": key, "url": f"/t/season/{sid}#{key}"},
                            status_code=201)  # fmt: skip

    async def load(sid: str) -> tuple[Season, str, str]:
        try:
            return await hub._db(store.load, sid)
        except KeyError:
            raise DeskError(lambda lang: say(lang, "server.tour.noSeason"), 404) from None

    async def view(request: Request) -> Response:
        sid = request.path_params["id"]
        season, _, director = await load(sid)
        key = request.headers.get("x-key")
        if request.method == "POST":
            if key is None or not hmac.compare_digest(_hash(key), director):
                raise DeskError(lambda lang: say(lang, "server.tour.notSeasonDirector"), 403)
            async with lock:
                season, read, _ = await load(sid)
                season, answer = await _act(season, await body(request), new_tournament,
                                            tournament)  # fmt: skip
                if not await hub._db(store.save, sid, season, read):
                    raise DeskError(lambda lang: say(lang, "server.tour.seasonChanged"), 409)
        else:
            answer = {}
        evenings = [await tournament(e.file) for e in season.evenings]
        sheet = await asyncio.to_thread(season_sheet, season, evenings)
        return JSONResponse({
            **answer, "name": season.name, "best": season.best, "guests": season.guests,
            "rules": season.rules, "sheet": sheet_json(sheet),
            "director": key is not None and hmac.compare_digest(_hash(key), director),
            "members": [m.__dict__ for m in season.members],
            "evenings": [{"date": e.date, "id": e.file, "players": len(t.players)}
                         for e, t in zip(season.evenings, evenings, strict=True)],
        })  # fmt: skip

    return [
        Route("/api/t/season", guard(create), methods=["POST"]),
        Route("/api/t/season/{id}", guard(view), methods=["GET", "POST"]),
    ]


def _members(data: Any) -> tuple[Member, ...]:
    if not isinstance(data, list):
        raise DeskError("members is a list of {name, number, guest}", 400)
    out = []
    for m in data:
        if isinstance(m, str):
            m = {"name": m}
        if not isinstance(m, dict):
            raise DeskError(f"a member is {{name, number, guest}}, not {m!r}", 400)
        out.append(Member(str(m.get("name", "")).strip(), str(m.get("number", "")).strip(),
                          m.get("guest") is True))  # fmt: skip
    return tuple(out)


def _whole(data: dict[str, Any], key: str, default: int | None) -> int | None:
    v = data.get(key)
    if v in (None, ""):
        return default
    if isinstance(v, bool) or not str(v).strip().isdigit():
        raise DeskError(f"{key} is a whole number, not {v!r}", 400)
    return int(v)


def _new_season(data: dict[str, Any]) -> Season:
    """The season the start form describes."""
    kontra = str(data.get("kontra") or "on")
    if kontra not in KONTRA_SETTINGS:
        raise DeskError(f"kontra: one of {', '.join(KONTRA_SETTINGS)}", 400)
    guests = str(data.get("guests") or "rank")
    if guests not in GUESTS:
        raise DeskError(f"guests: one of {', '.join(GUESTS)}", 400)
    series, deals = _whole(data, "series", 2) or 2, _whole(data, "deals", 12) or 12
    Format(series, deals)
    return Season(str(data.get("name", "")).strip(), _members(data.get("members", [])),
                  best=_whole(data, "best", None), guests=guests,
                  rules=with_kontra(EVENING_RULES, kontra), series=series, deals=deals)  # fmt: skip


async def _act(
    season: Season, data: dict[str, Any], new_tournament: NewTournament, get: GetTournament
) -> tuple[Season, dict[str, Any]]:
    """The director's action on the season: ``members`` (the register), ``evening`` (start
    one: ``{date, players}``), ``add`` (``{date, id}`` of a tournament of this server)."""
    action = data.get("action")
    if action == "members":
        return replace(season, members=_members(data.get("members"))), {}
    date = str(data.get("date", "")).strip()
    if not date:
        raise DeskError(lambda lang: say(lang, "server.tour.eveningDate"), 400)
    if any(e.date == date for e in season.evenings):
        raise DeskError(lambda lang: say(lang, "server.tour.eveningTwice", date=date), 409)
    if action == "add":
        tid = str(data.get("id", "")).strip()
        await get(tid)  # a tournament of this server (else: no such tournament)
        return replace(season, evenings=(*season.evenings, Evening(date, tid))), {}
    if action != "evening":
        raise DeskError("action: members, evening or add", 400)
    names = data.get("players")
    if not isinstance(names, list) or not names:
        raise DeskError("an evening needs its players (who came)", 400)
    t = Tournament(f"{season.name} {date}", tuple(Player(str(n).strip()) for n in names),
                   Format(season.series, season.deals), season.rules)  # fmt: skip
    tid, key = await new_tournament(t)
    changed = replace(season, evenings=(*season.evenings, Evening(date, tid)))
    return changed, {"evening": {"id": tid, "director": f"/t/{tid}/director#{key}"}}
