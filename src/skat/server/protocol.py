"""The messages between browser and server, and the limits on them.

A client sends JSON objects over the table's WebSocket:

- ``{"type": "hello", "token": "..."}`` first (no token: watch as a spectator);
- ``{"type": "act", "action": "18", "counter": 7}``: an action in the canonical text form,
  for the table's move number ``counter`` (a stale or replayed message is refused); the same
  message carries the table events ``@name Anna`` (a player names himself before the first card)
  and ``@start heuristic`` (the creator starts a waiting table with computers);
- ``{"type": "ping"}``.

The server answers with ``welcome``, ``state`` (everything this connection may see, after
every change: :func:`state_message`), ``error`` (``code`` and a one-line ``message``; nothing
changed) and ``pong``.

>>> parse_message('{"type": "act", "action": "18", "counter": 0}')
{'type': 'act', 'action': '18', 'counter': 0}
>>> parse_message("{oops")
Traceback (most recent call last):
...
skat.server.protocol.ProtocolError: malformed: a message is a JSON object: ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from typing import Any, Final, cast

from skat.core.actions import HOLD
from skat.core.cards import CardSet
from skat.core.language import say
from skat.core.sheets import list_game
from skat.series.commitment import (
    GAME_SCHEME,
    SERIES_SCHEME,
    commitment,
    game_nonce,
    series_commitment,
)
from skat.server.claims import claim_view
from skat.server.jumpdelay import answer_wait
from skat.server.table import ActionRefused, Table
from skat.server.variant_table import VariantTable
from skat.server.variant_view import variant_state_message
from skat.server.visibility import cards, game_view, player_lines
from skat.server.webwords import every_language

MAX_MESSAGE: Final = 2048
"""Longest message a client may send (characters)."""

TYPES: Final = {
    "hello": {"token", "lang"},
    "act": {"action", "counter"},
    "ping": set(),
    "lang": {"lang"},  # the page's language changed: the refusals it is sent follow
}


class ProtocolError(ActionRefused):
    """A message the server cannot take: ``code`` and a one-line message (in English;
    :meth:`said` in the page's language)."""


def parse_message(text: str | bytes) -> dict[str, Any]:
    """Read one client message; :class:`ProtocolError` says what is wrong with it.

    >>> parse_message('{"type": "jump"}')
    Traceback (most recent call last):
    ...
    skat.server.protocol.ProtocolError: malformed: unknown message type 'jump' (act, hello, lang, ping)
    >>> parse_message('{"type": "act", "action": "18", "counter": 0, "x": 1}')
    Traceback (most recent call last):
    ...
    skat.server.protocol.ProtocolError: malformed: unknown field 'x' in a act message
    """
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(
            "too_long", lambda lang: say(lang, "server.protocol.tooLong", most=MAX_MESSAGE)
        )
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        why = str(exc)
        raise ProtocolError(
            "malformed", lambda lang: say(lang, "server.protocol.notJson", why=why)
        ) from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", lambda lang: say(lang, "server.protocol.noType"))
    kind = data.get("type")
    if kind not in TYPES:
        known = ", ".join(sorted(TYPES))
        raise ProtocolError(
            "malformed",
            lambda lang: say(lang, "server.protocol.unknownType", given=repr(kind), known=known),
        )
    for key in data:
        if key != "type" and key not in TYPES[kind]:
            raise _unknown_field(repr(key), kind)
    if kind == "act":
        if not isinstance(data.get("action"), str):
            raise ProtocolError("malformed", lambda lang: say(lang, "server.protocol.action"))
        if type(data.get("counter")) is not int:
            raise ProtocolError("malformed", lambda lang: say(lang, "server.protocol.counter"))
    if kind == "hello":
        token = data.get("token")
        if token is not None and not isinstance(token, str):
            raise ProtocolError("malformed", lambda lang: say(lang, "server.protocol.tokenText"))
    if kind in ("hello", "lang") and not isinstance(data.get("lang", ""), str):
        raise ProtocolError("malformed", lambda lang: say(lang, "server.protocol.langText"))
    return data


def _unknown_field(field: str, kind: str) -> ProtocolError:
    """The answer to a field a message of ``kind`` does not have."""
    return ProtocolError(
        "malformed",
        lambda lang: say(lang, "server.protocol.unknownField", field=field, kind=kind),
    )


@dataclass
class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, bursts up to ``burst``.
    The time is passed in, so the limiter is deterministic.

    >>> limiter = RateLimiter(rate=2, burst=3)
    >>> [limiter.allow(0.0) for _ in range(4)]
    [True, True, True, False]
    >>> limiter.allow(0.5), limiter.allow(0.5)
    (True, False)
    """

    rate: float
    burst: float
    tokens: float = -1.0
    last: float = 0.0

    def allow(self, now: float) -> bool:
        """May a message arriving at ``now`` (seconds) pass?"""
        if self.tokens < 0:
            self.tokens, self.last = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def error_message(code: str, message: str) -> dict[str, Any]:
    """An ``error`` message: nothing changed."""
    return {"type": "error", "code": code, "message": message}


def state_message(
    table: Table,
    player: int | None,
    *,
    online: frozenset[int] = frozenset(),
    remaining: float | None = None,
) -> dict[str, Any]:
    """Everything the holder of ``player``'s place (``None``: a spectator) may see of the
    table now: places, score sheet, the current game (:func:`game_view`), the last game.
    (A connection is sent the sheet's new rows only: :func:`sheet_delta`.)

    >>> from skat.server.table import TableConfig
    >>> t = Table("t", TableConfig.parse({"seats": ["human", "random", "random"]}, seed=2))
    >>> m = state_message(t, None)  # the table waits for its player: nothing dealt out
    >>> m["type"], m["counter"], m["waiting"], m["game"]
    ('state', 0, True, None)
    >>> _ = t.claim()
    >>> m = state_message(t, None)
    >>> m["game"]["hand"], [p["name"] for p in m["players"]]
    (None, ['Player 1', 'Computer 2', 'Computer 3'])
    """
    if isinstance(table, VariantTable):  # Strohmann, Officers' Skat, Tournee Skat
        return variant_state_message(table, player, online=online, remaining=remaining)
    series = table.series
    state = table.state
    seats = series.seats if state is not None else ()
    seat = table.seat_of(player)
    players = player_lines(table, online)
    return {
        "type": "state",
        "table": table.id,
        "counter": table.counter,
        "you": player,
        "seat": seat,
        "rules": table.rules_text,
        "players": players,
        "seats": list(seats),
        "clock": table.config.clock,
        "remaining": remaining,
        "waiting": table.waiting,
        "host": table.config.host,
        "show_points": table.config.show_points,
        "answer_wait": round(answer_wait(table, HOLD), 2),  # a hold to a jump bid waits
        "series": sheet_view(table),
        "game": (
            _with_table(game_view(state, seat), table)
            if state is not None and not table.waiting  # nothing dealt out yet
            else None
        ),
        "last": last_game(table),
        "dealing": dealing_view(table),
    }


def auto_moves(table: Table, number: int) -> dict[str, str]:
    """The moves the table made for a player in game ``number``: index in the game's history
    (as text, a JSON key) -> why (``clock``, ``away``, ``claim``: :data:`~skat.server.table.AUTO`).

    >>> from skat.server.table import TableConfig
    >>> t = Table("t", TableConfig.parse({"seats": ["human", "random", "random"]}, seed=2))
    >>> t.auto[(1, 0)] = "clock"
    >>> auto_moves(t, 1), auto_moves(t, 2)
    ({'0': 'clock'}, {})
    """
    return {str(i): why for (n, i), why in table.auto.items() if n == number}


def _with_table(game: dict[str, Any], table: Table) -> dict[str, Any]:
    """What the table adds to the game: the moves it made for a player, and while it plays a
    claim out (:mod:`skat.server.claims`) nothing for anyone to do."""
    game["auto"] = auto_moves(table, table.series.number)
    game["claim_open"] = table.claim_open
    if table.claim_open:
        game["legal"], game["end_actions"], game["declarations"] = [], [], []
    return game


def dealing_view(table: Table) -> dict[str, Any]:
    """The deal commitments (:mod:`skat.series.commitment`): the series commitment, the
    current game's commitment, and once the series is over its seed and salt.

    >>> from skat.server.table import TableConfig
    >>> t = Table("t", TableConfig.parse({"seats": ["human", "random", "random"]}, seed=2))
    >>> d = dealing_view(t)
    >>> d["game"], len(d["commitment"]), "seed" in d
    (1, 64, False)
    """
    series = table.series
    config = table.config
    out: dict[str, Any] = {
        "scheme": GAME_SCHEME,
        "series_scheme": SERIES_SCHEME,
        "series": series_commitment(config.salt, config.seed),
        "game": None,
        "commitment": None,
    }
    if series.is_over:
        out["seed"], out["salt"] = str(config.seed), config.salt  # beyond a JS number
    else:
        cached = table.cache.get("commitment")
        if cached is None or cached[0] != series.number:
            nonce = game_nonce(config.salt, series.number)
            cached = (series.number, commitment(nonce, series.deal))
            table.cache["commitment"] = cached
        out["game"], out["commitment"] = cached
    return out


def revealed(table: Table, number: int) -> dict[str, Any] | None:
    """What a finished game's record carries of the dealing: the commitment published
    before it and the nonce that opens it (``None`` for a game without its deal)."""
    r = table.series.records[number - 1]
    if r.deal is None:
        return None
    config = table.config
    nonce = game_nonce(config.salt, number)
    return {
        "scheme": GAME_SCHEME,
        "commitment": commitment(nonce, r.deal),
        "nonce": nonce,
        "series": series_commitment(config.salt, config.seed),
    }


def final_trick(table: Table) -> dict[str, Any] | None:
    """The last trick of the game finished last (its number, winner and card points), so the
    page can say who took it: the next state message shows the next game."""
    if not table.finished_games or len(table.finished_games) != len(table.series.records):
        return None
    tricks = table.finished_games[-1].view(None).tricks
    if not tricks:
        return None
    last = tricks[-1]
    return {"number": len(tricks), "winner": last.winner, "points": last.points}


def _claim(table: Table) -> dict[str, Any] | None:
    """The claim of the game finished last, if any (:func:`~skat.server.claims.claim_view`)."""
    if not table.finished_games or len(table.finished_games) != len(table.series.records):
        return None
    return claim_view(table.finished_games[-1])


def last_game(table: Table) -> dict[str, Any] | None:
    """The game finished last: its result in words and its deal (public once it is over)."""
    series = table.series
    cached = table.cache.get("last")
    if cached is not None and cached[0] == len(series.records):
        return cast("dict[str, Any] | None", cached[1])
    last = None
    if series.records:
        r = series.records[-1]
        names = [table.players[p] for p in r.seats]
        last = {
            "number": r.number,
            "seats": list(r.seats),
            **every_language(lambda lang: r.result.explain(lang, names=names), "text"),
            "declarer": r.declarer,
            "won": r.result.won,
            "entries": list(r.entries),
            "dealing": revealed(table, r.number),
            "events": [list(e) for e in r.events] if r.events else [],
            "auto": auto_moves(table, r.number),
            "claim": _claim(table),
            "last_trick": final_trick(table),
            "deal": {
                "hands": [cards(CardSet(h)) for h in r.deal.hand_masks] if r.deal else None,
                "skat": cards(CardSet(r.deal.skat_mask)) if r.deal else None,
            },
        }
    table.cache["last"] = (len(series.records), last)
    return last


def sheet_view(table: Table) -> dict[str, Any]:
    """The score sheet (Liste): one row per game, the totals, and the standings at the end."""
    series = table.series
    cached = table.cache.get("sheet")
    if cached is not None and cached[0] == len(series.records):
        return cast("dict[str, Any]", cached[1])
    rows = []
    seeger = [0] * len(series.players)
    if series.is_over:  # the Seeger-Fabian points of the same games, whatever the list
        for row in series.list_rows("seeger"):
            seeger = [a + b for a, b in zip(seeger, row.entries, strict=True)]
    # the one list computation (skat.series.sheet.list_rows), as the terminal and skat list
    for r, row in zip(series.records, series.list_rows(), strict=True):
        rows.append(
            {
                "number": r.number,
                "dealer": r.dealer,
                "declarer": row.declarer,
                # as players write it: "Clubs Hand Re", "passed in"
                **every_language(partial(list_game, r.result), "game"),
                "doubled": row.doubled,  # "", "Kontra", "Re", "Supra", "Resupra"
                "won": row.won,
                "value": row.value,
                "entries": list(row.entries),
                "totals": list(r.totals),
                "kind": r.kind,
            }
        )
    sheet = {
        "number": series.number,
        "planned": series.planned,
        "turn": series.turn,
        "over": series.is_over,
        "dealer": series.dealer if not series.is_over else None,
        "sitting": list(series.sitting) if not series.is_over else [],
        "kind": series.kind,
        "totals": list(series.totals),
        "rows": rows,
        "standings": [
            {
                "place": s.place,
                "name": s.player,
                "total": s.total,
                "won": s.won,
                "lost": s.lost,
                "seeger": seeger[series.players.index(s.player)],
            }
            for s in series.standings()
        ]
        if series.is_over
        else None,
    }
    table.cache["sheet"] = (len(series.records), sheet)
    return sheet


def sheet_delta(message: dict[str, Any], have: int) -> dict[str, Any]:
    """A ``state`` message for a client that holds the first ``have`` rows of the score
    sheet already (0: a new connection, which gets them all): only the rows after them, and
    ``series.first`` = ``have`` (where they go: :func:`merge_sheet`).  The rows of games
    played never change, so a long series costs each message only its new rows.

    >>> msg = {"type": "state", "series": {"number": 3, "rows": [{"number": 1}, {"number": 2}]}}
    >>> sheet_delta(msg, 2)["series"], sheet_delta(msg, 0)["series"]["first"]
    ({'number': 3, 'rows': [], 'first': 2}, 0)
    """
    series = message["series"]
    rows = series["rows"]
    first = have if 0 < have <= len(rows) else 0
    return {**message, "series": {**series, "rows": rows[first:], "first": first}}


def merge_sheet(kept: list[dict[str, Any]], message: dict[str, Any]) -> dict[str, Any]:
    """What a client does with a ``state`` message: the rows it holds up to ``series.first``
    and the message's rows make the whole score sheet (put into the message, returned).

    >>> old = [{"number": 1}, {"number": 2}]
    >>> msg = {"series": {"rows": [{"number": 3}], "first": 2}}
    >>> [r["number"] for r in merge_sheet(old, msg)["series"]["rows"]]
    [1, 2, 3]
    """
    series = message["series"]
    first = int(series.get("first", 0))
    if first:
        series["rows"] = [*kept[:first], *series["rows"]]
        series["first"] = 0
    return message


def dumps(message: dict[str, Any]) -> str:
    """Compact JSON for the wire."""
    return json.dumps(message, separators=(",", ":"))


def state_text(message: dict[str, Any], table: Table) -> str:
    """:func:`dumps` of a ``state`` message of ``table``, its last game (the largest part,
    the same in every message until the next game ends) written as JSON once a game.

    >>> from skat.server.table import TableConfig
    >>> t = Table("t", TableConfig.parse({"seats": ["human", "random", "random"]}, seed=2))
    >>> t.cache["last"] = (0, {"number": 1, "won": True})
    >>> m = {"type": "state", "last": last_game(t), "counter": 4}
    >>> json.loads(state_text(m, t)) == m, json.loads(state_text({**m, "last": None}, t))["last"]
    (True, None)
    """
    last = message.get("last")
    if last is None:
        return dumps(message)
    cached = table.cache.get("last_json")
    if cached is None or cached[0] is not last:  # (the cached dict itself: never changed)
        cached = (last, dumps(last))
        table.cache["last_json"] = cached
    rest = dumps({key: value for key, value in message.items() if key != "last"})
    return f'{rest[:-1]},"last":{cached[1]}}}'
