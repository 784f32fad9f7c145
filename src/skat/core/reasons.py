"""Every reason the engine gives for refusing an action: a stable key, its code and the English
message as a template over named parameters.

A refusal carries the key (``reason``) and the parameters (``params``) beside its English
message, so a program can say the same reason in its own words and names (a terminal in German,
with the cards as its board shows them) without reading the English text.  The keys and the
parameter names are part of the API: a new reason gets a new key, an old one keeps its meaning.

Parameter values: ``who`` the English name of the refused seat, ``seat`` its number, ``card`` /
``led`` a :class:`~skat.core.cards.Card`, ``cards`` a card or a
:class:`~skat.core.cards.CardSet`, ``contract`` a :class:`~skat.core.contracts.Contract`
(``game`` its English name), ``action`` an action, ``answers`` the actions allowed, numbers as
``int`` and the rest as ``str``.

>>> r = refusal("not_in_hand", who="Middlehand", seat=1, cards="CJ")
>>> r.message, r.code, r.reason, dict(r.params)["cards"]
('Middlehand does not hold CJ', <ErrorCode.NOT_IN_HAND: 'not_in_hand'>, 'not_in_hand', 'CJ')
>>> sorted(param_names("bid_not_above"))
['bid', 'value']
"""

from __future__ import annotations

from string import Formatter
from typing import Final, NamedTuple

from skat.core.errors import ErrorCode, Refusal


class Reason(NamedTuple):
    """A reason's code and English template."""

    code: ErrorCode
    english: str


_C = ErrorCode
_CONSENT: Final = (
    "the declarer holds fewer than 9 cards: he can give up only with a "
    "defender's consent (RE.{declarer}+<defender>)"
)
_SCHENKEN: Final = "schenken is possible only before the first card is played"

REASONS: Final[dict[str, Reason]] = {
    # reading and turn
    "unreadable": Reason(_C.MALFORMED, "{detail}"),
    "game_over": Reason(_C.GAME_OVER, "the game is over"),
    "not_your_turn": Reason(_C.NOT_YOUR_TURN, "it is {to_move}'s turn, not {who}'s"),
    "nothing_to_undo": Reason(_C.NOTHING_TO_UNDO, "nothing to undo"),
    # the auction
    "must_bid_or_pass": Reason(_C.WRONG_CALL, "{who} is bidding and must say a value or pass"),
    "must_hold_or_pass": Reason(_C.WRONG_CALL, "{who} answers the bid: hold (y) or pass (p)"),
    "bid_not_above": Reason(_C.BELOW_BID, "bid {value} is not above the current bid {bid}"),
    "no_jump_bids": Reason(
        _C.NOT_ALLOWED_BY_RULES, "no jump bids under these rules: the next bid is {next}"
    ),
    "not_a_bid_value": Reason(_C.MALFORMED, "{value} is not a bid value"),
    "auction_on": Reason(_C.WRONG_PHASE, "the auction is on: {who} cannot {action}"),
    # the skat and the declaration
    "skat_or_hand": Reason(
        _C.WRONG_PHASE, "{who} must pick up the skat (s) or declare a Hand game"
    ),
    "needs_skat": Reason(
        _C.WRONG_PHASE, "{game} needs the skat: pick it up first, or declare Hand"
    ),
    "show_skat_off": Reason(
        _C.NOT_ALLOWED_BY_RULES, "showing the skat needs the rules option show_skat=on"
    ),
    "must_discard": Reason(_C.WRONG_PHASE, "{who} must put two cards into the skat first"),
    "must_declare": Reason(_C.WRONG_PHASE, "{who} must declare the game now"),
    "hand_after_pickup": Reason(
        _C.WRONG_PHASE, "a Hand game cannot be declared after picking up the skat"
    ),
    "null_below_bid": Reason(_C.BELOW_BID, "{game} is worth {value}, less than the bid {bid}"),
    "cannot_reach_bid": Reason(
        _C.BELOW_BID, "{game} can reach at most {value}, less than the bid {bid}"
    ),
    # Schieberamsch
    "take_or_push": Reason(_C.WRONG_CALL, "{who} takes the skat (s), passes it on (p)"),
    "take_push_or_grand": Reason(
        _C.WRONG_CALL, "{who} takes the skat (s), passes it on (p) or plays Grand Hand (GH)"
    ),
    "must_push_two": Reason(_C.WRONG_CALL, "{who} must pass two cards on with the skat"),
    "no_jacks_pushed": Reason(
        _C.NOT_ALLOWED_BY_RULES, "jacks may not be passed on in Schieberamsch"
    ),
    # the play
    "not_in_hand": Reason(_C.NOT_IN_HAND, "{who} does not hold {cards}"),
    "must_follow_trump": Reason(_C.MUST_FOLLOW, "{who} must follow trump (led {led}), not {card}"),
    "must_follow_suit": Reason(_C.MUST_FOLLOW, "{who} must follow {suit} (led {led}), not {card}"),
    "must_play_card": Reason(_C.WRONG_PHASE, "{who} must play a card, not {action}"),
    "must_answer": Reason(_C.MUST_ANSWER, "{who} must answer first: {options}"),
    "kontra_not_now": Reason(_C.WRONG_PHASE, "Kontra is not possible for {who} now"),
    "kontra_off": Reason(_C.NOT_ALLOWED_BY_RULES, "Kontra is not possible for {who} now"),
    "lay_open_not_now": Reason(
        _C.WRONG_PHASE, "laying the cards open is not possible for {who} now"
    ),
    "lay_open_off": Reason(
        _C.NOT_ALLOWED_BY_RULES, "laying the cards open is not possible for {who} now"
    ),
    # giving up, claiming, Schenken, violations
    "resign_not_now": Reason(
        _C.WRONG_PHASE, "resigning is possible only during the play of a game"
    ),
    "resign_other_seat": Reason(_C.WRONG_SEAT, "{who} cannot resign for seat {other}"),
    "resigned_already": Reason(_C.ALREADY_DONE, "{who} has resigned already"),
    "consent_by_defender": Reason(
        _C.WRONG_SEAT, "only a defender can consent to the declarer giving up"
    ),
    "needs_consent": Reason(_C.NEEDS_CONSENT, _CONSENT),
    "schenken_by_defender": Reason(
        _C.WRONG_SEAT, "only a defender can offer to concede (schenken)"
    ),
    "schenken_not_now": Reason(_C.WRONG_PHASE, _SCHENKEN),
    "schenken_off": Reason(
        _C.NOT_ALLOWED_BY_RULES, _SCHENKEN + " and with the rules option schenken=on"
    ),
    "show_cards_not_now": Reason(
        _C.WRONG_PHASE, "showing the cards is possible only during the play"
    ),
    "no_claim_in_ramsch": Reason(_C.WRONG_PHASE, "nobody claims in a Ramsch"),
    "claim_declarer_only": Reason(
        _C.NOT_ALLOWED_BY_RULES, "only the declarer can show his cards and claim under these rules"
    ),
    "claim_declarer_only_null": Reason(
        _C.NOT_ALLOWED_BY_RULES, "only the declarer can show his cards and claim in Null"
    ),
    "claimed_already": Reason(_C.ALREADY_DONE, "the remaining tricks are claimed already"),
    "shown_already": Reason(_C.ALREADY_DONE, "the declarer has shown his cards already"),
    "violation_not_now": Reason(
        _C.WRONG_PHASE, "violations are recorded during the play of a game"
    ),
    "violation_other_seat": Reason(
        _C.WRONG_SEAT, "{who} cannot record a violation for seat {other}"
    ),
    "unknown_violation": Reason(_C.MALFORMED, "unknown violation {kind!r}"),
}
"""Every reason: key → its code and English template (``str.format`` over the params)."""


def refusal(reason: str, **params: object) -> Refusal:
    """The refusal for ``reason`` with ``params``: its code, the English message, the key and
    the params (see the module doc)."""
    code, english = REASONS[reason]
    return Refusal(code, english.format(**params), reason, tuple(params.items()))


def param_names(reason: str) -> frozenset[str]:
    """The parameters the English template of ``reason`` names."""
    return frozenset(
        field for _, field, _, _ in Formatter().parse(REASONS[reason].english) if field
    )
