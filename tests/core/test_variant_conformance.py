"""Engine checks beyond the conformance suite (tests/core/test_conformance.py), on the seeded
random games of :mod:`skat.testing` under every rules preset and the house-rule mixes:

* every legal action validates and nothing else does (out of turn, cards not held …);
* undo back to the deal restores the start; the undo snapshot lists every field;
* another seat's discard shows only as hidden;
* the results: the declarer's points, 84 with tens counting 1 in a Ramsch, and an explanation
  with the same numbers in English and German.
"""

from __future__ import annotations

import copy
import pickle
import random
import re
from collections.abc import Iterator

import pytest

from skat.core import (
    BID_VALUES,
    CARDS,
    HOLD,
    PASS,
    PICK_UP,
    PRESETS,
    SHOW_CARDS,
    Action,
    Bid,
    Contract,
    Deal,
    Declare,
    Discard,
    GameState,
    IllegalActionError,
    Phase,
    Resign,
    Result,
    Rules,
)
from skat.core.actions import DOUBLES, LAY_OPEN, SCHENKEN, SHOW_SKAT, SPITZEN, Schenken
from skat.core.cards import RANK_MASKS, Rank
from skat.core.contracts import GRAND, NULL
from skat.testing import check_listed, game_state, walk
from skat.variants import find_variant

from .test_conformance import MIXES

CONFIGS = [*PRESETS, *MIXES]
N_GAMES = 200  # per configuration
configs = pytest.mark.parametrize("config", CONFIGS)

UNIVERSE: tuple[Action, ...] = (
    *(Bid.of(v) for v in BID_VALUES),
    HOLD,
    PASS,
    PICK_UP,
    SHOW_SKAT,
    SHOW_CARDS,
    LAY_OPEN,
    *(Declare.of(c) for c in Contract.all()),
    *CARDS,
    *(Resign(s) for s in range(3)),
    *DOUBLES[1:],
    *SPITZEN[1:5],
    *SCHENKEN,
)


def _is_end(action: Action) -> bool:
    """Listed among the end actions: resignation, Schenken, showing the cards."""
    return isinstance(action, (Resign, Schenken)) or action is SHOW_CARDS


_SOME_DISCARDS = [
    Discard.of(CARDS[i], CARDS[j])
    for i, j in random.Random(5).sample([(i, j) for i in range(32) for j in range(i)], 120)
]


def states(config: str, sample: float = 1.0, games: int = N_GAMES) -> Iterator[GameState]:
    """The states of the seeded random games of one configuration (a ``sample`` share of the
    steps, and every final state)."""
    pick = random.Random(f"pick/{config}")
    for _, state, _ in walk(game_state(config, forced_ramsch=6), games, seed=11):
        if state.is_over or sample >= 1.0 or pick.random() < sample:
            yield state


# ----------------------------------------------------------------------------- legal actions


@configs
def test_every_legal_action_validates_and_nothing_else_does(config: str) -> None:
    for state in states(config, sample=0.15):
        assert (state.phase == Phase.ANSWER) is (
            not state.is_over and bool(state.course.questions.pending)
        )
        check_listed(state, UNIVERSE, _is_end, IllegalActionError)
        if state.phase in (Phase.DISCARD, Phase.PUSH_DISCARD):
            discards = set(state.legal_actions())
            for discard in _SOME_DISCARDS:
                try:
                    state.validate(discard)
                except IllegalActionError:
                    assert discard not in discards
                else:
                    assert discard in discards


def test_card_play_out_of_turn_is_refused() -> None:
    for state in states("isko", sample=0.2):
        if state.phase != Phase.PLAY:
            continue
        for seat in range(3):
            if seat != state.to_move:
                for card in state.hand(seat):
                    with pytest.raises(IllegalActionError, match="turn"):
                        state.validate(card, seat)


# ----------------------------------------------------------------------------- undo


@configs
def test_undo_back_to_the_deal_restores_the_start(config: str) -> None:
    machine = game_state(config, forced_ramsch=5)
    for seed in range(25):
        rng = random.Random(seed)
        state = machine.new(rng)
        snapshots = [machine.snapshot(state)]
        while not state.is_over:
            machine.move(state, rng)
            snapshots.append(machine.snapshot(state))
        snapshots.pop()
        while state.history:
            state.undo()
            assert machine.snapshot(state) == snapshots.pop()
        assert not snapshots
        with pytest.raises(IllegalActionError, match="nothing to undo"):
            state.undo()


def test_undo_snapshot_is_the_declared_state_fields() -> None:
    # undo restores the fields declared once in STATE_FIELDS; every other slot is set at the
    # start (or is the history, the undo list, a cache) and never changes with an action
    from skat.core.state import STATE_FIELDS, GameState

    fixed = {"deal", "rules", "history", "_undo", "_extras"}
    assert set(GameState.__slots__) == fixed | set(STATE_FIELDS)
    state = GameState(seed=7)
    rng = random.Random(7)
    before = {name: getattr(state, name) for name in ("deal", "rules", "_extras")}
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        assert {name: getattr(state, name) for name in before} == before
        assert len(state._undo) == len(state.history)


# ----------------------------------------------------------------------------- hidden information


def test_a_view_shows_another_seats_discard_only_as_hidden() -> None:
    seen = 0
    for state in states("isko"):
        if state.phase != Phase.DECLARE or not state.picked_up:
            continue
        d = state.declarer
        assert d is not None
        for seat in range(3):
            view = state.view(seat)
            who, discard = view.history[-1]  # the discard was the last action
            assert who == d and view.history[-2] == (d, PICK_UP)
            if seat == d:
                assert isinstance(discard, Discard) and view.skat == state.deal.skat
                assert view.discard == discard.cards
            else:
                assert discard is None and view.skat is None and view.discard is None
        seen += 1
    assert seen > 20


# ----------------------------------------------------------------------------- results


@configs
def test_the_result_counts_the_declarers_tricks_and_the_skat(config: str) -> None:
    played_out = ramsch_games = 0
    rules = Rules.parse(config) if config not in PRESETS else PRESETS[config]
    for state in states(config, sample=0.0):
        result = state.result
        if result is None or len(state.tricks) < 10:
            continue
        played_out += 1
        if result.ramsch is not None:
            ramsch_games += 1
            assert sum(result.seat_points) == 120 - 4 * (10 - rules.ramsch_ten_points)
        elif not result.passed:
            mine = sum(t.points for t in state.tricks if t.winner == state.declarer)
            assert result.points == mine + state.skat.points
            assert result.tricks + result.defender_tricks == 10
    assert played_out > N_GAMES // 4  # resignations end some games early
    if rules.ramsch != "off":
        assert ramsch_games >= N_GAMES // 12


def test_tens_counting_1_make_84_in_ramsch_with_the_skat() -> None:
    rules = Rules.parse("isko,ramsch=schieberamsch,ramsch_tens=low,ramsch_ten_points=1")
    tens = RANK_MASKS[Rank.TEN]
    for seed in range(40):
        state = GameState(Deal.random(random.Random(seed)), rules, ramsch=True)
        rng = random.Random(seed)
        while not state.is_over:  # no Grand Hand instead of the Ramsch
            state.apply(
                rng.choice([a for a in state.legal_actions() if not isinstance(a, Declare)])
            )
        result = state.result
        assert result is not None and result.ramsch == "schieberamsch"
        # the raw card points less 9 for each ten, for every seat, skat included
        raw = [0, 0, 0]
        for t in state.tricks:
            raw[t.winner] += sum(c.points - (9 if c.bit & tens else 0) for c in t.cards)
        assert (
            sum(raw) + sum(c.points - (9 if c.bit & tens else 0) for c in state.skat)
            == sum(result.seat_points)
            == 84
        )


_NUMBER = re.compile(r"\d+")
_EXTRA_WORDS = ("spitze", "open", "skat shown")
_SEATS = ("Forehand", "Middlehand", "Rearhand")


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def check_explanation(result: Result, rules: Rules) -> None:
    en, de = result.explain(), result.explain("de")
    assert _NUMBER.findall(en) == _NUMBER.findall(de), (en, de)
    if result.passed:
        assert (en, de) == ("passed in", "eingepasst")
        return
    if result.ramsch is not None:
        for seat, entry in enumerate(result.ramsch_scores):
            named = f"{_SEATS[seat]} {signed(entry)}"
            assert (named in en) is (entry != 0) and (_SEATS[seat] in en) is (entry != 0), en
        assert " ".join(map(str, result.seat_points)) in en
        if result.pushes:
            assert f"× {2**result.pushes})" in en or f"× {2**result.pushes}," in en
        return
    c = result.contract
    assert c is not None
    lost_factor = 1 if (rules.lost_hand_single and c.hand) else 2
    assert (
        result.score
        == (result.value if result.won else -lost_factor * result.value) * result.multiplier
    )
    assert result.multiplier == 2**result.kontra
    if c.game_type != NULL:
        steps = result.levels()
        assert steps[-1][1] == result.level, (en, result.level)
        assert len(result.extra_levels) == sum(1 for w, _ in steps if w in _EXTRA_WORDS)
        base = (
            rules.grand_ouvert_base if c.game_type == GRAND and c.ouvert else c.game_type.base_value
        )
        if result.overbid:
            assert result.value >= result.bid > base * result.level
            assert result.value - base < result.bid
        else:
            assert result.value == base * result.level >= result.bid
        assert f"= {base * result.level}" in en
    if result.multiplier > 1:
        assert en.endswith(f" × {result.multiplier} = {signed(result.score)}"), en
    elif result.won:
        assert f"= {result.score}" in en, en
    else:
        assert signed(result.score) in en, en


@configs
def test_every_result_explains_itself_in_english_and_german(config: str) -> None:
    kinds: set[str] = set()
    for state in states(config, sample=0.0):
        result = state.result
        assert result is not None
        check_explanation(result, state.rules)
        kinds.add(
            "passed"
            if result.passed
            else result.ramsch or ("violation" if result.violation else "game")
        )
    assert "game" in kinds


@pytest.mark.parametrize("name", ["tournee", "officers", "strohmann"])
def test_a_variants_game_pickles_and_deepcopies_in_the_middle_of_the_play(name: str) -> None:
    state = find_variant(name).start(seed=5)
    rng = random.Random(2)
    while len(state.tricks) < 2 or not state.current_trick:
        state.apply(rng.choice(state.legal_actions()))
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert (twin.deal, twin.history, twin.tricks) == (state.deal, state.history, state.tricks)
        assert twin.current_trick == state.current_trick
        assert twin.legal_actions() == state.legal_actions()
        twin.undo()
        assert twin.history == state.history[:-1]
