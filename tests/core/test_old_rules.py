"""The Skatordnung before 1998 (the ``old`` preset, docs/variants/old.md): Grand Ouvert has
base 36 and no Ouvert level, the bid ladder reaches 360, Kontra, Ramsch and Bock are not part
of it.  Worked figures are the source's own ("mit Vieren ... = 10 × 36 = 360")."""

from __future__ import annotations

import pytest

from skat.core import ISKO, OLD, CardSet, Contract, GameState, Rules, score
from skat.core.bidding import BID_VALUES, OLD_BID_VALUES
from skat.core.declarations import possible_declarations
from skat.core.rules import RulesError
from skat.core.scoring import contract_value, max_value

GO = Contract.parse("GO")
FOUR_JACKS = CardSet.parse("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 D7")
ONE_JACK = CardSet.parse("CJ HJ DJ CA CT CK CQ C9 C8 C7 D7 D8")


def _won(contract: Contract, cards: CardSet, bid: int = 18) -> int:
    return score(
        contract,
        bid=bid,
        cards=cards,
        points=120,
        tricks=10,
        defender_tricks=0,
        rules=OLD,
    ).value


def test_old_grand_ouvert_with_four_is_ten_times_36() -> None:
    # "mit Vieren, Spiel 5, Hand 6, Schneider 7, Schneider angesagt 8, Schwarz 9, Schwarz
    # angesagt 10 = 10 × 36 = 360"
    assert _won(GO, FOUR_JACKS) == 360
    r = score(GO, bid=18, cards=FOUR_JACKS, points=120, tricks=10, defender_tricks=0, rules=OLD)
    assert r.level == 10
    assert r.explain() == (
        "with 4, game 5, hand 6, schneider 7, announced 8, schwarz 9, announced 10, "
        "× Grand 36 = 360"
    )


def test_old_grand_ouvert_with_one_is_252() -> None:
    assert _won(GO, ONE_JACK) == 7 * 36 == 252


def test_isko_grand_ouvert_keeps_its_ouvert_level() -> None:
    isko = score(GO, bid=18, cards=FOUR_JACKS, points=120, tricks=10, defender_tricks=0)
    assert (isko.level, isko.value) == (11, 264)


def test_old_ouvert_level_counts_for_open_suit_hand_games() -> None:
    # Clubs Ouvert with 2 (CJ SJ): 2 + game + hand + S + SA + Z + ZA + ouvert = 9 × 12 = 108
    cards = CardSet.parse("CJ SJ CA CT CK CQ C9 C8 C7 HA D7 D8")
    assert _won(Contract.parse("CO"), cards) == 108


def test_old_max_value_of_grand_ouvert_is_360() -> None:
    assert max_value(GO, 4, OLD) == 360 and max_value(GO, 1, OLD) == 252
    assert max_value(GO, 4, ISKO) == 264
    assert contract_value(GO, 4, OLD) == 360 and contract_value(GO, -1, OLD) == 252


def test_old_declaration_check_offers_grand_ouvert_up_to_its_value() -> None:
    hand = CardSet.parse("CJ SJ HJ DJ CA CT CK CQ C9 C8").mask
    # only Grand Ouvert reaches these bids: 10 × 36 = 360 before 1998, 11 × 24 = 264 today
    assert [str(c) for c in possible_declarations(hand, True, 360, OLD.grand_ouvert_base)] == ["GO"]
    assert [str(c) for c in possible_declarations(hand, True, 264, ISKO.grand_ouvert_base)] == [
        "GO"
    ]


def test_old_ladder_offers_every_grand_ouvert_value() -> None:
    assert {252, 288, 324, 360} <= set(OLD_BID_VALUES)
    assert 264 not in OLD_BID_VALUES  # 11 × 24 needs the Ouvert level the old Grand Ouvert lacks
    assert BID_VALUES[-1] == 264 and OLD_BID_VALUES[-1] == 360


def test_old_rules_game_can_be_bid_to_360() -> None:
    state = GameState(seed=1, rules=OLD)
    assert [str(a) for a in state.legal_actions()[-5:]] == ["252", "288", "324", "360", "p"]
    state.apply("288")
    state.apply("y")
    assert [str(a) for a in state.legal_actions()] == ["324", "360", "p"]


@pytest.mark.parametrize("option", ["kontra=on", "ramsch=ramsch", "bock=on"])
def test_old_rules_exclude_kontra_ramsch_and_bock(option: str) -> None:
    with pytest.raises(RulesError, match=f"rules preset old excludes {option}"):
        Rules.parse(f"old,{option}")


def test_old_rules_refuse_schenken_the_offer_is_to_be_declined() -> None:
    # "Das vielerorts noch übliche Schenkungsangebot widerspricht dem sportlichen Charakter des
    # Skatspiels und ist abzulehnen."
    with pytest.raises(RulesError, match=r"rules preset old excludes schenken=on .*declined"):
        Rules.parse("old,schenken=on")
    assert not OLD.schenken


def test_old_rules_house_mix_is_spelled_from_isko() -> None:
    mix = Rules.parse("isko,lost_hand_single=on,grand_ouvert_base=36,kontra=on")
    assert mix.kontra and mix.grand_ouvert_base == 36
    assert str(mix) == "isko,lost_hand_single=on,grand_ouvert_base=36,kontra=on"
    assert Rules.parse(str(mix)) == mix
