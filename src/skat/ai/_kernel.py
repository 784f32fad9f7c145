"""The double-dummy search kernel: plain functions over ints and flat int arrays.

With numba importable (and ``SKAT_NO_NUMBA`` unset) the functions are compiled with
``numba.njit(cache=True)`` and the arrays are ``numpy.int64`` arrays; otherwise the very same
code runs as Python over lists.  :mod:`skat.ai.dds` is the public face; nothing here checks
its input.

Values are what the declarer gains *from a position on*: card points of the tricks he still
wins (mode ``COUNT_TRICKS``: the number of those tricks; mode ``NULL``: 1 when he stays
trickless to the end, else 0).  With ``STOP`` the game ends at the defenders' first trick
(Schwarz announced, Ouvert).  The search is a fail-soft alpha-beta: a result ``v`` with
``v <= alpha`` is an upper bound, ``v >= beta`` a lower bound, anything between is exact.

The transposition table holds trick starts only, keyed by the cards still in the hands
normalised by equivalent cards (:func:`table_key`: of the 7, 8, 9 of a suit and of the jacks
only the owners of those left count, in order) and the leader, within a generation (the other
cards' owners are implied: each card has one owner for the whole life of a generation).  One
flat array, two ints a slot: the key, then the lower and upper bound, the best card (as
:func:`canonical` names it), the number of cards and the generation packed in one; two slots
a bucket (one kept for the bigger sub-tree, one always replaced), a bucket in one cache line.

>>> popcount(0xFF00FF), points(0xFFFFFFFF)
(16, 120)
"""

# The tables are numpy arrays or lists (Any): what the kernel returns from them is an int.
# mypy: disable-error-code="no-any-return"
from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar, cast

from skat.core.cards import CARD_POINTS
from skat.core.contracts import EFFECTIVE_SUIT, FOLLOW_MASKS, POWER, TRUMP_MASKS, WIN_KEY

_F = TypeVar("_F", bound=Callable[..., Any])

USE_NUMBA: bool = False
if os.environ.get("SKAT_NO_NUMBA", "").strip().lower() not in ("1", "true", "yes", "on"):
    try:  # pragma: no cover - depends on the environment
        import numba as _numba
        import numpy as _np

        USE_NUMBA = True
    except ImportError:  # pragma: no cover
        USE_NUMBA = False

NULL: Final = 1
STOP: Final = 2
COUNT_TRICKS: Final = 4

# ctx slots
CTX_GT: Final = 0
CTX_DECLARER: Final = 1
CTX_MODE: Final = 2
CTX_GEN: Final = 3
CTX_MASK: Final = 4
CTX_NODES: Final = 5
CTX_PLAIN: Final = 6  # 1: no sure-points bounds (the search as it was before them)
CTX_RAW: Final = 7  # 1: table keys by the cards themselves, not normalised by equivalent cards
CTX_SIZE: Final = 8

SLOTS: Final = 16  # move buffer slots per depth
DEPTHS: Final = 34


def jit(signature: str, cache: bool = True) -> Callable[[_F], _F]:
    """Compile with numba for ``signature`` when numba is in use, else leave the function as
    it is (eager compilation at import; the on-disk cache makes later imports fast)."""

    def wrap(func: _F) -> _F:
        if USE_NUMBA:
            return cast(_F, _numba.njit(signature, cache=cache)(func))
        return func

    return wrap


def array(values: Sequence[int]) -> Any:
    """An int64 array (numba) or a list (pure Python) of ``values``."""
    if USE_NUMBA:
        return _np.array(list(values), dtype=_np.int64)
    return list(values)


def zeros(n: int) -> Any:
    """``n`` zeros as an int64 array or a list."""
    if USE_NUMBA:
        return _np.zeros(n, dtype=_np.int64)
    return [0] * n


# ---------------------------------------------------------------------------------------------
# Tables, flattened: game type gt in 0..5 (D H S C G N).


def _tables() -> tuple[list[int], ...]:
    pts8 = [sum((0, 0, 0, 3, 4, 10, 11, 2)[r] for r in range(8) if b >> r & 1) for b in range(256)]
    eff: list[int] = []
    follow: list[int] = []
    beats: list[int] = []
    order: list[int] = []
    winkey: list[int] = []
    for gt in range(6):
        e = EFFECTIVE_SUIT[gt]
        pw = POWER[gt]
        eff.extend(e)
        follow.extend(FOLLOW_MASKS[gt])
        for c in range(32):
            m = 0
            for x in range(32):
                if e[x] == e[c] and pw[x] > pw[c]:
                    m |= 1 << x
            if e[c] != 4:
                m |= TRUMP_MASKS[gt]
            beats.append(m)
        order.extend(sorted(range(32), key=lambda c: (e[c], pw[c])))
        for led in range(5):
            winkey.extend(WIN_KEY[gt][led])
    return (
        pts8,
        eff,
        follow,
        beats,
        order,
        winkey,
        list(CARD_POINTS),
        [POWER[5][c] for c in range(32)],
    )


_PTS8, _EFF, _FOLLOW, _BEATS, _ORDER, _WINKEY, _CPTS, _NULLPOW = _tables()
PTS8: Final = array(_PTS8)
EFF: Final = array(_EFF)
FOLLOW: Final = array(_FOLLOW)
BEATS: Final = array(_BEATS)
ORDER: Final = array(_ORDER)
WINKEY: Final = array(_WINKEY)
CPTS: Final = array(_CPTS)
TRUMP_MASK: Final = array([TRUMP_MASKS[gt] for gt in range(6)])
NULLPOW: Final = array(_NULLPOW)


# Equivalent-card groups (suit and Grand games): the 7, 8 and 9 of each suit (0 points, next to
# each other in their suit's order and in the trumps' order) and the four jacks (2 points, the
# top trumps); in each group power order is index order.  GROUP[c] is the mask of c's group.
GROUP_MASKS: Final = (0x07, 0x0700, 0x070000, 0x07000000, 0x80808080)
GROUP: Final = array([next((g for g in GROUP_MASKS if g >> c & 1), 0) for c in range(32)])
UNGROUPED: Final = 0x78787878  # queens, kings, tens, aces


def _owners(index: int) -> int:
    """The owners of a group's cards left, lowest first, one base-4 digit each (1 + the
    seat), from ``index``: seat 0's cards (4 bits), seat 1's (4 bits), the cards left (4 bits).
    """
    code = 0
    for b in range(4):
        if index >> (8 + b) & 1:
            code = code * 4 + (1 if index >> b & 1 else (2 if index >> (4 + b) & 1 else 3))
    return code


OWNERS: Final = array([_owners(i) for i in range(1 << 12)])


@jit("int64(int64)")
def popcount(m: int) -> int:
    """Number of cards in a 32-bit mask."""
    m = m - ((m >> 1) & 0x55555555)
    m = (m & 0x33333333) + ((m >> 2) & 0x33333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F
    return ((m * 0x01010101) & 0xFFFFFFFF) >> 24


@jit("int64(int64)")
def points(m: int) -> int:
    """Card points of a mask."""
    return PTS8[m & 255] + PTS8[(m >> 8) & 255] + PTS8[(m >> 16) & 255] + PTS8[(m >> 24) & 255]


@jit("int64(int64, int64, int64)")
def _legal(hand: int, gt: int, led: int) -> int:
    f = hand & FOLLOW[gt * 32 + led]
    return f if f else hand


# Cards by point value, cheapest first (rank = index & 7: 7 8 9 Q K 10 A J).
LOW_MASKS: Final = array([0x07070707, 0x80808080, 0x08080808, 0x10101010, 0x20202020, 0x40404040])
LOW_POINTS: Final = array([0, 2, 3, 4, 10, 11])


@jit("int64(int64, int64)")
def lowest(hand: int, k: int) -> int:
    """Card points of the ``k`` cheapest cards of ``hand`` (``k`` at most its size).

    >>> lowest(0b1100_0001, 2)  # D7 (0), DA (11), DJ (2): the cheapest two make 2
    2
    """
    total = 0
    for i in range(6):
        if k <= 0:
            break
        m = popcount(hand & LOW_MASKS[i])
        if m > k:
            m = k
        total += m * LOW_POINTS[i]
        k -= m
    return total


@jit("int64(int64, int64, int64, int64)")
def cashed(own: int, o1: int, o2: int, gt: int) -> int:
    """Card points a player on lead surely takes by cashing winners while he keeps the lead,
    the other two hands ``o1`` and ``o2`` adding a card each to every such trick: first his
    trumps above all their trumps (each follows with a trump while he has one), then in each
    side suit his cards above all their cards of that suit, as many rounds as each of them
    with a trump left must still follow (without trumps he cannot take them); each adds at
    least his cheapest cards.

    >>> own = (1 << 14) | (1 << 13) | (1 << 22)  # HA HT SA
    >>> o1, o2 = (1 << 8) | (1 << 16) | (1 << 0), (1 << 31) | (1 << 9) | (1 << 17)  # H7 S7 D7, CJ H8 S8
    >>> cashed(own, o1, o2, 4)  # Grand: HA and SA, then the CJ would trump the HT
    22
    """
    base = gt * 32
    opp = o1 | o2
    trumps = TRUMP_MASK[gt]
    k = 0
    total = 0
    m = own & trumps
    while m:
        low = m & -m
        m ^= low
        c = popcount(low - 1)
        if not (BEATS[base + c] & opp):
            k += 1
            total += CPTS[c]
    n1 = popcount(o1 & trumps) - k  # trumps left to each after those rounds
    n2 = popcount(o2 & trumps) - k
    # what each must add where he follows suit: his cheapest trumps, then his cheapest cards of
    # each side suit cashed (as many as he follows; a discard counts 0)
    f1 = lowest(o1 & trumps, min(k, popcount(o1 & trumps)))
    f2 = lowest(o2 & trumps, min(k, popcount(o2 & trumps)))
    for s in range(4):
        sm = (0xFF << (8 * s)) & ~trumps
        if not (own & sm):
            continue
        rounds = 8
        if n1 > 0:
            rounds = min(rounds, popcount(o1 & sm))
        if n2 > 0:
            rounds = min(rounds, popcount(o2 & sm))
        c = 8 * s + 6  # side suits: power order is index order, the jack is a trump
        done = 0
        while rounds > 0 and c >= 8 * s and not (opp >> c & 1):
            if own >> c & 1:
                done += 1
                total += CPTS[c]
                rounds -= 1
            c -= 1
        k += done
        f1 += lowest(o1 & sm, min(done, popcount(o1 & sm)))
        f2 += lowest(o2 & sm, min(done, popcount(o2 & sm)))
    if k == 0:
        return 0
    return total + max(lowest(o1, k), f1) + max(lowest(o2, k), f2)


@jit("int64(int64[:], int64, int64, int64)")
def sure_points(hands: Any, gt: int, decl: int, leader: int) -> int:
    """At a trick start: card points the leader's side surely takes next.

    The leader cashes his winners (:func:`cashed`; a defender counting his partner as an
    opponent, who must not beat his cards); a defender also wins at least the best single
    trick he leads with a card the declarer cannot beat, with the cheapest cards the
    declarer and the partner may add to it.
    """
    base = gt * 32
    dh = hands[decl]
    if leader == decl:
        return cashed(dh, hands[(decl + 1) % 3], hands[(decl + 2) % 3], gt)
    ph = hands[3 - decl - leader]
    own = hands[leader]
    best = cashed(own, dh, ph, gt)
    while own:
        low = own & -own
        own ^= low
        c = popcount(low - 1)
        if not (BEATS[base + c] & dh):
            v = CPTS[c] + lowest(_legal(dh, gt, c), 1) + lowest(_legal(ph, gt, c), 1)
            if v > best:
                best = v
    return best


@jit("int64(int64[:], int64, int64)")
def master_points(hands: Any, gt: int, decl: int) -> int:
    """At a trick start: card points that go with the trumps winning whatever trick they fall
    in: the declarer's above every defender's trump (low 8 bits), the defenders' above every
    trump of the declarer (the bits above).  Every card is played, so each such trump takes a
    trick of its own for its side (the declarer's ``k`` masters: ``k`` tricks, to which each
    defender adds ``k`` cards, at least his cheapest; the defenders': as many tricks as the
    one with more of them holds, the declarer adding at least his cheapest cards).

    >>> master_points(array([1 << 31, 1 << 29, 1 << 0]), 4, 0)  # CJ over CT and D7: 12
    12
    """
    base = gt * 32
    trumps = TRUMP_MASK[gt]
    d1 = hands[(decl + 1) % 3]
    d2 = hands[(decl + 2) % 3]
    dh = hands[decl]
    opp = d1 | d2
    mine = 0
    theirs = 0
    k = 0
    k1 = 0
    k2 = 0
    m = (dh | opp) & trumps
    while m:
        low = m & -m
        m ^= low
        c = popcount(low - 1)
        if low & dh:
            if not (BEATS[base + c] & opp):
                mine += CPTS[c]
                k += 1
        elif not (BEATS[base + c] & dh):
            theirs += CPTS[c]
            if low & d1:
                k1 += 1
            else:
                k2 += 1
    if k:
        mine += lowest(d1, k) + lowest(d2, k)
    if k1 or k2:
        theirs += lowest(dh, max(k1, k2))
    return mine | (theirs << 8)


@jit("int64(int64[:], int64, int64)")
def table_key(hands: Any, rem: int, raw: int) -> int:
    """The table key of a trick start without its leader: with ``raw`` the cards in the
    hands; else the queens, kings, tens and aces in the hands (16 bits; their owners are
    implied by the generation) and, per equivalent-card group, the owners of its remaining
    cards in power order (one base-4 digit each, 1 + the seat: 6 bits a group of three, 8 for
    the jacks).  Positions with the same key differ only in which cards of a group are left,
    with the same owners in the same order: the same game (the cards compare alike with every
    other card in play and carry the same points), so they have the same value.

    >>> table_key(array([1 << 2, 1 << 0, 0]), 0b101, 0)  # D9 (seat 0) over D7 (seat 1)
    589824
    >>> 589824 == (2 * 4 + 1) << 16
    True
    """
    if raw:
        return rem
    u = rem & UNGROUPED
    key = ((u >> 3) & 0xF) | ((u >> 7) & 0xF0) | ((u >> 11) & 0xF00) | ((u >> 15) & 0xF000)
    h0 = hands[0]
    h1 = hands[1]
    for s in range(4):
        sh = 8 * s
        i = ((h0 >> sh) & 7) | (((h1 >> sh) & 7) << 4) | (((rem >> sh) & 7) << 8)
        key |= OWNERS[i] << (16 + 6 * s)
    j0 = ((h0 >> 7) & 1) | ((h0 >> 14) & 2) | ((h0 >> 21) & 4) | ((h0 >> 28) & 8)
    j1 = ((h1 >> 7) & 1) | ((h1 >> 14) & 2) | ((h1 >> 21) & 4) | ((h1 >> 28) & 8)
    jr = ((rem >> 7) & 1) | ((rem >> 14) & 2) | ((rem >> 21) & 4) | ((rem >> 28) & 8)
    return key | (OWNERS[j0 | (j1 << 4) | (jr << 8)] << 40)


@jit("int64(int64, int64, int64)")
def canonical(c: int, rem: int, raw: int) -> int:
    """The card standing for ``c`` in the table (``rem``: the cards left, ``c`` among them):
    the card of ``c``'s group with its rank among the group's cards left.

    >>> canonical(2, 0b101, 0), canonical(2, 0b101, 1)  # D9 over D7: the second, the D8
    (1, 2)
    """
    gm = GROUP[c] if c >= 0 and not raw else 0
    if gm == 0:
        return c
    m = gm
    for _ in range(popcount(rem & gm & ((1 << c) - 1))):
        m &= m - 1
    return popcount((m & -m) - 1)


@jit("int64(int64, int64, int64)")
def actual(cc: int, rem: int, raw: int) -> int:
    """The card of ``rem`` a canonical card ``cc`` stands for (inverse of :func:`canonical`).

    >>> actual(1, 0b101, 0)
    2
    """
    gm = GROUP[cc] if cc >= 0 and not raw else 0
    if gm == 0:
        return cc
    m = rem & gm
    for _ in range(popcount(gm & ((1 << cc) - 1))):
        m &= m - 1
    if m == 0:
        return -1
    return popcount((m & -m) - 1)


@jit("int64(int64[:], int64, int64, int64, int64, int64, int64, int64, int64)")
def _score(
    hands: Any, gt: int, decl: int, mode: int, leader: int, n: int, c0: int, c1: int, c: int
) -> int:
    """Move-ordering score of card ``c`` (higher is tried first)."""
    mover = (leader + n) % 3
    base = gt * 32
    if mode & NULL:
        pw = NULLPOW[c]
        if n == 0:
            return -pw if mover == decl else pw
        ls = EFF[base + c0]
        kb = (gt * 5 + ls) * 32
        w = c0
        if n == 2 and WINKEY[kb + c1] > WINKEY[kb + c0]:
            w = c1
        if mover == decl:
            if WINKEY[kb + c] > WINKEY[kb + w]:
                return -pw
            return 100 + pw
        return -pw
    p = CPTS[c]
    mine = mover == decl
    if n == 0:
        p1 = (leader + 1) % 3
        p2 = (leader + 2) % 3
        b1 = _legal(hands[p1], gt, c) & BEATS[base + c]
        b2 = _legal(hands[p2], gt, c) & BEATS[base + c]
        if mine:
            if b1 == 0 and b2 == 0:
                return 100 + p
            if EFF[base + c] == 4:  # no sure winner: pull trumps first
                return 30 - p
            if gt == 4:  # Grand: then from long suits (measured: suit games gain nothing)
                return 6 * popcount(hands[mover] & FOLLOW[base + c]) - p
            return -p
        bd = b1 if p1 == decl else b2
        if bd == 0:
            return 50 + p
        return -p
    ls = EFF[base + c0]
    kb = (gt * 5 + ls) * 32
    w = c0
    wpos = 0
    if n == 2 and WINKEY[kb + c1] > WINKEY[kb + c0]:
        w = c1
        wpos = 1
    c_wins = WINKEY[kb + c] > WINKEY[kb + w]
    if n == 2:
        ws = mover if c_wins else (leader + wpos) % 3
        if (ws == decl) == mine:
            return 100 + p
        return -p
    nw = c if c_wins else w
    ws = mover if c_wins else leader
    p3 = (mover + 1) % 3
    if _legal(hands[p3], gt, c0) & BEATS[base + nw]:
        ws = p3
    if (ws == decl) == mine:
        return 100 + p
    return -p


@jit("int64(int64, int64)")
def _bucket(key: int, mask: int) -> int:
    """The first slot of ``key``'s bucket in a table of ``mask + 1`` slots."""
    h = (((key ^ (key >> 29)) & 0xFFFFFFFFFFFF) * 2654435761) & 0xFFFFFFFFFFFF
    return (h ^ (h >> 24)) & mask & ~1


@jit(
    "int64(int64[:], int64[:], int64[:], int64[:], int64, int64, int64, int64, int64, int64, int64)"
)
def search(
    hands: Any,
    ctx: Any,
    tt: Any,
    buf: Any,
    leader: int,
    n: int,
    c0: int,
    c1: int,
    depth: int,
    alpha: int,
    beta: int,
) -> int:
    """Fail-soft alpha-beta: the declarer's gain from this position (see the module doc).

    ``hands`` are the three hands (changed and restored), ``n`` the cards in the current
    trick (``c0``, ``c1``), ``leader`` its leader, ``depth`` the buffer row for the moves.
    """
    gt = ctx[CTX_GT]
    decl = ctx[CTX_DECLARER]
    mode = ctx[CTX_MODE]
    ctx[CTX_NODES] += 1
    mover = (leader + n) % 3
    hand = hands[mover]
    rem = hands[0] | hands[1] | hands[2]
    slot = -1
    key = 0
    raw = 0
    gen = 0
    first = -1
    maxv = 0
    bucket = 0
    if n == 0:
        if rem == 0:
            return 1 if mode & NULL else 0
        if popcount(rem) == 3:  # the last trick: one card each, nothing to choose
            x0 = popcount(hands[leader] - 1)
            x1 = popcount(hands[(leader + 1) % 3] - 1)
            x2 = popcount(hands[(leader + 2) % 3] - 1)
            kb = (gt * 5 + EFF[gt * 32 + x0]) * 32
            k0 = WINKEY[kb + x0]
            k1 = WINKEY[kb + x1]
            k2 = WINKEY[kb + x2]
            if k0 >= k1:
                pos = 0 if k0 >= k2 else 2
            else:
                pos = 1 if k1 >= k2 else 2
            if (leader + pos) % 3 != decl:
                return 1 if mode & NULL else 0
            if mode & NULL:
                return 0
            return 1 if mode & COUNT_TRICKS else points(rem)
        if mode & NULL:
            maxv = 1
        elif mode & COUNT_TRICKS:
            maxv = popcount(rem) // 3
        else:
            maxv = points(rem)
        if maxv <= alpha:
            return maxv
        if beta <= 0:
            return 0
        raw = 1 if ctx[CTX_RAW] or mode & NULL else 0
        gen = ctx[CTX_GEN]
        key = table_key(hands, rem, raw) | (leader << 48)
        bucket = _bucket(key, ctx[CTX_MASK])
        for s in range(bucket, bucket + 2):
            data = tt[2 * s + 1]
            if tt[2 * s] == key and data >> 26 == gen:
                lo = data & 127
                hi = (data >> 7) & 127
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                first = actual(((data >> 14) & 63) - 1, rem, raw)
                slot = s
                break
        if not (mode & (NULL | COUNT_TRICKS)) and not ctx[CTX_PLAIN]:
            sure = sure_points(hands, gt, decl, leader)
            masters = master_points(hands, gt, decl)
            low_b = masters & 255
            high_b = masters >> 8
            if leader == decl:
                low_b = max(low_b, sure)
            else:
                high_b = max(high_b, sure)
            if low_b >= beta:
                return low_b
            if maxv - high_b <= alpha:
                return maxv - high_b
        legal = hand
        inplay = rem
    else:
        legal = _legal(hand, gt, c0)
        inplay = rem | (1 << c0)
        if n == 2:
            inplay |= 1 << c1
    # the moves: one card of each run of equivalent cards, scored for the ordering
    row = depth * SLOTS
    cnt = 0
    base = gt * 32
    nopts = mode & (NULL | COUNT_TRICKS)
    prev_in = False
    prev_pts = -1
    prev_eff = -1
    for k in range(32):
        c = ORDER[base + k]
        b = 1 << c
        if not (inplay & b):
            continue
        e = EFF[base + c]
        if e != prev_eff:
            prev_in = False
            prev_eff = e
        if legal & b:
            p = 0 if nopts else CPTS[c]
            if prev_in and p == prev_pts:
                if c == first:  # the stored best card stands for its run
                    buf[row + cnt - 1] = c
                continue
            buf[row + cnt] = c
            cnt += 1
            prev_in = True
            prev_pts = p
        else:
            prev_in = False
    scores = buf
    sbase = DEPTHS * SLOTS + row
    for i in range(cnt):
        c = buf[row + i]
        if c == first:
            scores[sbase + i] = 1 << 20
        else:
            scores[sbase + i] = _score(hands, gt, decl, mode, leader, n, c0, c1, c)
    for i in range(1, cnt):  # insertion sort, best first
        c = buf[row + i]
        sc = scores[sbase + i]
        j = i - 1
        while j >= 0 and scores[sbase + j] < sc:
            buf[row + j + 1] = buf[row + j]
            scores[sbase + j + 1] = scores[sbase + j]
            j -= 1
        buf[row + j + 1] = c
        scores[sbase + j + 1] = sc
    is_max = mover == decl
    a = alpha
    bt = beta
    best = -1 if is_max else 1 << 20
    bestc = -1
    for i in range(cnt):
        c = buf[row + i]
        bit = 1 << c
        hands[mover] ^= bit
        # the child: one recursive call site only (numba's cache cannot reload a function
        # that calls itself from two places)
        nl = leader
        nn = n + 1
        n0 = c0
        n1 = c1
        tv = 0
        terminal = False
        if n == 0:
            n0 = c
        elif n == 1:
            n1 = c
        else:
            kb = (gt * 5 + EFF[base + c0]) * 32
            k0 = WINKEY[kb + c0]
            k1 = WINKEY[kb + c1]
            k2 = WINKEY[kb + c]
            if k0 >= k1:
                pos = 0 if k0 >= k2 else 2
            else:
                pos = 1 if k1 >= k2 else 2
            nl = (leader + pos) % 3
            nn = 0
            n0 = 0
            n1 = 0
            if nl == decl:
                if mode & NULL:
                    terminal = True
                else:
                    tv = 1 if mode & COUNT_TRICKS else CPTS[c0] + CPTS[c1] + CPTS[c]
            elif (mode & STOP) and not (mode & NULL):
                terminal = True
        if terminal:
            v = 0
        else:
            v = tv + search(hands, ctx, tt, buf, nl, nn, n0, n1, depth + 1, a - tv, bt - tv)
        hands[mover] ^= bit
        if is_max:
            if v > best:
                best = v
                bestc = c
                if best > a:
                    a = best
                    if a >= bt:
                        break
        else:
            if v < best:
                best = v
                bestc = c
                if best < bt:
                    bt = best
                    if a >= bt:
                        break
    if n == 0:
        lo = 0
        hi = maxv
        if best <= alpha:
            hi = best
        elif best >= beta:
            lo = best
        else:
            lo = best
            hi = best
        size = popcount(rem)
        if slot < 0:
            slot = bucket
            old = tt[2 * bucket + 1]
            if old >> 26 == gen and (old >> 20) & 63 > size:
                slot = bucket + 1
        else:
            old = tt[2 * slot + 1]
            if tt[2 * slot] == key and old >> 26 == gen:
                lo = max(lo, old & 127)
                hi = min(hi, (old >> 7) & 127)
        tt[2 * slot] = key
        tt[2 * slot + 1] = (
            lo | (hi << 7) | ((canonical(bestc, rem, raw) + 1) << 14) | (size << 20) | (gen << 26)
        )
    return best
