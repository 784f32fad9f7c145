"""A fast batch simulator of card play: ``n`` games stepped together in numpy, no Python per move.

:class:`CardPlayBatch` plays the card play of a fixed contract, the curriculum step of
:mod:`skat.env.curriculum` (``contract="fixed:CODE@SEAT"``), for self-play at scale.  Every game
starts at the first card: seat ``declarer`` won the auction at 18 (the others passed), picked
up the skat and put it back as dealt (a Hand contract: left it), and declared ``contract``.  The
rules are the engine's (:mod:`skat.core.contracts`' follow masks and trick keys, the engine's
:func:`~skat.core.scoring.score` for each finished game), the observation vectors those of
:mod:`skat.env.observation` (2083 entries, seat to move), the action ids the card ids 0-31 of
the 644 (the mask is 644 wide).  tests/env/test_fast.py replays random batch games in the
engine and compares every observation, mask and reward.

It has :class:`~skat.env.batch.BatchEnv`'s interface: ``reset()`` gives (observations, masks,
seats to move); ``step(actions)`` one card id per game gives (observations, masks, seats to move,
rewards, done), and a game that ends is replaced at once by a new deal.  The arrays are reused
between calls.  Rules with Kontra, Spitze or open play and the Ouvert and announced contracts
(which change the observation mid-play) are refused.

>>> batch = CardPlayBatch(8, contract="G", declarer=1, seed=3)
>>> obs, mask, to_move = batch.reset()
>>> obs.shape, int(mask[0].sum()), to_move.tolist() == [0] * 8
((8, 2083), 10, True)

A random legal card in every game at once, for two Grands a row (30 cards each):

>>> rng = np.random.default_rng(0)
>>> paid = np.zeros(3)
>>> for _ in range(60):
...     cards = (rng.random((8, 32)) * mask[:, :32]).argmax(axis=1)
...     obs, mask, to_move, rewards, done = batch.step(cards)
...     paid += rewards.sum(axis=0)
>>> batch.games_finished, bool(paid[0] == paid[2] == 0.0), bool(paid[1] != 0.0)
(16, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from skat.core.bidding import BID_VALUES
from skat.core.cards import CARD_POINTS
from skat.core.contracts import EFFECTIVE_SUIT, FOLLOW_MASKS, NULL, WIN_KEY, Contract
from skat.core.deal import Deal
from skat.core.rules import Rules
from skat.core.scoring import score
from skat.core.state import GameState
from skat.env.action_ids import NUM_ACTIONS, describe
from skat.env.aec import rules_of
from skat.env.batch import Reset, Step
from skat.env.curriculum import declare, start_state
from skat.env.observation import LAYOUT, SIZE
from skat.env.rewards import check_reward, rewards
from skat.env.tracker import ObservationTracker

__all__ = ["CardPlayBatch"]

_OFF: Final = {name: offset for name, offset, _ in LAYOUT}
_TRICK: Final = 3 + 3 * 32
_BITS: Final = np.int64(1) << np.arange(32, dtype=np.int64)


def shuffled_deals(
    rng: np.random.Generator, k: int
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``k`` new deals: the card order (cards 30 and 31 the skat), the three hands and the
    skat as card masks."""
    order = np.argsort(rng.random((k, 32)), axis=1)
    bits = _BITS[order]
    hands = np.stack([bits[:, 10 * s : 10 * s + 10].sum(axis=1) for s in range(3)], axis=1)
    return order, hands, bits[:, 30:].sum(axis=1)


def checked_actions(
    actions: Sequence[int] | npt.NDArray[Any], mask: npt.NDArray[np.int8]
) -> npt.NDArray[np.int64]:
    """``actions`` as an array, one legal id per game of ``mask``, or one clear ``ValueError``
    naming the first game whose action is not legal now."""
    n = len(mask)
    a = np.asarray(actions, dtype=np.int64)
    if a.shape != (n,):
        raise ValueError(f"one action per game: {n} needed, got {a.size}")
    rows = np.arange(n)
    ok = (a >= 0) & (a < NUM_ACTIONS)
    ok[ok] = mask[rows[ok], a[ok]] == 1
    if not ok.all():
        i = int(np.flatnonzero(~ok)[0])
        what = describe(int(a[i])) if 0 <= a[i] < NUM_ACTIONS else "no action"
        raise ValueError(f"game {i}: action {int(a[i])} ({what}) is not legal now")
    return a


_POINTS: Final = np.array(CARD_POINTS, dtype=np.int64)


def _check(contract: Contract, rules: Rules) -> None:
    if contract.ouvert or contract.schneider_announced or contract.schwarz_announced:
        raise ValueError(
            f"CardPlayBatch plays no Ouvert or announced contract, not {contract.code}"
        )
    if rules.kontra or rules.spitze or rules.open_play:
        raise ValueError(f"CardPlayBatch plays no Kontra, Spitze or open play, not under {rules}")


class CardPlayBatch:
    """``n`` games of card play of one contract, stepped together (see the module doc)."""

    def __init__(
        self,
        n: int,
        contract: str = "G",
        declarer: int = 0,
        rules: Rules | str = "isko",
        reward: str = "list",
        seed: int = 0,
    ) -> None:
        if n < 1:
            raise ValueError(f"a batch needs at least one game, not {n}")
        if declarer not in (0, 1, 2):
            raise ValueError(f"the declarer is seat 0, 1 or 2, not {declarer!r}")
        self.n = n
        self.rules = rules_of(rules)
        self.contract = Contract.parse(contract)
        _check(self.contract, self.rules)
        self.declarer = declarer
        self.reward = check_reward(reward)
        self.seed = seed
        gt = int(self.contract.game_type)
        self._gt = gt
        self._eff = np.array(EFFECTIVE_SUIT[gt], dtype=np.int64)
        self._follow = np.array(FOLLOW_MASKS[gt], dtype=np.int64)
        self._key = np.array(WIN_KEY[gt], dtype=np.int64)
        self._template = self._make_template()
        self.obs = np.zeros((n, SIZE), dtype=np.float32)
        self.mask = np.zeros((n, NUM_ACTIONS), dtype=np.int8)
        self.to_move = np.zeros(n, dtype=np.int64)
        self.games_finished = 0
        self.reset()

    def _make_template(self) -> npt.NDArray[np.float32]:
        """Each seat's vector at the first card, its hand, skat and discard left out (the same
        for every deal): read from the engine."""
        rng = random.Random(0)
        fixed = f"fixed:{self.contract.code}@{self.declarer}"
        state = start_state(Deal.random(rng), self.rules, fixed, rng)
        out = np.stack([ObservationTracker(state).observe(s) for s in range(3)])
        for name in ("hand", "skat", "discard"):
            out[:, _OFF[name] : _OFF[name] + 32] = 0.0
        return out.astype(np.uint8)

    def reset(self, seed: int | None = None) -> Reset:
        """New deals in every game: (observations, masks, seats to move)."""
        if seed is not None:
            self.seed = seed
        n = self.n
        self._rng = np.random.default_rng(self.seed)
        self.hands = np.zeros((n, 3), dtype=np.int64)
        self.skat = np.zeros(n, dtype=np.int64)
        self.views = np.zeros((n, 3, SIZE), dtype=np.uint8)  # each seat's vector
        self.trick = np.zeros((n, 3), dtype=np.int64)
        self.in_trick = np.zeros(n, dtype=np.int64)
        self.trick_no = np.zeros(n, dtype=np.int64)
        self.leader = np.zeros(n, dtype=np.int64)
        self.points = np.zeros(n, dtype=np.int64)  # the declarer's
        self.tricks = np.zeros((n, 2), dtype=np.int64)  # the declarer's, the defenders'
        self.dealt = np.zeros((n, 3), dtype=np.int64)
        self._deal(np.arange(n))
        self._write()
        return self.obs, self.mask, self.to_move

    def _deal(self, games: npt.NDArray[np.intp]) -> None:
        """New deals in ``games``, at the first card."""
        k = len(games)
        order, hands, skat = shuffled_deals(self._rng, k)
        self.hands[games] = hands
        self.dealt[games] = hands
        self.skat[games] = skat
        self.trick[games] = 0
        self.in_trick[games] = 0
        self.trick_no[games] = 0
        self.leader[games] = 0
        self.points[games] = _POINTS[order[:, 30:]].sum(axis=1)  # the skat counts for him
        self.tricks[games] = 0
        self.to_move[games] = 0
        views = self.views
        if k == self.n:
            views[:] = self._template
        else:
            views[games] = self._template
        hand = _OFF["hand"]
        views[games, :, hand : hand + 32] = (hands[:, :, None] >> np.arange(32)) & 1
        if not self.contract.hand:
            skat_bits = (skat[:, None] >> np.arange(32)) & 1
            d = self.declarer
            views[games, d, _OFF["skat"] : _OFF["skat"] + 32] = skat_bits
            views[games, d, _OFF["discard"] : _OFF["discard"] + 32] = skat_bits

    def _write(self) -> None:
        """The observations and masks of the seats to move."""
        rows = np.arange(self.n)
        seat = self.to_move
        self.obs[:] = self.views[rows, seat]
        hand = self.hands[rows, seat]
        follow = hand & self._follow[self.trick[:, 0]]
        legal = np.where((self.in_trick > 0) & (follow != 0), follow, hand)
        self.mask[:, :32] = (legal[:, None] >> np.arange(32)) & 1

    def step(self, actions: Sequence[int] | npt.NDArray[Any]) -> Step:
        """One card id per game: (observations, masks, seats to move, rewards, done)."""
        a = checked_actions(actions, self.mask)
        rows = np.arange(self.n)
        seat = self.to_move
        k, pos = self.trick_no, self.in_trick
        self.hands[rows, seat] &= ~_BITS[a]
        at = _OFF["tricks"] + k * _TRICK
        views = self.views
        views[rows, seat, _OFF["hand"] + a] = 0
        views[rows, :, at + 3 + 32 * seat + a] = 1
        lead = pos == 0
        views[rows[lead], :, at[lead] + seat[lead]] = 1
        self.leader[lead] = seat[lead]
        self.trick[rows, pos] = a
        pos += 1
        nxt = (seat + 1) % 3
        full = pos == 3
        if full.any():
            f = rows[full]
            cards = self.trick[f]
            led = self._eff[cards[:, 0]]
            keys = self._key[led[:, None], cards]
            winner = (self.leader[f] + keys.argmax(axis=1)) % 3
            by_declarer = winner == self.declarer
            self.points[f] += np.where(by_declarer, _POINTS[cards].sum(axis=1), 0)
            self.tricks[f, 0] += by_declarer
            self.tricks[f, 1] += ~by_declarer
            pos[f] = 0
            k[f] += 1
            nxt[f] = winner
        views[rows, :, _OFF["to_move"] + seat] = 0
        views[rows, :, _OFF["to_move"] + nxt] = 1
        self.to_move[:] = nxt
        over = k == 10
        if self._gt == NULL:
            over |= self.tricks[:, 0] > 0
        paid = np.zeros((self.n, 3), dtype=np.float32)
        if over.any():
            done = rows[over]
            for i in done:
                paid[i] = self._rewards(int(i))
            self.games_finished += len(done)
            self._deal(done)
        self._write()
        return self.obs, self.mask, self.to_move, paid, over

    def _rewards(self, i: int) -> tuple[float, float, float]:
        """What finished game ``i`` pays, scored by the engine."""
        d = self.declarer
        result = score(
            self.contract,
            bid=BID_VALUES[0],  # the declarer won the auction at the lowest bid
            cards=int(self.dealt[i, d] | self.skat[i]),
            points=int(self.points[i]),
            tricks=int(self.tricks[i, 0]),
            defender_tricks=int(self.tricks[i, 1]),
            declarer=d,
            rules=self.rules,
        )
        return rewards(result, self.reward)

    def deal_of(self, i: int) -> Deal:
        """The deal game ``i`` is playing now."""
        return Deal(tuple(int(h) for h in self.dealt[i]), int(self.skat[i]))

    def engine_state(self, i: int) -> GameState:
        """Game ``i`` as the engine's :class:`~skat.core.state.GameState` at its first card (play
        the same card ids in it to replay the game)."""
        state = GameState(self.deal_of(i), self.rules)
        return declare(state, self.contract, self.declarer, int(self.skat[i]))
