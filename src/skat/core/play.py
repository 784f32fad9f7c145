"""The trick play of one game as an immutable value: the hands, the open trick, who leads it,
the tricks played, and the cards and tricks each seat took.

Every change returns a new :class:`Play`; the game state holds one and replaces it, so a
snapshot of the play is the value itself.  Parties are counted from the seats: the declarer's
cards are those his seat took, the defenders' those the two other seats took (in a Ramsch
every seat plays for itself).

>>> from skat.core.cards import Card
>>> from skat.core.contracts import GRAND
>>> from skat.core.deal import Deal
>>> deal = Deal.parse(
...     "CJ SJ HA HT HK H8 H7 D9 D8 D7  CA CT CK CQ C9 SA ST SK SQ S9 "
...     "HJ DJ C8 C7 S8 S7 HQ H9 DA DT  DK DQ")
>>> play = Play.start(deal.hand_masks, GRAND)
>>> for seat, card in ((0, "HA"), (1, "CA")):
...     play = play.lay(seat, Card.parse(card).index)
>>> [c.name for c in play.current_trick]
['HA', 'CA']
>>> play, winner = play.lay(2, Card.parse("HQ").index).close()
>>> winner, play.leader, play.completed, play.points(0)
(0, 0, 1, (25, 0))
"""

from __future__ import annotations

from typing import Final, NamedTuple

from skat.core.cards import CARDS, Card, points_of
from skat.core.contracts import EFFECTIVE_SUIT, FOLLOW_MASKS, WIN_KEY
from skat.core.errors import Refusal
from skat.core.reasons import refusal
from skat.core.tricks import Trick, pair_winner

Hands = tuple[int, int, int]


class Play(NamedTuple):
    """The cards in play: a hand mask per seat, the open trick (card indices in play order),
    its leader, how many tricks are completed, the game type (trumps), and the cards
    (``won``) and tricks (``taken``) per seat."""

    hands: Hands
    trick: tuple[int, ...] = ()
    leader: int = 0
    completed: int = 0
    game_type: int = 0
    won: Hands = (0, 0, 0)
    taken: Hands = (0, 0, 0)
    tricks: tuple[Trick, ...] = ()

    @staticmethod
    def start(hands: tuple[int, ...], game_type: int = 0) -> Play:
        """The play before the first card, with these hands."""
        return _new(Play, ((hands[0], hands[1], hands[2]), (), 0, 0, game_type, *_UNPLAYED))

    def with_hand(self, seat: int, add: int = 0, remove: int = 0) -> Play:
        """The same play with cards added to or removed from the hand of ``seat`` (the skat
        picked up, cards put away or pushed on)."""
        return _new(Play, (with_hand(self.hands, seat, add, remove), *self[1:]))

    def for_game(self, game_type: int) -> Play:
        """The play of a game of this type, Forehand to lead."""
        hands, trick, _, completed, _, *rest = self
        return _new(Play, (hands, trick, 0, completed, game_type, *rest))

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards of the open trick in play order."""
        return tuple(CARDS[i] for i in self.trick)

    def playable(self, seat: int) -> int:
        """The cards ``seat`` may play now: those that follow the lead, else all he holds."""
        hand = self.hands[seat]
        if self.trick:
            follow = hand & FOLLOW_MASKS[self.game_type][self.trick[0]]
            if follow:
                return follow
        return hand

    def lay(self, seat: int, index: int) -> Play:
        """``seat`` lays the card ``index`` (held and allowed); the trick stays open."""
        h0, h1, h2 = self.hands
        bit = ~(1 << index)
        hands = (
            (h0 & bit, h1, h2)
            if seat == 0
            else (h0, h1 & bit, h2)
            if seat == 1
            else (h0, h1, h2 & bit)
        )
        return _new(Play, (hands, (*self.trick, index), *self[2:]))

    def close(self) -> tuple[Play, int]:
        """Close the full trick: record it, its winner takes it and leads; returns the new play
        and the winner."""
        return self.close_with(self.hands, self.trick)

    def close_with(self, hands: Hands, trick: tuple[int, ...]) -> tuple[Play, int]:
        """:meth:`close` the full ``trick`` with ``hands`` as they are after its last card (for
        a game state that holds the hands and the open trick beside its play)."""
        _, _, leader, completed, gt, won, taken, tricks = self
        i, j, k = trick
        keys = WIN_KEY[gt][EFFECTIVE_SUIT[gt][i]]  # trick_winner, inlined (each trick counts)
        a, b, c = keys[i], keys[j], keys[k]
        winner = (leader + ((0 if a >= c else 2) if a >= b else (1 if b >= c else 2))) % 3
        bits = (1 << i) | (1 << j) | (1 << k)
        done = _new(Trick, (leader, (CARDS[i], CARDS[j], CARDS[k]), winner))
        w0, w1, w2 = won
        t0, t1, t2 = taken
        if winner == 0:
            won, taken = (w0 | bits, w1, w2), (t0 + 1, t1, t2)
        elif winner == 1:
            won, taken = (w0, w1 | bits, w2), (t0, t1 + 1, t2)
        else:
            won, taken = (w0, w1, w2 | bits), (t0, t1, t2 + 1)
        after = (hands, (), winner, completed + 1, gt, won, taken, tricks + (done,))  # noqa: RUF005
        return _new(Play, after), winner

    def give_rest(self, seat: int, tricks: int = 10) -> Play:
        """Every card still in play (hands and the open trick) goes to ``seat``, with the tricks
        still to play (of ``tricks`` in all: 16 in a game for two)."""
        rest = self.hands[0] | self.hands[1] | self.hands[2]
        for i in self.trick:
            rest |= 1 << i
        won, taken = _credited(self.won, self.taken, seat, rest, tricks - self.completed)
        return self._replace(hands=(0, 0, 0), trick=(), won=won, taken=taken)

    def hand_over(self, first: int, seat: int) -> Play:
        """The same play with every completed trick from the ``first`` (0-based) on credited
        to ``seat``, whoever took it (a failed claim, ISkO 4.4); the tricks keep their
        winners as played.

        >>> from skat.core.cards import Card
        >>> from skat.core.contracts import GRAND
        >>> ha, ht, h7 = (Card.parse(c) for c in ("HA", "HT", "H7"))
        >>> play = Play.start((ha.bit, ht.bit, h7.bit), GRAND)
        >>> play, _ = play.lay(0, ha.index).lay(1, ht.index).lay(2, h7.index).close()
        >>> after = play.hand_over(0, 1)
        >>> after.taken, after.points(0), after.tricks[0].winner
        ((0, 1, 0), (0, 21), 0)
        """
        w, t = list(self.won), list(self.taken)
        for trick in self.tricks[first:]:
            bits = 0
            for card in trick.cards:
                bits |= card.bit
            w[trick.winner] &= ~bits
            t[trick.winner] -= 1
            w[seat] |= bits
            t[seat] += 1
        return self._replace(won=(w[0], w[1], w[2]), taken=(t[0], t[1], t[2]))

    def close_pair(self) -> tuple[Play, int]:
        """Close a full trick of two cards (a game for two players, seats 0 and 1): record it,
        its winner takes it and leads; returns the new play and the winner.

        >>> from skat.core.cards import Card
        >>> from skat.core.contracts import GRAND
        >>> ha, ht = Card.parse("HA"), Card.parse("HT")
        >>> play = Play.start((ha.bit, ht.bit, 0), GRAND).lay(0, ha.index).lay(1, ht.index)
        >>> play, winner = play.close_pair()
        >>> winner, play.leader, play.taken, play.points(0)
        (0, 0, (1, 0, 0), (21, 0))
        """
        hands, trick, leader, completed, gt, won, taken, tricks = self
        i, j = trick
        winner = pair_winner(gt, trick, leader)
        won, taken = _credited(won, taken, winner, (1 << i) | (1 << j), 1)
        done = _new(Trick, (leader, (CARDS[i], CARDS[j]), winner))
        return _new(
            Play, (hands, (), winner, completed + 1, gt, won, taken, (*tricks, done))
        ), winner

    def refusal(self, seat: int, card: Card, who: str) -> Refusal | None:
        """Why ``seat`` (named ``who``) may not lay ``card`` now, or ``None`` when it may: it
        must hold the card and follow the lead if it can (ISkO 4).

        >>> from skat.core.cards import Card
        >>> from skat.core.contracts import GRAND
        >>> ha, h7, s7 = (Card.parse(c) for c in ("HA", "H7", "S7"))
        >>> play = Play.start((ha.bit, h7.bit | s7.bit, 0), GRAND).lay(0, ha.index)
        >>> play.refusal(1, s7, "Middlehand").message, play.refusal(1, h7, "Middlehand")
        ('Middlehand must follow Hearts (led HA), not S7', None)
        """
        if not self.hands[seat] & card.bit:
            return refusal("not_in_hand", who=who, seat=seat, cards=card)
        if not self.playable(seat) & card.bit:
            led = CARDS[self.trick[0]]
            trump = EFFECTIVE_SUIT[self.game_type][led.index] == 4
            if trump:
                return refusal("must_follow_trump", who=who, seat=seat, led=led, card=card)
            suit = led.suit.english
            return refusal("must_follow_suit", who=who, seat=seat, suit=suit, led=led, card=card)
        return None

    def party(self, declarer: int) -> tuple[int, int, int, int]:
        """(declarer's cards, defenders' cards, declarer's tricks, defenders' tricks)."""
        won, taken = self.won, self.taken
        others = won[0] | won[1] | won[2]
        return (
            won[declarer],
            others & ~won[declarer],
            taken[declarer],
            taken[0] + taken[1] + taken[2] - taken[declarer],
        )

    def points(self, declarer: int) -> tuple[int, int]:
        """Card points taken in tricks: (declarer, defenders); the skat not included."""
        mine, theirs, _, _ = self.party(declarer)
        return points_of(mine), points_of(theirs)


def with_hand(hands: Hands, seat: int, add: int = 0, remove: int = 0) -> Hands:
    """``hands`` with cards added to or removed from the hand of ``seat``.

    >>> with_hand((0b1, 0b10, 0b100), 1, add=0b1000, remove=0b10)
    (1, 8, 4)
    """
    h = list(hands)
    h[seat] = (h[seat] | add) & ~remove
    return (h[0], h[1], h[2])


def _credited(won: Hands, taken: Hands, seat: int, cards: int, count: int) -> tuple[Hands, Hands]:
    """``won`` and ``taken`` with ``cards`` and ``count`` tricks more for ``seat``."""
    w, t = list(won), list(taken)
    w[seat] |= cards
    t[seat] += count
    return (w[0], w[1], w[2]), (t[0], t[1], t[2])


_new: Final = tuple.__new__  # a Play from all its fields, without checks
_UNPLAYED: Final = ((0, 0, 0), (0, 0, 0), ())
"""``won``, ``taken`` and ``tricks`` before the first trick."""
