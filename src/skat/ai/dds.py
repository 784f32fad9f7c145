"""The double-dummy solver: every hand open, perfect play by both sides.

A :class:`Position` is the three hands, the current trick and its leader, the game type, the
declarer and what each side has won so far.  :func:`solve` gives the card points (Augen) the
declarer takes from here on (Null: 1 if he stays trickless, else 0), :func:`reaches` answers
"does the declarer reach at least ``target`` points in total?" (Null: "does he stay
trickless?"), :func:`solve_all` values every legal card, :func:`best_line` is a principal
variation and :func:`analyse` goes through a played game.  :func:`brute_force` is a plain
minimax for checking on small endings.

The search (:mod:`skat.ai._kernel`) is a boolean threshold search ("at least T?") with a
transposition table of bounds; the exact value is narrowed by a sequence of such searches.

>>> pos = Position.parse("G decl=0 hands=CJ.HA/HT.H7/HK.S7")
>>> pos.to_move, [str(c) for c in pos.legal_cards()]
(0, ['HA', 'CJ'])
>>> solve(pos), brute_force(pos), reaches(pos, 27), reaches(pos, 28)
(27, 27, True, False)
>>> {str(c): v for c, v in solve_all(pos).items()}
{'HA': 27, 'CJ': 27}
>>> [str(c) for c in best_line(pos)]
['HA', 'H7', 'HK', 'CJ', 'HT', 'S7']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from skat.ai import _kernel as K
from skat.core.cards import CARDS, Card, CardSet, points_of
from skat.core.contracts import EFFECTIVE_SUIT, FOLLOW_MASKS, NULL, WIN_KEY
from skat.core.language import N_, say, say_n
from skat.core.seats import seat_name
from skat.core.state import PLAY, GameState, View
from skat.core.steps import restarted

__all__ = [
    "Analysis",
    "MoveAnalysis",
    "Position",
    "PositionError",
    "Solver",
    "analyse",
    "best_line",
    "brute_force",
    "declarer_wins",
    "goal",
    "reaches",
    "schneider_open",
    "solve",
    "solve_all",
]

POINTS: Final = 0
"""Objective: card points (suit and Grand games)."""
TRICKS: Final = K.COUNT_TRICKS
"""Objective: tricks (for Schwarz)."""


class PositionError(ValueError):
    """A position is inconsistent or cannot be read."""


def _mask(text: str) -> int:
    text = text.strip()
    if text in ("", "-"):
        return 0
    return CardSet.parse(text).mask


def _text(mask: int) -> str:
    return ".".join(str(c) for c in CardSet(mask)) or "-"


@dataclass(frozen=True)
class Position:
    """A position in the card play, all hands known.

    ``hands`` are card masks by seat, ``trick`` the card indices of the unfinished trick in
    play order, led by ``leader``.  ``declarer_points`` includes the skat (suit and Grand).
    ``schwarz`` makes the game end at the defenders' first trick (Schwarz announced, Ouvert).

    >>> p = Position.parse("S decl=1 lead=2 trick=SA hands=CJ.S7/SK.HA/ST points=0:0")
    >>> p.to_move, str(p)
    (0, 'S decl=1 lead=2 trick=SA hands=CJ.S7/SK.HA/ST points=0:0 tricks=0:0')
    """

    hands: tuple[int, int, int]
    game_type: int
    declarer: int
    trick: tuple[int, ...] = ()
    leader: int = 0
    declarer_points: int = 0
    defender_points: int = 0
    declarer_tricks: int = 0
    defender_tricks: int = 0
    schwarz: bool = False

    def __post_init__(self) -> None:
        h0, h1, h2 = self.hands
        if not 0 <= self.game_type <= 5:
            raise PositionError(f"not a game type: {self.game_type!r}")
        if self.declarer not in (0, 1, 2) or self.leader not in (0, 1, 2):
            raise PositionError("declarer and leader are seats 0, 1, 2")
        if len(self.trick) > 2:
            raise PositionError("a trick in progress has at most 2 cards")
        seen = 0
        for m in (h0, h1, h2, *(1 << c for c in self.trick)):
            if m < 0 or m >> 32 or seen & m:
                raise PositionError("a card is in two places")
            seen |= m
        sizes = [m.bit_count() for m in self.hands]
        k = sizes[self.leader]
        for i in range(3):  # who has played to the trick holds one card less
            want = k if i < len(self.trick) else k + (1 if self.trick else 0)
            if sizes[(self.leader + i) % 3] != want or want > 10:
                raise PositionError(f"hand sizes do not fit the trick: {sizes}")

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_state(cls, state: GameState) -> Position:
        """The position of a game in the card play (suit, Grand or Null; not Ramsch)."""
        if state.phase != PLAY or state.contract is None or state.declarer is None:
            raise PositionError("a position needs a declared game in the card play")
        hands = (state.hand(0).mask, state.hand(1).mask, state.hand(2).mask)
        return cls.from_view(state.view(state.declarer), hands, state.skat.mask)

    @classmethod
    def from_view(cls, view: View, hands: tuple[int, int, int], skat: int) -> Position:
        """The position of a seat's ``view`` in the card play with the hidden cards dealt as
        ``hands`` (each seat's current cards) and ``skat`` (as it counts for the declarer: the
        discard, or the dealt skat of a Hand game); :meth:`from_state` with the true cards."""
        c, d = view.contract, view.declarer
        if view.phase != PLAY or c is None or d is None:
            raise PositionError("a position needs a declared game in the card play")
        gt = int(c.game_type)
        decl_pts = def_pts = decl_tricks = 0
        for t in view.tricks:
            if t.winner == d:
                decl_pts += t.points
                decl_tricks += 1
            else:
                def_pts += t.points
        if gt != NULL:
            decl_pts += points_of(skat)
        schwarz = gt != NULL and (c.schwarz_announced or "schwarz required" in view.announcements)
        return cls(
            hands=hands,
            game_type=gt,
            declarer=d,
            trick=tuple(card.index for card in view.current_trick),
            leader=view.trick_leader,
            declarer_points=decl_pts,
            defender_points=def_pts,
            declarer_tricks=decl_tricks,
            defender_tricks=len(view.tricks) - decl_tricks,
            schwarz=schwarz,
        )

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read ``<type> decl=<seat> hands=<h0>/<h1>/<h2> [lead=<seat>] [trick=<c>.<c>]
        [points=<d>:<f>] [tricks=<d>:<f>] [schwarz]``; type one of ``D H S C G N``, cards
        separated by dots, ``-`` for an empty hand."""
        tokens = text.split()
        if not tokens or tokens[0].upper() not in ("D", "H", "S", "C", "G", "N"):
            raise PositionError(f"a position starts with its game type: {text!r}")
        kw: dict[str, Any] = {"game_type": "DHSCGN".index(tokens[0].upper())}
        try:
            for tok in tokens[1:]:
                name, _, value = tok.partition("=")
                if name == "schwarz" and not value:
                    kw["schwarz"] = True
                elif name == "decl":
                    kw["declarer"] = int(value)
                elif name == "lead":
                    kw["leader"] = int(value)
                elif name == "trick":
                    kw["trick"] = tuple(c.index for c in _cards_in_order(value))
                elif name == "hands":
                    parts = value.split("/")
                    if len(parts) != 3:
                        raise PositionError(f"three hands separated by '/': {value!r}")
                    kw["hands"] = tuple(_mask(p) for p in parts)
                elif name in ("points", "tricks"):
                    a, b = value.split(":")
                    kw[f"declarer_{name}"] = int(a)
                    kw[f"defender_{name}"] = int(b)
                else:
                    raise PositionError(f"unknown field {tok!r}")
        except ValueError as exc:
            if isinstance(exc, PositionError):
                raise
            raise PositionError(f"cannot read {text!r}: {exc}") from None
        if "declarer" not in kw or "hands" not in kw:
            raise PositionError(f"decl= and hands= are needed: {text!r}")
        return cls(**kw)

    def __str__(self) -> str:
        out = ["DHSCGN"[self.game_type], f"decl={self.declarer}"]
        if self.leader or self.trick:
            out.append(f"lead={self.leader}")
        if self.trick:
            out.append("trick=" + ".".join(CARDS[c].name for c in self.trick))
        out.append("hands=" + "/".join(_text(m) for m in self.hands))
        out.append(f"points={self.declarer_points}:{self.defender_points}")
        out.append(f"tricks={self.declarer_tricks}:{self.defender_tricks}")
        if self.schwarz:
            out.append("schwarz")
        return " ".join(out)

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    # ------------------------------------------------------------------ play

    @property
    def to_move(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % 3

    @property
    def is_over(self) -> bool:
        """True when no card is left or the game has ended early (Null lost, Schwarz failed)."""
        if self.game_type == NULL and self.declarer_tricks:
            return True
        if self.schwarz and self.defender_tricks:
            return True
        return not (self.hands[0] | self.hands[1] | self.hands[2])

    def legal_mask(self) -> int:
        """The cards the seat to move may play, as a mask (0 when the game is over)."""
        if self.is_over:
            return 0
        hand = self.hands[self.to_move]
        if self.trick:
            follow = hand & FOLLOW_MASKS[self.game_type][self.trick[0]]
            if follow:
                return follow
        return hand

    def legal_cards(self) -> list[Card]:
        """The cards the seat to move may play, in index order."""
        m = self.legal_mask()
        return [CARDS[i] for i in range(32) if m >> i & 1]

    def play(self, card: Card | int | str) -> Position:
        """The position after the seat to move plays ``card`` (checked for legality)."""
        c = Card.parse(card) if isinstance(card, str) else CARDS[int(card)]
        if not self.legal_mask() & c.bit:
            raise PositionError(f"{c} is not a legal card here")
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] &= ~c.bit
        trick = (*self.trick, c.index)
        if len(trick) < 3:
            return replace(self, hands=(hands[0], hands[1], hands[2]), trick=trick)
        gt = self.game_type
        keys = WIN_KEY[gt][EFFECTIVE_SUIT[gt][trick[0]]]
        pos = max(range(3), key=lambda i: (keys[trick[i]], -i))
        winner = (self.leader + pos) % 3
        pts = points_of((1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]))
        new = replace(self, hands=(hands[0], hands[1], hands[2]), trick=(), leader=winner)
        if winner == self.declarer:
            return replace(
                new,
                declarer_points=self.declarer_points + pts,
                declarer_tricks=self.declarer_tricks + 1,
            )
        return replace(
            new,
            defender_points=self.defender_points + pts,
            defender_tricks=self.defender_tricks + 1,
        )

    @property
    def remaining_points(self) -> int:
        """Card points still in the hands and the current trick."""
        m = self.hands[0] | self.hands[1] | self.hands[2]
        for c in self.trick:
            m |= 1 << c
        return points_of(m)


def _cards_in_order(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.replace(",", ".").split(".") if t]


# ---------------------------------------------------------------------------------------------
# The solver


def _mode(pos: Position, objective: int = POINTS) -> int:
    if pos.game_type == NULL:
        return K.NULL
    return objective | (K.STOP if pos.schwarz else 0)


def _gain(before: Position, after: Position, mode: int) -> int:
    """What the declarer gained between two positions, in the objective's unit."""
    if mode & K.NULL:
        return 0
    if mode & K.COUNT_TRICKS:
        return after.declarer_tricks - before.declarer_tricks
    return after.declarer_points - before.declarer_points


def _terminal(pos: Position, mode: int) -> int:
    if mode & K.NULL:
        return 0 if pos.declarer_tricks else 1
    return 0


class Solver:
    """A solver with its own transposition table; the table is kept between calls on
    positions of the same deal (same game, declarer and owners of the cards).  The table
    has ``2 ** tt_bits`` slots (default 20 with numba and without: its size changes the node
    counts, and the node counts bound the players' work, so both kernels play alike).
    ``sure_bounds=False`` leaves out the sure-points cut-offs at trick starts (the search
    as it was before them: same values, more nodes; for checking); ``equivalence=False`` keys
    the table by the cards left themselves, not normalised by equivalent cards (for checking).

    >>> s = Solver()
    >>> pos = Position.parse("N decl=0 hands=D7.S8/DA.S9/DK.ST")
    >>> s.solve(pos), s.nodes > 0
    (1, True)
    """

    def __init__(
        self, tt_bits: int | None = None, *, sure_bounds: bool = True, equivalence: bool = True
    ) -> None:
        bits = tt_bits if tt_bits is not None else 20
        size = 1 << bits
        self._tt = K.zeros(2 * size)  # per slot: the key, then bounds, best card, generation
        self._buf = K.zeros(2 * K.DEPTHS * K.SLOTS)
        self._hands = K.zeros(3)
        self._ctx = K.zeros(K.CTX_SIZE)
        self._ctx[K.CTX_MASK] = size - 1
        self._ctx[K.CTX_GEN] = 1
        self._ctx[K.CTX_PLAIN] = 0 if sure_bounds else 1
        self._ctx[K.CTX_RAW] = 0 if equivalence else 1
        self._owner: tuple[int, int, int] | None = None  # game type, declarer, mode
        self._owners: tuple[int, int, int] = (0, 0, 0)  # each seat's cards this generation
        self.nodes = 0
        """Search nodes visited so far."""

    def reset(self) -> None:
        """Forget the table (the next search starts cold)."""
        self._owner = None

    def _prepare(self, pos: Position, mode: int) -> None:
        tag = (pos.game_type, pos.declarer, mode)
        o = self._owners
        same = (
            self._owner == tag
            and not pos.hands[0] & ~o[0]
            and not pos.hands[1] & ~o[1]
            and not pos.hands[2] & ~o[2]
        )
        if not same:
            gen = int(self._ctx[K.CTX_GEN]) + 1
            if gen >= 1 << 28:
                for i in range(len(self._tt)):
                    self._tt[i] = 0
                gen = 1
            self._ctx[K.CTX_GEN] = gen
            self._owner = tag
            self._owners = pos.hands
        self._ctx[K.CTX_GT] = pos.game_type
        self._ctx[K.CTX_DECLARER] = pos.declarer
        self._ctx[K.CTX_MODE] = mode
        for i in range(3):
            self._hands[i] = pos.hands[i]

    def _search(self, pos: Position, alpha: int, beta: int) -> int:
        t = pos.trick
        self._ctx[K.CTX_NODES] = 0
        v = K.search(
            self._hands,
            self._ctx,
            self._tt,
            self._buf,
            pos.leader,
            len(t),
            t[0] if t else 0,
            t[1] if len(t) > 1 else 0,
            0,
            alpha,
            beta,
        )
        self.nodes += int(self._ctx[K.CTX_NODES])
        return int(v)

    def _max_gain(self, pos: Position, mode: int) -> int:
        if mode & K.NULL:
            return 1
        if mode & K.COUNT_TRICKS:
            return (sum(m.bit_count() for m in pos.hands) + len(pos.trick)) // 3
        return pos.remaining_points

    def at_least(self, pos: Position, target: int, objective: int = POINTS) -> bool:
        """Does the declarer gain at least ``target`` from here on (Null: stay trickless)?"""
        mode = _mode(pos, objective)
        if mode & K.NULL:
            target = 1
        if pos.is_over:
            return _terminal(pos, mode) >= target
        if target <= 0:
            return True
        if target > self._max_gain(pos, mode):
            return False
        self._prepare(pos, mode)
        return self._search(pos, target - 1, target) >= target

    def value(self, pos: Position, objective: int = POINTS) -> int:
        """The exact gain from here on, narrowed by threshold searches: the first at 61 card
        points in total; after a search the declarer fails, at the bound it returned (often
        the value); after one he passes, three quarters up the interval left (a search he
        passes must refute every defence and costs several times one he fails)."""
        mode = _mode(pos, objective)
        if pos.is_over:
            return _terminal(pos, mode)
        lo, hi = 0, self._max_gain(pos, mode)
        self._prepare(pos, mode)
        guess = (lo + hi + 1) // 2 if mode & K.COUNT_TRICKS else 61 - pos.declarer_points
        while lo < hi:
            t = min(max(guess, lo + 1), hi)
            r = self._search(pos, t - 1, t)
            if r >= t:
                lo = r
                guess = lo + (3 * (hi - lo) + 3) // 4
            else:
                hi = r
                guess = hi
        return lo

    def solve(self, pos: Position) -> int:
        """See :func:`solve`."""
        return self.value(pos)

    def values(self, pos: Position, objective: int = POINTS) -> dict[Card, int]:
        """The value of each legal card (gain from ``pos`` on, that card played first)."""
        mode = _mode(pos, objective)
        out: dict[Card, int] = {}
        for card in pos.legal_cards():
            child = pos.play(card)
            out[card] = _gain(pos, child, mode) + self.value(child, objective)
        return out

    def line(self, pos: Position, objective: int = POINTS) -> list[Card]:
        """A principal variation from ``pos`` to the end of the game."""
        out: list[Card] = []
        while not pos.is_over:
            vals = self.values(pos, objective)
            pick = max if pos.to_move == pos.declarer else min
            best = pick(vals.values())
            card = next(c for c, v in vals.items() if v == best)
            out.append(card)
            pos = pos.play(card)
        return out


_DEFAULT: Solver | None = None


def _solver() -> Solver:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Solver()
    return _DEFAULT


def goal(view: View) -> int:
    """The card points the declarer of ``view``'s game needs: 90 with Schneider announced or
    required, else 61 (what :func:`declarer_wins` takes as ``target``)."""
    c = view.contract
    assert c is not None
    return 90 if c.schneider_announced or "schneider required" in view.announcements else 61


def schneider_open(view: View) -> bool:
    """Can the Schneider still tell cards apart that are equal for the game?  Not in Null, nor
    when Schneider or Schwarz is announced or required (the goal already is one of them)."""
    c = view.contract
    assert c is not None
    return not (
        c.game_type == NULL
        or c.schwarz_announced
        or c.schneider_announced
        or "schwarz required" in view.announcements
        or "schneider required" in view.announcements
    )


def declarer_wins(solver: Solver, pos: Position, target: int) -> bool:
    """Does the declarer reach his goal from ``pos`` with perfect play on both sides?
    ``target`` is the card points he needs in total (ignored for Null and Schwarz)."""
    if pos.game_type == NULL:
        return solver.at_least(pos, 1)
    if pos.schwarz:
        return solver.at_least(pos, 10 - pos.declarer_tricks, TRICKS)
    return solver.at_least(pos, target - pos.declarer_points)


def solve(position: Position) -> int:
    """Card points the declarer takes from here on with perfect play by both sides (the
    current trick's cards included); Null: 1 if the declarer stays trickless, else 0."""
    return _solver().value(position)


def reaches(position: Position, target: int) -> bool:
    """Does the declarer end with at least ``target`` card points in total (points already
    won and the skat included)?  Null: does he stay trickless (``target`` is ignored)?"""
    if position.game_type == NULL:
        return _solver().at_least(position, 1)
    return _solver().at_least(position, target - position.declarer_points)


def solve_all(position: Position) -> dict[Card, int]:
    """The value (as :func:`solve` counts it, from this position) of every legal card."""
    return _solver().values(position)


def best_line(position: Position) -> list[Card]:
    """A principal variation: the cards of perfect play to the end of the game."""
    return _solver().line(position)


def brute_force(position: Position, objective: int = POINTS) -> int:
    """Plain minimax without pruning or tables, for checking :func:`solve` on small endings."""
    mode = _mode(position, objective)

    def rec(pos: Position) -> int:
        if pos.is_over:
            return _terminal(pos, mode)
        vals = [_gain(pos, child, mode) + rec(child) for child in map(pos.play, pos.legal_cards())]
        return max(vals) if pos.to_move == pos.declarer else min(vals)

    return rec(position)


# ---------------------------------------------------------------------------------------------
# Analysis of a played game


@dataclass(frozen=True)
class MoveAnalysis:
    """One card played: its double-dummy value and the best (``loss`` ≥ 0, for the player's
    side: points the declarer got more, or (defender) the points the defenders gave away)."""

    seat: int
    card: Card
    played: int
    best: int
    best_cards: tuple[Card, ...]
    position: Position

    @property
    def loss(self) -> int:
        """Value lost by this card for its player's side (0 for a best card)."""
        if self.seat == self.position.declarer:
            return self.best - self.played
        return self.played - self.best

    def __str__(self) -> str:
        best = " ".join(str(c) for c in self.best_cards)
        return f"seat {self.seat} {self.card}: {self.played} (best {best}: {self.best}, lost {self.loss})"


@dataclass
class Analysis:
    """A played game gone through card by card (see :func:`analyse`)."""

    start: Position | None
    goal: str
    could_win: bool | None
    winning_line: list[Card] | None
    start_value: int | None
    moves: list[MoveAnalysis] = field(default_factory=list)

    def __iter__(self) -> Iterator[MoveAnalysis]:
        return iter(self.moves)

    def mistakes(self) -> list[MoveAnalysis]:
        """The cards that lost value."""
        return [m for m in self.moves if m.loss > 0]

    @property
    def value(self) -> int | None:
        """The double-dummy value of the game from its first card: the card points the
        declarer ends with when both sides play perfectly, the skat (or the two cards put away)
        counted for him as the rules count it (Null: 1 when he stays without a trick, else 0)."""
        if self.start is None or self.start_value is None:
            return None
        if self.start.game_type == NULL:
            return self.start_value
        return self.start.declarer_points + self.start_value

    def goal_words(self, lang: str = "en") -> str:
        """What the declarer had to make (:attr:`goal`) in ``lang``: ``no trick``, ``all
        tricks``, ``61 card points``.

        >>> Analysis(None, "61 card points", None, None, None).goal_words("de")
        '61 Augen'
        """
        key = _GOALS.get(self.goal)
        if key is not None:
            return say(lang, key)
        need = self.goal.split()[0]
        return say(lang, "dds.goal.points", need=need) if need.isdigit() else self.goal

    def summary(self, names: Sequence[str] | None = None, lang: str = "en") -> str:
        """One line on the declarer's game and one per card that lost value, in the words of
        the terminal's review in ``lang`` (``names`` by seat; default Forehand, Middlehand,
        Rearhand).

        >>> from skat.core import GameState
        >>> analyse(GameState(seed=1)).summary()  # still in the auction: nothing played
        'no card play'
        """
        if self.start is None:
            return say(lang, "dds.no_card_play")

        def who(seat: int) -> str:
            return names[seat] if names is not None else seat_name(seat, lang)

        line = " ".join(str(c) for c in self.winning_line or ())
        goal = self.goal_words(lang)
        declarer = who(self.start.declarer)
        if self.could_win:
            head = say(lang, "dds.could_make", who=declarer, goal=goal, line=line)
        else:
            head = say(lang, "dds.could_not_make", who=declarer, goal=goal)
        if self.start.game_type != NULL:
            head += f" ({value_words(self.value or 0, lang)})"
        null = self.start.game_type == NULL
        mistakes = [
            "  "
            + mistake_words(
                i // 3 + 1,
                who(m.seat),
                str(m.card),
                " ".join(str(c) for c in m.best_cards),
                cost_words(m.loss, null, lang),
                lang,
            )
            for i, m in enumerate(self.moves)
            if m.loss > 0
        ]
        return "\n".join([head, *(mistakes or [say(lang, "dds.no_mistakes")])])


SEAT_WORDS: Final = tuple(seat_name(seat) for seat in range(3))
"""The seats' English names (Forehand, Middlehand, Rearhand)."""

_GOALS: Final = {"no trick": N_("dds.goal.no_trick"), "all tricks": N_("dds.goal.all_tricks")}


def mistake_words(trick: int, who: str, card: str, best: str, cost: str, lang: str = "en") -> str:
    """A card that lost value, as the terminal's review, ``skat analyse`` and the web say it.

    >>> mistake_words(2, "Bob", "♣10", "♣9", cost_words(56, False))
    'trick 2: Bob ♣10, better ♣9 (cost 56 points)'
    >>> mistake_words(2, "Bob", "♣10", "♣9", cost_words(1, False, "de"), "de")
    'Stich 2: Bob ♣10, besser ♣9 (kostete 1 Auge)'
    """
    return say(lang, "dds.mistake", trick=trick, who=who, card=card, best=best, cost=cost)


def cost_words(loss: int, null: bool, lang: str = "en") -> str:
    """What a card cost: ``the game`` (Null), ``1 point``, ``7 Augen``.

    >>> cost_words(1, False, "de"), cost_words(7, False), cost_words(1, True)
    ('1 Auge', '7 points', 'the game')
    """
    if null:
        return say(lang, "dds.cost_game")
    return say_n(lang, "dds.cost_points", "dds.cost_points.plural", loss)


def value_words(total: int, lang: str = "en") -> str:
    """The double-dummy value of a suit or Grand game in the words ``skat solve``,
    ``skat analyse`` and the terminal's review all use.

    >>> value_words(120)
    'double-dummy value 120: the card points the declarer ends with, skat included'
    """
    return say(lang, "dds.value", total=total)


def _goal(pos: Position, schneider_announced: bool) -> tuple[str, int, int]:
    """(description, objective, target gain from ``pos``) of the declarer's goal."""
    if pos.game_type == NULL:
        return "no trick", POINTS, 1
    if pos.schwarz:
        tricks = (sum(m.bit_count() for m in pos.hands) + len(pos.trick)) // 3
        return "all tricks", TRICKS, tricks
    need = 90 if schneider_announced else 61
    return f"{need} card points", POINTS, need - pos.declarer_points


def analyse(game: GameState | Any) -> Analysis:
    """Go through a played game (a :class:`GameState`, or anything with a ``state`` such as a
    replayed record): for each card played its double-dummy value and the best card's, and
    whether the declarer could have made his game (61, 90 with Schneider announced, all tricks
    with Schwarz announced, no trick in Null; the bid is not looked at) and a line that does.
    """
    state: GameState = game if isinstance(game, GameState) else game.state
    replayed = restarted(state)  # a Ramsch round's forced Ramsch included
    solver = _solver()
    moves: list[MoveAnalysis] = []
    start: Position | None = None
    for ev in state.history:
        if replayed.phase == PLAY and isinstance(ev.action, Card) and replayed.contract:
            pos = Position.from_state(replayed)
            if start is None:
                start = pos
            if not pos.is_over:
                vals = solver.values(pos)
                pick = max if pos.to_move == pos.declarer else min
                best = pick(vals.values())
                moves.append(
                    MoveAnalysis(
                        seat=ev.seat,
                        card=ev.action,
                        played=vals[ev.action],
                        best=best,
                        best_cards=tuple(c for c, v in vals.items() if v == best),
                        position=pos,
                    )
                )
        replayed.apply(ev.action, ev.seat)
    if start is None:
        return Analysis(None, "", None, None, None, moves)
    contract = replayed.contract
    goal, objective, target = _goal(start, bool(contract and contract.schneider_announced))
    could = solver.at_least(start, target, objective)
    line = solver.line(start, objective) if could else None
    return Analysis(start, goal, could, line, solver.value(start), moves)
