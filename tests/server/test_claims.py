"""A claim at the web table is played out at once (ISkO 4.4): the line ends every game, and
the claim holds exactly when the claimer can take every remaining trick against any defence."""

from __future__ import annotations

import random

from skat.ai.dds import TRICKS, Position, Solver
from skat.core import GameState
from skat.core.contracts import NULL
from skat.server.claims import claim_line, claim_view


def _claimed_games(count: int) -> list[tuple[GameState, int]]:
    """Random games in which the declarer (now and then a defender) shows his cards at a
    random point of the play: (the game right after the claim, the claimer)."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        g = GameState(seed=seed)
        while not g.is_over:
            shows = [a for a in g.end_actions() if str(a) == "SC"]
            if shows and rng.random() < 0.2:
                seat = g.declarer if rng.random() < 0.75 else (g.declarer + 1) % 3
                if g.is_legal(shows[0], seat):
                    g.apply(shows[0], seat)
                    out.append((g, seat))
                    break
            g.apply(rng.choice([a for a in g.legal_actions() if str(a) != "SC"]))
    return out


def test_a_claim_made_anywhere_in_the_play_is_played_out_to_the_end() -> None:
    games = _claimed_games(60)
    assert len(games) >= 20
    for g, _ in games:
        before = len(g.history)
        for seat, card in claim_line(g):
            g.apply(card, seat)
        assert g.is_over and len(g.history) >= before


def test_a_declarers_claim_holds_exactly_when_he_can_take_every_trick() -> None:
    """ISkO 4.4: the claim holds when the declarer takes every remaining trick whatever the
    defenders play (checked by the solver's own threshold search on the claim position)."""
    checked = 0
    for g, seat in _claimed_games(80):
        if seat != g.declarer or g.contract is None or g.contract.game_type == NULL:
            continue
        pos = Position.from_state(g)
        tricks = (sum(m.bit_count() for m in pos.hands) + len(pos.trick)) // 3
        can = Solver().at_least(pos, tricks, TRICKS)
        for s, card in claim_line(g):
            g.apply(card, s)
        view = claim_view(g)
        assert view is not None and view["seat"] == seat
        assert view["held"] == can, (str(pos), view)
        checked += 1
    assert checked >= 10
