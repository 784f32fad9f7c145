"""The PIMC agent: its sampled deals never contradict what the seat knows, it plays only legal
actions, and a seed fixes its play."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skat.ai.arena import AGENTS, make_agent, play_game
from skat.ai.heuristic import EFF_MASKS, HeuristicAgent, game_value, max_bid
from skat.ai.pimc import (
    PimcAgent,
    Sample,
    auction_limits,
    position_of,
    sample_deals,
)
from skat.core import PRESETS, Contract, Deal, GameState, Phase
from skat.core.actions import Action, Declare
from skat.core.cards import JACKS_MASK, Card
from skat.core.contracts import EFFECTIVE_SUIT, NULL
from skat.core.knowledge import Knowledge, Slots
from skat.core.state import View

ALL = (1 << 32) - 1


class Declarer:
    """The heuristic, except that as declarer it declares ``code`` when that is legal."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.heuristic = HeuristicAgent()

    def choose(self, view: View) -> Action:
        for a in view.legal_actions:
            if isinstance(a, Declare) and str(a.contract) == self.code:
                return a
        return self.heuristic.choose(view)


def _play_states(seed: int, rules: str = "isko", code: str = "") -> Iterator[GameState]:
    """Every state of the card play of one heuristic game (a copy per card)."""
    agent = Declarer(code) if code else HeuristicAgent()
    state = GameState(None, PRESETS[rules], seed=seed)
    while not state.is_over:
        if state.phase == Phase.PLAY and state.contract is not None:
            copy = GameState(state.deal, state.rules)
            for ev in state.history:
                copy.apply(ev.action, ev.seat)
            yield copy
        state.apply(agent.choose(state.view(state.to_move)))


def _slots(sample: Sample) -> Slots:
    return (*sample.hands, sample.skat)


def _voids(state: GameState) -> list[int]:
    """The cards each seat cannot hold, from the suits it did not follow."""
    assert state.contract is not None
    gt = int(state.contract.game_type)
    eff = EFFECTIVE_SUIT[gt]
    out = [0, 0, 0]
    tricks = [(t.leader, [c.index for c in t.cards]) for t in state.tricks]
    if state.current_trick:
        tricks.append((state.trick_leader, [c.index for c in state.current_trick]))
    for leader, cards in tricks:
        for k, i in enumerate(cards):
            if eff[i] != eff[cards[0]]:
                out[(leader + k) % 3] |= EFF_MASKS[gt][eff[cards[0]]]
    return out


def _check(state: GameState, seat: int, sample: Sample) -> None:
    view = state.view(seat)
    d = state.declarer
    assert d is not None
    gone = 0
    for t in state.tricks:
        for c in t.cards:
            gone |= c.bit
    for c in state.current_trick:
        gone |= c.bit
    parts = [*sample.hands, sample.skat]
    union = 0
    for m in parts:
        assert not union & m, "a card dealt twice"
        union |= m
    assert not union & gone, "a played card dealt again"
    assert union | gone == ALL, "a card missing"
    for s in range(3):
        assert sample.hands[s].bit_count() == state.hand(s).mask.bit_count()
        assert not sample.hands[s] & _voids(state)[s], "a shown void holds a card"
    assert sample.skat.bit_count() == 2
    assert sample.hands[seat] == state.hand(seat).mask
    if seat == d and view.discard is not None:
        assert sample.skat == state.skat.mask
    if view.open_hand is not None:
        assert sample.hands[d] == state.hand(d).mask
    assert Knowledge(view).consistent(_slots(sample))
    position_of(view, sample)  # a valid solver position


@pytest.mark.parametrize("rules", ["isko", "pub"])
@pytest.mark.parametrize("seed", range(4))
def test_samples_agree_with_the_view(rules: str, seed: int) -> None:
    rng = random.Random(seed)
    checked = states = 0
    for state in _play_states(seed, rules):
        states += 1
        for seat in range(3):
            view = state.view(seat)
            real = Sample(
                (state.hand(0).mask, state.hand(1).mask, state.hand(2).mask), state.skat.mask
            )
            know = Knowledge(view)
            assert know.consistent(_slots(real)), "the real deal must fit what the seat knows"
            for sample in sample_deals(view, 3, rng):
                _check(state, seat, sample)
                checked += 1
    # seeds 0-3 are played games under both rules: every card of the play, three samples for
    # each of the three seats
    assert states >= 30 and checked == 9 * states


@pytest.mark.parametrize("code", ["NOH", "GO", "CHSZ", "NH", "GH"])
def test_samples_in_open_and_hand_games(code: str) -> None:
    rng = random.Random(7)
    seen = False
    for seed in range(3):
        for state in _play_states(seed, "isko", code):
            assert state.contract is not None
            if str(state.contract) != code:
                break
            seen = True
            for seat in range(3):
                view = state.view(seat)
                if state.contract.ouvert and seat != state.declarer:
                    assert view.open_hand is not None
                for sample in sample_deals(view, 2, rng):
                    _check(state, seat, sample)
    assert seen


def test_declarer_inference_prefers_trumps() -> None:
    """A defender's samples give the declarer of a suit game more trumps than uniform ones:
    seed 2, the heuristic declares Grand after bidding 18 with three jacks; Middlehand's
    samples at the first card give him about 1.8 jacks (inferred) against 1.4 (uniform)."""
    state = next(_play_states(2))
    assert state.contract is not None and state.declarer is not None
    assert str(state.contract) == "G" and state.bid == 18
    d = state.declarer
    real = (state.hand(d).mask & JACKS_MASK).bit_count()
    assert real == 3
    view = state.view((d + 1) % 3)

    def mean(infer: bool) -> float:
        samples = sample_deals(view, 300, random.Random(1), infer=infer)
        return sum((s.hands[d] & JACKS_MASK).bit_count() for s in samples) / len(samples)

    inferred, uniform = mean(True), mean(False)
    # 300 samples: the standard error of each mean is about 0.05 jacks
    assert inferred > uniform + 0.25
    assert abs(inferred - real) < abs(uniform - real)


def test_a_defender_reads_the_matadors_from_the_bid() -> None:
    """Clubs declared after a bid of 48 means "with 3" or "without 3" (12 × 4): a defender's
    samples give the declarer twelve cards worth the bid, where uniform ones mostly do not."""

    deal = Deal.parse(
        "CJ SJ HJ CA CT CK C9 C8 SA D7  DJ CQ C7 ST SK SQ S9 HA HT H9 "
        "HK HQ H8 H7 DA DT DK DQ D9 D8  S8 S7"
    )
    state = GameState(deal)
    for a in ("p", "48", "y", "p", "s", "S7.S8", "C"):  # Forehand wins at 48, plays Clubs
        state.apply(a)
    state.apply("SA")  # Forehand leads a side ace: no jack shown
    view = state.view(1)
    assert view.bid == 48 and str(view.contract) == "C"

    def fitting(infer: bool) -> float:
        samples = sample_deals(view, 400, random.Random(3), infer=infer)
        know = Knowledge(view)
        ok = sum(
            game_value(Contract.parse("C"), s.hands[0] | know.played[0] | s.skat) >= 48
            for s in samples
        )
        return ok / len(samples)

    inferred, uniform = fitting(True), fitting(False)
    assert inferred > 0.5 and inferred > 2 * uniform  # about 0.56 against 0.21


def test_samples_read_the_auction_of_the_other_defender() -> None:
    """Middlehand passed at once: a weak hand.  Rearhand, defending, samples Middlehand's
    cards mostly such that the heuristic would have passed with them too; uniform samples
    often give him a game worth bidding."""
    for seed in range(50):
        state = GameState(seed=seed)
        for a in ("p", "18", "y", "p"):  # Middlehand passes, Rearhand bids 18, Forehand holds
            state.apply(a)
        state.apply(HeuristicAgent().choose(state.view(0)))
        while state.phase != Phase.PLAY:
            state.apply(HeuristicAgent().choose(state.view(state.to_move)))
        if state.declarer != 0 or state.contract is None or state.contract.game_type == NULL:
            continue
        while state.to_move != 2:
            state.apply(HeuristicAgent().choose(state.view(state.to_move)))
        view = state.view(2)
        know = Knowledge(view)
        if max_bid(state.hand(1).mask | know.played[1]) != 0:
            continue  # the real Middlehand must be one the model explains

        weak = []
        for infer in (True, False):
            samples = sample_deals(view, 150, random.Random(4), infer=infer)
            weak.append(sum(max_bid(s.hands[1] | know.played[1]) == 0 for s in samples) / 150)
        assert auction_limits(view)[1] == (0, 0)
        assert weak[0] > weak[1] + 0.1
        return
    raise AssertionError("no deal to test")


def _legal_game(seed: int, rules: str) -> GameState:
    agents = []
    for s in range(3):
        agent = PimcAgent("easy", seed=seed * 3 + s)
        agents.append(agent)

    class Checked:
        def __init__(self, agent: PimcAgent) -> None:
            self.agent = agent

        def choose(self, view: View) -> Action:
            action = self.agent.choose(view)
            assert action in view.legal_actions
            return action

    return play_game(GameState(None, PRESETS[rules], seed=seed), [Checked(a) for a in agents])


@pytest.mark.parametrize("rules", ["isko", "pub"])
def test_plays_only_legal_actions(rules: str) -> None:
    for seed in range(3):
        assert _legal_game(seed, rules).is_over


def test_deterministic_for_a_seed() -> None:
    def run(seed: int) -> list[str]:
        agents = [PimcAgent("easy", seed=seed + s) for s in range(3)]
        state = play_game(GameState(seed=11), agents)
        return [str(ev.action) for ev in state.history]

    assert run(5) == run(5)


def test_same_view_same_card() -> None:
    for state in _play_states(0):
        if len(state.tricks) == 3:
            view = state.view(state.to_move)
            a = PimcAgent("easy", seed=3).choose(view)
            b = PimcAgent("easy", seed=3).choose(view)
            assert a == b and isinstance(a, Card)
            return


def test_registered_in_the_arena() -> None:
    for name in ("pimc", "pimc-easy", "pimc-medium", "pimc-hard", "pimc-expert"):
        assert name in AGENTS
        assert isinstance(make_agent(name, seed=1), PimcAgent)
    agent = make_agent("pimc-easy", seed=1)
    assert isinstance(agent, PimcAgent) and agent.level_name == "easy"


def test_a_level_without_samples_plays_the_heuristics_cards() -> None:
    """``Level(samples=0)`` (``skat.ai.pimc:hard_bidding_only``) keeps the level's simulated
    bidding and plays every card as the heuristic would, without solving a deal."""
    agent = make_agent("skat.ai.pimc:hard_bidding_only", seed=3)
    assert isinstance(agent, PimcAgent)
    assert agent.level.samples == 0 and agent.level.worlds == 24
    played = 0
    for state in _play_states(2):
        view = state.view(state.to_move)
        agent = make_agent("skat.ai.pimc:hard_bidding_only", seed=3)
        assert isinstance(agent, PimcAgent)
        assert agent.choose(view) == HeuristicAgent(3).choose(view)
        assert agent.solver.nodes == 0
        played += len(view.legal_actions) > 1
    assert played > 5


def test_the_learned_inference_without_numpy_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Play needs numpy for the learned model: without it the agent is refused when it is
    made (the arena checks its agents before the first deal), not in the middle of a game."""
    import sys

    monkeypatch.setitem(sys.modules, "numpy", None)  # type: ignore[arg-type]
    monkeypatch.delitem(sys.modules, "skat.ai.belief", raising=False)
    with pytest.raises(ValueError, match=r"^the learned inference needs numpy: pip install"):
        PimcAgent("easy", inference="learned")
    assert PimcAgent("easy").inference == "rules"


@pytest.mark.parametrize(("code", "start"), [("C", 4), ("G", 4), ("N", 1)])
def test_the_fast_level_samples_only_from_its_first_trick(code: str, start: int) -> None:
    """``pimc-fast`` plays the heuristic's cards in the first tricks of a suit game or Grand
    (no deal solved) and samples from ``Level.from_trick`` on, in Null from the first trick."""
    level = make_agent("pimc-fast", seed=3)
    assert isinstance(level, PimcAgent) and level.level.from_trick == 4
    sampled = {True: 0, False: 0}
    for seed in range(6):
        for state in _play_states(seed, code=code):
            if state.contract is None or str(state.contract)[0] != code[0]:
                break
            view = state.view(state.to_move)
            if len(view.legal_actions) < 2:
                continue
            agent = make_agent("pimc-fast", seed=3)
            assert isinstance(agent, PimcAgent)
            card = agent.choose(view)
            early = len(view.tricks) + 1 < start
            if early:
                assert card == HeuristicAgent(3).choose(view) and agent.solver.nodes == 0
            else:
                assert agent.decisions == 1 and card in view.legal_actions
            sampled[not early] += 1
    assert sampled[True] > 0 and (start == 1 or sampled[False] > 0)


def test_the_default_level_is_the_fast_one_only_where_the_solver_is_compiled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib.util

    from skat.ai.arena import default_level

    monkeypatch.setenv("SKAT_NO_NUMBA", "1")
    assert default_level() == "heuristic"
    monkeypatch.delenv("SKAT_NO_NUMBA")
    compiled = importlib.util.find_spec("numba") is not None
    assert default_level() == ("pimc-fast" if compiled else "heuristic")
