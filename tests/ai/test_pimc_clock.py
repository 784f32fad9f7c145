"""Time-bounded decisions: a PIMC player with a clock stops sampling when it runs out (an
anytime answer from the deals solved so far), the web table's agents get one, the arena's
do not (its figures must not depend on the machine)."""

from __future__ import annotations

from skat.ai.agent import ANYTIME_SHARE, SafeAgent
from skat.ai.arena import make_agent, play_game
from skat.ai.heuristic import HeuristicAgent
from skat.ai.pimc import PimcAgent
from skat.ai.simulation import CLOCK_WORLDS
from skat.core import Card, GameState, Phase


def _first_trick_view(seed: int) -> tuple[GameState, int]:
    """A game of three heuristic players stopped at the first card of the second trick."""
    state = GameState(seed=seed)
    agents = [HeuristicAgent(s) for s in range(3)]
    while not (state.phase == Phase.PLAY and len(state.tricks) == 1):
        state.apply(agents[state.to_move].choose(state.view(state.to_move)))
        if state.is_over:
            raise AssertionError("the game ended before its second trick")
    return state, state.to_move


def test_a_spent_clock_solves_one_deal_a_card_decision() -> None:
    state, seat = _first_trick_view(3)
    view = state.view(seat)
    timed = PimcAgent("expert", seed=1, clock=0.0)
    card = timed.choose(view)
    assert isinstance(card, Card) and card in view.legal_actions
    assert len(timed._positions) == 1  # the anytime answer: one deal solved
    counted = PimcAgent("easy", seed=1)
    counted.choose(view)
    assert len(counted._positions) > 1  # without a clock the level's count decides


def test_a_spent_clock_simulates_the_fewest_worlds_for_the_bidding() -> None:
    for seed in range(40):  # find a hand worth simulating
        agent = PimcAgent("hard", seed=2, clock=0.0)
        state = GameState(seed=seed)
        agent.choose(state.view(state.to_move))
        table = agent._table[1] if agent._table is not None else None
        if table is not None:
            assert table.worlds == CLOCK_WORLDS
            return
    raise AssertionError("no hand worth simulating in 40 deals")


def test_a_clocked_player_finishes_legal_games() -> None:
    agents = [PimcAgent("hard", seed=s, clock=0.0) for s in range(3)]
    state = play_game(GameState(seed=8), agents)
    assert state.is_over and state.result is not None


def test_the_web_tables_agents_get_a_clock_the_arenas_do_not() -> None:
    web = SafeAgent(make_agent("pimc-expert", seed=1), budget=10.0, anytime=True)
    assert isinstance(web.agent, PimcAgent) and web.agent.clock == ANYTIME_SHARE * 10.0
    arena = SafeAgent(make_agent("pimc-expert", seed=1), budget=10.0)
    assert isinstance(arena.agent, PimcAgent) and arena.agent.clock is None
    unlimited = SafeAgent(make_agent("pimc-expert", seed=1), anytime=True)
    assert isinstance(unlimited.agent, PimcAgent) and unlimited.agent.clock is None
    # an agent without a clock is left alone
    plain = SafeAgent(HeuristicAgent(1), budget=10.0, anytime=True)
    assert not hasattr(plain.agent, "clock")


def test_the_servers_worker_gives_its_computers_a_clock() -> None:
    from skat.server import thinking

    state = GameState(seed=4)
    key = ("clock-test", 1, 1)
    answer = thinking.think("pimc-easy", 7, key, state.view(state.to_move), 10.0)
    assert answer in {str(a) for a in state.legal_actions()}
    agent = thinking._agents[key].agent
    assert isinstance(agent, PimcAgent) and agent.clock == ANYTIME_SHARE * 10.0
