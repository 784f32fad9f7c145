"""A match of Scat: rounds until one player is left.

Every player starts with three pennies (``lives``).  A lost life is a penny paid into the
kitty; a knocker with the sole lowest hand pays two if he has that many.  A player without
pennies is "on the county" and still plays; losing again puts him out.  The deal passes to
the left (the next player still in).  The last player in wins.

>>> import random
>>> m = Match(3, rng=random.Random(5))
>>> while not m.over:
...     if m.round.over:
...         _ = m.next_round()
...     else:
...         _ = m.apply(m.legal_actions()[0])    # always draw from the stock, discard the first
>>> m.winner is not None, sum(not o for o in m.out)
(True, 1)
"""

from __future__ import annotations

import random
from dataclasses import replace

from skat.thirtyone.actions import Action, Event
from skat.thirtyone.rules import Rules
from skat.thirtyone.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    IllegalActionError,
    Round,
    RoundResult,
    View,
)


class Match:
    """Lives, the dealer and the current :class:`Round`; ``apply`` plays into the round and
    settles the lives as soon as it ends; ``next_round`` deals the next one."""

    def __init__(
        self,
        players: int,
        rules: Rules | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Scat is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        self.players = players
        self.rules = rules or Rules()
        self.rng = rng if rng is not None else random.Random(0)
        self.lives = [self.rules.lives] * players
        self.out = [False] * players
        self.results: list[RoundResult] = []
        self.rounds = 0
        first = dealer if dealer is not None else self.rng.randrange(players)
        self.round = self._deal(first)

    def _deal(self, dealer: int) -> Round:
        self.rounds += 1
        r = Round.deal(
            self.rng,
            self.players,
            dealer,
            self.rules,
            active=[not o for o in self.out],
            lives=self.lives,
        )
        if r.over:
            self._settle(r)
        return r

    @property
    def over(self) -> bool:
        """Is only one player left?"""
        return sum(not o for o in self.out) == 1

    @property
    def winner(self) -> int | None:
        """The last player in, once the match is over."""
        if not self.over:
            return None
        return self.out.index(False)

    def on_county(self, p: int) -> bool:
        """Has p paid all his pennies but is still in?"""
        return self.lives[p] == 0 and not self.out[p]

    @property
    def to_move(self) -> int | None:
        """The player to move in the current round (None between rounds)."""
        return None if self.round.over else self.round.to_move

    def legal_actions(self) -> list[Action]:
        """The legal actions of the current round."""
        return self.round.legal_actions()

    def validate(self, action: Action | str) -> Action:
        """Check an action; raises :class:`IllegalActionError` with the reason."""
        if self.over:
            raise IllegalActionError("the match is over")
        return self.round.validate(action)

    def apply(self, action: Action | str) -> Event:
        """Play an action; when it ends the round, the lives are settled at once."""
        self.validate(action)
        event = self.round.apply(action)
        if self.round.over:
            self._settle(self.round)
        return event

    def _settle(self, r: Round) -> None:
        result = r.result
        assert result is not None
        self.results.append(result)
        before = (list(self.lives), list(self.out))
        for p, loss in enumerate(result.losses):
            if not loss or self.out[p]:
                continue
            if self.lives[p] == 0:
                self.out[p] = True  # lost while on the county
                continue
            self.lives[p] -= min(loss, self.lives[p])
            if self.lives[p] == 0 and not self.rules.county:
                self.out[p] = True
        if all(self.out):  # the last players all lose at once (a tie): the round does not count
            self.lives, self.out = before

    def next_round(self) -> Round:
        """Deal the next round; the deal passes to the next player still in."""
        if self.over:
            raise IllegalActionError("the match is over")
        if not self.round.over:
            raise IllegalActionError("the round is still being played")
        dealer = self.round.dealer
        for i in range(1, self.players + 1):
            q = (dealer + i) % self.players
            if not self.out[q]:
                dealer = q
                break
        self.round = self._deal(dealer)
        return self.round

    def view(self, seat: int) -> View:
        """The round's view for ``seat`` with the match's current lives."""
        return replace(self.round.view(seat), lives=tuple(self.lives), out=tuple(self.out))
