"""Tournee Skat (docs/variants/tournee.md): the rules, each test naming its source, and the
conformance of :class:`~skat.variants.tournee.TourneeState` on seeded random games (cards
conserved, the game ends, legal actions validate and nothing else does, undo, copies, views).

Sources: "The Laws of Skat" (North American Skat League) in R. F. Foster, *Foster's Complete
Hoyle* ("Foster" below); pagat.com's Skat page, section Tournée Skat ("pagat"); the English
Wikipedia's *Skat (card game)*, section on North American Skat ("Wikipedia").
"""

from __future__ import annotations

import copy
import random

import pytest

from skat.core.actions import (
    HOLD,
    PASS,
    PICK_UP,
    ActionParseError,
    Bid,
    Declare,
    Resign,
)
from skat.core.cards import CARDS, Card, CardSet
from skat.core.contracts import Contract
from skat.core.deal import Deal
from skat.core.errors import ErrorCode
from skat.core.rules import Rules, RulesError
from skat.core.state import IllegalActionError
from skat.testing import check_listed, tournee, walk
from skat.variants.tournee import (
    GUCKSER,
    PASST_MIR_NICHT,
    SOLO,
    TOURNEE,
    TOURNEE_BIDS,
    TURN,
    TourneeAction,
    TourneeBid,
    TourneePhase,
    TourneeResult,
    TourneeState,
    base_value,
    parse_tournee_action,
    score_tournee,
)

Phase = TourneePhase

# Forehand: two top jacks and hearts; Middlehand: clubs and spades; Rearhand: the other jacks.
DEAL = Deal.parse(
    "CJ SJ HA HT HK H8 H7 D9 D8 D7 | CA CT CK CQ C9 SA ST SK SQ S9 | "
    "HJ DJ C8 C7 S8 S7 HQ H9 DA DT | DK DQ"
)


def state_after(actions: str, deal: Deal = DEAL, top: str = "DK") -> TourneeState:
    state = TourneeState(deal, top=top)
    for a in actions.split():
        state.apply(a)
    return state


def legal(state: TourneeState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play_out(state: TourneeState) -> TourneeState:
    """The declarer plays his lowest legal card, the defenders their highest."""
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[0] if state.to_move == state.declarer else actions[-1])
    return state


def result_of(state: TourneeState) -> TourneeResult:
    assert state.result is not None
    return state.result


# ----------------------------------------------------------------------------- values


def test_base_values_are_those_of_the_laws_of_skat() -> None:
    """Foster, law 1: Tournée 5 6 7 8, Solo 9 10 11 12, turned Grand 12, Gucki Grand 16,
    Solo Grand 20, open Grand 24, Gucki Null 15, open 30, Solo Null 20, open 40."""
    tournee = [base_value(TOURNEE, Contract.parse(t)) for t in ("D", "H", "S", "C", "G")]
    solo = [base_value(SOLO, Contract.parse(t)) for t in ("DH", "HH", "SH", "CH", "GH", "GO")]
    guckser = [base_value(GUCKSER, Contract.parse(t)) for t in ("G", "N", "NO")]
    nulls = [base_value(SOLO, Contract.parse(t)) for t in ("NH", "NOH")]
    assert tournee == [5, 6, 7, 8, 12]
    assert solo == [9, 10, 11, 12, 20, 24]
    assert guckser == [16, 15, 30]
    assert nulls == [20, 40]


def test_bids_are_the_possible_game_values_from_ten() -> None:
    """Decision (docs/variants/tournee.md): bids are game values, the lowest Diamonds Tournée
    with or without one (2 × 5)."""
    assert TOURNEE_BIDS[0] == 10 and TOURNEE_BIDS[-1] == 24 * 9
    assert {10, 12, 14, 15, 16, 18, 20, 30, 40} <= set(TOURNEE_BIDS)
    assert 11 not in TOURNEE_BIDS and 13 not in TOURNEE_BIDS
    state = TourneeState(DEAL, top="DK")
    assert legal(state)[:3] == ["10", "12", "14"] and legal(state)[-1] == "p"
    with pytest.raises(IllegalActionError, match="11 is not a Tournee bid value"):
        state.validate("11")
    assert state.validate(Bid.of(18)) == TourneeBid.of(18)  # a Skat bid is read by its value


@pytest.mark.parametrize(
    ("level_words", "points", "defender_tricks", "contract", "level"),
    [
        ("game", 70, 3, "SH", 1),
        ("schneider", 95, 2, "SH", 2),
        ("schneider announced", 95, 2, "SHS", 3),
        ("schwarz unannounced", 120, 0, "SH", 3),
        ("schwarz after announcing schneider", 120, 0, "SHS", 4),
        ("schwarz announced", 120, 0, "SHSZ", 5),
    ],
)
def test_levels_are_those_of_law_2_plus_the_matadors_without_a_hand_level(
    level_words: str, points: int, defender_tricks: int, contract: str, level: int
) -> None:
    """Foster, law 2: 1 game, 2 schneider, 3 announcing schneider or schwarz unannounced,
    4 schwarz after announcing schneider, 5 announcing schwarz; plus one per matador."""
    r = score_tournee(
        SOLO,
        Contract.parse(contract),
        bid=10,
        cards=CardSet.parse("CJ"),  # with 1
        points=points,
        tricks=10 - defender_tricks,
        defender_tricks=defender_tricks,
    )
    assert r.won, level_words
    assert r.level == level + 1 and r.value == 11 * (level + 1) == r.score


def test_grand_ouvert_counts_every_announcement_and_no_hand_level() -> None:
    r = score_tournee(
        SOLO,
        Contract.parse("GO"),
        bid=10,
        cards=CardSet.parse("CJ SJ"),
        points=120,
        tricks=10,
        defender_tricks=0,
    )
    assert (r.level, r.value) == (7, 168)  # with 2 + game + 4 announcement levels = 7 × 24


def test_the_declarer_needs_91_to_make_the_defenders_schneider() -> None:
    """pagat: the declarer needs 91 card points to make the opponents Schneider; with 30
    points they are out; the declarer needs 31 to be out of Schneider."""

    def outcome(points: int) -> tuple[bool, bool]:
        r = score_tournee(
            TOURNEE,
            Contract.parse("H"),
            bid=10,
            cards=CardSet.parse("CJ"),
            points=points,
            tricks=5,
            defender_tricks=5,
        )
        return r.won, r.schneider

    assert outcome(90) == (True, False)
    assert outcome(91) == (True, True)
    assert outcome(31) == (False, False)
    assert outcome(30) == (False, True)


def test_announced_schneider_needs_91_and_a_failed_one_loses_its_full_value() -> None:
    """Wikipedia: if Schneider or Schwarz are declared but not made, the declarer loses the
    amount he would have won."""
    r = score_tournee(
        SOLO,
        Contract.parse("CHS"),
        bid=10,
        cards=CardSet.parse("CJ SJ"),
        points=90,
        tricks=8,
        defender_tricks=2,
    )
    assert not r.won and r.level == 2 + 1 + 1 + 1 and r.value == 60 and r.score == -60


def test_lost_games_count_single_but_guckser_and_second_card_tournee_double() -> None:
    """Foster, law 3: a Tournée on the second card (passt mir nicht) and every Guckser,
    Grand or Null, lose double; the other lost games count single."""
    kw = {"bid": 10, "cards": CardSet.parse("CJ"), "points": 40, "tricks": 4}
    tournee = score_tournee(TOURNEE, Contract.parse("C"), defender_tricks=6, **kw)
    second = score_tournee(TOURNEE, Contract.parse("C"), defender_tricks=6, second_card=True, **kw)
    solo = score_tournee(SOLO, Contract.parse("CH"), defender_tricks=6, **kw)
    guckser = score_tournee(GUCKSER, Contract.parse("G"), defender_tricks=6, **kw)
    null = score_tournee(GUCKSER, Contract.parse("N"), defender_tricks=6, **kw)
    assert tournee.score == -16 and second.score == -32
    assert solo.score == -24 and guckser.score == -64 and null.score == -30
    assert "lost 2 × 16 = −32" in second.explain()


def test_an_overbid_game_is_lost_at_the_lowest_multiple_of_its_base_reaching_the_bid() -> None:
    """Decision (as ISkO 5.4): Diamonds Tournée with 1, game 2 = 10 against a bid of 22."""
    r = score_tournee(
        TOURNEE,
        Contract.parse("D"),
        bid=22,
        cards=CardSet.parse("CJ"),
        points=80,
        tricks=7,
        defender_tricks=3,
    )
    assert r.overbid and not r.won and r.value == 25 and r.score == -25


# ----------------------------------------------------------------------------- the games


def test_the_auction_is_that_of_skat_and_the_declarer_chooses_the_kind_of_game() -> None:
    state = state_after("p 20 y p")
    assert state.declarer == 0 and state.bid == 20 and state.phase == Phase.SKAT
    assert legal(state)[:2] == ["t", "s"]  # Tournée, Guckser, then the Solos
    assert all(Contract.parse(a).hand for a in legal(state)[2:])
    with pytest.raises(IllegalActionError, match="no Solo"):
        state.validate("C")
    with pytest.raises(IllegalActionError, match="no Clubs Ouvert"):
        state.validate("CO")


def test_bidding_is_refused_as_in_skat_with_the_same_reasons_and_codes() -> None:
    state = state_after("20")  # Middlehand bid 20 to Forehand
    with pytest.raises(IllegalActionError, match="answers the bid: hold") as answer:
        state.validate("22")
    assert answer.value.code == ErrorCode.WRONG_CALL
    state = state_after("20 y")
    with pytest.raises(IllegalActionError, match="not above the current bid 20") as low:
        state.validate("18")
    assert low.value.code == ErrorCode.BELOW_BID
    with pytest.raises(IllegalActionError, match="must say a value or pass"):
        state.validate("y")
    state = state_after("p p p")  # nobody bid and Forehand passed: passed in
    assert state.is_over and state.declarer is None and state.bid == 0


def test_a_tournee_takes_the_suit_of_the_turned_card_and_the_declarer_takes_the_skat() -> None:
    """pagat: no pick-up-and-choose games; the turned card fixes the trump."""
    state = state_after("p 20 y p t", top="DQ")
    assert state.turned == (Card.parse("DQ"),) and legal(state) == ["D", "pmn"]
    with pytest.raises(IllegalActionError, match="makes Diamonds trumps"):
        state.validate("H")
    state.apply("D")
    assert state.phase == Phase.DISCARD and len(state.hand(0)) == 12
    defender = state.view(1)
    assert defender.turned == (Card.parse("DQ"),) and defender.skat is None  # DK unseen
    assert state.view(0).skat == CardSet.parse("DK DQ")
    state.apply("D7.D8")
    assert state.phase == Phase.PLAY and state.to_move == 0 and state.kind == TOURNEE
    assert state.view(1).history[-1] == (0, None) and state.view(0).discard == CardSet.parse(
        "D7 D8"
    )


def test_passt_mir_nicht_turns_the_second_card_which_must_be_trump() -> None:
    """Foster, law 3: passt mir nicht to the first card, the second one is taken."""
    state = state_after("p 20 y p t pmn", top="DK")
    assert state.turned == (Card.parse("DK"), Card.parse("DQ")) and state.second_card
    assert legal(state) == ["D"]
    with pytest.raises(IllegalActionError, match="second card decides"):
        state.validate(PASST_MIR_NICHT)
    state.apply("D")
    state.apply("D7.D8")
    result = result_of(play_out(state))
    assert result.second_card and result.kind == TOURNEE
    assert result.won or result.score == -2 * result.value


def test_a_turned_jack_lets_the_declarer_choose_its_suit_or_grand() -> None:
    """Decision from Foster's "turned grand" (12): a jack turned may make a Grand Tournée."""
    deal = Deal.parse(
        "CJ SJ HA HT HK H8 H7 D9 D8 D7 | CA CT CK CQ C9 SA ST SK SQ S9 | "
        "DK DJ C8 C7 S8 S7 HQ H9 DA DT | HJ DQ"
    )
    state = state_after("p 20 y p t", deal=deal, top="HJ")
    assert legal(state) == ["H", "G", "pmn"]
    state.apply("G")
    state.apply("D7.D8")
    r = result_of(play_out(state))
    assert r.base == 12 and r.contract == Contract.parse("G") and r.kind == TOURNEE


def test_a_guckser_picks_up_the_skat_and_plays_grand_null_or_null_ouvert() -> None:
    """Foster, law 1: Gucki Grand 16, Gucki Null 15, open Gucki Null 30."""
    state = state_after("p 15 y p s")
    assert state.phase == Phase.DISCARD and state.kind == GUCKSER and len(state.hand(0)) == 12
    assert state.view(1).skat is None and state.view(0).skat == CardSet.parse("DK DQ")
    state.apply("D7.D8")
    assert legal(state) == ["G", "N", "NO"]
    with pytest.raises(IllegalActionError, match="Grand \\(G\\), Null"):
        state.validate("C")
    state.apply("N")
    r = result_of(play_out(state))
    assert r.base == 15 and r.kind == GUCKSER and (r.won or r.score == -30)


def test_a_guckser_null_cannot_be_declared_over_its_value() -> None:
    state = state_after("p 20 y p s D7.D8")
    assert "N" not in legal(state) and "NO" in legal(state)
    with pytest.raises(IllegalActionError, match="at most 15, less than the bid 20"):
        state.validate("N")


def test_a_solo_leaves_the_skat_untouched_and_its_points_count_for_the_declarer() -> None:
    state = play_out(state_after("p 20 y p HH"))
    r = result_of(state)
    declarer = sum(t.points for t in state.tricks if t.winner == 0)
    assert r.kind == SOLO and r.points == declarer + CardSet.parse("DK DQ").points
    assert r.base == 10 and r.matadors == 2


def test_a_null_ends_when_the_declarer_takes_a_trick_and_ouvert_shows_his_hand() -> None:
    state = state_after("p 20 y p NOH")
    assert state.view(1).open_hand == state.hand(0) and state.view(0).open_hand is None
    play_out(state)
    r = result_of(state)
    assert r.base == 40 and (r.tricks == 0) is r.won
    assert r.won or len(state.tricks) == r.tricks + r.defender_tricks


def test_schwarz_announced_ends_at_the_defenders_first_trick() -> None:
    state = play_out(state_after("p 20 y p HHSZ"))
    r = result_of(state)
    assert not r.won and r.defender_tricks == 1 and r.score == -r.value
    assert r.value == 10 * (2 + 5)


def test_resigning_gives_the_rest_to_the_other_party() -> None:
    state = state_after("p 20 y p HH HA")
    assert state.end_actions() == [Resign(0), Resign(1), Resign(2)]
    state.apply(Resign(0))
    r = result_of(state)
    assert r.resigned and not r.won and r.score == -r.value


def test_all_passing_throws_the_cards_in() -> None:
    state = state_after("p p p")
    r = result_of(state)
    assert state.is_over and r.passed and r.explain() == "passed in"


def test_skat_game_options_are_refused_but_series_options_are_kept() -> None:
    with pytest.raises(RulesError, match="option kontra does not apply"):
        TourneeState(DEAL, Rules.parse("isko,kontra=on"))
    state = TourneeState(DEAL, Rules.parse("isko,score_sheet=seeger"))
    assert state.rules.score_sheet == "seeger"


def test_the_top_card_is_drawn_with_the_rng_or_given() -> None:
    tops = {TourneeState(DEAL, rng=random.Random(s)).order[0] for s in range(20)}
    assert tops == {Card.parse("DK"), Card.parse("DQ")}
    assert TourneeState(DEAL).order == (Card.parse("DQ"), Card.parse("DK"))  # card order
    with pytest.raises(ValueError, match="not in the skat"):
        TourneeState(DEAL, top="CJ")
    a, b = TourneeState(seed=5), TourneeState(seed=5)
    assert a.deal == b.deal and a.order == b.order


def test_actions_have_a_text_form_that_reads_back() -> None:
    for action in (TURN, PASST_MIR_NICHT, TourneeBid.of(15), HOLD, PASS, PICK_UP):
        assert parse_tournee_action(str(action)) == action
    assert parse_tournee_action("passt mir nicht") is PASST_MIR_NICHT
    assert parse_tournee_action("GHS") == Declare.parse("GHS")
    with pytest.raises(ActionParseError):
        parse_tournee_action("xyz")
    with pytest.raises(TypeError):
        TourneeBid()
    assert copy.deepcopy(TourneeBid.of(20)) is TourneeBid.of(20)


def test_the_result_explains_the_game() -> None:
    r = score_tournee(
        GUCKSER,
        Contract.parse("G"),
        bid=48,
        cards=CardSet.parse("CJ SJ"),
        points=70,
        tricks=6,
        defender_tricks=4,
    )
    assert r.explain() == "Grand Guckser: with 2, game 3, × 16 = 48"
    assert isinstance(r, TourneeResult) and r.seat_scores == (0, 0, 0)


# ----------------------------------------------------------------------------- conformance
# The conformance suite (skat.testing) runs on Tournee in tests/core/test_conformance.py; here
# what is Tournee's own, on the suite's seeded random games.

UNIVERSE: tuple[TourneeAction, ...] = (
    *(TourneeBid.of(v) for v in TOURNEE_BIDS),
    HOLD,
    PASS,
    PICK_UP,
    TURN,
    PASST_MIR_NICHT,
    *(Declare.of(c) for c in Contract.all()),
    *CARDS,
    *(Resign(s) for s in range(3)),
)


def test_every_game_ends_with_a_result_of_each_kind_counting_tricks_and_skat() -> None:
    kinds: set[str] = set()
    played_out = 0
    for _, state, _ in walk(tournee(), 1000):
        if not state.is_over:
            continue
        assert state.result is not None
        if state.kind is not None:
            kinds.add(state.kind)
            r = result_of(state)
            assert r.score == r.value if r.won else r.score in (-r.value, -2 * r.value)
        if len(state.tricks) == 10:
            played_out += 1
            r = result_of(state)
            assert r.points == state.points()[0] + state.skat.points
            assert r.tricks + r.defender_tricks == 10
    assert kinds == {TOURNEE, SOLO, GUCKSER} and played_out > 150


def test_every_legal_action_validates_and_nothing_else_does() -> None:
    pick = random.Random(3)
    for _, state, _ in walk(tournee(), 300):
        if pick.random() > 0.3:
            continue
        check_listed(state, UNIVERSE, lambda a: isinstance(a, Resign), IllegalActionError)


def test_the_result_of_a_tournee_game_is_explained_in_german_too() -> None:
    """``TourneeResult.explain("de")`` speaks German (it spoke English whatever the language)."""
    from skat.core.contracts import Contract
    from skat.variants.tournee_scoring import GUCKSER, TOURNEE, TourneeResult

    lost = TourneeResult(Contract.parse("C"), declarer=0, bid=24, won=False, points=55,
        matadors=2, level=3, value=24, score=-48, kind=TOURNEE, base=8, second_card=True)  # fmt: skip
    assert lost.explain("de") == (
        "Kreuz-Tournee (zweite Karte): mit 2, Spiel 3, × 8 = 24, verloren 2 × 24 = −48"
    )
    assert lost.explain("de", names=["Anna", "Bernd", "Cora"]).startswith("Anna: Kreuz-Tournee")
    assert lost.explain("en").startswith("Clubs Tournée (second card): with 2, game 3")
    won = TourneeResult(Contract.parse("G"), declarer=1, bid=16, won=True, points=70,
        matadors=-1, level=2, value=32, score=32, kind=GUCKSER, base=16)  # fmt: skip
    assert won.explain("de") == "Grand-Gucki: ohne 1, Spiel 2, × 16 = 32"
