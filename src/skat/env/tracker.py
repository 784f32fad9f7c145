"""Fast observations for a game that only moves forward: the vector is kept up to date event by
event instead of being rebuilt from the whole :class:`~skat.core.state.View` at every step.

:class:`ObservationTracker` follows one :class:`~skat.core.state.GameState`.  The parts that only
grow (the auction, the Schieberamsch pushes, the tricks) are written once per event into three
per-seat base vectors; the parts that change (hand, phase, bid, contract, skat, announcements)
are read from the state's public attributes at each :meth:`~ObservationTracker.observe`.  The
result is exactly :func:`skat.env.observation.encode` of
:func:`~skat.env.observation.observation_of` of the seat's view (the tests compare the two on
every step of many games).  After an event outside the environment's action space (a claim, a
resignation, Schenken, a violation) it falls back to that slow path.  It follows a game forward:
when the history is shorter than at the last call it starts again, but an ``undo`` followed by
another action before the next call goes unnoticed — make a new tracker after undoing.

>>> from skat.core import GameState
>>> import numpy as np
>>> from skat.env.observation import encode, observation_of
>>> state = GameState(seed=5)
>>> tracker = ObservationTracker(state)
>>> for a in ("18", "y", "20", "p", "p", "s"): _ = state.apply(a)
>>> all(np.array_equal(tracker.observe(s), encode(observation_of(state.view(s)))) for s in range(3))
True
"""

from __future__ import annotations

from typing import Final, cast

import numpy as np
import numpy.typing as npt

from skat.core.actions import (
    Bid,
    Declare,
    Discard,
    Double,
    Hold,
    LayOpen,
    Pass,
    PickUp,
    ShowSkat,
    Spitze,
)
from skat.core.bidding import BID_INDEX
from skat.core.cards import Card
from skat.core.state import GameState, Phase
from skat.env.observation import _CONTRACT_INDEX as CONTRACT_INDEX
from skat.env.observation import _PASS_SIZE as PASS_SIZE
from skat.env.observation import LAYOUT, RAMSCH_KINDS, SIZE, encode, observation_of

__all__ = ["ObservationTracker"]

_OFF: Final = {name: offset for name, offset, _ in LAYOUT}
_PHASE, _TO_MOVE, _HAND, _BID = _OFF["phase"], _OFF["to_move"], _OFF["hand"], _OFF["bid"]
_SAID, _PASSED, _DECL, _CONTRACT = _OFF["said"], _OFF["passed"], _OFF["declarer"], _OFF["contract"]
_KONTRA, _SPITZE, _ANN, _RAMSCH = _OFF["kontra"], _OFF["spitze"], _OFF["announced"], _OFF["ramsch"]
_TOOK, _PUSHED, _SKAT, _DISCARD = (
    _OFF["took_skat"],
    _OFF["pushed_on"],
    _OFF["skat"],
    _OFF["discard"],
)
_OPEN, _TRICKS = _OFF["open_hand"], _OFF["tricks"]
_BIDDERS, _HOLDERS, _PASSES = _OFF["bidders"], _OFF["holders"], _OFF["passes"]
_DONE: Final = Phase.DONE
_PLAY_PHASES: Final = (Phase.DECLARE, Phase.PLAY, Phase.DONE)
_OUTSIDE: Final = (
    Bid,
    Hold,
    Pass,
    PickUp,
    ShowSkat,
    Discard,
    Declare,
    Card,
    Double,
    Spitze,
    LayOpen,
)
_BITS: Final = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


def _set_cards(out: npt.NDArray[np.float32], offset: int, mask: int) -> None:
    """Set the entries of the cards of ``mask`` (a byte at a time: few Python steps)."""
    k = 0
    while mask:
        byte = mask & 0xFF
        if byte:
            for i in _BITS[byte]:
                out[offset + k + i] = 1.0
        mask >>= 8
        k += 8


class ObservationTracker:
    """Observation vectors of one game, kept up to date event by event (see the module doc)."""

    __slots__ = (
        "_base",
        "_bid",
        "_cards",
        "_fallback",
        "_hands",
        "_in_auction",
        "_laid_open",
        "_n",
        "_passes",
        "_push_skat",
        "_pushed",
        "_pushing",
        "_ramsch",
        "_said",
        "_seen",
        "_shown",
        "state",
    )

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._reset()

    def _reset(self) -> None:
        self._base = [np.zeros(SIZE, dtype=np.float32) for _ in range(3)]
        for s in range(3):
            base = self._base[s]
            base[s] = 1.0  # the seat block never changes
            for other in range(3):
                base[_SAID + 64 * other] = 1.0  # nothing said yet
        self._n = 0
        self._hands = list(self.state.deal.hand_masks)
        self._bid = 0
        self._said = [0, 0, 0]
        self._passes = 0
        self._in_auction = True
        rules = self.state.rules
        self._pushing = rules.ramsch == "schieberamsch"
        self._ramsch = ""
        self._push_skat = self.state.deal.skat_mask
        self._seen = [0, 0, 0]
        self._pushed = [0, 0, 0]
        self._cards = 0
        self._laid_open = False
        self._shown = False
        # the old rules' ladder (bids 252 … 360 in the high_* blocks): the slow path, exact
        self._fallback = rules.grand_ouvert_base != 24

    def _set(self, i: int, value: float = 1.0) -> None:
        """Set entry ``i`` of the three base vectors."""
        b0, b1, b2 = self._base
        b0[i] = b1[i] = b2[i] = value

    def _sync(self) -> None:
        history = self.state.history
        if len(history) < self._n:  # an undo: start again
            self._reset()
        if self._fallback:  # observe() reads the view: nothing to keep up to date
            self._n = len(history)
            return
        for ev in history[self._n :]:
            seat, action = ev
            kind = type(action)
            if kind not in _OUTSIDE:
                self._fallback = True
            if kind is Card:
                self._card(seat, cast(Card, action))
            elif self._in_auction:
                self._auction(seat, action)
            elif not (self._pushing and self._push(seat, action)):
                self._after_auction(seat, action)
        self._n = len(history)

    def _card(self, seat: int, card: Card) -> None:
        k, pos = divmod(self._cards, 3)
        at = _TRICKS + k * 99
        if pos == 0:
            self._set(at + seat)
        self._set(at + 3 + 32 * seat + card.index)
        self._hands[seat] &= ~card.bit
        self._cards += 1

    def _auction(self, seat: int, action: object) -> None:
        kind = type(action)
        if kind is Bid or kind is Hold:
            if kind is Bid:
                self._bid = cast(Bid, action).value
            whose = _BIDDERS if kind is Bid else _HOLDERS
            self._set(whose + 3 * BID_INDEX[self._bid] + seat)
            old = self._said[seat]
            at = _SAID + 64 * seat
            self._set(at + (BID_INDEX[old] + 1 if old else 0), 0.0)
            self._said[seat] = self._bid
            self._set(at + BID_INDEX[self._bid] + 1)
        elif kind is Pass:
            self._set(_PASSED + seat)
            at = _PASSES + self._passes * PASS_SIZE
            self._set(at + seat)
            self._set(at + 3 + (BID_INDEX[self._bid] + 1 if self._bid else 0))
            self._passes += 1
        if self._passes == 3 or (self._passes == 2 and self._bid):
            self._in_auction = False
            self._pushing = self._pushing and self._passes == 3
            rules = self.state.rules
            if self._passes == 3 and rules.ramsch != "off":
                self._ramsch = rules.ramsch
                self._set(_RAMSCH + RAMSCH_KINDS.index(rules.ramsch))

    def _push(self, seat: int, action: object) -> bool:
        """A Schieberamsch event (taking the skat, pushing on); False when the pushes are
        over."""
        kind = type(action)
        if kind is PickUp:
            self._set(_TOOK + seat)
            self._seen[seat] = self._push_skat
            self._hands[seat] |= self._push_skat
        elif kind is Pass:
            self._set(_PUSHED + seat)
        elif kind is Discard:
            pushed = cast(Discard, action).mask
            self._pushed[seat] = self._push_skat = pushed
            self._hands[seat] &= ~pushed
        else:
            self._pushing = False
        return self._pushing

    def _after_auction(self, seat: int, action: object) -> None:
        kind = type(action)
        if kind is Declare:
            if self._ramsch:  # Grand Hand instead of the Schieberamsch
                self._set(_RAMSCH + RAMSCH_KINDS.index(self._ramsch), 0.0)
                self._ramsch = ""
        elif kind is Double:
            self._set(_KONTRA + cast(Double, action).level - 1)
        elif kind is Spitze:
            self._set(_SPITZE + cast(Spitze, action).cards - 1)
        elif kind is LayOpen:
            self._laid_open = True
            self._set(_ANN)
        elif kind is PickUp or kind is ShowSkat:
            self._hands[seat] |= self.state.deal.skat_mask
            if kind is ShowSkat:
                self._shown = True
                self._set(_ANN + 1)
        elif kind is Discard:
            self._hands[seat] &= ~cast(Discard, action).mask

    def _skat_seen(self, out: npt.NDArray[np.float32], seat: int, done: bool) -> None:
        """The skat and the discard (or the pushes) as ``seat`` saw them."""
        state = self.state
        d = state.declarer
        picked_up = state.picked_up
        if done or (seat == d and picked_up) or self._shown:
            _set_cards(out, _SKAT, state.deal.skat_mask)
            if (picked_up and state.phase in _PLAY_PHASES and (seat == d or done)) or (
                done and any(self._pushed)
            ):
                _set_cards(out, _DISCARD, state.skat.mask)
        elif self._seen[seat]:
            _set_cards(out, _SKAT, self._seen[seat])
            _set_cards(out, _DISCARD, self._pushed[seat])

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        """The observation vector of ``seat`` now (a new array)."""
        self._sync()
        state = self.state
        if self._fallback or state.claimed:
            return encode(observation_of(state.view(seat)))
        out: npt.NDArray[np.float32] = self._base[seat].copy()
        phase = state.phase
        done = phase == _DONE
        out[_PHASE + phase] = 1.0
        if not done:
            out[_TO_MOVE + state.to_move] = 1.0
        _set_cards(out, _HAND, self._hands[seat])
        bid = state.bid
        out[_BID + (BID_INDEX[bid] + 1 if bid else 0)] = 1.0
        d = state.declarer
        if d is not None:
            out[_DECL + d] = 1.0
        c = state.contract
        if c is not None:
            out[_CONTRACT + CONTRACT_INDEX[c.code]] = 1.0
        self._skat_seen(out, seat, done)
        if d is not None and seat != d and (self._laid_open or (c is not None and c.ouvert)):
            _set_cards(out, _OPEN, self._hands[d])
        return out
