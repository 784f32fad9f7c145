"""What one seat knows about the cards it cannot see, from its :class:`~skat.core.state.View`.

:class:`Knowledge` places every card that is not played yet in the *slots* that can still hold
it: the three seats (0 Forehand, 1 Middlehand, 2 Rearhand) and the skat (:data:`SKAT`, as it
lies now: the dealt skat, the declarer's two cards put away, or the last Schieberamsch push).
The hard constraints, each a rule of the game (ISkO 4.1, the duty to follow suit):

* the seat's own hand, and the cards played (they are in no slot any more);
* the suits a seat showed it is void in by not following (the effective suits of the contract:
  the trumps are one suit, jacks belong to the trumps in suit games and Grand, to their suit in
  Null);
* the skat the declarer picked up and the two cards he put away, known to him; a skat shown to
  everybody (house rule) is with the declarer or put away, never with his partner;
* the declarer's open hand (Ouvert, cards shown), a defender's hand laid open for a claim;
* the Schieberamsch pushes a seat saw (its own push lies in the skat or with a later taker);
* the lowest trumps held back for an announced Spitze (house rule);
* how many cards each slot holds (public: ten each, two in the skat, less the cards played,
  more while the skat is picked up).

Each slot's cards are a bit mask (:attr:`Knowledge.may`), narrowed until no slot can take more
cards than it holds.  The auction and the declaration add *soft* constraints, weights between 0
and 1 for a deal (:meth:`Knowledge.weight`): a declarer holds the trumps his game needs, and
twelve cards whose matadors make the game worth his bid (:attr:`Knowledge.matadors_needed`).

>>> from skat.core.state import GameState
>>> state = GameState(seed=5)
>>> for a in ("p", "18", "y", "p", "s", "DA.DK", "H", "HT"):
...     _ = state.apply(a)
>>> know = Knowledge(state.view(1))
>>> know.size, know.hidden.bit_count()   # Forehand led a card; Middlehand sees 10 more
((9, 10, 10, 2), 21)
>>> Knowledge(state.view(0)).may[SKAT] == state.skat.mask   # the declarer put them away
True
"""

from __future__ import annotations

from typing import Final

from skat.core.actions import Discard, PickUp, ShowSkat
from skat.core.cards import ALL_MASK, JACKS_MASK, Card
from skat.core.contracts import (
    EFFECTIVE_SUIT,
    GRAND,
    NULL,
    RAMSCH_LOW_TENS,
    TRUMP_MASKS,
    TRUMP_ORDER,
    Contract,
    matadors,
)
from skat.core.state import Phase, View

__all__ = [
    "GRAND_JACK_WEIGHTS",
    "OVERBID_WEIGHT",
    "SKAT",
    "SUIT_TRUMP_WEIGHTS",
    "Knowledge",
    "Slots",
    "game_type_of",
    "suit_masks",
    "tricks_read",
]

SKAT: Final = 3
"""The slot of the skat (slots 0-2 are the seats)."""

Slots = tuple[int, int, int, int]
"""Card masks of the three hands and the skat: one deal of the cards not played yet."""

_SUIT_MASKS: Final = tuple(
    tuple(sum(1 << i for i in range(32) if EFFECTIVE_SUIT[gt][i] == e) for e in range(5))
    for gt in range(len(EFFECTIVE_SUIT))
)

_VOID_MASKS: Final = tuple(
    tuple(sum(masks[e] for e in range(5) if bits >> e & 1) for bits in range(32))
    for masks in _SUIT_MASKS
)
"""``_VOID_MASKS[gt][bits]``: the cards of the effective suits in ``bits`` (bit 4: trumps)."""

GRAND_JACK_WEIGHTS: Final = (0.2, 0.5, 1.0, 1.0, 1.0)
"""Weight of a Grand declarer's deal by the jacks he held (0 … 4)."""
SUIT_TRUMP_WEIGHTS: Final = (0.1, 0.1, 0.1, 0.25, 0.6)
"""Weight of a suit game declarer's deal by the trumps he held (0 … 4; more: 1)."""
OVERBID_WEIGHT: Final = 0.05
"""Weight of a deal in which the declarer's game is worth less than his bid (an overbid: it
happens, rarely)."""


def suit_masks(game_type: int) -> tuple[int, ...]:
    """The cards of each effective suit (0-3 the plain suits, 4 the trumps) for a game type
    (0-3 suit games, 4 Grand, 5 Null, 6 Ramsch with tens low).

    >>> from skat.core.cards import CardSet
    >>> str(CardSet(suit_masks(4)[4]))   # Grand: the jacks are the trumps
    'CJ SJ HJ DJ'
    """
    return _SUIT_MASKS[game_type]


def _matadors_needed(contract: Contract, bid: int, go_base: int) -> int:
    """The fewest matadors (with or without) that make ``contract`` worth ``bid`` if won
    simply: the value is the base times the matadors plus the game's levels (ISkO 3.2)."""
    gt = contract.game_type
    if gt == NULL or bid <= 0:
        return 0
    base = go_base if gt == GRAND and contract.ouvert else gt.base_value
    levels = 1 + contract.hand + 2 * contract.schneider_announced
    levels += 2 * contract.schwarz_announced + contract.ouvert
    return max(0, -(-bid // base) - levels)


def game_type_of(view: View) -> int:
    """The effective-suit table of the game in ``view``: its game type, in a Ramsch that of
    Grand (the jacks are the trumps) or of Ramsch with the tens low."""
    if view.contract is not None:
        return int(view.contract.game_type)
    return RAMSCH_LOW_TENS if view.rules.ramsch_tens == "low" else int(GRAND)


def tricks_read(view: View, game_type: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards each seat played and the effective suits (bit ``e``, 4 the trumps) each
    seat showed it is void in by not following suit (ISkO 4.1.3).

    >>> from skat.core.cards import CardSet
    >>> from skat.core.state import GameState
    >>> state = GameState(seed=5)
    >>> for a in ("p", "18", "y", "p", "s", "DA.DK", "H", "HT"):
    ...     _ = state.apply(a)
    >>> played, voids = tricks_read(state.view(2), 1)
    >>> played[0] == CardSet.parse("HT").mask, voids
    (True, (0, 0, 0))
    """
    eff = EFFECTIVE_SUIT[game_type]
    played = [0, 0, 0]
    voids = [0, 0, 0]
    tricks: list[tuple[int, tuple[Card, ...]]] = [(t.leader, t.cards) for t in view.tricks]
    if view.current_trick:
        tricks.append((view.trick_leader, view.current_trick))
    for leader, cards in tricks:
        led = eff[cards[0].index]
        s = leader
        for card in cards:
            played[s] |= card.bit
            if eff[card.index] != led:
                voids[s] |= 1 << led
            s = 0 if s == 2 else s + 1
    return (played[0], played[1], played[2]), (voids[0], voids[1], voids[2])


def _settle(may: list[int], known: list[bool], size: tuple[int, ...]) -> None:
    """Mark the slots with no more possible cards than they hold as known, and take their
    cards from the others, until nothing changes."""
    changed = True
    while changed:
        changed = False
        for s in range(4):
            if not known[s] and may[s].bit_count() <= size[s]:
                known[s] = changed = True
                for o in range(4):
                    if o != s:
                        may[o] &= ~may[s]


class Knowledge:
    """Where the cards a seat cannot see may be (see the module doc).

    ``may[slot]`` are the cards ``slot`` may hold (its own cards for a known slot);
    ``size[slot]`` how many it holds; ``played[seat]`` the cards it played; ``voids[seat]``
    the effective suits it showed it is void in (bit ``e`` for suit ``e``, 4 the trumps).
    """

    __slots__ = (
        "_sampler",
        "bid",
        "contract",
        "declarer",
        "game_type",
        "given_away",
        "go_base",
        "gone",
        "hidden",
        "known",
        "matadors_needed",
        "may",
        "picked_up",
        "pickers",
        "played",
        "pushes",
        "seat",
        "size",
        "voids",
    )

    seat: int
    declarer: int | None
    contract: Contract | None
    bid: int
    go_base: int
    game_type: int
    size: tuple[int, ...]
    may: tuple[int, ...]
    known: tuple[bool, ...]
    hidden: int
    played: tuple[int, ...]
    gone: int
    given_away: bool
    """The game ended early and the unplayed cards went to one party unplayed."""
    voids: tuple[int, ...]
    pickers: tuple[int, ...]
    """The seats that took the skat in a Schieberamsch, in turn."""
    picked_up: bool
    """The declarer picked up the skat (or showed it and took it)."""
    pushes: dict[int, int | None]
    matadors_needed: int
    _sampler: object
    """What :mod:`skat.core.sampling` computed once for these constraints."""

    def __init__(self, view: View) -> None:
        self._sampler = None
        self.seat = seat = view.seat
        self.declarer = d = view.declarer
        self.contract = contract = view.contract
        self.bid = view.bid
        self.go_base = view.rules.grand_ouvert_base
        self.game_type = gt = game_type_of(view)
        size = self._read_history(view)
        self._read_tricks(view, size)
        fixed = self._fixed(view)
        forbidden = self._forbidden(view)
        required = 0
        if d is not None and d != seat and contract is not None:
            for said in view.announcements:
                if said.startswith("spitze "):
                    required |= sum(1 << i for i in TRUMP_ORDER[gt][-int(said[7:]) :])
        self._narrow(fixed, forbidden, required & ~self.gone)
        self.matadors_needed = (
            _matadors_needed(contract, view.bid, self.go_base) if contract is not None else 0
        )

    # ------------------------------------------------------------------ reading the view

    def _fixed(self, view: View) -> list[int | None]:
        """The slots whose cards this seat knows: its hand, open hands, the skat if known."""
        seat, d = view.seat, view.declarer
        fixed: list[int | None] = [None, None, None, None]
        fixed[seat] = view.hand.mask
        if d is not None and d != seat and view.open_hand is not None:
            fixed[d] = view.open_hand.mask
        if view.claimer is not None and view.claimer != seat and view.claimer_hand is not None:
            fixed[view.claimer] = view.claimer_hand.mask
        skat = fixed[SKAT] = self._skat(view)
        if self.given_away and skat is not None:  # in no slot any more, like the cards played
            self.gone |= ALL_MASK & ~skat
        return fixed

    def _forbidden(self, view: View) -> list[int]:
        """The cards each slot cannot hold: voids shown, a shown skat for the declarer's
        partner, a push seen for the seats that did not take the skat after it."""
        void = _VOID_MASKS[self.game_type]
        voids = self.voids
        forbidden = [void[voids[0]], void[voids[1]], void[voids[2]], 0]
        seat, d = view.seat, view.declarer
        if d is not None and seat != d and view.skat is not None and self.picked_up:
            forbidden[3 - d - seat] |= view.skat.mask  # a shown skat: with the declarer
        for k, s in enumerate(self.pickers):  # a push seen lies in the skat or with a later taker
            pushed = self.pushes.get(s)
            if pushed is not None:
                later = self.pickers[k + 1 :]
                for o in range(3):
                    if o not in later:
                        forbidden[o] |= pushed
        return forbidden

    def _read_history(self, view: View) -> list[int]:
        """Slot sizes before the card play, and the Schieberamsch takers and pushes."""
        size = [10, 10, 10, 2]
        pickers: list[int] = []
        pushes: dict[int, int | None] = {}
        d = view.declarer
        picked_up = False
        for who, act in view.history:
            kind = type(act)
            if kind is Card:  # the card play: no skat taken or put away any more
                break
            if kind is PickUp or kind is ShowSkat:
                size[who] += size[SKAT]
                size[SKAT] = 0
                if who != d:
                    pickers.append(who)
                else:
                    picked_up = True
            elif act is None or kind is Discard:
                size[who] -= 2
                size[SKAT] = 2
                if who in pickers:
                    pushes[who] = act.mask if isinstance(act, Discard) else None
        self.pickers = tuple(pickers)
        self.pushes = pushes
        self.picked_up = picked_up
        return size

    def _read_tricks(self, view: View, size: list[int]) -> None:
        """The cards played and the voids shown by not following."""
        played, voids = tricks_read(view, self.game_type)
        for s in range(3):
            size[s] -= played[s].bit_count()
        self.played = played
        self.gone = played[0] | played[1] | played[2]
        self.voids = voids
        self.given_away = False
        if view.phase == Phase.DONE and view.hand.mask.bit_count() != size[view.seat]:
            # ended early (a resignation, a claim): the unplayed cards were given away
            self.given_away = True
            size[0] = size[1] = size[2] = 0
        self.size = tuple(size)

    def _skat(self, view: View) -> int | None:
        """The skat as it lies now, if this seat knows it."""
        d = view.declarer
        done = view.phase == Phase.DONE
        if view.discard is not None and (view.seat == d or done):
            return view.discard.mask
        if done and view.skat is not None and not self.picked_up and not self.pickers:
            return view.skat.mask
        if self.pickers and self.size[SKAT]:
            return self.pushes.get(self.pickers[-1])  # the last push lies there still
        return None

    def _narrow(self, fixed: list[int | None], forbidden: list[int], required: int) -> None:
        """``may`` from the constraints: a known slot's cards are nobody else's; a slot with
        exactly as many possible cards as it holds is known."""
        rest = ALL_MASK & ~self.gone
        for m in fixed:
            if m is not None:
                rest &= ~m
        known = [m is not None for m in fixed]
        may = [m if m is not None else rest & ~f for m, f in zip(fixed, forbidden, strict=True)]
        d = self.declarer
        if required and d is not None and fixed[d] is None:
            for s in range(4):
                if s != d:
                    may[s] &= ~required
        size = self.size
        _settle(may, known, size)
        hidden = 0
        for s in range(4):
            if may[s].bit_count() < size[s]:
                raise ValueError("no deal of the hidden cards fits what this seat knows")
            if not known[s]:
                hidden |= may[s]
        self.may = tuple(may)
        self.known = tuple(known)
        self.hidden = hidden

    # ------------------------------------------------------------------ questions

    def slots_of(self, card: int) -> tuple[int, ...]:
        """The slots that may hold card index ``card`` (empty once it is played).

        >>> from skat.core.state import GameState
        >>> know = Knowledge(GameState(seed=5).view(0))
        >>> know.slots_of(know.may[0].bit_length() - 1)   # a card of its own
        (0,)
        """
        return tuple(s for s in range(4) if self.may[s] >> card & 1)

    def consistent(self, slots: Slots) -> bool:
        """Does a deal of the unplayed cards (hands and skat) agree with every hard
        constraint?"""
        seen = self.gone
        for s in range(4):
            m = slots[s]
            if seen & m or m & ~self.may[s] or m.bit_count() != self.size[s]:
                return False
            seen |= m
        return seen == ALL_MASK

    def holds(self, slots: Slots, seat: int) -> int:
        """The cards ``seat`` held for the auction in a deal: its hand, the cards it played,
        the skat's cards it took up and put away again when it is the declarer."""
        held = slots[seat] | self.played[seat]
        if seat == self.declarer:
            held |= slots[SKAT]
        return held

    @property
    def infers(self) -> bool:
        """Do the soft constraints say anything: a defender (not seeing the declarer's hand)
        in a suit game or Grand."""
        d = self.declarer
        return (
            d is not None
            and d != self.seat
            and not self.known[d]
            and self.contract is not None
            and self.game_type != NULL
        )

    def weight(self, slots: Slots) -> float:
        """How well a deal fits the declaration and the bid (0..1): the trumps the game needs
        (:data:`SUIT_TRUMP_WEIGHTS`, :data:`GRAND_JACK_WEIGHTS`) times
        :data:`OVERBID_WEIGHT` when the declarer's twelve cards have fewer matadors than
        the bid needs.  1 for a seat the soft constraints say nothing to (:attr:`infers`)."""
        if not self.infers:
            return 1.0
        d = self.declarer
        assert d is not None
        gt = self.game_type
        held = slots[d] | self.played[d]
        if gt == GRAND:
            p = GRAND_JACK_WEIGHTS[(held & JACKS_MASK).bit_count()]
        else:
            trumps = (held & TRUMP_MASKS[gt]).bit_count()
            p = SUIT_TRUMP_WEIGHTS[trumps] if trumps < len(SUIT_TRUMP_WEIGHTS) else 1.0
        if self.bid > 18 and abs(matadors(gt, held | slots[SKAT])) < self.matadors_needed:
            p *= OVERBID_WEIGHT
        return p

    def __repr__(self) -> str:
        return f"Knowledge(seat={self.seat}, hidden={self.hidden.bit_count()} cards)"
