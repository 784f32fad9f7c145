"""Conformance of Scat on many seeded random matches: every card in exactly one place, every
match ends with one player left, legal actions never empty while a round runs, every legal
action validates, undo restores, copies are independent, and views never show what a seat
cannot see (two rounds that differ only in cards hidden from a seat give it equal views)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skat.thirtyone import DRAW_STOCK, Match, Round, Rules, pack
from skat.thirtyone.agents import HeuristicAgent, RandomAgent
from skat.thirtyone.arena import play_match

RULES = [
    Rules(),
    Rules.parse("schwimmen"),
    Rules.parse("scat,min_knock=21,straight_flush=on,three_of_a_kind=30"),
    Rules.parse("scat,throw_down=on,take_back=off,knocker_pays=1,lives=1"),
    Rules.parse("scat,pack=32,stock_out=draw,county=off"),
]


def matches(count: int) -> Iterator[tuple[int, Rules, int]]:
    for i in range(count):
        yield i, RULES[i % len(RULES)], 2 + i % 8


def mixed_agents(n: int, seed: int) -> list[RandomAgent | HeuristicAgent]:
    return [
        (HeuristicAgent if (seed + j) % 2 else RandomAgent)(random.Random(seed * 31 + j))
        for j in range(n)
    ]


def card_places(r: Round) -> list[object]:
    places: list[object] = [c for p in range(r.players) for c in r.hand(p)]
    return places + list(r.stock) + list(r.discards) + list(r.middle)


def step(m: Match, agents: list[RandomAgent | HeuristicAgent]) -> None:
    if m.round.over:
        m.next_round()
        return
    seat = m.round.to_move
    m.apply(agents[seat].choose(m.view(seat)))


@pytest.mark.parametrize("chunk", range(2))
def test_every_card_in_exactly_one_place_and_every_match_ends(chunk: int) -> None:
    for i, rules, n in matches(40):
        seed = chunk * 1000 + i
        m = Match(n, rules, random.Random(seed))
        agents = mixed_agents(n, seed)
        steps = 0
        while not m.over:
            r = m.round
            places = card_places(r)
            assert len(places) == len(set(places)) == rules.pack
            assert set(places) == set(pack(rules.pack))
            if not r.over:
                legal = r.legal_actions()
                assert legal
                for a in legal:
                    assert r.validate(a) == a
            step(m, agents)
            steps += 1
            assert steps < 20_000
        assert sum(not o for o in m.out) == 1 and m.winner is not None


def test_undo_restores_and_copies_are_independent() -> None:
    for i, rules, n in matches(50):
        m = Match(n, rules, random.Random(i))
        agents = mixed_agents(n, i)
        rng = random.Random(i)
        while not m.over:
            r = m.round
            if not r.over and rng.random() < 0.3:
                before = (
                    [r.hand(p) for p in range(n)],
                    r.stock,
                    r.discards,
                    r.to_move,
                    r.phase,
                    r.knocker,
                    r.result,
                    r.log,
                )
                twin = r.copy()
                action = rng.choice(r.legal_actions())
                r.apply(action)
                assert (twin.stock, twin.discards, twin.to_move) == before[1:4]
                r.undo()
                after = (
                    [r.hand(p) for p in range(n)],
                    r.stock,
                    r.discards,
                    r.to_move,
                    r.phase,
                    r.knocker,
                    r.result,
                    r.log,
                )
                assert after == before
                assert twin.legal_actions() == r.legal_actions()
            step(m, agents)


def test_views_never_show_hidden_cards() -> None:
    for i, rules, n in matches(40):
        m = Match(n, rules, random.Random(i))
        agents = mixed_agents(n, i)
        while not m.over:
            r = m.round
            for seat in range(n):
                v = r.view(seat)
                assert v.hand == r.hand(seat)
                for e in v.history:
                    if e.seat != seat and e.action == DRAW_STOCK:
                        assert e.card is None
                for p, known in enumerate(v.known):
                    assert set(known) <= set(r.hand(p))
                if r.result is not None:
                    for p, shown in enumerate(r.result.shown):
                        assert not shown or shown == r.hand(p)
            step(m, agents)


def test_rounds_that_differ_only_in_hidden_cards_give_equal_views() -> None:
    checked = 0
    for seed in range(400):
        n = 2 + seed % 8
        rules = RULES[seed % len(RULES)]
        r = Round.deal(random.Random(seed), n, dealer=seed % n, rules=rules)
        agents = mixed_agents(n, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 3 * n)):
            if r.over:
                break
            r.apply(agents[r.to_move].choose(r.view(r.to_move)))
        if r.over:
            continue
        seat = rng.randrange(n)
        other = (seat + 1 + rng.randrange(n - 1)) % n
        v = r.view(seat)
        hidden_in_hand = [c for c in r.hand(other) if c not in v.known[other]]
        if not hidden_in_hand or not r.stock:
            continue
        twin = r.copy()
        a, b = hidden_in_hand[0], twin._stock[0]
        twin._hands[other][twin._hands[other].index(a)] = b
        twin._stock[0] = a
        twin_view = twin.view(seat)
        assert twin_view == v
        assert twin.hand(other) != r.hand(other)
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("players", [2, 5, 9])
def test_heuristic_matches_end_for_every_preset(players: int) -> None:
    for i, rules in enumerate(RULES):
        agents = [HeuristicAgent(random.Random(j)) for j in range(players)]
        winner, m = play_match(agents, rules, random.Random(i))
        assert m.over and m.winner == winner
