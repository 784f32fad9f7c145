"""The record file of a variant arena (``skat arena --variant V --out FILE``): every game as
a JSON record of its variant (:func:`skat.records.jsonrecord.state_to_json`), with
``meta.arena`` naming the run (the variant, the two agents, the seed), the deal's number and
the seating (which agent, 0 = A or 1 = B, sat at each player's seat).  ``--resume`` reads the
file back: each record is replayed by the engine (one that does not replay is refused),
a deal counts once all its games are there (a line cut off by a killed run and the games of
an unfinished deal are dropped, and the file rewritten with the complete deals only), and a
file of another run is refused in one line naming the setting that differs.

>>> from skat.ai.variant_arena import play_deal
>>> games = play_deal("officers", ["heuristic", "random"], 1, 0)
>>> lines = deal_lines("officers", ["heuristic", "random"], 1, 0, games)
>>> len(lines), json.loads(lines[0])["meta"]["arena"]["seating"]
(2, [0, 1])
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from skat.ai.variant_arena import player_seats, seatings
from skat.core.language import N_, SaidError
from skat.records.jsonrecord import JsonRecordError, dumps, load_json, state_to_json
from skat.series.storage import atomic_write


def settings_of(variant: str, names: Sequence[str], seed: int) -> dict[str, Any]:
    """What names a run: its records must all say the same."""
    return {"variant": variant, "agents": list(names), "seed": seed}


def deal_lines(
    variant: str, names: Sequence[str], seed: int, deal: int, games: Sequence[tuple[Any, Any]]
) -> list[str]:
    """The record lines of one deal's games ((seating, finished state) each)."""
    out = []
    for number, (who, state) in enumerate(games):
        seats = player_seats(state)
        players = ["", ""] if variant == "officers" else ["", "", ""]
        for seat, agent in zip(seats, who, strict=True):
            players[seat] = f"{names[agent]} ({'AB'[agent]})"
        if variant == "strohmann":
            players[state.dummy] = "Dummy"
        arena = {**settings_of(variant, names, seed), "deal": deal, "seating": list(who)}
        meta = {"id": f"{seed}-{deal}-{number}", "players": players, "arena": arena}
        out.append(dumps(state_to_json(state, meta)))
    return out


@dataclass
class VariantArenaFile:
    """The complete deals of a record file: each deal's games in seating order, and the
    lines that hold them."""

    deals: dict[int, list[tuple[tuple[int, ...], Any]]] = field(default_factory=dict)
    lines: dict[int, list[str]] = field(default_factory=dict)
    dropped: int = 0


def read_variant_arena(
    path: str, variant: str, names: Sequence[str], seed: int
) -> VariantArenaFile:
    """The complete deals of the run (``variant``, ``names``, ``seed``) in ``path`` (none when
    there is no file); :class:`SaidError` for a file of another run or a record that does not
    replay."""
    if not os.path.exists(path):
        return VariantArenaFile()
    with open(path, encoding="utf-8", errors="replace") as fh:
        raw = fh.read().splitlines()
    want = settings_of(variant, names, seed)
    order = seatings(variant)
    found: dict[int, dict[int, tuple[tuple[int, ...], Any, str]]] = {}
    dropped = 0
    for number, line in enumerate(raw, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError:
            if number == len(raw):  # the last line, cut off by a killed run
                dropped += 1
                continue
            raise SaidError.of(N_("cli.variant-arena.file-line"), path=path, line=number) from None
        arena = data.get("meta", {}).get("arena") if isinstance(data, dict) else None
        if not isinstance(arena, dict):
            raise SaidError.of(N_("cli.variant-arena.file-line"), path=path, line=number)
        for key, value in want.items():
            if arena.get(key) != value:
                raise SaidError.of(
                    N_("cli.variant-arena.file-other-run"),
                    path=path,
                    setting=key,
                    file=json.dumps(arena.get(key)),
                    run=json.dumps(value),
                )
        who = tuple(arena.get("seating", ()))
        deal = arena.get("deal")
        if type(deal) is not int or who not in order:
            raise SaidError.of(N_("cli.variant-arena.file-line"), path=path, line=number)
        try:
            state = load_json(data).state
        except (JsonRecordError, ValueError):
            raise SaidError.of(
                N_("cli.variant-arena.file-replay"), path=path, line=number
            ) from None
        found.setdefault(deal, {})[order.index(who)] = (who, state, line)
    out = VariantArenaFile(dropped=dropped)
    for deal, games in sorted(found.items()):
        if len(games) == len(order):
            out.deals[deal] = [(games[n][0], games[n][1]) for n in range(len(order))]
            out.lines[deal] = [games[n][2] for n in range(len(order))]
        else:
            out.dropped += len(games)
    return out


def rewrite(path: str, file: VariantArenaFile) -> None:
    """The file with its complete deals only (atomically), so new deals follow whole ones."""
    text = "".join(line + "\n" for deal in sorted(file.lines) for line in file.lines[deal])
    atomic_write(path, text)
