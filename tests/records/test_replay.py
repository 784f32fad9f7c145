"""Replaying records with the engine and checking their results against the server's."""

from __future__ import annotations

import pytest

from skat.core import ISKO, ISS, ISS2
from skat.records.iss import parse_iss_result
from skat.records.replay import ReplayError, SkipRecord, check, compare, replay

from ._support import fixture, fixtures, record

AUCTION = "1 18 0 y 1 p 2 p"  # Forehand declares at 18
FH_CARDS = "CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8"


# ---------------------------------------------------------------------------------------------
# The real records


def test_every_fixture_replays_and_agrees_with_its_result() -> None:
    checked = 0
    for rec in fixtures():
        assert check(rec) == [], rec.label
        checked += 1
    assert checked == 59


def test_fixture_kinds_are_all_there() -> None:
    kinds = {"passed": 0, "penalty": 0, "win": 0, "loss": 0}
    for rec in fixtures():
        f = replay(rec).fields
        kinds["passed" if f.passed else str(f.outcome)] += 1
    assert kinds["passed"] == 3 and kinds["penalty"] == 2
    assert kinds["win"] + kinds["loss"] == 54


def test_iss2_records_use_iss2_rules_and_others_iss() -> None:
    assert replay(fixture("272095")).state.rules == ISS2
    assert replay(fixture("541932")).state.rules == ISS


def test_iss2_ends_on_one_defenders_resignation_after_the_cards_were_shown() -> None:
    rep = replay(fixture("272095"))  # ... 0 SC 2 RE
    assert rep.state.is_over and rep.ended_by == "RE"
    assert rep.fields.fields["r"] == 1 and rep.fields.won


def test_iss_plays_on_after_one_defenders_resignation() -> None:
    rep = replay(fixture("4912814"))  # 1 SC ... 2 RE, then the play goes on to the end
    assert len(rep.state.tricks) == 10
    assert rep.fields.fields["r"] == 0


def test_a_defender_leaving_before_the_first_trick_gives_the_declarer_everything() -> None:
    rep = replay(fixture("18358"))  # 2 G.DT.ST 0 ?? w LE.1
    f = rep.fields.fields
    assert (f["outcome"], f["v"], f["p"], f["t"], f["s"], f["z"], f["l"]) == (
        "win",
        96,
        120,
        10,
        1,
        1,
        1,
    )


def test_null_resigned_by_the_defenders_leaves_the_declarer_without_tricks() -> None:
    f = replay(fixture("1390253")).fields.fields  # NO.HA.HQ 2 RE 0 RE
    assert (f["outcome"], f["v"], f["p"], f["t"]) == ("win", 46, 14, 0)


def test_lost_suit_ouvert_does_not_mark_announced_levels_as_reached() -> None:
    f = replay(fixture("13577")).fields.fields  # CO lost at the first trick: p:13 t:0
    assert (f["v"], f["p"], f["t"], f["s"], f["z"]) == (-192, 13, 0, 0, 0)


def test_lost_game_marks_schneider_reached_by_the_declarer() -> None:
    f = replay(fixture("10327743")).fields.fields  # G, declarer 12 points
    assert (f["v"], f["s"], f["z"]) == (-144, 1, 0)


def test_overbid_game_won_on_the_board_keeps_the_levels_reached() -> None:
    f = replay(fixture("6358905")).fields.fields  # DHS bid 46, 106 points
    assert (f["outcome"], f["bid"], f["v"], f["s"]) == ("loss", "overbid", -108, 1)


def test_penalty_records_are_computed() -> None:
    f8 = replay(fixture("8")).fields.fields  # 1 p w TI.2
    assert (f8["d"], f8["outcome"], f8["p2"], f8["to"], f8["l"]) == (-1, "penalty", 1, 2, -1)
    f30 = replay(fixture("30")).fields.fields  # 1 18 0 p w LE.2
    assert (f30["d"], f30["p0"], f30["p1"], f30["p2"], f30["l"]) == (-1, 0, 0, 1, 2)


def test_two_move_declarations_replay() -> None:
    rep = replay(fixture("596891"))  # 2 D 2 D9.DQ
    assert str(rep.state.contract) == "D" and str(rep.state.skat) == "DQ D9"
    rep = replay(fixture("10327743"))  # 0 G 0 SK.S7
    assert str(rep.state.contract) == "G"


# ---------------------------------------------------------------------------------------------
# Records built by hand


def test_one_and_two_move_declarations_give_the_same_game() -> None:
    one = replay(record(f"{AUCTION} 0 s w D8.D7 0 G.D8.D7 0 CJ 1 SA 2 H7 1 RE 2 RE"))
    two = replay(record(f"{AUCTION} 0 s w D8.D7 0 G 0 D8.D7 0 CJ 1 SA 2 H7 1 RE 2 RE"))
    assert one.fields == two.fields
    assert one.fields.fields["v"] == 168  # with 4, game 5, schneider 6, schwarz 7 × 24
    assert [t for _, t in two.events][5:7] == ["G", "D8.D7"]


def test_the_engines_order_discard_then_declare_replays() -> None:
    rep = replay(record(f"{AUCTION} 0 s w D8.D7 0 D8.D7 0 G 0 CJ 1 SA 2 H7 1 RE 2 RE"))
    assert str(rep.state.contract) == "G" and rep.fields.won


def test_ouvert_declaration_listing_the_declarers_cards() -> None:
    rep = replay(record(f"{AUCTION} 0 GO.{FH_CARDS} 1 RE 2 RE"))
    assert rep.fields.fields["v"] == 264  # with 4 ... ouvert 11 × 24


def test_ouvert_declaration_listing_wrong_cards_is_an_error() -> None:
    with pytest.raises(ReplayError, match="shows"):
        replay(record(f"{AUCTION} 0 GO.CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.HA 1 RE 2 RE"))


def test_cards_listed_with_a_closed_game_are_an_error() -> None:
    with pytest.raises(ReplayError, match="not ouvert"):
        replay(record(f"{AUCTION} 0 GH.{FH_CARDS}"))


def test_show_cards_with_the_cards() -> None:
    rep = replay(record(f"{AUCTION} 0 GH 0 SC.{FH_CARDS} 1 RE 2 RE"))
    assert rep.state.claimed and rep.fields.won
    with pytest.raises(ReplayError, match="shows"):
        replay(record(f"{AUCTION} 0 GH 0 SC.CJ 1 RE 2 RE"))


def test_declarer_timing_out_in_the_play_loses() -> None:
    f = replay(record(f"{AUCTION} 0 GH 0 CJ w TI.0")).fields.fields
    # with 4, game 5, hand 6 × 24 = 144, lost double; no trick complete: no Schneider
    assert (f["outcome"], f["v"], f["p"], f["t"], f["s"], f["z"], f["to"], f["r"]) == (
        "loss",
        -288,
        0,
        0,
        0,
        0,
        0,
        0,
    )


def test_defender_leaving_after_a_hidden_card_ends_the_game_for_the_declarer() -> None:
    rep = replay(record(f"{AUCTION} 0 GH 0 CJ 1 ?? w LE.1"))
    f = rep.fields.fields
    assert (f["outcome"], f["v"], f["p"], f["t"], f["l"]) == ("win", 192, 120, 10, 1)
    assert rep.events[-2:] == [(1, "??"), (1, "LE")]


def test_hidden_card_completing_a_trick_is_skipped() -> None:
    with pytest.raises(SkipRecord, match="completes a trick"):
        replay(record(f"{AUCTION} 0 GH 0 CJ 1 SA 2 ?? w LE.2"))


def test_hidden_card_must_be_followed_by_the_end() -> None:
    with pytest.raises(ReplayError, match="only TI/LE"):
        replay(record(f"{AUCTION} 0 GH 0 CJ 1 ?? 2 SA"))
    with pytest.raises(ReplayError, match="does not end"):
        replay(record(f"{AUCTION} 0 GH 0 CJ 1 ??"))


def test_penalty_once_the_declarer_is_known_marks_both_defenders() -> None:
    f = replay(record(f"{AUCTION} w LE.1")).fields.fields
    assert (f["d"], f["outcome"], f["p0"], f["p1"], f["p2"], f["l"]) == (0, "penalty", 0, 1, 1, 1)


def test_penalty_of_the_declarer_before_declaring_marks_him() -> None:
    f = replay(record(f"{AUCTION} 0 s w D8.D7 w TI.0")).fields.fields
    assert (f["d"], f["p0"], f["p1"], f["p2"], f["to"]) == (0, 1, 0, 0, 0)


def test_passed_in() -> None:
    rep = replay(record("1 p 2 p 0 p", "passed"))
    assert rep.fields.passed and rep.summary() == "ID 1: passed in"
    assert check(record("1 p 2 p 0 p", "passed")) == []
    assert [str(d) for d in check(record("1 p 2 p 0 p", "d:0 win"))] == [
        "passed record no engine yes"
    ]


def test_hidden_deal_is_skipped() -> None:
    view = "??." * 10 + "CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8|" + "??." * 11 + "??"
    with pytest.raises(SkipRecord, match="hides cards"):
        replay(record(f"w {view} 1 p 2 p 0 p"))


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        (f"{AUCTION} 0 s w D8.D9", "the skat shown is"),
        (f"{AUCTION} 0 GH 0 CJ 1 RE 2 RE 0 CA", "after the end"),
        ("1 18 0 y", "ends before the game is over"),
        ("2 18", "Middlehand's turn"),
        ("1 19", "not a bid value"),
        ("1 G", "not a bid"),
        (f"{AUCTION} 0 G", "needs the skat"),
        (f"{AUCTION} 0 GH 0 CJ 1 SA 2 H7 0 CA 1 HA", "must follow"),
        (f"{AUCTION} 0 GH 0 XX", "not a card"),
        (f"{AUCTION} 0 s w D8.D7 0 G.D8", "2 discards"),
        (f"{AUCTION} 0 s w D8.D7 0 G", "before the discards"),
        (f"{AUCTION} 0 s w D8.D7 0 GH.D8.D7", "cannot be declared"),
        (f"{AUCTION} 1 GH", "only the declarer"),
        (f"{AUCTION} w TI.5", "seat 0, 1 or 2"),
        (f"{AUCTION} w XY", "unexpected server move"),
        ("1 RE", "only during the play"),
    ],
)
def test_unreplayable_records_give_a_one_line_reason(moves: str, reason: str) -> None:
    with pytest.raises(ReplayError, match=reason) as info:
        replay(record(moves))
    assert "\n" not in str(info.value)


def test_the_first_move_must_be_the_deal() -> None:
    from skat.records.iss import parse_iss_line

    with pytest.raises(ReplayError, match="first move"):
        replay(parse_iss_line("(;GM[Skat]MV[1 p] ;)"))


def test_check_names_every_differing_field() -> None:
    rec = fixture("9")
    assert rec.result is not None
    text = str(rec.result).replace("v:-96", "v:-48").replace("p:56", "p:55")
    rec.result = parse_iss_result(text)
    assert [str(d) for d in check(rec)] == ["v record -48 engine -96", "p record 55 engine 56"]


def test_check_without_a_result_is_skipped() -> None:
    with pytest.raises(SkipRecord, match="no result"):
        check(record("1 p 2 p 0 p"))


def test_compare_ignores_fields_the_record_does_not_have() -> None:
    recorded = parse_iss_result("d:1 win")
    computed = parse_iss_result("d:1 win v:24 p:70 r:0")
    assert compare(recorded, computed) == []


def test_explicit_rules_override_the_records() -> None:
    # under ISkO rules the shown cards are a claim: the defenders' next trick ends the game
    moves = f"{AUCTION} 0 HH 0 SC 0 CA 1 C7 2 H7 1 RE 2 RE"  # Rearhand trumps the ace
    assert replay(record(moves), ISS).state.is_over
    with pytest.raises(ReplayError, match="after the end"):
        replay(record(moves), ISKO)


def test_summary_names_declarer_contract_and_explanation() -> None:
    rep = replay(fixture("541932"))
    assert rep.summary() == (
        "ID 541932: Rearhand (foo) D, bid 18: without 2, game 3, × Diamonds 9 = 27, "
        "lost 2 × 27 = −54"
    )
    assert rep.summary("de").startswith("ID 541932: Hinterhand (foo) D, gereizt 18: ohne 2")
    assert (
        replay(fixture("8")).summary()
        == "ID 8: penalty: Rearhand (Ben) timed out during the auction"
    )
