"""The words of the human's turn in ``skat play``: the question asked in each phase, the
name of the game the hand suggests, what each game is worth with the cards in hand, and
what showing the cards means.

>>> from skat.core import GameState
>>> g = GameState(seed=11)
>>> prompt(g, "en", ("You", "Ann", "Bob"), 1)
'bid 18 or more, or pass'
>>> _ = g.apply("18")
>>> prompt(g, "en", ("You", "Ann", "Bob"), 0)
'Ann says 18: hold (y) or pass (p)'
>>> game_name("C", "en"), game_name("C", "de"), game_name("C", "de", "german")
('Clubs', 'Kreuz', 'Eichel')
"""

from __future__ import annotations

from skat.cli import declaring
from skat.core import HOLD, NULL, Bid, Declare, GameState, GameType, Phase
from skat.core.declarations import declarations
from skat.core.language import N_, say

_ASK = {
    Phase.SKAT: N_("play.ask_skat"),
    Phase.DISCARD: N_("play.ask_discard"),
    Phase.PUSH_DISCARD: N_("play.ask_discard"),
    Phase.DECLARE: N_("play.ask_declare"),
    Phase.PLAY: N_("play.ask_play"),
    Phase.PUSH: N_("play.ask_push"),
}
"""The question of each phase past the bidding (``play.ask_play`` for any other)."""


def prompt(state: GameState, lang: str, names: tuple[str, str, str], human: int) -> str:
    """The question put to the player at seat ``human`` now."""
    phase = state.phase
    if phase == Phase.BIDDING:
        return _bidding_prompt(state, lang, names, human)
    kind = state.course.questions.kind
    if phase == Phase.ANSWER and kind is not None:  # the question's own words for its answers
        choices = " · ".join(f"{a} = {kind.say(a, lang)}" for a in state.legal_actions())
        return say(lang, "play.ask_answer", choices=choices)
    key = _ASK.get(phase, N_("play.ask_play"))
    if phase == Phase.PUSH and any(isinstance(a, Declare) for a in state.legal_actions()):
        key = N_("play.ask_push_grand")  # Schieberamsch with Grand Hand: all three choices named
    return say(lang, key)


def _bidding_prompt(state: GameState, lang: str, names: tuple[str, str, str], human: int) -> str:
    """In the bidding: hold the bid named, play alone after two passes, or bid from the lowest
    bid allowed."""
    legal = state.legal_actions()
    if HOLD in legal:
        bidder = state.history[-1].seat if state.history else 0
        return say(lang, "play.ask_hold", who=names[bidder], bid=state.bid)
    bids = [a for a in legal if isinstance(a, Bid)]
    if state.bid == 0 and len(state.history) >= 2 and human == 0:
        return say(lang, "play.ask_alone")
    low = bids[0].value if bids else state.bid
    return say(lang, "play.ask_bid", low=low)


def worth(state: GameState, human: int, lang: str, deck: str) -> str:
    """The simple value of each suit game and Grand with the cards in hand."""
    hand = state.hand(human)
    german = deck == "german"
    simple = {
        o.contract.game_type: o.value
        for o in declarations(hand, bid=18, rules=state.rules, picked_up=True)
        if o.contract.game_type != NULL and not o.contract.ouvert
    }
    parts = []
    for gt in (3, 2, 1, 0, 4):
        mark = "G" if gt == 4 else ("Sc", "Rt", "Gr", "Ei")[gt] if german else "♦♥♠♣"[gt]
        parts.append(f"{mark} {simple[GameType(gt)]}")
    return say(lang, "play.worth") + ": " + " ".join(parts)


def game_name(letter: str, lang: str, deck: str = "french") -> str:
    """``Clubs``, ``Kreuz`` or (German pack) ``Eichel``."""
    return declaring.game_name(GameType("DHSCGN".index(letter)), lang, deck)


def claim_words(state: GameState, seat: int) -> str:
    """The key of what showing the cards means for ``seat`` under the game's rules: the
    declarer's claim or a defender's (ISkO 4.4: a failed claim gives every trick from the claim
    on to the other party), or, with ``claim=iss``, nothing by itself.

    >>> g = GameState(seed=11)
    >>> for a in ("p", "18", "p", "s", "S8.H9", "G"):
    ...     _ = g.apply(a)
    >>> claim_words(g, 2), claim_words(g, 0)
    ('play.claim_sure', 'play.claim_sure_defender')
    """
    if state.rules.claim != "isko":
        return N_("play.claim_sure_iss")
    return N_("play.claim_sure") if seat == state.declarer else N_("play.claim_sure_defender")
