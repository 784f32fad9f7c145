"""The project's state machines as :class:`~skat.testing.conformance.Machine` s: Skat
(:func:`game_state`, under any rules), Tournee, Officers, Strohmann and Scat.

Each comes with a random mover (mostly a sensible auction, now and then an end action) and a
*twin* maker: a state that differs only in cards a seat cannot see (hidden cards swapped between
the slots that hide them, :func:`swap_hidden`), the same actions replayed on it.

>>> import random
>>> from skat.testing.conformance import check
>>> check(officers(), games=2).finished
2
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from skat.core.actions import (
    HOLD,
    PASS,
    PICK_UP,
    SHOW_SKAT,
    VIOLATION_KINDS,
    Bid,
    Declare,
    Discard,
    Resign,
    ShowSkat,
    Violation,
)
from skat.core.cards import ALL_MASK, CARDS, Card, CardSet, points_of
from skat.core.deal import Deal
from skat.core.rules import PRESETS, Rules
from skat.core.state import GameState, IllegalActionError, Phase
from skat.testing.conformance import Machine
from skat.thirtyone import Round
from skat.thirtyone import Rules as ScatRules
from skat.thirtyone import pack as scat_pack
from skat.thirtyone.agents import HeuristicAgent as ScatHeuristic
from skat.variants.officers import OfficersDeal, OfficersState
from skat.variants.strohmann import StrohmannState
from skat.variants.tournee import TourneePhase, TourneeState
from skat.variants.tournee_actions import TURN
from skat.variants.tournee_scoring import GUCKSER, TOURNEE

T = TypeVar("T")

__all__ = ["game_state", "officers", "scat", "strohmann", "swap_hidden", "tournee"]


def swap_hidden(
    slots: Sequence[int], pinned: int, holders: set[int], rng: random.Random
) -> list[int] | None:
    """``slots`` (card masks) with one to four random pairs of cards swapped, each card not
    ``pinned`` and lying in one of the ``holders`` slots; ``None`` when fewer than two such
    slots hold such cards.

    >>> swap_hidden([0b0011, 0b1100], 0b0001, {0, 1}, random.Random(1)) in ([1 | 4, 2 | 8], [1 | 8, 2 | 4])
    True
    """
    owner = {i: s for s, m in enumerate(slots) for i in range(32) if m >> i & 1}
    free = [i for i, s in owner.items() if s in holders and not pinned >> i & 1]
    if len({owner[i] for i in free}) < 2:
        return None
    for _ in range(rng.randint(1, 4)):
        x, y = rng.sample(free, 2)
        owner[x], owner[y] = owner[y], owner[x]
    out = [0] * len(slots)
    for i, s in owner.items():
        out[s] |= 1 << i
    return out


def _replayed(
    other: T, state: Any, automatic: Callable[[Any], bool] = lambda ev: False
) -> T | None:
    """``other`` after the actions of ``state`` (but the ``automatic`` ones), or ``None`` if
    one of them is illegal there."""
    try:
        for ev in state.history:
            if not automatic(ev):
                other.apply(ev.action, ev.seat)  # type: ignore[attr-defined]
    except IllegalActionError:
        return None
    return other


def _trick_places(state: Any) -> list[int]:
    return [CardSet(state.current_trick).mask, *(CardSet(t.cards).mask for t in state.tricks)]


def _played(state: Any) -> int:
    out = 0
    for m in _trick_places(state):
        out |= m
    return out


def _skat_points(state: Any) -> int:
    """The state's own count of the card points: won by each party (in the tricks in a
    Ramsch), unplayed, the skat."""
    hands = 0
    for s in range(3):
        hands |= state.hand(s).mask
    if state.declarer is None:
        won: int = sum(t.points for t in state.tricks)
    else:
        won = sum(state.points())
    skat: int = state.skat.points
    return won + points_of(hands | CardSet(state.current_trick).mask) + skat


def _ended_early(state: Any) -> bool:
    return bool(state.is_over) and len(state.tricks) < 10


def _quick(s: Any, extra: Callable[[Any], object]) -> object:
    """What a three-hand game's snapshot holds besides the views: hands, skat, history,
    legal and end actions, the machine's ``extra``."""
    return (
        tuple(s.hand(k) for k in range(3)),
        s.skat,
        tuple(s.history),
        tuple(s.legal_actions()),
        tuple(s.end_actions()),
        extra(s),
    )


def _skat_like(
    name: str,
    new: Callable[[random.Random], Any],
    move: Callable[[Any, random.Random], None],
    extra: Callable[[Any], object],
    twin: Callable[[Any, int, random.Random], Any],
    seats: Callable[[Any], Sequence[int]] = lambda s: range(3),
    points: Callable[[Any], int] | None = None,
    complete: Callable[[Any], bool] | None = None,
) -> Machine[Any]:
    """A machine for a game of three hands, tricks and a skat (Skat and its variants)."""
    return Machine(
        name=name,
        new=new,
        move=move,
        is_over=lambda s: s.is_over,
        seats=seats,
        places=lambda s: [*(s.hand(k).mask for k in range(3)), *_trick_places(s), s.skat.mask],
        pack=ALL_MASK,
        snapshot=lambda s: (tuple(s.view(k) for k in range(3)), _quick(s, extra)),
        quick=lambda s: _quick(s, extra),
        copy=lambda s: s.copy(),
        points=points,
        complete=complete
        or (lambda s: not (_ended_early(s) and not any(s.hand(k) for k in range(3)))),
        twin=twin,
    )


# ----------------------------------------------------------------------------- Skat


def _sensible_bid(legal: Sequence[Any], rng: random.Random, bid: float = 0.5) -> Any:
    """Hold or pass as the answerer, the lowest bid or pass as the bidder."""
    if legal[0] is HOLD:
        return HOLD if rng.random() < 0.6 else PASS
    return legal[0] if rng.random() < bid else PASS


def _skat_end(state: GameState, rng: random.Random, roll: float) -> tuple[Any, int | None]:
    """An end action (resignation, claim, Schenken) or a recorded rule violation."""
    ends = state.end_actions()
    if roll < 0.03 and ends:
        return rng.choice(ends), None
    seat = rng.randrange(3)
    return Violation(seat, rng.choice(VIOLATION_KINDS)), seat


def _skat_pick_up_or_declare(legal: Sequence[Any], rng: random.Random) -> Any:
    if rng.random() < 0.5:
        return SHOW_SKAT if SHOW_SKAT in legal and rng.random() < 0.3 else PICK_UP
    plain = [a for a in legal if isinstance(a, Declare) and not a.contract.schneider_announced]
    return rng.choice(plain or legal)


def _skat_move(state: GameState, rng: random.Random) -> None:
    """A random move: mostly a sensible auction, random cards and answers, now and then an end
    action or a recorded rule violation; in a Schieberamsch a Grand Hand now and then."""
    phase = state.phase
    seat: int | None = None
    legal = state.legal_actions()
    roll = rng.random()
    if phase == Phase.PLAY and state.declarer is not None and roll < 0.04:
        action, seat = _skat_end(state, rng, roll)
    elif phase == Phase.PUSH:
        action = legal[2] if len(legal) > 2 and roll < 0.1 else rng.choice(legal[:2])
    elif phase == Phase.BIDDING and roll < 0.7:
        action = _sensible_bid(legal, rng)
    elif phase == Phase.SKAT and roll < 0.8:
        action = _skat_pick_up_or_declare(legal, rng)
    else:
        action = rng.choice(legal)
    state.apply(action, seat)


def _internals(state: GameState) -> tuple[object, ...]:
    """Every field of the state (the declaration cache aside), lists as tuples."""
    fields = []
    for name in GameState.__slots__:
        if name != "_decl_cache":
            value = getattr(state, name)
            fields.append(tuple(value) if isinstance(value, list) else value)
    return tuple(fields)


def _skat_twin(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    deal = state.deal
    pinned = deal.hand_masks[seat] | _played(state)
    skat_seen = False
    for event in state.history:
        action = event.action
        if isinstance(action, Discard):  # put away or pushed on: pinned where they went
            pinned |= action.mask
        if isinstance(action, ShowSkat) or (action is PICK_UP and event.seat == seat):
            skat_seen = True
    d = state.declarer
    contract = state.contract
    if (
        d is not None
        and d != seat
        and (state.claimed or state.course.lay_open or (contract is not None and contract.ouvert))
    ):
        pinned |= state.hand(d).mask
    if skat_seen:
        pinned |= deal.skat_mask
    slots = swap_hidden([*deal.hand_masks, deal.skat_mask], pinned, {0, 1, 2, 3} - {seat}, rng)
    if slots is None:
        return None
    if state.history:  # a forced Ramsch skips the auction
        forced = not isinstance(state.history[0].action, (Bid, type(PASS)))
    else:
        forced = state.phase != Phase.BIDDING
    return _replayed(GameState(Deal(slots[:3], slots[3]), state.rules, ramsch=forced), state)


def game_state(rules: Rules | str = "isko", forced_ramsch: int = 0) -> Machine[GameState]:
    """Skat under ``rules`` (a preset name, a rules text or :class:`Rules`); every
    ``forced_ramsch``-th game skips the auction (0: none)."""
    r = rules if isinstance(rules, Rules) else PRESETS.get(rules) or Rules.parse(rules)
    count = [0]

    def new(rng: random.Random) -> GameState:
        count[0] += 1
        ramsch = bool(forced_ramsch) and count[0] % forced_ramsch == 0
        return GameState(Deal.random(rng), r, ramsch=ramsch)

    return _skat_like(
        f"skat[{r}]",
        new,
        _skat_move,
        lambda s: (s.current_trick, s.result, _internals(s)),
        _skat_twin,
        points=lambda s: 120 if _ended_early(s) else _skat_points(s),
        complete=lambda s: not _ended_early(s),
    )


# ----------------------------------------------------------------------------- Tournee


def _tournee_move(state: TourneeState, rng: random.Random) -> None:
    if state.phase == TourneePhase.PLAY and rng.random() < 0.02:
        end = rng.choice(state.end_actions())
        state.apply(end, getattr(end, "seat", None))
        return
    actions = state.legal_actions()
    action: Any = rng.choice(actions)
    if state.phase == TourneePhase.BIDDING and rng.random() < 0.7:
        action = _sensible_bid(actions, rng, 0.55)
    elif state.phase == TourneePhase.SKAT:
        x = rng.random()
        if x < 0.35:
            action = TURN
        elif x < 0.6:
            action = PICK_UP
    state.apply(action)


def _tournee_twin(state: TourneeState, seat: int, rng: random.Random) -> TourneeState | None:
    deal = state.deal
    pinned = deal.hand_masks[seat] | _played(state) | CardSet(state.turned).mask
    for ev in state.history:
        if isinstance(ev.action, Discard):
            pinned |= ev.action.mask
    d = state.declarer
    contract = state.contract
    if d is not None and d != seat and contract is not None and contract.ouvert:
        pinned |= state.hand(d).mask
    holders = {s for s in range(3) if s != seat}
    took_skat = state.kind in (TOURNEE, GUCKSER) and state.phase >= TourneePhase.DISCARD
    if not (seat == d and took_skat):
        holders.add(3)
    before = [*deal.hand_masks, deal.skat_mask]
    slots = swap_hidden(before, pinned, holders, rng)
    if slots is None:
        return None
    top: Card = state.order[0]
    where = next(s for s in range(4) if before[s] & top.bit)
    if not slots[where] & top.bit:  # the top card was swapped: the card swapped in is on top
        moved_in = slots[where] & ~before[where]
        top = CARDS[(moved_in & -moved_in).bit_length() - 1]
    return _replayed(TourneeState(Deal(slots[:3], slots[3]), state.rules, top=top), state)


def tournee() -> Machine[TourneeState]:
    """Tournee (the top card turned from the skat)."""
    return _skat_like(
        "tournee",
        lambda rng: TourneeState(rng=rng),
        _tournee_move,
        lambda s: (
            s.points(),
            s.phase,
            s.to_move,
            s.declarer,
            s.bid,
            s.kind,
            s.turned,
            s.contract,
            s.result,
        ),
        _tournee_twin,
        points=_skat_points,
    )


# ----------------------------------------------------------------------------- Officers


def _officers_places(state: OfficersState) -> list[int]:
    return [
        *(state.face_up(s).mask for s in (0, 1)),
        *(state.face_down(s).mask for s in (0, 1)),
        *_trick_places(state),
    ]


def _officers_twin(state: OfficersState, seat: int, rng: random.Random) -> OfficersState | None:
    """A layout that differs only in cards nobody has seen: the face-down cards still lying
    face down, and before the declaration the face-up cards not dealt yet."""
    deal = state.deal
    up = [list(deal.up[0]), list(deal.up[1])]
    down = [list(deal.down[0]), list(deal.down[1])]
    places: list[tuple[list[Card], int]] = []
    declared = state.phase != Phase.DECLARE
    for player in (0, 1):
        for pile in range(8):
            if state.face_down(player).mask & down[player][pile].bit:
                places.append((down[player], pile))
            if not declared and not (player == 0 and pile < 4):
                places.append((up[player], pile))
    if len(places) < 2:
        return None
    cards = [row[i] for row, i in places]
    rng.shuffle(cards)
    for (row, i), card in zip(places, cards, strict=True):
        row[i] = card
    other = OfficersState(OfficersDeal(up, down), null=len(state._declarations) > 5)
    for event in state.history:
        other.apply(event.action, event.seat)  # hidden cards never make an action illegal
    return other


def officers() -> Machine[OfficersState]:
    """Officers' Skat (two players, piles of a face-up card on a face-down one)."""
    count = [0]

    def new(rng: random.Random) -> OfficersState:
        count[0] += 1
        return OfficersState(rng=rng, null=count[0] % 5 != 0)

    def move(state: OfficersState, rng: random.Random) -> None:
        if state.phase == Phase.PLAY and rng.random() < 0.01:
            state.apply(rng.choice(state.end_actions()))
        else:
            state.apply(rng.choice(state.legal_actions()))

    return Machine(
        name="officers",
        new=new,
        move=move,
        is_over=lambda s: s.is_over,
        seats=lambda s: (0, 1),
        places=_officers_places,
        pack=ALL_MASK,
        snapshot=lambda s: (
            s.view(0),
            s.view(1),
            _officers_places(s),
            s.points(),
            tuple(s.history),
            tuple(s.legal_actions()),
            tuple(s.end_actions()),
            (s.phase, s.to_move, s.contract, s.result),
        ),
        copy=lambda s: s.copy(),
        points=lambda s: (
            sum(s.points()) + (s.hand(0) | s.hand(1)).points + CardSet(s.current_trick).points
        ),
        complete=lambda s: not (s.is_over and len(s.tricks) < 16),
        twin=_officers_twin,
    )


# ----------------------------------------------------------------------------- Strohmann


def _strohmann_move(state: StrohmannState, rng: random.Random) -> None:
    """A sensible auction most of the time, now and then an end action; the defender names
    himself for the dummy's cards half of the time."""
    legal = state.legal_actions()
    seat: int | None = None
    action: Any = rng.choice(legal)
    if state.phase == Phase.PLAY and rng.random() < 0.03:
        action = rng.choice(state.end_actions())
    elif state.phase == Phase.BIDDING and rng.random() < 0.7:
        action = _sensible_bid(legal, rng, 0.55)
    elif state.phase == Phase.SKAT and rng.random() < 0.5:
        action = PICK_UP
    elif state.to_move == state.dummy and rng.random() < 0.5:
        seat = state.player_to_move
    state.apply(action, seat)


def _strohmann_twin(state: StrohmannState, seat: int, rng: random.Random) -> StrohmannState | None:
    deal = state.deal
    pinned = deal.hand_masks[seat] | _played(state)
    for event in state.history:
        if isinstance(event.action, Discard):
            pinned |= event.action.mask
    if state.contract is not None:
        pinned |= deal.hand_masks[state.dummy]  # the dummy lies face up
    d = state.declarer
    contract = state.contract
    if (
        d is not None
        and d != seat
        and (state.claimed or (contract is not None and contract.ouvert))
    ):
        pinned |= state.hand(d).mask
    holders = {s for s in range(3) if s != seat}
    if not (d == seat and state.picked_up):
        holders.add(3)
    slots = swap_hidden([*deal.hand_masks, deal.skat_mask], pinned, holders, rng)
    if slots is None:
        return None
    other = StrohmannState(Deal(slots[:3], slots[3]), state.rules, dummy=state.dummy)
    dummy = state.dummy  # the dummy's own passes and resignation follow by themselves
    return _replayed(
        other,
        state,
        lambda ev: ev.seat == dummy and (ev.action is PASS or isinstance(ev.action, Resign)),
    )


def strohmann() -> Machine[StrohmannState]:
    """Skat for two with a dummy (Strohmann), the rules presets and dummy seats in turn."""
    presets = list(PRESETS.values())
    count = [0]

    def new(rng: random.Random) -> StrohmannState:
        count[0] += 1
        return StrohmannState(rng=rng, rules=presets[count[0] % 4], dummy=count[0] % 3)

    return _skat_like(
        "strohmann",
        new,
        _strohmann_move,
        lambda s: (
            s.points(),
            s.phase,
            s.to_move,
            s.player_to_move,
            s.declarer,
            s.defender,
            s.bid,
            s.contract,
            s.picked_up,
            s.claimed,
            s.result,
            s.dummy_hand(),
        ),
        _strohmann_twin,
        seats=lambda s: s.players,
    )


# ----------------------------------------------------------------------------- Scat


def _scat_move(state: Round, rng: random.Random) -> None:
    """A random action half of the time, else the heuristic player's (random play seldom
    reaches a hand worth knocking)."""
    if rng.random() < 0.5:
        state.apply(rng.choice(state.legal_actions()))
    else:
        state.apply(ScatHeuristic(rng).choose(state.view(state.to_move)))


def scat(rules: ScatRules | None = None, players: int = 4) -> Machine[Round]:
    """One round of Scat (Thirty-One) for ``players`` players (Schwimmen's open middle too)."""
    r = rules or ScatRules()
    index = {c: i for i, c in enumerate(scat_pack(r.pack))}
    full = (1 << len(index)) - 1

    def mask(cards: Sequence[Any]) -> int:
        return sum(1 << index[c] for c in cards)

    def twin(state: Round, seat: int, rng: random.Random) -> Round | None:
        view = state.view(seat)
        others = [p for p in range(state.players) if p != seat]
        other = rng.choice(others)
        hidden = [c for c in state.hand(other) if c not in view.known[other]]
        if not hidden or not state.stock:
            return None
        new = state.copy()
        a, b = rng.choice(hidden), rng.choice(new._stock)
        new._hands[other][new._hands[other].index(a)] = b
        new._stock[new._stock.index(b)] = a
        return new

    return Machine(
        name=f"scat[{players}]",
        new=lambda rng: Round.deal(rng, players, dealer=rng.randrange(players), rules=r),
        move=_scat_move,
        is_over=lambda s: s.over,
        seats=lambda s: range(s.players),
        places=lambda s: [
            *(mask(s.hand(p)) for p in range(s.players)),
            mask(s.stock),
            mask(s.discards),
            mask(s.middle),
        ],
        pack=full,
        snapshot=lambda s: (
            tuple(s.hand(p) for p in range(s.players)),
            s.stock,
            s.discards,
            s.middle,
            (s.to_move, s.phase, s.knocker, s.result),
            s.log,
            tuple(s.view(p) for p in range(s.players)),
        ),
        copy=lambda s: s.copy(),
        twin=twin,
    )
