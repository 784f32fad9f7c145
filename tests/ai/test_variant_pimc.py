"""The PIMC players of Strohmann, Officers' Skat and Tournee Skat (issue 36): they play only
legal actions, sample only what their seat cannot see (two games that differ only in hidden
cards get the same card), and the variant arena seats them duplicate."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from skat.ai.arena import ARRANGEMENTS
from skat.ai.variant_arena import (
    game_points,
    play_deal,
    run_variant_arena,
)
from skat.ai.variant_pimc import (
    OfficersPimc,
    StrohmannPimc,
    TourneePimc,
    officers_worlds,
    strohmann_worlds,
)
from skat.ai.variants import mover, play_variant, variant_agent
from skat.cli.main import main
from skat.core.actions import Discard
from skat.core.cards import Card, cards_of
from skat.core.deal import Deal
from skat.core.errors import IllegalActionError
from skat.core.knowledge import suit_masks, tricks_read
from skat.testing import check, officers, strohmann, tournee
from skat.variants import find_variant
from skat.variants.officers import OfficersDeal

VARIANTS = ("strohmann", "officers", "tournee")
MACHINES = {"strohmann": strohmann, "officers": officers, "tournee": tournee}

Moves = list[tuple[int, Any]]


def _to_trick(variant: str, seed: int, trick: int, want: Callable[[Any], bool]) -> Iterator[Any]:
    """Games of ``variant`` (seeds from ``seed`` on) played by the heuristic to the first card
    decision from trick ``trick`` on (1-based) that ``want``s the state; yields
    ``(state, moves)``."""
    kind = find_variant(variant)
    for s in range(seed, seed + 60):
        state = kind.start(seed=s)
        agents = [variant_agent(variant, "heuristic", s + k) for k in range(3)]
        moves: Moves = []
        while not state.is_over:
            seat = mover(state)
            view = state.view(seat)
            cards = [a for a in view.legal_actions if isinstance(a, Card)]
            if len(state.tricks) + 1 >= trick and len(cards) > 1 and want(state):
                yield state, moves
                break
            action = agents[seat].choose(view)
            moves.append((seat, action))
            state.apply(action, seat)


def _replay(state: Any, moves: Moves) -> Any | None:
    """``moves`` applied to ``state`` (``None`` when one is not legal there)."""
    try:
        for seat, action in moves:
            state.apply(action, seat)
    except IllegalActionError:
        return None
    return state


# ------------------------------------------------------------------------------ legal play


@pytest.mark.parametrize("variant", VARIANTS)
def test_pimc_plays_whole_games_with_legal_actions_only(variant: str) -> None:
    """PIMC at every seat (not in Officers' Skat, for time: the conformance test plays it),
    then PIMC against random players (``play_variant`` raises on any action that is not
    legal)."""
    kind = find_variant(variant)
    seats = 2 if variant == "officers" else 3
    if variant != "officers":
        all_pimc = [variant_agent(variant, "pimc", 10 + s) for s in range(seats)]
        game = play_variant(kind.start(seed=21), all_pimc)
        assert game.is_over and game.result is not None
    mixed = [variant_agent(variant, "pimc" if s == 0 else "random", s) for s in range(seats)]
    game = play_variant(kind.start(seed=22), mixed)
    assert game.is_over


@pytest.mark.parametrize("variant", VARIANTS)
def test_pimc_games_pass_the_conformance_suite(variant: str) -> None:
    """Two games checked by :mod:`skat.testing`, every move the PIMC player's (one player a
    seat for the whole test: each makes its own solver; Officers' Skat with 2 worlds a card,
    for time)."""
    base = MACHINES[variant]()
    players: dict[int, Any] = {seat: variant_agent(variant, "pimc", seat) for seat in range(3)}
    if variant == "officers":
        players = {seat: OfficersPimc(seat, worlds=2) for seat in range(2)}

    def move(state: Any, rng: random.Random) -> None:
        seat = mover(state)
        view = state.view(seat)
        action = players[seat].choose(view)
        assert action in view.legal_actions, f"pimc chose {action}, not legal"
        state.apply(action, seat)

    machine = dataclasses.replace(base, name=f"{variant}/pimc", move=move)
    report = check(machine, games=2, sample=0.3)
    assert report.finished == 2


def test_pimc_agent_kind_is_each_variants_pimc_player() -> None:
    assert isinstance(variant_agent("strohmann", "pimc"), StrohmannPimc)
    assert isinstance(variant_agent("officers", "pimc"), OfficersPimc)
    assert isinstance(variant_agent("tournee", "pimc"), TourneePimc)


# ------------------------------------------------------------------------------ hidden cards


def _same_choice_when_hidden_cards_differ(
    variant: str, state: Any, moves: Moves, twins: Iterator[Any]
) -> None:
    """The first twin (a game with other hidden cards, replayed to the same point) whose view
    for the seat to move is the same, yet whose cards differ: the PIMC player's choice is
    the same in both (fresh players with the same seed), and made by sampling."""
    seat = mover(state)
    view = state.view(seat)
    for twin in twins:
        other = _replay(twin, moves)
        if other is None or other.view(seat) != view:
            continue
        assert _cards(other) != _cards(state)
        a, b = variant_agent(variant, "pimc", 5), variant_agent(variant, "pimc", 5)
        card = a.choose(view)
        assert b.choose(other.view(seat)) == card
        assert card in view.legal_actions
        if variant != "officers":
            assert a.search.decisions == 1  # the card was sampled, not the heuristic's
        return
    pytest.fail("no game with other hidden cards and the same view was found")


def test_strohmann_pimc_ignores_the_cards_its_seat_cannot_see() -> None:
    """The defender, from the third trick: the declarer's discard is hidden from him; a game
    in which the declarer put away other cards (and plays the same) looks the same to him."""

    def defender_moves(state: Any) -> bool:
        return state.player_to_move == state.defender and state.picked_up

    state, moves = next(_to_trick("strohmann", 1, 3, defender_moves))
    kind = find_variant("strohmann")
    k = next(i for i, (_, a) in enumerate(moves) if isinstance(a, Discard))
    seat, discard = moves[k]
    played = sum((c.bit for t in state.tricks for c in t.cards), 0)
    keep = state.hand(state.declarer).mask

    def twins() -> Iterator[Any]:
        for put in cards_of(discard.mask):
            for take in cards_of(keep & ~played):
                first, second = cards_of(discard.mask & ~put.bit | take.bit)
                changed = [*moves[:k], (seat, Discard.of(first, second)), *moves[k + 1 :]]
                twin = kind.start(state.deal)
                yield _Twin(twin, changed)

    _same_choice_when_hidden_cards_differ("strohmann", state, [], _replayed(twins()))


def _cards(state: Any) -> tuple[Any, ...]:
    """Where the cards are: the deal, each seat's cards now, the skat (if any)."""
    seats = 2 if state.variant == "officers" else 3
    skat = getattr(state, "skat", None)
    return (str(state.deal), *(state.hand(s) for s in range(seats)), skat)


class _Twin:
    """A fresh game and the moves that bring it to the compared position."""

    def __init__(self, state: Any, moves: Moves) -> None:
        self.state, self.moves = state, moves


def _replayed(twins: Iterator[_Twin]) -> Iterator[Any]:
    """Each twin's game replayed to its position (skipped when a move is not legal there)."""
    for twin in twins:
        out = _replay(twin.state, twin.moves)
        if out is not None:
            yield out


def test_tournee_pimc_ignores_the_cards_its_seat_cannot_see() -> None:
    """A defender from the third trick: two unplayed cards swapped between the declarer's
    hand and the other defender's (both hidden from him)."""

    def defender_moves(state: Any) -> bool:
        return state.to_move != state.declarer and state.kind == "tournee"

    state, moves = next(_to_trick("tournee", 1, 3, defender_moves))
    d, seat = state.declarer, state.to_move
    partner = 3 - d - seat
    hands = list(state.deal.hand_masks)
    kind = find_variant("tournee")

    def twins() -> Iterator[_Twin]:
        for x in cards_of(state.hand(d).mask & hands[d]):
            for y in cards_of(state.hand(partner).mask):
                new = hands[:]
                new[d] = new[d] & ~x.bit | y.bit
                new[partner] = new[partner] & ~y.bit | x.bit
                deal = Deal(new, state.deal.skat_mask)
                yield _Twin(kind.start(deal, top=state.order[0]), moves)

    _same_choice_when_hidden_cards_differ("tournee", state, [], _replayed(twins()))


def test_officers_pimc_ignores_the_face_down_cards() -> None:
    """From the third trick: two face-down cards still hidden swapped between piles."""
    state, moves = next(_to_trick("officers", 1, 3, lambda s: True))
    deal = state.deal
    view = state.view(0)
    hidden = [
        (p, i)
        for p in (0, 1)
        for i, pile in enumerate(view.piles[p])
        if pile.hidden and pile.top is not None
    ]
    kind = find_variant("officers")

    def twins() -> Iterator[_Twin]:
        for a in hidden:
            for b in hidden:
                if a >= b:
                    continue
                down = [list(deal.down[0]), list(deal.down[1])]
                down[a[0]][a[1]], down[b[0]][b[1]] = down[b[0]][b[1]], down[a[0]][a[1]]
                yield _Twin(kind.start(OfficersDeal(deal.up, down)), moves)

    _same_choice_when_hidden_cards_differ("officers", state, [], _replayed(twins()))


def test_strohmann_worlds_keep_what_the_seat_sees_and_the_other_players_voids() -> None:
    state, _ = next(_to_trick("strohmann", 3, 4, lambda s: s.player_to_move == s.defender))
    seat = state.defender
    view = state.view(seat)
    d, dummy = state.declarer, state.dummy
    gt = int(state.contract.game_type)
    _, voids = tricks_read(view, gt)
    void_cards = sum(suit_masks(gt)[e] for e in range(5) if voids[d] >> e & 1)
    truth = state.hand(d).mask | state.skat.mask
    for world in strohmann_worlds(view, 30, random.Random(1)):
        assert world.hands[seat] == state.hand(seat).mask
        assert world.hands[dummy] == state.hand(dummy).mask
        assert world.hands[d] | world.skat == truth
        assert world.skat.bit_count() == 2 and not world.hands[d] & void_cards


def test_officers_worlds_only_change_the_face_down_cards() -> None:
    state, _ = next(_to_trick("officers", 2, 2, lambda s: True))
    view = state.view(state.to_move)
    down = state.face_down(0).mask | state.face_down(1).mask
    in_play = view.face_up[0].mask | view.face_up[1].mask
    for c in view.current_trick:
        in_play |= c.bit
    worlds = officers_worlds(view, 20, random.Random(2))
    for world in worlds:
        assert sum(world.under.values()) == down  # each unseen card under one card in play
        assert all(in_play >> top & 1 for top in world.under)
    assert len({tuple(sorted(w.under.items())) for w in worlds}) > 1


# ------------------------------------------------------------------------------ the arena


@pytest.mark.parametrize("variant", ["strohmann", "officers"])
def test_two_player_arena_swaps_the_seats_on_the_same_deal(variant: str) -> None:
    games = play_deal(variant, ["heuristic", "random"], seed=3, index=0)
    assert [who for who, _ in games] == [(0, 1), (1, 0)]
    first, second = (state for _, state in games)
    assert first.deal == second.deal and first.is_over and second.is_over


def test_tournee_arena_rotates_the_seats_on_the_same_deal() -> None:
    games = play_deal("tournee", ["random", "random"], seed=3, index=1)
    assert tuple(who for who, _ in games) == ARRANGEMENTS
    assert len({str(state.deal) for _, state in games}) == 1


def test_arena_report_counts_each_agent_in_every_seat_equally() -> None:
    report = run_variant_arena("tournee", ["heuristic", "random"], deals=2, seed=4)
    assert report.games == 12 and report.seat_games == [18, 18]
    two = run_variant_arena("officers", ["random", "heuristic"], deals=3, seed=4)
    assert two.games == 6 and two.seat_games == [6, 6] and len(two.deal_diffs) == 3


def test_seeger_like_points_from_the_variants_result() -> None:
    for _, state in play_deal("officers", ["random", "random"], seed=5, index=0):
        result = state.result
        points = game_points(state)
        bonus = 50 if result.won else -50
        assert points[0] == result.score + bonus
        assert points[1] == (0 if result.won else 40)


def test_cli_variant_arena(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--variant", "officers", "--agents", "heuristic,random", "--deals", "2"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "arena: officers, heuristic (A) vs random (B), seed 0"
    assert lines[-1].startswith("diff: ") and lines[-1].endswith("deals: 2")


@pytest.mark.parametrize(
    "argv",
    [
        ["--agents", "heuristic,pimc-hard"],
        ["--agents", "heuristic,random", "--resume"],
        ["--agents", "heuristic,random", "--jobs", "0"],
        ["--agents", "heuristic,random", "--deal-range", "0:2"],
        ["--agents", "heuristic,random", "--deals", "0"],
    ],
)
def test_cli_variant_arena_user_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--variant", "tournee", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("skat arena: error:") and len(err.splitlines()) == 1
