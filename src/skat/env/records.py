"""Human games as training data: (observation, mask, action) samples from ISS and JSON records.

:func:`samples` reads records — an ISS file (``.sgf``, ``.sgf.bz2``), a JSON record file
(``.json``: one record or a list; ``.jsonl``: one a line), or an iterable of
:class:`~skat.records.IssRecord`, JSON texts or decoded JSON objects — and yields one
:class:`Sample` per decision of a seat: the observation vector that seat had
(:mod:`skat.env.observation`), the mask of the legal ids and the id it chose, exactly what
the environments give and take, for supervised pretraining (behaviour cloning).

Every record is validated by replay first: an ISS record is replayed with the engine and its
``R[...]`` fields must agree with the engine's (:func:`skat.records.check`), a JSON record is
replayed and its ``result`` checked (:func:`skat.records.load_json`).  Records that do not
replay, disagree, hide cards or are not Skat are skipped, and so is every record whose deal
was seen before (servers and tournaments deal the same cards at several tables).  Actions
outside the action space (resigning, claims, timeouts) end a record's samples.  ``stats``
(a :class:`collections.Counter`) counts what happened: ``records``, ``used``, ``duplicate``,
``skipped`` (hidden cards, no result, not Skat), ``invalid`` (no replay, or a result that
disagrees) and ``samples``.

>>> from collections import Counter
>>> from skat.records import read_iss
>>> from skat.env import describe
>>> line = ("(;GM[Skat]PC[International Skat Server]ID[1]MV[w HA.SK.SJ.SA.CQ.S8.C9.H7.H9.DQ."
...     "CJ.S9.DJ.S7.D9.SQ.C8.HQ.DK.CA.D8.D7.DT.CT.ST.C7.HK.DA.HT.HJ.H8.CK 1 p 2 18 0 p 2 s "
...     "w H8.CK 2 D.ST.H8 0 SA 1 S7 2 DA 2 RE ]R[d:2 loss v:-54 m:-2 bidok p:32 t:1 s:0 z:0] ;)")
>>> stats = Counter()
>>> got = list(samples(read_iss([line, line]), stats=stats))
>>> [(s.seat, describe(s.action)) for s in got]  # doctest: +NORMALIZE_WHITESPACE
[(1, 'pass'), (2, 'bid 18'), (0, 'pass'), (2, 'pick up the skat'), (2, 'put away ST.H8'),
 (2, 'declare D (Diamonds)'), (0, 'play SA'), (1, 'play S7'), (2, 'play DA')]
>>> got[0].observation.shape, int(got[0].mask.sum()), stats["duplicate"], stats["samples"]
((2083,), 64, 1, 9)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from skat.core.state import GameState
from skat.core.steps import restarted
from skat.env.action_ids import ID_OF, NUM_ACTIONS, legal_ids
from skat.env.observation import SIZE
from skat.env.rewards import check_reward, rewards
from skat.env.tracker import ObservationTracker
from skat.records import (
    IssRecord,
    JsonRecordError,
    RecordError,
    ReplayError,
    SkipRecord,
    check,
    load_json,
    read_iss,
    replay,
)

__all__ = ["SCHEMA", "Sample", "samples", "write_npz"]

Record = IssRecord | RecordError | str | bytes | Mapping[str, Any]


@dataclass(frozen=True)
class Sample:
    """One decision: what the seat saw, what it could do, what it did."""

    observation: npt.NDArray[np.float32] = field(repr=False)
    """The seat's observation vector before it acted."""
    mask: npt.NDArray[np.int8] = field(repr=False)
    """0/1 per action id: the legal ids then."""
    action: int
    """The id the seat chose."""
    seat: int
    """0 Forehand, 1 Middlehand, 2 Rearhand."""
    record: str
    """The record it came from (its label)."""
    reward: float = 0.0
    """What the seat was paid at the end of the game (the ``reward`` scheme of
    :func:`samples`, :mod:`skat.env.rewards`); 0 in a penalty record (a timeout or a player
    leaving before the declaration: no game result)."""
    game: int = 0
    """The number of the record among the records used (0, 1, ...)."""
    step: int = 0
    """The number of the decision in its game (0, 1, ...)."""


def samples(
    source: str | Path | Iterable[Record],
    *,
    stats: Counter[str] | None = None,
    reward: str = "list",
) -> Iterator[Sample]:
    """The samples of every valid record of ``source`` whose deal was not seen before (see
    the module doc); each carries what its seat was paid under ``reward``."""
    stats = stats if stats is not None else Counter()
    check_reward(reward)
    seen: set[tuple[int, ...]] = set()
    for item in _records(source):
        stats["records"] += 1
        game = _validated(item, stats)
        if game is None:
            continue
        state, label = game
        deal = state.deal
        key = (*deal.hand_masks, deal.skat_mask)
        if key in seen:
            stats["duplicate"] += 1
            continue
        seen.add(key)
        stats["used"] += 1
        for sample in _decisions(state, label, reward, stats["used"] - 1):
            stats["samples"] += 1
            yield sample


def _records(source: str | Path | Iterable[Record]) -> Iterator[Record]:
    """The records of a file or an iterable."""
    if not isinstance(source, (str, Path)):
        yield from source
        return
    path = Path(source)
    if path.suffix == ".jsonl":
        with path.open(encoding="utf-8") as f:
            yield from (line for line in f if line.strip())
    elif path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        yield from data if isinstance(data, list) else [data]
    else:
        yield from read_iss(path)


def _validated(item: Record, stats: Counter[str]) -> tuple[GameState, str] | None:
    """The replayed game of a valid record and its label, else ``None`` (counted)."""
    if isinstance(item, RecordError):
        stats["invalid"] += 1
        return None
    try:
        if isinstance(item, IssRecord):
            if check(item):  # the R[...] fields disagree with the engine's
                stats["invalid"] += 1
                return None
            return replay(item).state, item.label
        game = load_json(item)
    except SkipRecord:
        stats["skipped"] += 1
        return None
    except (ReplayError, JsonRecordError, ValueError):
        stats["invalid"] += 1
        return None
    if not isinstance(game.state, GameState):
        stats["skipped"] += 1  # a variant (Tournee, Strohmann ...)
        return None
    return game.state, str(game.meta.get("id", game.meta.get("table", "json")))


def _decisions(final: GameState, label: str, reward: str, game: int) -> Iterator[Sample]:
    """Replay ``final``'s history on its deal, a sample before each action of the space."""
    paid = rewards(final.result, reward) if final.result is not None else (0.0, 0.0, 0.0)
    state = restarted(final)  # a Ramsch round's forced Ramsch included
    tracker = ObservationTracker(state)
    for step, (seat, action) in enumerate(final.history):
        i = ID_OF.get(action)
        if i is None or state.is_over or state.to_move != seat:
            return  # a resignation, a claim, a timeout: the decisions are over
        ids = legal_ids(state)
        if i not in ids:
            return
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[ids] = 1
        yield Sample(tracker.observe(seat), mask, i, seat, label, paid[seat], game, step)
        state.apply(action)


SCHEMA: dict[str, str] = {
    "observation": f"uint8 (N, {SIZE}): the seat's observation vector before it acted (0/1)",
    "mask": f"uint8 (N, {NUM_ACTIONS}): 1 at the legal action ids then",
    "action": "int16 (N,): the action id the seat chose",
    "seat": "int8 (N,): 0 Forehand, 1 Middlehand, 2 Rearhand",
    "reward": "float32 (N,): what the seat was paid at the end of its game (--reward)",
    "game": "int32 (N,): the number of the game among the records used",
    "step": "int16 (N,): the number of the decision in its game",
    "record": "str (G,): the label of each game's record (ISS id, JSON id)",
    "meta": "str (): JSON: reward scheme, sources, counts, layout size, action count",
}
"""The arrays of a samples file (:func:`write_npz`); N samples of G games."""


def write_npz(
    sources: Iterable[str | Path], out: str | Path, *, reward: str = "list"
) -> Counter[str]:
    """Write the samples of every source file (deduplicated across them) to ``out`` as a
    compressed ``.npz`` with the arrays of :data:`SCHEMA`; returns the counts."""
    stats: Counter[str] = Counter()
    names = [str(s) for s in sources]

    def every() -> Iterator[Record]:
        for name in names:
            yield from _records(name)

    rows = list(samples(every(), stats=stats, reward=reward))
    labels: dict[int, str] = {}
    for row in rows:
        labels.setdefault(row.game, row.record)
    meta = {
        "reward": reward,
        "sources": names,
        "counts": dict(stats),
        "observation_size": SIZE,
        "actions": NUM_ACTIONS,
    }
    n = len(rows)
    np.savez_compressed(
        out,
        observation=np.array([r.observation for r in rows], np.uint8).reshape(n, SIZE),
        mask=np.array([r.mask for r in rows], np.uint8).reshape(n, NUM_ACTIONS),
        action=np.array([r.action for r in rows], np.int16),
        seat=np.array([r.seat for r in rows], np.int8),
        reward=np.array([r.reward for r in rows], np.float32),
        game=np.array([r.game for r in rows], np.int32),
        step=np.array([r.step for r in rows], np.int16),
        record=np.array([labels[g] for g in sorted(labels)], dtype=str),
        meta=np.array(json.dumps(meta)),
    )
    return stats
