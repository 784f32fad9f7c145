"""The observation tensor: exactly what one seat knows, as a flat vector of 0/1 floats.

:func:`observation_of` reads a :class:`~skat.core.state.View` (the engine's own "what this seat
knows") into an :class:`Observation`; :func:`encode` writes it as a ``float32`` vector of
:data:`SIZE` entries laid out as :data:`LAYOUT` (name, offset, length); :func:`decode` reads the
vector back.  Every entry is 0 or 1; cards are indexed as in the engine (suit × 8 + rank, suits
D H S C, ranks 7 8 9 Q K 10 A J); seats are absolute (0 Forehand, 1 Middlehand, 2 Rearhand).

>>> from skat.core import GameState
>>> state = GameState(seed=7)
>>> for a in ("18", "y", "p", "p"): _ = state.apply(a)
>>> obs = observation_of(state.view(0))
>>> obs.seat, obs.bid, obs.said, obs.passed, obs.declarer
(<Seat.FOREHAND: 0>, 18, (18, 18, 0), (False, True, True), <Seat.FOREHAND: 0>)
>>> vector = encode(obs)
>>> vector.shape, vector.dtype, decode(vector) == obs
((2083,), dtype('float32'), True)
>>> [name for name, _, _ in LAYOUT][:6]
['seat', 'phase', 'to_move', 'hand', 'bid', 'said']

States made with ``GameState(ramsch=True)`` (a Ramsch round of a series, no auction) and the
ways to end a game early (claims, resigning, Schenken) are outside the environment; a defender's
claimed hand is not encoded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from skat.core.actions import Bid, Discard, Hold, Pass, PickUp
from skat.core.bidding import BID_INDEX, BID_VALUES, OLD_BID_VALUES
from skat.core.cards import CARDS, Card, CardSet
from skat.core.contracts import Contract
from skat.core.seats import Seat
from skat.core.state import Phase, View

__all__ = [
    "LAYOUT",
    "RAMSCH_KINDS",
    "SIZE",
    "Observation",
    "TrickSeen",
    "decode",
    "encode",
    "observation_of",
]

CONTRACTS: Final = Contract.all()
_CONTRACT_INDEX: Final = {c.code: i for i, c in enumerate(CONTRACTS)}
RAMSCH_KINDS: Final = ("ramsch", "schieberamsch", "gewinner")
"""The kinds of Ramsch, in the order of the ``ramsch`` block."""

HIGH_BIDS: Final = tuple(v for v in OLD_BID_VALUES if v not in BID_INDEX)
"""The bids only the old rules' ladder has (252, 288, 324, 360): the ``high_*`` blocks."""
_HIGH: Final = {v: k for k, v in enumerate(HIGH_BIDS)}
_NH: Final = len(HIGH_BIDS)

_TRICK_SIZE: Final = 3 + 3 * 32
_PASS_SIZE: Final = 3 + 64

_BLOCKS: Final = (
    ("seat", 3),  # one-hot: this seat
    ("phase", 9),  # one-hot: skat.core.Phase
    ("to_move", 3),  # one-hot: the seat to move (all 0 when the game is over)
    ("hand", 32),  # the cards this seat holds now
    ("bid", 64),  # one-hot: 0 no bid yet, 1 + k the k-th value of the ladder
    ("said", 3 * 64),  # per seat, one-hot as "bid": the highest value it bid or held
    ("passed", 3),  # per seat: passed in the auction
    ("declarer", 3),  # one-hot (all 0: no declarer yet, or Ramsch)
    ("contract", 29),  # one-hot, Contract.all() order (D DH DHS … N NO NH NOH)
    ("kontra", 4),  # Kontra, Re, Supra, Resupra said (each level sets its bit)
    ("spitze", 11),  # one-hot: Spitze announced with 1 … 11 cards
    ("announced", 4),  # laid open, skat shown, Schneider required, Schwarz required
    ("ramsch", 3),  # one-hot: ramsch, schieberamsch, gewinner
    ("took_skat", 3),  # Schieberamsch: per seat, took the skat
    ("pushed_on", 3),  # Schieberamsch: per seat, passed the skat on unseen
    ("skat", 32),  # the skat as this seat saw it (if it did)
    ("discard", 32),  # the cards this seat knows were put away (or pushed on by it)
    ("open_hand", 32),  # the declarer's cards while they lie open (Ouvert, laid open)
    ("tricks", 10 * _TRICK_SIZE),  # per trick: leader one-hot, then per seat a card one-hot
    ("bidders", 63 * 3),  # per value of the ladder: one-hot, the seat that bid it
    ("holders", 63 * 3),  # per value of the ladder: one-hot, the seat that held it
    ("passes", 3 * _PASS_SIZE),  # per pass in order: seat one-hot, then the bid standing, as "bid"
    # the old rules' bids above 240 (HIGH_BIDS), appended so that no other entry moved: such a
    # value sets its entry here and none in the block above that names its place
    ("high_bid", _NH),  # one-hot: the bid, when it is one of HIGH_BIDS ("bid" all 0)
    ("high_said", 3 * _NH),  # per seat, as "high_bid": the highest value it bid or held
    ("high_bidders", _NH * 3),  # per high value: one-hot, the seat that bid it
    ("high_holders", _NH * 3),  # per high value: one-hot, the seat that held it
    ("high_passes", 3 * _NH),  # per pass in order: the bid standing, when it is a high one
)


def _layout() -> tuple[tuple[str, int, int], ...]:
    out = []
    offset = 0
    for name, size in _BLOCKS:
        out.append((name, offset, size))
        offset += size
    return tuple(out)


LAYOUT: Final = _layout()
"""(name, offset, length) of every block of the vector, in order."""

_OFF: Final = {name: offset for name, offset, _ in LAYOUT}
SIZE: Final = LAYOUT[-1][1] + LAYOUT[-1][2]
"""Length of the observation vector."""

_ANNOUNCED: Final = ("open", "skat shown", "schneider required", "schwarz required")
_PHASES: Final = tuple(Phase)


@dataclass(frozen=True)
class TrickSeen:
    """One trick (finished or under way): who led, and the card each seat played (or None)."""

    leader: Seat
    cards: tuple[Card | None, Card | None, Card | None]


@dataclass(frozen=True)
class Observation:
    """The decoded observation: one field per block of :data:`LAYOUT`."""

    seat: Seat
    phase: Phase
    to_move: Seat | None
    hand: CardSet
    bid: int
    said: tuple[int, int, int]
    passed: tuple[bool, bool, bool]
    declarer: Seat | None
    contract: Contract | None
    kontra: int
    spitze: int
    announced: tuple[str, ...]
    ramsch: str | None
    took_skat: tuple[bool, bool, bool]
    pushed_on: tuple[bool, bool, bool]
    skat: CardSet | None
    discard: CardSet | None
    open_hand: CardSet | None
    tricks: tuple[TrickSeen, ...]
    bids: tuple[tuple[Seat, int], ...] = ()
    """Every bid of the auction in order: (seat, value)."""
    holds: tuple[tuple[Seat, int], ...] = ()
    """Every hold (*ja*) of the auction in order: (seat, value held)."""
    passes: tuple[tuple[Seat, int], ...] = ()
    """Every pass of the auction in order: (seat, the bid standing then, 0 for none)."""


class _Auction:
    """The auction and the Schieberamsch pushes, read from the history."""

    def __init__(self) -> None:
        self.bid = 0
        self.said = [0, 0, 0]
        self.passed = [False, False, False]
        self.took = [False, False, False]
        self.pushed_on = [False, False, False]
        self.bids: list[tuple[Seat, int]] = []
        self.holds: list[tuple[Seat, int]] = []
        self.passes: list[tuple[Seat, int]] = []


def _auction(view: View) -> _Auction:
    """Read the auction (every bid, hold and pass in order) and the Schieberamsch pushes from
    the history: the auction is recorded whole, so the vector is a function of the information
    state (two views with different auctions never share a vector)."""
    out = _Auction()
    said, passed, took, pushed_on = out.said, out.passed, out.took, out.pushed_on
    bid = 0
    passes = 0
    in_auction = True
    pushing = view.rules.ramsch == "schieberamsch"
    for ev in view.history:
        seat, action = ev[0], ev[1]
        if in_auction:
            if type(action) is Bid:
                bid = said[seat] = action.value
                out.bids.append((Seat(seat), bid))
            elif type(action) is Hold:
                said[seat] = bid
                out.holds.append((Seat(seat), bid))
            elif type(action) is Pass:
                passed[seat] = True
                passes += 1
                out.passes.append((Seat(seat), bid))
            if passes == 3 or (passes == 2 and bid):
                in_auction = False
                pushing = pushing and passes == 3
            continue
        if not pushing:
            break
        if type(action) is PickUp:
            took[seat] = True
        elif type(action) is Pass:
            pushed_on[seat] = True
        elif action is None or type(action) is Discard:
            continue
        else:  # the first card, or Grand Hand: the pushing is over
            break
    out.bid = bid
    return out


def observation_of(view: View) -> Observation:
    """What the seat of ``view`` knows, in the fields of the observation."""
    auction = _auction(view)
    said, passed, took, pushed_on = auction.said, auction.passed, auction.took, auction.pushed_on
    spitze = 0
    for a in view.announcements:
        if a.startswith("spitze "):
            spitze = int(a[7:])
    tricks: list[TrickSeen] = []
    for t in view.tricks:
        row: list[Card | None] = [None, None, None]
        for k, card in enumerate(t.cards):
            row[(t.leader + k) % 3] = card
        tricks.append(TrickSeen(Seat(t.leader), (row[0], row[1], row[2])))
    if view.current_trick:
        row = [None, None, None]
        for k, card in enumerate(view.current_trick):
            row[(view.trick_leader + k) % 3] = card
        tricks.append(TrickSeen(Seat(view.trick_leader), (row[0], row[1], row[2])))
    return Observation(
        seat=Seat(view.seat),
        phase=view.phase,
        to_move=_seat(view.to_move),
        hand=view.hand,
        bid=auction.bid,
        said=(said[0], said[1], said[2]),
        passed=(passed[0], passed[1], passed[2]),
        declarer=_seat(view.declarer),
        contract=view.contract,
        kontra=view.kontra,
        spitze=spitze,
        announced=tuple(a for a in _ANNOUNCED if a in view.announcements),
        ramsch=view.ramsch,
        took_skat=(took[0], took[1], took[2]),
        pushed_on=(pushed_on[0], pushed_on[1], pushed_on[2]),
        skat=view.skat,
        discard=view.discard,
        open_hand=view.open_hand or None,
        tricks=tuple(tricks),
        bids=tuple(auction.bids),
        holds=tuple(auction.holds),
        passes=tuple(auction.passes),
    )


def _cards(out: list[int], offset: int, cards: CardSet | None) -> None:
    if cards is None:
        return
    mask = cards.mask
    while mask:
        low = mask & -mask
        out.append(offset + low.bit_length() - 1)
        mask ^= low


def indices(obs: Observation) -> list[int]:
    """The positions of the 1s of the vector of ``obs``."""
    out = [obs.seat, _OFF["phase"] + int(obs.phase)]
    if obs.to_move is not None:
        out.append(_OFF["to_move"] + obs.to_move)
    _cards(out, _OFF["hand"], obs.hand)
    out.append(_bid_at(obs.bid, _OFF["bid"], _OFF["high_bid"]))
    for s in range(3):
        v = obs.said[s]
        out.append(_bid_at(v, _OFF["said"] + 64 * s, _OFF["high_said"] + _NH * s))
        if obs.passed[s]:
            out.append(_OFF["passed"] + s)
        if obs.took_skat[s]:
            out.append(_OFF["took_skat"] + s)
        if obs.pushed_on[s]:
            out.append(_OFF["pushed_on"] + s)
    if obs.declarer is not None:
        out.append(_OFF["declarer"] + obs.declarer)
    if obs.contract is not None:
        out.append(_OFF["contract"] + _CONTRACT_INDEX[obs.contract.code])
    out.extend(_OFF["kontra"] + k for k in range(obs.kontra))
    if obs.spitze:
        out.append(_OFF["spitze"] + obs.spitze - 1)
    out.extend(_OFF["announced"] + _ANNOUNCED.index(a) for a in obs.announced)
    if obs.ramsch is not None:
        out.append(_OFF["ramsch"] + RAMSCH_KINDS.index(obs.ramsch))
    _cards(out, _OFF["skat"], obs.skat)
    _cards(out, _OFF["discard"], obs.discard)
    _cards(out, _OFF["open_hand"], obs.open_hand)
    base = _OFF["tricks"]
    for k, t in enumerate(obs.tricks):
        at = base + k * _TRICK_SIZE
        out.append(at + t.leader)
        for s, card in enumerate(t.cards):
            if card is not None:
                out.append(at + 3 + 32 * s + card.index)
    _auction_indices(out, obs)
    return out


def _bid_at(value: int, at: int, high_at: int) -> int:
    """The entry of a one-hot bid (0: none, 1 + k: the k-th value of the ladder) whose block
    starts at ``at``, or of a high bid (:data:`HIGH_BIDS`) in the block at ``high_at``."""
    k = _HIGH.get(value)
    if k is not None:
        return high_at + k
    return at + (BID_INDEX[value] + 1 if value else 0)


def _who_at(value: int, name: str, seat: int) -> int:
    k = _HIGH.get(value)
    if k is not None:
        return _OFF["high_" + name] + 3 * k + seat
    return _OFF[name] + 3 * BID_INDEX[value] + seat


def _auction_indices(out: list[int], obs: Observation) -> None:
    """The 1s of the auction blocks: who bid and who held each value, and every pass."""
    out.extend(_who_at(v, "bidders", s) for s, v in obs.bids)
    out.extend(_who_at(v, "holders", s) for s, v in obs.holds)
    for k, (s, v) in enumerate(obs.passes):
        at = _OFF["passes"] + k * _PASS_SIZE
        out.extend((at + s, _bid_at(v, at + 3, _OFF["high_passes"] + _NH * k)))


def encode(obs: Observation) -> npt.NDArray[np.float32]:
    """The observation vector (``float32``, :data:`SIZE` entries of 0 or 1)."""
    vector = np.zeros(SIZE, dtype=np.float32)
    vector[indices(obs)] = 1.0
    return vector


class ObservationDecodeError(ValueError):
    """A vector that is no observation."""


def _bid(index: int | None, high: int | None = None) -> int:
    """The bid at a one-based ``index`` of the bid ladder (0: none), or at ``high`` of
    :data:`HIGH_BIDS`."""
    if high is not None:
        return HIGH_BIDS[high]
    return BID_VALUES[index - 1] if index else 0


def _seat(seat: int | None) -> Seat | None:
    return None if seat is None else Seat(seat)


def _one(block: npt.NDArray[np.float32], name: str) -> int | None:
    hot = np.flatnonzero(block)
    if len(hot) > 1:
        raise ObservationDecodeError(f"block {name} has {len(hot)} entries set, at most 1 allowed")
    return int(hot[0]) if len(hot) else None


def _set(block: npt.NDArray[np.float32]) -> CardSet:
    mask = 0
    for i in np.flatnonzero(block):
        mask |= 1 << int(i)
    return CardSet(mask)


def decode(vector: npt.ArrayLike) -> Observation:
    """Read an observation vector back (the inverse of :func:`encode`).

    >>> decode(np.zeros(3))
    Traceback (most recent call last):
    ...
    skat.env.observation.ObservationDecodeError: an observation has 2083 entries, not 3
    """
    v = np.asarray(vector)
    if v.shape != (SIZE,):
        raise ObservationDecodeError(f"an observation has {SIZE} entries, not {v.size}")
    if not np.isin(v, (0, 1)).all():
        raise ObservationDecodeError("an observation holds only 0s and 1s")
    b = {name: v[offset : offset + size] for name, offset, size in LAYOUT}

    def one(name: str) -> int | None:
        return _one(b[name], name)

    def flags(name: str) -> tuple[bool, bool, bool]:
        f = b[name]
        return (bool(f[0]), bool(f[1]), bool(f[2]))

    seat = one("seat")
    phase = one("phase")
    if seat is None or phase is None:
        raise ObservationDecodeError("an observation names its seat and phase")
    bid = one("bid")
    contract = one("contract")
    spitze = one("spitze")
    ramsch = one("ramsch")
    tricks = []
    for k in range(10):
        block = b["tricks"][k * _TRICK_SIZE : (k + 1) * _TRICK_SIZE]
        leader = _one(block[:3], "tricks")
        if leader is None:
            break
        cards = [_one(block[3 + 32 * s : 35 + 32 * s], "tricks") for s in range(3)]
        row = tuple(CARDS[i] if i is not None else None for i in cards)
        tricks.append(TrickSeen(Seat(leader), (row[0], row[1], row[2])))
    bids, holds, passes = _auction_of(b)
    phase_ = _PHASES[phase]
    skat = _set(b["skat"])
    discard = _set(b["discard"])
    open_hand = _set(b["open_hand"])
    return Observation(
        seat=Seat(seat),
        phase=phase_,
        to_move=_seat(one("to_move")),
        hand=_set(b["hand"]),
        bid=_bid(bid, one("high_bid")),
        said=_said_of(b),
        passed=flags("passed"),
        declarer=_seat(one("declarer")),
        contract=CONTRACTS[contract] if contract is not None else None,
        kontra=int(b["kontra"].sum()),
        spitze=spitze + 1 if spitze is not None else 0,
        announced=tuple(a for i, a in enumerate(_ANNOUNCED) if b["announced"][i]),
        ramsch=RAMSCH_KINDS[ramsch] if ramsch is not None else None,
        took_skat=flags("took_skat"),
        pushed_on=flags("pushed_on"),
        skat=skat if skat else None,
        discard=discard if discard else None,
        open_hand=open_hand if open_hand else None,
        tricks=tuple(tricks),
        bids=bids,
        holds=holds,
        passes=passes,
    )


def _said_of(b: dict[str, npt.NDArray[np.float32]]) -> tuple[int, int, int]:
    """The highest value each seat bid or held (the ``said`` and ``high_said`` blocks)."""
    said = [
        _bid(
            _one(b["said"][64 * s : 64 * s + 64], "said"),
            _one(b["high_said"][_NH * s : _NH * s + _NH], "high_said"),
        )
        for s in range(3)
    ]
    return (said[0], said[1], said[2])


_Said = tuple[tuple[Seat, int], ...]


def _auction_of(b: dict[str, npt.NDArray[np.float32]]) -> tuple[_Said, _Said, _Said]:
    """The bids, holds and passes of the auction blocks."""
    said: list[_Said] = []
    for name in ("bidders", "holders"):
        row = []
        for block, values in ((b[name], BID_VALUES), (b["high_" + name], HIGH_BIDS)):
            for k, value in enumerate(values):
                who = _one(block[3 * k : 3 * k + 3], name)
                if who is not None:
                    row.append((Seat(who), value))
        said.append(tuple(sorted(row, key=lambda sv: sv[1])))
    passes = []
    for k in range(3):
        block = b["passes"][k * _PASS_SIZE : (k + 1) * _PASS_SIZE]
        who = _one(block[:3], "passes")
        if who is None:
            break
        high = _one(b["high_passes"][_NH * k : _NH * k + _NH], "high_passes")
        passes.append((Seat(who), _bid(_one(block[3:], "passes"), high)))
    return said[0], said[1], tuple(passes)
