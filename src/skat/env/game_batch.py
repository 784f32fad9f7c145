"""A fast batch simulator of whole games: ``n`` games stepped together in numpy.

:class:`GameBatch` plays the whole game of a declarer — the auction on the bid ladder (bids,
hold, pass, Forehand alone after two passes, the passed-in game), Hand or picking up the skat,
the discard, every declaration the engine allows (suit, Grand, Null; Hand, Schneider and
Schwarz announced, Ouvert), the card play with its early ends (a Null declarer's trick, a
defenders' trick against an announced Schwarz) and the score — for self-play at scale.  The
rules, observations (2083 entries, seat to move) and action ids (644) are those of
:mod:`skat.env`: tests/env/test_game_batch.py replays random batch games in the engine and
compares every observation, mask and reward.

Every step is vectorised over the games of each phase, with no Python per game; the
declarations open to the declarer (:func:`skat.env.reach.declarable`) and the score
(:mod:`skat.env.batch_score`) are the engine's rules rewritten for arrays, each checked against
the engine's own function.

Rules with Kontra, Spitze, Ramsch, open play, showing the skat or the conceding of the lowest
games (which add actions, questions or phases) are refused: :class:`~skat.env.batch.BatchEnv`
plays them.

>>> batch = GameBatch(8, seed=3)
>>> obs, mask, to_move = batch.reset()
>>> obs.shape, mask.shape, to_move.tolist() == [1] * 8, int(mask[0].sum())
((8, 2083), (8, 644), True, 64)

A random legal action in every game at once until 16 games are over:

>>> rng = np.random.default_rng(0)
>>> while batch.games_finished < 16:
...     ids = (rng.random(mask.shape) * mask).argmax(axis=1)
...     obs, mask, to_move, rewards, done = batch.step(ids)
>>> batch.games_finished >= 16
True
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
from skat.core.scoring import Result
from skat.core.state import GameState
from skat.env.action_ids import (
    BID_IDS,
    DECLARE_IDS,
    DISCARD_IDS,
    HOLD_ID,
    NUM_ACTIONS,
    PASS_ID,
    PICK_UP_ID,
)
from skat.env.aec import rules_of
from skat.env.batch import Reset, Step
from skat.env.batch_score import pay, scores
from skat.env.fast import _BITS, checked_actions, shuffled_deals
from skat.env.observation import _PASS_SIZE as PASS_SIZE
from skat.env.observation import LAYOUT, SIZE
from skat.env.reach import declarable
from skat.env.rewards import check_reward, rewards
from skat.env.tracker import ObservationTracker

__all__ = ["GameBatch"]

_OFF: Final = {name: offset for name, offset, _ in LAYOUT}
_TRICK: Final = 3 + 3 * 32
_ARANGE32: Final = np.arange(32, dtype=np.int64)
_POINTS: Final = np.array(CARD_POINTS, dtype=np.int64)
_BYTE_POINTS: Final = np.array(
    [[sum(CARD_POINTS[8 * k + i] for i in range(8) if b >> i & 1) for b in range(256)]
     for k in range(4)],
    dtype=np.int64,
)  # fmt: skip

# the phases (skat.core.Phase) and the auction's stages (skat.core.auction)
BIDDING, SKAT, DISCARD, DECLARE, PLAY = 0, 1, 2, 3, 4
MH_TO_FH, RH_TO_SURVIVOR, FH_ALONE = 0, 1, 2

_CONTRACTS: Final = Contract.all()
_GT: Final = np.array([int(c.game_type) for c in _CONTRACTS], dtype=np.int64)
_SCHWARZ: Final = np.array([c.schwarz_announced for c in _CONTRACTS], dtype=bool)
_OUVERT: Final = np.array([c.ouvert for c in _CONTRACTS], dtype=bool)
_EFF: Final = np.array(EFFECTIVE_SUIT[:6], dtype=np.int64)  # [game type, card]
_FOLLOW: Final = np.array(FOLLOW_MASKS[:6], dtype=np.int64)  # [game type, led card]
_KEY: Final = np.array(WIN_KEY[:6], dtype=np.int64)  # [game type, led suit, card]
_PAIRS: Final = [(i, j) for i in range(32) for j in range(i + 1, 32)]
_PAIR_I: Final = np.array([i for i, _ in _PAIRS], dtype=np.int64)
_PAIR_J: Final = np.array([j for _, j in _PAIRS], dtype=np.int64)
_LADDER: Final = np.arange(len(BID_VALUES), dtype=np.int64)
_BID_VALUES: Final = np.array(BID_VALUES, dtype=np.int64)

Array = npt.NDArray[Any]


def _check(rules: Rules) -> None:
    extra = {
        "kontra": rules.kontra,
        "spitze": rules.spitze,
        "ramsch": rules.ramsch != "off",
        "open_play": rules.open_play,
        "show_skat": rules.show_skat,
        "auto_concede": rules.auto_concede,
        "grand_ouvert_base=36 (the old ladder)": rules.grand_ouvert_base != 24,
    }
    refused = [name for name, on in extra.items() if on]
    if refused:
        raise ValueError(
            f"GameBatch plays no {', '.join(refused)}: not under {rules} (use BatchEnv)"
        )


def _card_points(masks: Array) -> Array:
    """The card points of card masks (any shape), a byte at a time."""
    out = np.zeros(masks.shape, dtype=np.int64)
    for k in range(4):
        out += _BYTE_POINTS[k][(masks >> (8 * k)) & 0xFF]
    return out


class GameBatch:
    """``n`` whole games stepped together (see the module doc)."""

    def __init__(
        self, n: int, rules: Rules | str = "isko", reward: str = "list", seed: int = 0
    ) -> None:
        if n < 1:
            raise ValueError(f"a batch needs at least one game, not {n}")
        self.n = n
        self.rules = rules_of(rules)
        _check(self.rules)
        self.reward = check_reward(reward)
        self.seed = seed
        self._passed_in = rewards(Result(None, rules=self.rules), self.reward)
        self._template = self._make_template()
        self.obs = np.zeros((n, SIZE), dtype=np.float32)
        self.mask = np.zeros((n, NUM_ACTIONS), dtype=np.int8)
        self.to_move = np.zeros(n, dtype=np.int64)
        self.games_finished = 0
        self.reset()

    def _make_template(self) -> npt.NDArray[np.uint8]:
        """Each seat's vector at the first bid, without hand, phase and seat to move (the same
        for every deal): read from the engine."""
        state = GameState(Deal.random(random.Random(0)), self.rules)
        out = np.stack([ObservationTracker(state).observe(s) for s in range(3)])
        for name, length in (("hand", 32), ("phase", 9), ("to_move", 3)):
            out[:, _OFF[name] : _OFF[name] + length] = 0.0
        return out.astype(np.uint8)

    def reset(self, seed: int | None = None) -> Reset:
        """New deals in every game: (observations, masks, seats to move)."""
        if seed is not None:
            self.seed = seed
        n = self.n
        self._rng = np.random.default_rng(self.seed)
        z = np.zeros
        self.views = z((n, 3, SIZE), dtype=np.uint8)  # each seat's vector
        self.phase, self.stage, self.bid = z(n, np.int64), z(n, np.int64), z(n, np.int64)
        self.bidder, self.listener, self.passes = z(n, np.int64), z(n, np.int64), z(n, np.int64)
        self.said = z((n, 3), dtype=np.int64)  # 0 or 1 + ladder index, as self.bid
        self.hands, self.dealt = z((n, 3), dtype=np.int64), z((n, 3), dtype=np.int64)
        self.skat, self.discard = z(n, np.int64), z(n, np.int64)
        self.declarer, self.contract = z(n, np.int64), z(n, np.int64)
        self.gt, self.schwarz, self.ouvert = z(n, np.int64), z(n, bool), z(n, bool)
        self.declarable = z((n, len(DECLARE_IDS)), dtype=np.int8)
        self.trick, self.in_trick = z((n, 3), dtype=np.int64), z(n, np.int64)
        self.trick_no, self.leader, self.points = z(n, np.int64), z(n, np.int64), z(n, np.int64)
        self.tricks = z((n, 2), dtype=np.int64)  # the declarer's, the defenders'
        self._deal(np.arange(n))
        self._write()
        return self.obs, self.mask, self.to_move

    def _deal(self, games: Array) -> None:
        """New deals in ``games``, at the first bid."""
        k = len(games)
        _, hands, skat = shuffled_deals(self._rng, k)
        self.hands[games] = hands
        self.dealt[games] = hands
        self.skat[games] = skat
        for a in (self.phase, self.stage, self.bid, self.listener, self.passes, self.said):
            a[games] = 0
        for a in (self.trick, self.in_trick, self.trick_no, self.leader, self.tricks):
            a[games] = 0
        self.bidder[games] = 1
        self.to_move[games] = 1
        self.declarer[games] = -1
        self.contract[games] = -1
        if k == self.n:
            self.views[:] = self._template
        else:
            self.views[games] = self._template
        hand = _OFF["hand"]
        self.views[games, :, hand : hand + 32] = (hands[:, :, None] >> _ARANGE32) & 1

    # ------------------------------------------------------------------ observations, masks

    def _write(self) -> None:
        """The observations and masks of the seats to move."""
        rows = np.arange(self.n)
        seat = self.to_move
        obs = self.obs
        obs[:] = self.views[rows, seat]
        obs[rows, _OFF["phase"] + self.phase] = 1.0
        obs[rows, _OFF["to_move"] + seat] = 1.0
        mask = self.mask
        mask[:] = 0
        phase = self.phase
        g = np.flatnonzero(phase == PLAY)
        if len(g):
            hand = self.hands[g, seat[g]]
            follow = hand & _FOLLOW[self.gt[g], self.trick[g, 0]]
            legal = np.where((self.in_trick[g] > 0) & (follow != 0), follow, hand)
            mask[g, :32] = (legal[:, None] >> _ARANGE32) & 1
        g = np.flatnonzero(phase == BIDDING)
        if len(g):
            self._bidding_mask(g)
        g = np.flatnonzero(phase == SKAT)
        mask[g, PICK_UP_ID] = 1
        mask[g, DECLARE_IDS.start : DECLARE_IDS.stop] = self.declarable[g]
        g = np.flatnonzero(phase == DECLARE)
        mask[g, DECLARE_IDS.start : DECLARE_IDS.stop] = self.declarable[g]
        g = np.flatnonzero(phase == DISCARD)
        if len(g):
            hand = self.hands[g, self.declarer[g]][:, None]
            pairs = (hand >> _PAIR_I) & (hand >> _PAIR_J) & 1
            mask[g, DISCARD_IDS.start : DISCARD_IDS.stop] = pairs

    def _bidding_mask(self, g: Array) -> None:
        answering = (self.to_move[g] == self.listener[g]) & (self.stage[g] < FH_ALONE)
        mask = self.mask
        mask[g, PASS_ID] = 1
        mask[g[answering], HOLD_ID] = 1
        b = g[~answering]
        if self.rules.bid_jumps:  # any value above the bid
            mask[b, BID_IDS.start : BID_IDS.stop] = self.bid[b][:, None] <= _LADDER
        else:  # the next value only (self.bid is 1 + the place of the bid on the ladder)
            b = b[self.bid[b] < len(_LADDER)]
            mask[b, BID_IDS.start + self.bid[b]] = 1

    # ------------------------------------------------------------------ a step

    def step(self, actions: Sequence[int] | Array) -> Step:
        """One action id per game: (observations, masks, seats to move, rewards, done)."""
        a = checked_actions(actions, self.mask)
        paid = np.zeros((self.n, 3), dtype=np.float32)
        over = np.zeros(self.n, dtype=bool)
        groups = [np.flatnonzero(self.phase == p) for p in range(5)]
        if len(groups[PLAY]):
            self._play(groups[PLAY], a[groups[PLAY]], paid, over)
        if len(groups[BIDDING]):
            self._auction(groups[BIDDING], a[groups[BIDDING]], paid, over)
        if len(groups[SKAT]):
            self._skat(groups[SKAT], a[groups[SKAT]])
        if len(groups[DISCARD]):
            self._discard(groups[DISCARD], a[groups[DISCARD]])
        if len(groups[DECLARE]):
            g = groups[DECLARE]
            self._declare(g, a[g] - DECLARE_IDS.start)
        done = np.flatnonzero(over)
        if len(done):
            self.games_finished += len(done)
            self._deal(done)
        self._write()
        return self.obs, self.mask, self.to_move, paid, over

    # ------------------------------------------------------------------ the auction

    def _said(self, g: Array, seat: Array, value: Array) -> None:
        """Seat ``seat`` of games ``g`` said ``value`` (1 + ladder index): the said block."""
        at = _OFF["said"] + 64 * seat
        self.views[g, :, at + self.said[g, seat]] = 0
        self.views[g, :, at + value] = 1
        self.said[g, seat] = value

    def _auction(self, g: Array, a: Array, paid: Array, over: Array) -> None:
        seat = self.to_move[g]
        views = self.views
        is_bid = a < HOLD_ID
        if is_bid.any():
            b, s, value = g[is_bid], seat[is_bid], a[is_bid] - BID_IDS.start + 1
            views[b, :, _OFF["bidders"] + 3 * (value - 1) + s] = 1
            views[b, :, _OFF["bid"] + self.bid[b]] = 0
            views[b, :, _OFF["bid"] + value] = 1
            self.bid[b] = value
            self._said(b, s, value)
            alone = self.stage[b] == FH_ALONE
            self.to_move[b] = self.listener[b]
            self._won(b[alone], s[alone])
        is_hold = a == HOLD_ID
        if is_hold.any():
            h, s = g[is_hold], seat[is_hold]
            views[h, :, _OFF["holders"] + 3 * (self.bid[h] - 1) + s] = 1
            self._said(h, s, self.bid[h])
            self.to_move[h] = self.bidder[h]
        is_pass = a == PASS_ID
        if is_pass.any():
            self._pass(g[is_pass], seat[is_pass], paid, over)

    def _pass(self, p: Array, s: Array, paid: Array, over: Array) -> None:
        views = self.views
        views[p, :, _OFF["passed"] + s] = 1
        at = _OFF["passes"] + self.passes[p] * PASS_SIZE
        views[p, :, at + s] = 1
        views[p, :, at + 3 + self.bid[p]] = 1
        self.passes[p] += 1
        survivor = np.where(s == self.bidder[p], self.listener[p], self.bidder[p])
        stage = self.stage[p]
        first = stage == MH_TO_FH
        f = p[first]
        self.stage[f], self.bidder[f], self.listener[f] = RH_TO_SURVIVOR, 2, survivor[first]
        self.to_move[f] = 2
        passed_in = p[stage == FH_ALONE]
        paid[passed_in] = self._passed_in
        over[passed_in] = True
        later = stage == RH_TO_SURVIVOR
        bid = self.bid[p] > 0
        self._won(p[later & bid], survivor[later & bid])
        alone = p[later & ~bid]
        self.stage[alone], self.bidder[alone], self.listener[alone] = FH_ALONE, 0, 0
        self.to_move[alone] = 0

    def _won(self, g: Array, seat: Array) -> None:
        """``seat`` won the auction in games ``g``: he takes the skat or declares a Hand game."""
        if not len(g):
            return
        self.declarer[g] = seat
        self.to_move[g] = seat
        self.phase[g] = SKAT
        self.views[g, :, _OFF["declarer"] + seat] = 1
        self._declarable(g, hand=True)

    def _declarable(self, g: Array, hand: bool) -> None:
        cards = self.hands[g, self.declarer[g]]
        if not hand:
            cards = cards | self.discard[g]
        self.declarable[g] = declarable(cards, _BID_VALUES[self.bid[g] - 1], hand)

    # ------------------------------------------------------------------ skat, discard, declare

    def _skat(self, g: Array, a: Array) -> None:
        up = a == PICK_UP_ID
        u = g[up]
        if len(u):
            d, skat = self.declarer[u], self.skat[u]
            self.hands[u, d] |= skat
            bits = (skat[:, None] >> _ARANGE32) & 1
            self.views[u, d, _OFF["hand"] : _OFF["hand"] + 32] |= bits.astype(np.uint8)
            self.views[u, d, _OFF["skat"] : _OFF["skat"] + 32] = bits
            self.phase[u] = DISCARD
        h = g[~up]
        if len(h):
            self.discard[h] = self.skat[h]  # a Hand game: the skat counts for the declarer
            self._declare(h, a[~up] - DECLARE_IDS.start)

    def _discard(self, g: Array, a: Array) -> None:
        d = self.declarer[g]
        k = a - DISCARD_IDS.start
        i, j = _PAIR_I[k], _PAIR_J[k]
        self.hands[g, d] &= ~(_BITS[i] | _BITS[j])
        self.discard[g] = _BITS[i] | _BITS[j]
        views = self.views
        for card in (i, j):
            views[g, d, _OFF["hand"] + card] = 0
            views[g, d, _OFF["discard"] + card] = 1
        self.phase[g] = DECLARE
        self._declarable(g, hand=False)

    def _declare(self, g: Array, c: Array) -> None:
        """Games ``g`` declare contract ``c`` (index in :meth:`Contract.all`): the play starts."""
        self.contract[g] = c
        self.gt[g] = _GT[c]
        self.schwarz[g] = _SCHWARZ[c]
        ouvert = _OUVERT[c]
        self.ouvert[g] = ouvert
        self.points[g] = _card_points(self.discard[g])
        self.phase[g] = PLAY
        self.to_move[g] = 0
        self.views[g, :, _OFF["contract"] + c] = 1
        o = g[ouvert]
        if len(o):
            d = self.declarer[o]
            bits = ((self.hands[o, d][:, None] >> _ARANGE32) & 1).astype(np.uint8)
            for k in (1, 2):
                self.views[o, (d + k) % 3, _OFF["open_hand"] : _OFF["open_hand"] + 32] = bits

    # ------------------------------------------------------------------ card play

    def _play(self, g: Array, a: Array, paid: Array, over: Array) -> None:
        seat = self.to_move[g]
        k, pos = self.trick_no[g], self.in_trick[g]
        self.hands[g, seat] &= ~_BITS[a]
        at = _OFF["tricks"] + k * _TRICK
        views = self.views
        views[g, seat, _OFF["hand"] + a] = 0
        views[g, :, at + 3 + 32 * seat + a] = 1
        d = self.declarer[g]
        shown = self.ouvert[g] & (seat == d)
        views[g[shown], :, _OFF["open_hand"] + a[shown]] = 0
        lead = pos == 0
        views[g[lead], :, at[lead] + seat[lead]] = 1
        self.leader[g[lead]] = seat[lead]
        self.trick[g, pos] = a
        pos = pos + 1
        nxt = (seat + 1) % 3
        full = pos == 3
        if full.any():
            f = g[full]
            cards = self.trick[f]
            gt = self.gt[f]
            led = _EFF[gt, cards[:, 0]]
            keys = _KEY[gt[:, None], led[:, None], cards]
            winner = (self.leader[f] + keys.argmax(axis=1)) % 3
            by_declarer = winner == d[full]
            self.points[f] += np.where(by_declarer, _POINTS[cards].sum(axis=1), 0)
            self.tricks[f, 0] += by_declarer
            self.tricks[f, 1] += ~by_declarer
            pos[full] = 0
            k[full] += 1
            nxt[full] = winner
        self.in_trick[g] = pos
        self.trick_no[g] = k
        self.to_move[g] = nxt
        ends = (k == 10) | ((self.gt[g] == NULL) & (self.tricks[g, 0] > 0))
        ends |= self.schwarz[g] & (self.tricks[g, 1] > 0)
        e = g[ends]
        if len(e):
            d = self.declarer[e]
            points = self.points[e]
            won, score = scores(
                self.contract[e],
                _BID_VALUES[self.bid[e] - 1],
                self.dealt[e, d] | self.skat[e],
                points,
                self.tricks[e, 0],
                self.tricks[e, 1],
                self.rules,
            )
            paid[e] = pay(self.reward, d, won, score, points)
            over[e] = True

    def deal_of(self, i: int) -> Deal:
        """The deal game ``i`` is playing now (replay its action ids in
        ``GameState(batch.deal_of(i), batch.rules)``)."""
        return Deal(tuple(int(h) for h in self.dealt[i]), int(self.skat[i]))
