"""The pot (Kasse, Pinke): money beside the list (a house rule: pagat.com, *Skat*).

Every player pays ``stake`` in at the start, and again whenever the pot has been emptied.
A declarer who loses pays ``stake`` into the pot, and so does the loser of a Ramsch (every
seat with a minus score).  A won Grand Hand takes the whole pot; a lost Grand Hand pays as much
as the pot holds (doubling it) instead of the ordinary ``stake``.  Pot money is money, not list
points: Bock rounds do not double it.

``balance`` is each player's money from the pot (minus what he paid in, plus what he took);
``content + sum(balance) == 0`` always.

>>> from skat.core import Contract, Result
>>> pot = Pot(stake=10, players=3)
>>> pot.open()
(-10, -10, -10)
>>> lost = Result(Contract.parse("C"), declarer=0, won=False, value=24, score=-48)
>>> pot.settle(lost, seats=(1, 2, 0)), pot.content
((0, -10, 0), 40)
>>> won_grand_hand = Result(Contract.parse("GH"), declarer=2, won=True, value=72, score=72)
>>> pot.settle(won_grand_hand, seats=(1, 2, 0)), pot.content, pot.balance
((40, 0, 0), 0, [30, -20, -10])
"""

from __future__ import annotations

from collections.abc import Sequence

from skat.core.scoring import Result
from skat.series.rounds import is_grand_hand


class Pot:
    """The pot's content and each player's money in and out of it."""

    __slots__ = ("balance", "content", "stake")

    def __init__(self, stake: int, players: int) -> None:
        if not isinstance(stake, int) or stake < 0:
            raise ValueError(f"the pot stake is a whole amount >= 0, not {stake!r}")
        self.stake = stake
        self.content = 0
        self.balance = [0] * players

    def open(self) -> tuple[int, ...]:
        """Before a game: if the pot is empty, everyone pays in.  Returns each player's flow."""
        flows = [0] * len(self.balance)
        if self.stake and self.content == 0:
            flows = [-self.stake] * len(self.balance)
            self._apply(flows)
        return tuple(flows)

    def settle(self, result: Result, seats: Sequence[int]) -> tuple[int, ...]:
        """After a game: the pot payments it causes; returns each player's flow."""
        flows = [0] * len(self.balance)
        if self.stake:
            if is_grand_hand(result) and result.declarer is not None:
                who = seats[result.declarer]
                flows[who] = self.content if result.won else -self.content
            elif result.ramsch is not None:
                for seat, value in enumerate(result.seat_scores):
                    if value < 0:
                        flows[seats[seat]] -= self.stake
            elif result.declarer is not None and not result.won:
                flows[seats[result.declarer]] = -self.stake
            self._apply(flows)
        return tuple(flows)

    def _apply(self, flows: Sequence[int]) -> None:
        for p, f in enumerate(flows):
            self.balance[p] += f
            self.content -= f

    def __repr__(self) -> str:
        return f"Pot(stake={self.stake}, content={self.content}, balance={self.balance})"
