"""Conformance on random seeded series: whatever is played, the list adds up, the seed
reproduces every deal, the dealer rotates, Bock rounds are as long as the table, money balances
and a saved series resumes to the same list."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from skat.core import Deal, Rules
from skat.series import ScoreList, Series, dumps_series, loads_series, total_net
from skat.series.rounds import is_grand_hand

CASES = [
    # players, rules, games, seed
    (3, "isko", 36, 1),
    (4, "tournament", 48, 2),
    (3, "tournament", 36, 3),
    (4, "tournament,seeger_bonus=active", 24, 4),
    (5, "isko", 25, 5),
    (3, "pub", 30, 6),
    (4, "pub,pot=10", 40, 7),
    (3, "isko,score_sheet=bierlachs,kontra=on", 60, 8),
    (4, "isko,score_sheet=danish,ramsch=ramsch", 24, 9),
    (6, "pub,bock_triggers=6060+kontra_re+grand_hand+value100+list_total", 30, 10),
]


def _play(n: int, rules: str, games: int, seed: int) -> Series:
    s = Series([f"P{i}" for i in range(n)], Rules.parse(rules), seed=seed, games=games)
    moves = random.Random(seed * 7919)
    while not s.is_over:
        s.play(lambda g: moves.choice(g.legal_actions()))
    return s


_PLAYED: dict[tuple[int, str, int, int], Series] = {}


def _cases(keep: Callable[[Rules], bool] = lambda r: True) -> Any:
    chosen = [c for c in CASES if keep(Rules.parse(c[1]))]
    return pytest.mark.parametrize("case", chosen, ids=[f"{c[0]}p-{c[1]}" for c in chosen])


@pytest.fixture
def played(case: tuple[int, str, int, int]) -> Series:
    if case not in _PLAYED:  # each series is played once and shared by the tests
        _PLAYED[case] = _play(*case)
    return _PLAYED[case]


@_cases()
def test_totals_are_the_sums_of_the_entries(played: Series) -> None:
    running = [0] * len(played.players)
    for r in played.records:
        running = [t + e for t, e in zip(running, r.entries, strict=True)]
        assert list(r.totals) == running
    assert played.totals == running


@_cases()
def test_won_and_lost_count_the_declarers_games(played: Series) -> None:
    won = [0] * len(played.players)
    lost = [0] * len(played.players)
    for r in played.records:
        if r.declarer is not None:
            (won if r.result.won else lost)[r.declarer] += 1
    assert (played.won, played.lost) == (won, lost)


@_cases()
def test_the_seed_reproduces_every_deal(played: Series) -> None:
    rng = random.Random(played.seed)
    for r in played.records:
        assert r.deal == Deal.random(rng)


@_cases()
def test_the_dealer_rotates_and_only_a_grand_hand_in_a_ramsch_round_repeats_him(
    played: Series,
) -> None:
    n = len(played.players)
    dealer, turn = 0, 0
    for r in played.records:
        assert (r.dealer, r.turn) == (dealer, turn)
        assert r.seats == played.seating.seats(dealer)
        if r.counts:
            dealer, turn = (dealer + 1) % n, turn + 1
        else:
            assert r.kind == "ramsch" and is_grand_hand(r.result)
    assert (played.dealer, played.turn) == (dealer, turn)


@_cases(lambda r: not r.ramsch_rounds and r.score_sheet != "bierlachs")
def test_without_ramsch_rounds_every_player_deals_equally(played: Series) -> None:
    n = len(played.players)
    counts = [sum(1 for r in played.records if r.dealer == p) for p in range(n)]
    assert counts == [played.planned // n] * n


@_cases(lambda r: r.score_sheet == "plain")
def test_only_active_players_score_on_a_plain_list(played: Series) -> None:
    for r in played.records:
        for p in r.sitting:
            assert r.entries[p] == 0
        assert sum(r.entries) == sum(r.result.seat_scores) * r.factor


@_cases(lambda r: r.score_sheet == "seeger" and not r.bock)
def test_seeger_totals_follow_the_classic_formula(played: Series) -> None:
    n = len(played.players)
    active = played.rules.seeger_bonus == "active"
    for p in range(n):
        scores = sum(r.result.score for r in played.records if r.declarer == p)
        bonus = 0
        for r in played.records:
            d = r.declarer
            if d is None or d == p or r.result.won:
                continue
            if active:
                bonus += 40 if p in r.seats else 0
            else:
                bonus += 40 if n == 3 else 30
        assert played.totals[p] == scores + 50 * (played.won[p] - played.lost[p]) + bonus


@_cases()
def test_bock_rounds_are_as_long_as_the_table(played: Series) -> None:
    if not played.rules.bock:
        assert all(r.kind == "normal" for r in played.records)
        return
    n = len(played.players)
    fired = sum(1 for r in played.records if r.triggers)
    bock_games = sum(1 for r in played.records if r.kind == "bock")
    pending = sum(left for kind, left in played.rounds.queue if kind == "bock")
    assert bock_games + pending == n * fired
    for r in played.records:
        assert r.factor == (2 if r.kind == "bock" else 1)


@_cases()
def test_money_balances(played: Series) -> None:
    assert sum(played.settlement("1/4").net.values()) == 0
    assert total_net(played.game_settlements("1/4")) == played.settlement("1/4").net
    assert played.pot.content + sum(played.pot.balance) == 0
    money = played.net_money(1)
    assert sum(money.values()) == -played.pot.content


@_cases()
def test_standings_follow_the_tie_breaks(played: Series) -> None:
    keys = [(-s.total, -s.won, s.lost) for s in played.standings()]
    assert keys == sorted(keys)
    assert sorted(s.player for s in played.standings()) == sorted(played.players)


@_cases()
def test_save_resume_and_export_round_trips(played: Series) -> None:
    again = loads_series(dumps_series(played))
    assert again.records == played.records and again.totals == played.totals
    sl = ScoreList.of(played)
    assert ScoreList.from_csv(sl.to_csv(), rules=sl.rules) == sl
    assert ScoreList.from_json(sl.to_json()) == sl
    assert sl.totals == tuple(played.totals)


def test_bierlachs_stops_at_the_limit() -> None:
    s = _play(3, "isko,score_sheet=bierlachs", 300, 21)
    assert s.bierlachs_loser is not None and len(s.records) < 300
    assert min(s.totals) <= -501 and min(s.records[-2].totals) > -501
    assert all(e <= 0 for r in s.records for e in r.entries)


def test_stake_fractions_are_exact() -> None:
    s = _play(4, "tournament", 8, 3)
    net = s.settlement("1/10").net
    assert all(isinstance(v, Fraction) for v in net.values())
    assert sum(net.values()) == 0
