"""Conformance of the game state under every rules preset and a few house-rule mixes: a few
hundred seeded random games each (random legal actions, a sensible auction most of the time, now
and then an end action, a Schenken, a rule violation, and forced Ramsch games), checking the
engine's invariants at every step or at a seeded sample of steps:

* every card is in exactly one place, and card points add up (120; 84 with tens counting 1 in
  a Ramsch, the skat included);
* legal actions are never empty until the end, every one validates, and nothing else does;
* undo restores the exact state, copies are independent;
* a seat's view does not change when cards it cannot see are swapped (pushed skats, shown skats
  and hands laid open count as seen);
* the result explains itself: the same numbers in English and German, levels, value, score.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from typing import NamedTuple

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
    CardSet,
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
from skat.core.actions import (
    DOUBLES,
    LAY_OPEN,
    SCHENKEN,
    SHOW_SKAT,
    SPITZEN,
    VIOLATION_KINDS,
    Schenken,
    ShowSkat,
    Violation,
)
from skat.core.cards import ALL_MASK, RANK_MASKS, Rank, points_of
from skat.core.contracts import GRAND, NULL

MIXES = (
    "isko,kontra=on,kontra_timing=lead,kontra_eligibility=bid,supra=on",
    "isko,ramsch=schieberamsch,ramsch_tens=low,ramsch_ten_points=1",
    "isko,spitze=on,schenken=on,open_play=on,show_skat=on",
    "iss2,kontra=on,supra=on,spitze=on,schenken=on,open_play=on",
    "pub,ramsch=gewinner,ramsch_skat=loser,jungfrau=off,durchmarsch=off,kontra_timing=lead",
    "isko,ramsch=schieberamsch,schieberamsch_jacks=on,schieberamsch_grand_hand=off,"
    "show_skat=on,kontra=on",
)
CONFIGS: dict[str, Rules] = {
    **{name: preset for name, preset in PRESETS.items()},
    **{text: Rules.parse(text) for text in MIXES},
}
N_GAMES = 250  # per configuration
FORCED_RAMSCH = 6  # every sixth game skips the auction

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
_END_TYPES = (Resign, Schenken)


class Step(NamedTuple):
    """The state before an action, and the action with the seat that takes it."""

    seed: int
    index: int
    state: GameState
    action: Action
    seat: int | None


def choose(state: GameState, rng: random.Random) -> tuple[Action, int | None]:
    """A random move: mostly a sensible auction, random cards and answers, now and then an end
    action (resignation, claim, Schenken) or a recorded rule violation."""
    phase = state.phase
    if phase == Phase.PLAY and state.declarer is not None:
        roll = rng.random()
        ends = state.end_actions()
        if roll < 0.03 and ends:
            return rng.choice(ends), None
        if roll < 0.04:
            seat = rng.randrange(3)
            return Violation(seat, rng.choice(VIOLATION_KINDS)), seat
    legal = state.legal_actions()
    if phase == Phase.PUSH:  # Grand Hand now and then, so that most of them stay a Ramsch
        if len(legal) > 2 and rng.random() < 0.1:
            return legal[2], None
        return rng.choice(legal[:2]), None
    if phase == Phase.BIDDING and rng.random() < 0.7:
        if legal[0] is HOLD:
            return (HOLD if rng.random() < 0.6 else PASS), None
        return (legal[0] if rng.random() < 0.45 else PASS), None
    if phase == Phase.SKAT and rng.random() < 0.8:
        if rng.random() < 0.5:
            return (SHOW_SKAT if SHOW_SKAT in legal and rng.random() < 0.3 else PICK_UP), None
        plain = [
            a
            for a in legal
            if isinstance(a, Declare) and not a.contract.schneider_announced  # type: ignore[union-attr]
        ]
        return rng.choice(plain or legal), None
    return rng.choice(legal), None


def interesting(state: GameState) -> bool:
    """A state right after an announcement or while one is asked: always worth a check."""
    if state.phase in (Phase.ANSWER, Phase.PUSH, Phase.PUSH_DISCARD, Phase.DECLARE):
        return True
    return bool(state.history) and not isinstance(state.history[-1].action, type(CARDS[0]))


def games(config: str, sample: float = 1.0) -> Iterator[Step]:
    """The steps of the seeded games of one configuration; ``sample`` is the share of steps
    yielded (the others are played without being shown to the check) besides the interesting
    ones (announcements, answers, pushes); the final state of each game is always yielded (with
    an unused action)."""
    rules = CONFIGS[config]
    for seed in range(N_GAMES):
        rng = random.Random(f"{config}/{seed}")
        state = GameState(Deal.random(rng), rules, ramsch=seed % FORCED_RAMSCH == 0)
        pick = random.Random(~seed)
        index = 0
        while not state.is_over:
            action, seat = choose(state, rng)
            if sample >= 1.0 or pick.random() < sample or (sample > 0 and interesting(state)):
                yield Step(seed, index, state, action, seat)
            state.apply(action, seat)
            index += 1
        yield Step(seed, index, state, PASS, None)


configs = pytest.mark.parametrize("config", list(CONFIGS))


def internals(state: GameState) -> tuple[object, ...]:
    """Every field of the state (the declaration cache aside), lists as tuples."""
    out = []
    for name in GameState.__slots__:
        if name == "_decl_cache":
            continue
        value = getattr(state, name)
        out.append(tuple(value) if isinstance(value, list) else value)
    return tuple(out)


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything observable about a state, and its fields."""
    return (
        tuple(state.view(s) for s in range(3)),
        tuple(state.hand(s) for s in range(3)),
        state.skat,
        state.current_trick,
        tuple(state.legal_actions()),
        tuple(state.end_actions()),
        state.result,
        internals(state),
    )


# ----------------------------------------------------------------------------- cards and points


def ramsch_total(rules: Rules) -> int:
    return 120 - 4 * (10 - rules.ramsch_ten_points)


@configs
def test_every_card_is_in_exactly_one_place_and_the_points_add_up(config: str) -> None:
    played_out = ramsch_games = 0
    for step in games(config):
        state = step.state
        hands = [state.hand(s).mask for s in range(3)]
        current = CardSet(state.current_trick).mask
        places = [*hands, current, *(CardSet(t.cards).mask for t in state.tricks), state.skat.mask]
        seen = 0
        for mask in places:
            assert seen & mask == 0, (step.seed, step.index, CardSet(seen & mask))
            seen |= mask
        given_away = state.is_over and len(state.tricks) < 10 and not any(hands) and not current
        ended_early = state.is_over and len(state.tricks) < 10  # violation, Schwarz required ...
        if not (given_away or ended_early):
            assert seen == ALL_MASK, (step.seed, step.index, CardSet(ALL_MASK & ~seen))
        in_tricks = sum(t.points for t in state.tricks)
        if not given_away:
            unplayed = points_of(hands[0] | hands[1] | hands[2] | current)
            assert in_tricks + unplayed + state.skat.points == 120 or ended_early
        result = state.result
        if result is None or len(state.tricks) < 10:
            continue
        played_out += 1
        if result.ramsch is not None:
            ramsch_games += 1
            assert sum(result.seat_points) == ramsch_total(state.rules), step.seed
        elif not result.passed:
            mine = sum(t.points for t in state.tricks if t.winner == state.declarer)
            assert result.points == mine + state.skat.points
            assert result.tricks + result.defender_tricks == 10
    assert played_out > N_GAMES // 4  # resignations end some games early
    if CONFIGS[config].ramsch != "off":
        assert ramsch_games >= N_GAMES // 12  # forced ones may turn into a Grand Hand


def test_tens_counting_1_make_84_in_ramsch_with_the_skat() -> None:
    rules = CONFIGS["isko,ramsch=schieberamsch,ramsch_tens=low,ramsch_ten_points=1"]
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


# ----------------------------------------------------------------------------- legal actions


@configs
def test_legal_actions_are_never_empty_until_the_end_and_all_validate(config: str) -> None:
    for step in games(config):
        state = step.state
        legal = state.legal_actions()
        assert bool(legal) is not state.is_over, (step.seed, step.index)
        assert state.is_over is (state.result is not None)
        assert (state.phase == Phase.ANSWER) is (
            not state.is_over and bool(state.course.questions.pending)
        )
        for action in legal:
            assert state.validate(action) is action, (step.seed, step.index, action)
        for action in state.end_actions():
            assert state.validate(action) == action, (step.seed, step.index, action)
        if state.phase == Phase.PLAY and state.declarer is not None:
            assert state.end_actions()


@configs
def test_every_action_that_is_not_listed_is_refused(config: str) -> None:
    for step in games(config, sample=0.15):
        state = step.state
        legal = set(map(str, state.legal_actions()))
        ends = set(map(str, state.end_actions()))
        for action in UNIVERSE:
            listed = str(action) in (ends if isinstance(action, _END_TYPES) else legal)
            if action is SHOW_CARDS:
                listed = str(action) in ends
            try:
                state.validate(action)
            except IllegalActionError:
                assert not listed, (step.seed, step.index, f"{action} is listed but refused")
            else:
                assert listed, (step.seed, step.index, f"{action} validates, not listed")
        if state.phase in (Phase.DISCARD, Phase.PUSH_DISCARD):
            discards = set(state.legal_actions())
            for mask, discard in list(_SOME_DISCARDS.items()):
                ok = discard in discards
                try:
                    state.validate(discard)
                except IllegalActionError:
                    assert not ok, (step.seed, mask)
                else:
                    assert ok, (step.seed, str(discard))


_SOME_DISCARDS = {
    d.mask: d
    for d in (
        Discard.of(CARDS[i], CARDS[j])
        for i, j in random.Random(5).sample([(i, j) for i in range(32) for j in range(i)], 120)
    )
}


# ----------------------------------------------------------------------------- undo and copy


@configs
def test_undo_restores_the_exact_previous_state(config: str) -> None:
    for step in games(config):
        state = step.state
        if state.is_over:
            continue
        before = snapshot(state)
        event = state.apply(step.action, step.seat)
        assert state.history[-1] == event
        assert state.undo() == event
        assert snapshot(state) == before, (step.seed, step.index, str(step.action))


@configs
def test_undo_back_to_the_deal_restores_the_start(config: str) -> None:
    rules = CONFIGS[config]
    for seed in range(25):
        rng = random.Random(seed)
        state = GameState(Deal.random(rng), rules, ramsch=seed % 5 == 0)
        snapshots = [snapshot(state)]
        while not state.is_over:
            state.apply(*choose(state, rng))
            snapshots.append(snapshot(state))
        snapshots.pop()
        while state.history:
            state.undo()
            assert snapshot(state) == snapshots.pop()
        assert not snapshots


@configs
def test_copies_are_independent(config: str) -> None:
    rng = random.Random(config)
    for step in games(config, sample=0.04):
        state = step.state
        if state.is_over:
            continue
        original = snapshot(state)
        twin = state.copy() if rng.random() < 0.5 else copy.copy(state)
        assert snapshot(twin) == original
        while not twin.is_over:
            twin.apply(*choose(twin, rng))
        assert snapshot(state) == original
        twin_end = snapshot(twin)
        state.apply(step.action, step.seat)
        assert snapshot(twin) == twin_end
        state.undo()
        assert snapshot(state) == original


# ----------------------------------------------------------------------------- hidden information


def alternative_deal(state: GameState, seat: int, rng: random.Random) -> Deal | None:
    """A deal that differs from the real one only in cards ``seat`` has not seen: hidden cards
    swapped between the other hands and the skat (while the seat has not seen it)."""
    deal = state.deal
    owner = {c: deal.owner(c) for c in CARDS}
    pinned = deal.hand_masks[seat] | CardSet(state.current_trick).mask
    for t in state.tricks:
        pinned |= CardSet(t.cards).mask
    skat_seen = False
    for event in state.history:
        action = event.action
        if isinstance(action, Discard):  # put away or pushed on: pinned where they went
            pinned |= action.mask
        if isinstance(action, ShowSkat) or (action is PICK_UP and event.seat == seat):
            skat_seen = True
    d = state.declarer
    var = state.course
    contract = state.contract
    if (
        d is not None
        and d != seat
        and (state.claimed or var.lay_open or (contract is not None and contract.ouvert))
    ):
        pinned |= state.hand(d).mask
    if skat_seen:
        pinned |= deal.skat_mask
    holders = {s for s in range(3) if s != seat} | {3}
    free = [c for c in CARDS if not pinned & c.bit and owner[c] in holders]
    if len({owner[c] for c in free}) < 2:
        return None
    for _ in range(rng.randint(1, 4)):
        x, y = rng.sample(free, 2)
        owner[x], owner[y] = owner[y], owner[x]
    hands = [0, 0, 0, 0]
    for c, o in owner.items():
        hands[o] |= c.bit
    return Deal(hands[:3], hands[3])


def replay(state: GameState, deal: Deal) -> GameState | None:
    """The same actions on another deal (a forced Ramsch too), or ``None`` if one of them is
    illegal there."""
    forced = bool(state.history) and state.history[0].action is not None and _forced(state)
    other = GameState(deal, state.rules, ramsch=forced)
    try:
        for event in state.history:
            other.apply(event.action, event.seat)
    except IllegalActionError:
        return None
    return other


def _forced(state: GameState) -> bool:
    """The game skipped the auction (a forced Ramsch)."""
    first = state.history[0].action
    return not isinstance(first, (Bid, type(PASS)))


@configs
def test_a_view_never_depends_on_cards_the_seat_cannot_see(config: str) -> None:
    rng = random.Random(f"views/{config}")
    compared = 0
    for step in games(config, sample=0.2):
        state = step.state
        if state.is_over or not state.history:
            continue
        seat = rng.randrange(3)
        want = 3 if interesting(state) else 1  # deals to compare with
        for _ in range(4 * want):
            deal = alternative_deal(state, seat, rng)
            if deal is None:
                break
            other = replay(state, deal)
            if other is None:
                continue
            if deal != state.deal:
                compared += 1
            assert other.view(seat) == state.view(seat), (
                config,
                step.seed,
                step.index,
                seat,
                str(deal),
            )
            want -= 1
            if not want:
                break
    assert compared > N_GAMES


# ----------------------------------------------------------------------------- results


_NUMBER = re.compile(r"\d+")


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


_EXTRA_WORDS = ("spitze", "open", "skat shown")
_SEATS = ("Forehand", "Middlehand", "Rearhand")


@configs
def test_every_result_explains_itself_in_english_and_german(config: str) -> None:
    kinds: set[str] = set()
    for step in games(config, sample=0.0):
        result = step.state.result
        assert result is not None
        check_explanation(result, step.state.rules)
        kinds.add(
            "passed"
            if result.passed
            else result.ramsch or ("violation" if result.violation else "game")
        )
    assert "game" in kinds
