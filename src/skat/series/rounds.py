"""Bock rounds and Ramsch rounds carried from game to game.

A *Bock round* is one game per player at the table (3 at a 3-table, 4 at a 4-table, …); its
games score double on the list (bids and game values are unchanged).  It starts with the game
after the one that triggered it.  With ``ramsch_rounds=on`` a *Ramsch round* of as many games
follows each Bock round: every game in it is a compulsory Ramsch.  A trigger while Bock or
Ramsch rounds are pending adds its rounds after them (they stack, one after the other).

The pending rounds are a queue of ``(kind, games left)``; the front decides the next game.

>>> q = Rounds()
>>> q.kind, q.bock
('normal', False)
>>> q = q.triggered(games=3, ramsch_rounds=True)
>>> q, q.kind
(Rounds((('bock', 3), ('ramsch', 3))), 'bock')
>>> q = q.played().played().triggered(games=3, ramsch_rounds=True)
>>> q.queue
(('bock', 1), ('ramsch', 3), ('bock', 3), ('ramsch', 3))
>>> q.played().kind
'ramsch'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

from skat.core.contracts import GRAND, NULL
from skat.core.scoring import Result

KINDS: Final = ("bock", "ramsch")
"""Kinds of special round."""

TRIGGERS: Final = ("6060", "kontra_re", "grand_hand", "value100", "list_total")
"""What can start a Bock round (``Rules.bock_triggers``)."""

_REPDIGITS: Final = frozenset(111 * d for d in range(1, 10))


class Rounds:
    """The pending special rounds: an immutable queue of ``(kind, games left)``."""

    __slots__ = ("queue",)

    queue: tuple[tuple[str, int], ...]

    def __init__(self, queue: Iterable[Sequence[object]] = ()) -> None:
        items: list[tuple[str, int]] = []
        for item in queue:
            if len(item) != 2:
                raise ValueError(f"a pending round is (kind, games left), not {item!r}")
            kind, left = item[0], item[1]
            if kind not in KINDS:
                raise ValueError(f"a pending round is bock or ramsch, not {kind!r}")
            if not isinstance(left, int) or isinstance(left, bool) or left <= 0:
                raise ValueError(f"a pending {kind} round needs games left > 0, not {left!r}")
            items.append((str(kind), left))
        object.__setattr__(self, "queue", tuple(items))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rounds is immutable")

    @property
    def kind(self) -> str:
        """What the next game is: ``normal``, ``bock`` (scores double) or ``ramsch``."""
        return self.queue[0][0] if self.queue else "normal"

    @property
    def bock(self) -> bool:
        """The next game is in a Bock round."""
        return self.kind == "bock"

    @property
    def ramsch(self) -> bool:
        """The next game is in a Ramsch round (a compulsory Ramsch)."""
        return self.kind == "ramsch"

    def played(self, counts: bool = True) -> Rounds:
        """The queue after the next game; ``counts=False`` for a game that does not complete
        the round (a Grand Hand in a Ramsch round)."""
        if not self.queue or not counts:
            return self
        (kind, left), rest = self.queue[0], self.queue[1:]
        return Rounds(((kind, left - 1), *rest) if left > 1 else rest)

    def triggered(self, games: int, ramsch_rounds: bool) -> Rounds:
        """The queue with one more Bock round (and its Ramsch round) at the end."""
        extra = [("bock", games)] + ([("ramsch", games)] if ramsch_rounds else [])
        return Rounds((*self.queue, *extra))

    def to_list(self) -> list[list[object]]:
        """JSON form: ``[["bock", 2], ["ramsch", 3]]``."""
        return [[k, n] for k, n in self.queue]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rounds) and self.queue == other.queue

    def __hash__(self) -> int:
        return hash(self.queue)

    def __repr__(self) -> str:
        return f"Rounds({self.queue!r})" if self.queue else "Rounds()"


def is_grand_hand(result: Result) -> bool:
    """A declared Grand Hand (Ouvert included)."""
    c = result.contract
    return c is not None and result.declarer is not None and c.game_type == GRAND and c.hand


def bock_triggers(
    result: Result,
    triggers: Iterable[str],
    totals_before: Sequence[int] = (),
    totals_after: Sequence[int] = (),
) -> tuple[str, ...]:
    """The triggers in ``triggers`` that this game fires, in :data:`TRIGGERS` order.

    - ``6060``: a suit or Grand game lost with 60 card points to 60;
    - ``kontra_re``: Kontra and Re were said (Supra, Resupra included);
    - ``grand_hand``: a won Grand Hand;
    - ``value100``: a game worth 100 or more;
    - ``list_total``: a player's list total changed to a multiple of 100 or to three equal
      digits (111, 222, … 999, either sign).

    >>> from skat.core import Contract, Result
    >>> r = Result(Contract.parse("GH"), declarer=0, won=True, value=120, score=120, points=90)
    >>> bock_triggers(r, TRIGGERS, [180, 0, 0], [300, 0, 0])
    ('grand_hand', 'value100', 'list_total')
    >>> bock_triggers(Result(Contract.parse("S"), declarer=2, points=60, value=33), TRIGGERS)
    ('6060',)
    """
    wanted = set(triggers)
    return tuple(
        t for t in TRIGGERS if t in wanted and _FIRES[t](result, totals_before, totals_after)
    )


def _declared(result: Result) -> bool:
    """A declared game (not passed in, not a Ramsch)."""
    return result.contract is not None and result.declarer is not None and result.ramsch is None


def _sixty_sixty(result: Result, before: Sequence[int], after: Sequence[int]) -> bool:
    c = result.contract
    return (
        _declared(result)
        and c is not None
        and c.game_type != NULL
        and not result.won
        and result.points == 60
    )


def _kontra_re(result: Result, before: Sequence[int], after: Sequence[int]) -> bool:
    return _declared(result) and result.kontra >= 2


def _won_grand_hand(result: Result, before: Sequence[int], after: Sequence[int]) -> bool:
    return is_grand_hand(result) and result.won


def _value100(result: Result, before: Sequence[int], after: Sequence[int]) -> bool:
    return _declared(result) and result.value >= 100


def _list_total(result: Result, before: Sequence[int], after: Sequence[int]) -> bool:
    return any(
        a != b and a != 0 and (a % 100 == 0 or abs(a) in _REPDIGITS)
        for b, a in zip(before, after, strict=True)
    )


_FIRES: Final[dict[str, Callable[[Result, Sequence[int], Sequence[int]], bool]]] = {
    "6060": _sixty_sixty,
    "kontra_re": _kontra_re,
    "grand_hand": _won_grand_hand,
    "value100": _value100,
    "list_total": _list_total,
}
"""Whether a game fires each trigger of :data:`TRIGGERS`."""
