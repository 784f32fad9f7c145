"""Small helpers shared by the core tests: build deals and play action lists through the engine."""

from __future__ import annotations

from collections.abc import Iterable

from skat.core import ISKO, CardSet, Deal, GameState, Rules


def cards(text: str) -> CardSet:
    """A card set in any notation."""
    return CardSet.parse(text)


def make_deal(forehand: str, middlehand: str, rearhand: str, skat: str) -> Deal:
    """A deal from the three hands (by seat) and the skat."""
    return Deal.parse(f"{forehand} | {middlehand} | {rearhand} | {skat}")


def play(deal: Deal, actions: str | Iterable[str] = "", rules: Rules = ISKO) -> GameState:
    """A game state after applying the actions (space-separated text or a list) in order."""
    state = GameState(deal, rules)
    return run(state, actions)


def run(state: GameState, actions: str | Iterable[str]) -> GameState:
    """Apply actions (space-separated text or a list) to ``state`` and return it."""
    for action in actions.split() if isinstance(actions, str) else actions:
        state.apply(action)
    return state


def legal(state: GameState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in state.legal_actions()]


# A deal used by many tests (from the GameState docstring): Forehand is strong in Hearts,
# Middlehand holds Clubs and Spades, Rearhand two jacks and the rest.
DEAL = make_deal(
    "CJ SJ HA HT HK H8 H7 D9 D8 D7",
    "CA CT CK CQ C9 SA ST SK SQ S9",
    "HJ DJ C8 C7 S8 S7 HQ H9 DA DT",
    "DK DQ",
)


def play_out(
    state: GameState, declarer_policy: str = "low", defender_policy: str = "high"
) -> GameState:
    """Play the cards to the end: each side plays its lowest or highest legal card (in the
    order of ``legal_actions``, i.e. card index order) -- a simple deterministic line."""
    while not state.is_over:
        actions = state.legal_actions()
        policy = declarer_policy if state.to_move == state.declarer else defender_policy
        state.apply(actions[0] if policy == "low" else actions[-1])
    return state


def play_scripted(state: GameState, declarer_cards: str) -> GameState:
    """Play to the end: the declarer plays ``declarer_cards`` in order, each defender his first
    legal card (card index order)."""
    script = iter(declarer_cards.split())
    while not state.is_over:
        if state.to_move == state.declarer:
            state.apply(next(script))
        else:
            state.apply(state.legal_actions()[0])
    return state
