"""A client's own copy of the game, built from what its seat is told.

An ISS client sees its ten cards and the moves; the computer players choose from a
:class:`~skat.core.state.View`.  :class:`Shadow` keeps a whole :class:`GameState` whose deal
fits everything the seat knows: its own hand (and the skat, once it picked it up), the others'
cards made up.  When a told move does not fit the made-up cards (another seat plays a card
given to somebody else, or the declarer's hidden discards), a new deal is drawn that fits the
seat's knowledge and that move (:func:`skat.core.sampling.sample`) and the moves so far are
played again on it.  The seat's view of the copy is then exactly the view it has of the real
game: its own cards and everything public are the real ones.

>>> from skat.core.cards import CardSet
>>> from skat.core.rules import ISS
>>> hand = CardSet.parse("CJ SJ CA CQ C7 SK S7 HA HK H8")
>>> shadow = Shadow(0, hand, ISS, seed=1)
>>> for who, move in (("1", "p"), ("2", "18"), ("0", "p"), ("2", "GH"), ("0", "CA"), ("1", "DJ")):
...     shadow.told(who, move)
>>> shadow.view().hand == hand - CardSet.parse("CA"), [c.name for c in shadow.view().current_trick]
(True, ['CA', 'DJ'])
"""

from __future__ import annotations

import contextlib
import itertools
import random
from typing import Final

from skat.core.actions import Declare, Discard
from skat.core.cards import Card, CardSet
from skat.core.contracts import EFFECTIVE_SUIT, TRUMP_ORDER, Contract
from skat.core.deal import Deal
from skat.core.knowledge import Knowledge, Slots, suit_masks
from skat.core.rules import Rules
from skat.core.sampling import sample
from skat.core.state import GameState, IllegalActionError, Phase, View
from skat.iss.codes import HIDDEN

__all__ = ["Shadow", "ShadowError"]

TRIES: Final = 400
"""Deals drawn, at most, to fit a told card."""
_ALL: Final = (1 << 32) - 1


class ShadowError(ValueError):
    """A told move that fits no deal the seat can imagine (the copy stops following)."""


class Shadow:
    """The game as ``seat`` knows it (see the module doc)."""

    def __init__(self, seat: int, hand: CardSet, rules: Rules, seed: int | None = None) -> None:
        self.seat = seat
        self.hand = hand
        self.rules = rules
        self.rng = random.Random(seed)
        self.skat = CardSet()
        self.events: list[tuple[int, str | None]] = []  # None: another's hidden discard
        self.state = GameState(self._made_up(), rules)

    def view(self) -> View:
        """The seat's view of the game."""
        return self.state.view(self.seat)

    def _made_up(self, fixed: dict[int, int] | None = None) -> Deal:
        """A deal with the seat's own cards (and the known skat), the others at random;
        ``fixed``: cards known to be in other places (seat, or 3 for the skat)."""
        places = {self.seat: self.hand.mask, **(fixed or {})}
        if self.skat:
            places[3] = self.skat.mask
        rest = [c for c in CardSet(_ALL & ~_or(places.values()))]
        self.rng.shuffle(rest)
        masks = []
        for place in range(4):
            size = 2 if place == 3 else 10
            mask = places.get(place, 0)
            while mask.bit_count() < size:
                mask |= rest.pop().bit
            masks.append(mask)
        return Deal(masks[:3], masks[3])

    # ------------------------------------------------------------------ told moves

    def told(self, who: str, move: str) -> None:
        """Apply a move the server told (``who``: a seat number or ``w``)."""
        if who == "w":
            if HIDDEN not in move and self.state.phase == Phase.DISCARD and not self.skat:
                self.skat = CardSet.parse(move.replace(".", " "))
                self._replay(self._made_up())
            return
        seat = int(who)
        upper = move.upper()
        if upper == "RE":
            self._apply(seat, f"RE.{seat}")
        elif upper == "SC" or upper.startswith("SC."):
            if seat != self.seat and "." in move:
                self._show(seat, CardSet.parse(move[3:].replace(".", " ")))
            self._apply(seat, "SC")
        elif self.state.phase == Phase.DISCARD and "." in move:
            self._declared(seat, move)
        elif self.state.phase == Phase.PLAY and len(move) == 2:
            self._card(seat, Card.parse(move))
        elif self.state.phase == Phase.SKAT and move != "s":
            self._hand_game(seat, move)
        else:
            self._apply(seat, move)

    def _apply(self, seat: int, text: str | None) -> None:
        state = self.state
        if text is None:  # another's discard: he is taken to put back the made-up skat
            state.apply(str(Discard.of(*CardSet(state.deal.skat_mask))), seat)
            self.events.append((seat, None))
            return
        state.apply(text, seat)
        self.events.append((seat, text))

    def _declared(self, seat: int, move: str) -> None:
        parts = move.split(".")
        decl = str(Declare.of(Contract.parse(parts[0])))
        shown = CardSet.parse(" ".join(parts[3:])) if len(parts) > 3 else CardSet()
        if HIDDEN not in parts[1:3]:
            self._apply(seat, f"{parts[1]}.{parts[2]}")
            self._apply(seat, decl)
            return
        if shown and not shown <= self.state.hand(seat):
            self._replay(self._made_up({seat: shown.mask}))
        self._fitting(seat, [None, decl], shown)

    def _hand_game(self, seat: int, move: str) -> None:
        parts = move.split(".")
        shown = CardSet.parse(" ".join(parts[1:])) if len(parts) > 1 else CardSet()
        if shown and shown != self.state.hand(seat):
            self._replay(self._made_up({seat: shown.mask}))
        self._fitting(seat, [str(Declare.of(Contract.parse(parts[0])))], shown)

    def _fitting(self, seat: int, texts: list[str | None], shown: CardSet) -> None:
        """Another's declaration: the engine may find it impossible with the made-up cards
        (the jacks in his hand and the skat fix what a game can reach): deal again until
        it fits (no card has been played yet).  Every other deal gives him the top trumps,
        or none of them, as far down as a random count: a high bid needs many matadors,
        which random deals hardly ever give."""
        fixed = {seat: shown.mask} if shown else None
        game_type = Declare.parse(str(texts[-1])).contract.game_type
        done = len(self.events)
        for i in range(TRIES):
            try:
                for text in texts:
                    self._apply(seat, text)
                return
            except IllegalActionError:
                del self.events[done:]
                tops = None if fixed or i % 2 else self._tops(seat, game_type)
                self._replay(self._made_up(tops or fixed))
        raise ShadowError(f"no deal fits the declaration of seat {seat}")

    def _tops(self, seat: int, game_type: int) -> dict[int, int] | None:
        """Places for the top trumps of ``game_type``: with the declarer ``seat`` ("with"
        them) or with the third seat ("without"), a random count of them; ``None`` where
        the seat's own cards stand in the way (or in Null)."""
        order = TRUMP_ORDER[game_type]
        if not order or seat == self.seat:
            return None
        own = self.hand.mask | self.skat.mask
        n = self.rng.randint(1, min(10, len(order)))
        tops = sum(1 << i for i in order[:n])
        if self.rng.random() < 0.5:
            return None if tops & own else {seat: tops}
        return {3 - seat - self.seat: tops & ~own}

    def _card(self, seat: int, card: Card) -> None:
        try:
            self._apply(seat, card.name)
            return
        except IllegalActionError:
            if seat == self.seat:
                raise
        if self._swapped(seat, card):
            return
        try:
            know = self._knowing(seat, card)
            for _ in range(TRIES):
                slots = sample(know, self.rng)
                if self._replay(self._dealt(slots)):
                    with contextlib.suppress(IllegalActionError):
                        self._apply(seat, card.name)
                        return
        except ValueError:  # the sampler: no deal of the hidden cards fits
            pass
        raise ShadowError(f"no deal fits {card} from seat {seat}")

    def _knowing(self, seat: int, card: Card) -> Knowledge:
        """What the seat knows once ``seat`` played ``card``: he held it, and if it does not
        follow the suit led he holds no card of that suit (ISkO 4.1.3)."""
        know = Knowledge(self.view())
        may = list(know.may)
        for s in range(4):
            if not know.known[s] and s != seat:
                may[s] &= ~card.bit
        trick = self.state.current_trick
        if trick:
            eff = EFFECTIVE_SUIT[know.game_type]
            led = eff[trick[0].index]
            if eff[card.index] != led:
                may[seat] &= ~suit_masks(know.game_type)[led]
        know.may = tuple(may)
        know.hidden = _or(may[s] for s in range(4) if not know.known[s])
        return know

    def _swapped(self, seat: int, card: Card) -> bool:
        """The cheap repair: give ``seat`` the card in exchange for one of its own unplayed
        ones (the declarer keeps his jacks when both are defenders), if the moves so far
        and the card then fit."""
        deal = self.state.deal
        masks = [*deal.hand_masks, deal.skat_mask]
        holder = next(i for i in range(4) if masks[i] & card.bit)
        if holder in (self.seat, seat) or (holder == 3 and self.skat):
            return False
        for other in CardSet(masks[seat] & self.state.hand(seat).mask):
            new = list(masks)
            new[holder] = (new[holder] & ~card.bit) | other.bit
            new[seat] = (new[seat] & ~other.bit) | card.bit
            if self._replay(Deal(new[:3], new[3])):
                try:
                    self._apply(seat, card.name)
                    return True
                except IllegalActionError:
                    self._replay(deal)
        return False

    def _show(self, seat: int, shown: CardSet) -> None:
        """Another seat shows its cards (a claim): give it exactly those.  The cards the
        seat still cannot see then lie with the third seat or in the skat; every split of
        them is tried (a few dozen at most) until the moves so far fit it: a card swapped
        in must not be of a suit its new holder showed it is void in, and the declarer's
        cards must still reach his game."""
        if shown == self.state.hand(seat):
            return
        know = Knowledge(self.view())
        if shown.mask & ~know.may[seat] or shown.mask.bit_count() != know.size[seat]:
            raise ShadowError(f"seat {seat} shows cards this seat knows elsewhere")
        slots = [know.may[s] if know.known[s] else 0 for s in range(4)]
        slots[seat] = shown.mask
        open_slots = [s for s in range(4) if s not in (self.seat, seat) and not know.known[s]]
        rest = know.hidden & ~shown.mask
        for split in _splits(rest, open_slots, know, self.rng):
            for s, mask in split.items():
                slots[s] = mask
            if self._replay(self._dealt((slots[0], slots[1], slots[2], slots[3]))):
                return
        raise ShadowError(f"no deal fits the cards seat {seat} shows")

    def _dealt(self, slots: Slots) -> Deal:
        """The deal as dealt, from the cards where they are now and the cards played."""
        played = [0, 0, 0]
        for trick in self.state.tricks:
            for i, c in enumerate(trick.cards):
                played[(trick.leader + i) % 3] |= c.bit
        for i, c in enumerate(self.state.current_trick):
            played[(self.state.trick_leader + i) % 3] |= c.bit
        hands = [slots[s] | played[s] for s in range(3)]
        skat = slots[3]
        d = self.state.declarer
        if self.skat and d == self.seat:  # the seat's own skat: what it put away is known
            hands[d] = (hands[d] | skat) & ~self.skat.mask
            skat = self.skat.mask
        return Deal(hands, skat)

    def _replay(self, deal: Deal) -> bool:
        """Play the moves so far again on ``deal`` (another's hidden discard: the skat as it
        lies in ``deal``, which he is taken to have put back); False (and nothing changed)
        if they do not fit it (a declaration its cards cannot reach)."""
        events, state = self.events, self.state
        self.state = GameState(deal, self.rules)
        self.events = []
        try:
            for seat, text in events:
                self._apply(seat, text)
        except IllegalActionError:
            self.state, self.events = state, events
            return False
        return True


def _splits(
    rest: int, places: list[int], know: Knowledge, rng: random.Random
) -> list[dict[int, int]]:
    """The ways to put the cards ``rest`` into ``places`` (one or two slots), each slot
    taking as many as it holds and only cards it may hold; in random order.

    >>> from skat.core.state import GameState
    >>> know = Knowledge(GameState(seed=5).view(0))
    >>> rest = know.hidden & ~sum(c.bit for c in list(CardSet(know.hidden))[:10])
    >>> two = _splits(rest, [2, 3], know, random.Random(0))  # seat 1 took the other ten
    >>> len(two), all(d[2] | d[3] == rest and d[3].bit_count() == 2 for d in two)
    (66, True)
    """
    if len(places) == 1:
        return [{places[0]: rest}] if rest & ~know.may[places[0]] == 0 else []
    if not places:
        return [{}] if rest == 0 else []
    small, big = sorted(places, key=lambda s: know.size[s])
    cards = [c.bit for c in CardSet(rest)]
    out = []
    for combo in itertools.combinations(cards, know.size[small]):
        mask = sum(combo)
        if mask & ~know.may[small] == 0 and (rest & ~mask) & ~know.may[big] == 0:
            out.append({small: mask, big: rest & ~mask})
    rng.shuffle(out)
    return out


def _or(masks: object) -> int:
    out = 0
    for m in masks:  # type: ignore[attr-defined]
        out |= m
    return out
