"""Computer players for Scat: ``random`` and ``heuristic``.

An agent sees one seat's :class:`~skat.thirtyone.state.View` and returns one of its
``legal_actions``.  The heuristic player

- keeps track of the cards it has seen: every discard (the whole pile, not only its top), its
  own hand, and the cards others took from the pile (public, :attr:`View.known`); the cards it
  has not seen are the ones the stock can hold;
- takes the pile's top card when keeping it is worth at least what a card from the stock is
  expected to bring (the mean over the unseen cards of the best three it could keep);
- discards the card whose loss costs least, counting the value kept, the chances the unseen
  cards give the rest, and whether the next player collects that suit (he took cards of it
  from the pile);
- knocks when its hand reaches a threshold that depends on the number of players (measured,
  :func:`knock_threshold`) and rises with the turns played (the others' hands improve), and
  never below the rules' minimum.

Under Schwimmen's turn (``turn=swap``, :mod:`skat.thirtyone.swap`) both players choose among
the swaps with the open middle, passing and knocking (:func:`swap_choice`): the greedy player
takes the swap that raises its hand most and knocks at 25; the heuristic one weighs each swap
by the value kept, what it leaves the next player, knocks at :func:`swap_knock_threshold`, and
on its last turn after a knock only raises its hand.

>>> import random
>>> from skat.thirtyone import Round
>>> r = Round.from_cards(["HA HK D2", "S3 S4 C9"], upcard="H10", stock="C2 D3 D4", dealer=1)
>>> str(HeuristicAgent().choose(r.view(0)))        # ♥10 gives 31
'pile'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from skat.thirtyone.actions import (
    DRAW_PILE,
    DRAW_STOCK,
    KNOCK,
    PASS,
    SWAP_ALL,
    THROW_DOWN,
    Action,
    Discard,
    Swap,
)
from skat.thirtyone.cards import Card
from skat.thirtyone.hands import best_three, value2
from skat.thirtyone.rules import Rules
from skat.thirtyone.state import Phase, View


class Agent(Protocol):
    """A player: given what its seat knows, one of ``view.legal_actions``."""

    def choose(self, view: View) -> Action:
        """The action to take; ``view.legal_actions`` is never empty when this is called."""
        ...


class RandomAgent:
    """Any legal action, uniformly (seeded)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(0)

    def choose(self, view: View) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(view.legal_actions)


class GreedyAgent:
    """A baseline without memory: takes the pile card when it raises the hand at once, else
    the stock; discards to keep the best three; knocks at a fixed 25 whatever the table."""

    def __init__(self, rng: random.Random | None = None, knock_at: int = 25) -> None:
        self.rng = rng if rng is not None else random.Random(0)
        self.knock_at = knock_at

    def choose(self, view: View) -> Action:
        """The action for this view."""
        legal = view.legal_actions
        rules = view.rules
        if view.middle:
            return swap_choice(view, 2 * max(self.knock_at, rules.min_knock), lookahead=False)
        if view.phase is Phase.DISCARD:
            allowed = [a for a in legal if isinstance(a, Discard)]
            return max(
                allowed,
                key=lambda a: (
                    value2(tuple(c for c in view.hand if c != a.card), rules),
                    -a.card.points,
                ),
            )
        now = value2(view.hand, rules)
        if KNOCK in legal and now >= 2 * max(self.knock_at, rules.min_knock):
            return KNOCK
        if DRAW_PILE in legal and view.top is not None:
            pile = max(value2((*_without(view.hand, i), view.top), rules) for i in range(3))
            if pile > now or DRAW_STOCK not in legal:
                return DRAW_PILE
        return DRAW_STOCK if DRAW_STOCK in legal else legal[0]


def unseen_cards(view: View) -> list[Card]:
    """Cards this seat has not seen: where the stock's cards (and the others' hidden cards) are.

    >>> from skat.thirtyone import Round
    >>> r = Round.from_cards(["HA HK D2", "S3 S4 C9"], upcard="H10", stock="C2 D3 D4", dealer=1)
    >>> len(unseen_cards(r.view(0))), len(r.view(0).pack) - 3 - 1
    (48, 48)
    """
    seen = set(view.hand) | set(view.discards) | set(view.middle)
    for cards in view.known:
        seen.update(cards)
    return [c for c in view.pack if c not in seen]


def knock_threshold(players: int, turns_per_player: float, rules: Rules) -> int:
    """Twice the hand value the heuristic knocks with: a base for the number of players, +1
    for every two turns each player has had (the others' hands improve), at most +6, and never
    below the rules' minimum.

    The bases were measured against the ``greedy`` player (300 matches each, see
    docs/thirtyone.md): heads-up 23 beat 21 and 25; with three players 24 beat 20 and 22; with
    four, 19 to 23 did equally well; with six and eight players 21 to 27 clearly beat 18 (one
    knock gives many players a last turn, and the knocker alone lowest pays two).

    >>> [knock_threshold(n, 0, Rules()) // 2 for n in (2, 3, 4, 6, 9)]
    [23, 24, 22, 23, 23]
    >>> knock_threshold(4, 4, Rules()) // 2, knock_threshold(4, 0, Rules(min_knock=25)) // 2
    (24, 25)
    """
    base = {2: 23, 3: 24, 4: 22}.get(players, 23)
    late = min(6, int(turns_per_player / 2))
    return max(2 * (base + late), 2 * rules.min_knock)


class HeuristicAgent:
    """Tracks the discards, draws and discards by expected value, knocks at a threshold that
    depends on the number of players and the turns played (see the module docstring)."""

    def __init__(
        self,
        rng: random.Random | None = None,
        threshold: Callable[[int, float, Rules], int] = knock_threshold,
    ) -> None:
        self.rng = rng if rng is not None else random.Random(0)
        self.threshold = threshold

    def choose(self, view: View) -> Action:
        """The action for this view."""
        legal = view.legal_actions
        if view.middle:
            return self._schwimmen(view)
        if view.phase is Phase.DISCARD:
            return self._discard(view)
        rules = view.rules
        unseen = unseen_cards(view)
        hand = view.hand
        now = value2(hand, rules)
        stock_ev = _expected_draw(hand, unseen, rules) if DRAW_STOCK in legal else -1.0
        pile = -1
        if DRAW_PILE in legal and view.top is not None:
            top = view.top
            pile = max(value2((*_without(hand, i), top), rules) for i in range(3))
        players = sum(1 for a in view.active if a)
        if pile >= 62:
            return DRAW_PILE  # 31 (or Feuer) on the pile
        if KNOCK in legal or THROW_DOWN in legal:
            turns = view.turns / max(1, players)
            want = self.threshold(players, turns, rules)
            lives = view.lives[view.seat] if view.lives else rules.lives
            if lives <= 1:
                want += 2  # a lost knock could put us on the county or out
            if now >= want:
                return THROW_DOWN if THROW_DOWN in legal else KNOCK
        if pile >= 0 and pile >= stock_ev:
            return DRAW_PILE
        if DRAW_STOCK in legal:
            return DRAW_STOCK
        return legal[0]

    def _schwimmen(self, view: View) -> Action:
        players = sum(1 for a in view.active if a)
        want = swap_knock_threshold(players, view.turns / max(1, players), view.rules)
        if view.lives and view.lives[view.seat] <= 1:
            want += 2
        return swap_choice(view, want, lookahead=True)

    def _discard(self, view: View) -> Action:
        rules = view.rules
        hand = view.hand
        unseen = unseen_cards(view)
        nxt = _next_active(view)
        feeding = {c.suit for c in view.known[nxt]} if nxt is not None else set()
        best: tuple[float, int] | None = None
        choice: Action | None = None
        for action in view.legal_actions:
            assert isinstance(action, Discard)
            kept = tuple(c for c in hand if c != action.card)
            v = value2(kept, rules)
            potential = _expected_draw(kept, unseen, rules) if v < 62 else float(v)
            score = v + 0.5 * (potential - v)
            if action.card.suit in feeding and action.card.points >= 7:
                score -= 1.5
            key = (score, -action.card.points)
            if best is None or key > best:
                best, choice = key, action
        assert choice is not None
        return choice


def _without(hand: Sequence[Card], i: int) -> tuple[Card, ...]:
    return tuple(hand[:i]) + tuple(hand[i + 1 :])


def _expected_draw(hand: Sequence[Card], unseen: Sequence[Card], rules: Rules) -> float:
    """The mean value (half points) of the best three of ``hand`` plus one unseen card."""
    if not unseen:
        return float(value2(hand, rules))
    total = 0
    for c in unseen:
        total += best_three((*hand, c), rules)[2]
    return total / len(unseen)


def _next_active(view: View) -> int | None:
    for i in range(1, view.players):
        q = (view.seat + i) % view.players
        if view.active[q]:
            return q
    return None


def after_swap(hand: Sequence[Card], middle: Sequence[Card], action: Action) -> tuple[Card, ...]:
    """The hand after a swap (or ``all``) with the middle; any other action keeps it.

    >>> from skat.thirtyone.cards import parse_cards
    >>> h, m = parse_cards("HA HK D7"), parse_cards("H10 C9 D9")
    >>> [str(c) for c in after_swap(h, m, Swap(h[2:], m[:1]))], after_swap(h, m, SWAP_ALL) == m
    (['♥A', '♥K', '♥10'], True)
    """
    if action == SWAP_ALL:
        return tuple(middle)
    if not isinstance(action, Swap):
        return tuple(hand)
    out = list(hand)
    for g, t in zip(action.give, action.take, strict=True):
        out[out.index(g)] = t
    return tuple(out)


def swap_knock_threshold(players: int, turns_per_player: float, rules: Rules) -> int:
    """Twice the hand value the heuristic knocks with in Schwimmen: the three open cards make
    hands better than in Scat, so the bases are higher (measured against ``greedy``, see
    docs/thirtyone.md); after eight turns each it knocks with whatever it is allowed to, so
    that a table of computer players always ends its round.

    >>> [swap_knock_threshold(n, 0, Rules(turn="swap")) // 2 for n in (2, 3, 4, 6)]
    [26, 26, 26, 25]
    >>> swap_knock_threshold(4, 8, Rules(turn="swap", min_knock=20)) // 2
    20
    """
    if turns_per_player >= 8:
        return 2 * rules.min_knock
    base = 26 if players <= 4 else 25
    return max(2 * base, 2 * rules.min_knock)


def swap_choice(view: View, want: int, lookahead: bool) -> Action:
    """Schwimmen: 31 or Feuer if a swap makes it; on the last turn after a knock the best
    swap if it raises the hand, else pass; knock at ``want`` (twice the value); else the best
    swap if it raises the hand, else pass.  With ``lookahead`` it also knocks when it beats
    the weakest other player's expected hand (:func:`weakest_after_a_turn`) and weighs each
    swap by the cards of a suit it keeps and by what the middle it leaves gives the next
    player (exactly, when all his cards came from the middle)."""
    rules, hand, legal = view.rules, view.hand, view.legal_actions
    now = value2(hand, rules)
    nxt = _next_active(view) if lookahead else None
    choice, score = _best_swap(view, nxt)
    best_v = value2(after_swap(hand, view.middle, choice), rules)
    if best_v >= 62 or (view.knocker is not None and best_v > now):
        return choice
    if view.knocker is not None:
        return PASS
    if KNOCK in legal and (now >= want or (lookahead and _beats_the_weakest(view, now))):
        return KNOCK
    if best_v > now:
        return choice
    if nxt is not None and score > _swap_score(view, hand, view.middle, nxt):
        return choice
    return PASS


def _best_swap(view: View, nxt: int | None) -> tuple[Action, float]:
    """The swap (or ``all``) of the best score, and the score; ties keep the lower cards."""
    best: tuple[float, int, int] | None = None
    choice: Action = PASS
    for action in view.legal_actions:
        if not (isinstance(action, Swap) or action == SWAP_ALL):
            continue
        new = after_swap(view.hand, view.middle, action)
        left = after_swap(view.middle, view.hand, _mirror(action))
        score = _swap_score(view, new, left, nxt)
        given = sum(c.points for c in view.hand if c not in new)
        key = (score, value2(new, view.rules), -given)
        if best is None or key > best:
            best, choice = key, action
    return choice, (best[0] if best is not None else 0.0)


def _swap_score(view: View, hand: Sequence[Card], middle: Sequence[Card], nxt: int | None) -> float:
    """A hand's value, plus (looking ahead) a little for cards of one suit, minus a part of
    what the middle left gives the next player."""
    score = float(value2(hand, view.rules))
    if nxt is not None:
        score += 0.25 * _suit_support(hand) - 0.3 * _best_turn(view.known[nxt], middle, view.rules)
    return score


def _beats_the_weakest(view: View, now: int) -> bool:
    weakest, exact = weakest_after_a_turn(view)
    return now > weakest if exact else now >= weakest + 4


def _mirror(action: Action) -> Action:
    """The same exchange seen from the middle: it gives what the hand takes."""
    if isinstance(action, Swap):
        return Swap(action.take, action.give)
    return SWAP_ALL if action == SWAP_ALL else PASS


def _best_turn(cards: Sequence[Card], middle: Sequence[Card], rules: Rules) -> int:
    """Twice the best value a player holding ``cards`` (all three known, else 0) reaches
    with one turn against ``middle``: keep, swap one card, or swap all three."""
    if len(cards) != 3:
        return 0
    best = max(value2(cards, rules), value2(middle, rules))
    for g in cards:
        for t in middle:
            best = max(best, value2(after_swap(cards, middle, Swap((g,), (t,))), rules))
    return best


def weakest_after_a_turn(view: View) -> tuple[int, bool]:
    """Twice the value the weakest other player is expected to hold after one more turn,
    and whether that is exact: a hand whose three cards all came from the middle is known;
    cards never seen are guessed from how long the round has run (players keep what is good).

    >>> from skat.thirtyone.swap import SwapRound
    >>> r = SwapRound.from_cards(["HA HK H9", "S8 S9 C7"], upcard="C8 D7 D8", stock="", dealer=1)
    >>> _ = r.apply("H9 C8"); _ = r.apply("all")    # 1 holds ♥9 ♦7 ♦8, middle ♠8 ♠9 ♣7
    >>> weakest_after_a_turn(r.view(0))             # his best next turn: all three, 17
    (34, True)
    """
    rules = view.rules
    players = sum(1 for a in view.active if a)
    guess = 2 * min(28, 20 + int(view.turns / max(1, players)))
    weakest, exact = 66, True
    for q in range(view.players):
        if q == view.seat or not view.active[q]:
            continue
        known = view.known[q]
        if len(known) == 3:
            v = _best_turn(known, view.middle, rules)
        else:
            v, exact = max(guess, value2(known, rules) + 4), False
        weakest = min(weakest, v)
    return weakest, exact


def _suit_support(cards: Sequence[Card]) -> int:
    """How many cards share the best suit (two of a suit can still become 31)."""
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[c.suit] += 1
    return max(counts)


AGENTS: Final[dict[str, Callable[[random.Random], Agent]]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
}
