"""ISkO 3.2-3.3 and 5.4: picking up the skat, discarding, Hand, announcements and the
declaration that must reach the bid (ISkO 3.2, 3.3, 5.4)."""

from __future__ import annotations

import pytest

from skat.core import FOREHAND, PICK_UP, CardSet, Declare, IllegalActionError, Phase

from ._support import DEAL, legal, play

# DEAL: Forehand holds CJ SJ HA HT HK H8 H7 D9 D8 D7, the skat is DK DQ.
FOREHAND_AT = "{bid} y p p"  # Middlehand bids, Forehand holds, both others pass


def declarer_at(bid: int, then: str = ""):  # -> GameState
    return play(DEAL, f"{FOREHAND_AT.format(bid=bid)} {then}")


def test_the_declarer_picks_up_the_skat_or_declares_a_hand_game() -> None:
    state = declarer_at(18)
    assert state.phase == Phase.SKAT and state.to_move == FOREHAND
    actions = state.legal_actions()
    assert actions[0] is PICK_UP
    assert all(isinstance(a, Declare) and a.contract.hand for a in actions[1:])


def test_after_picking_up_the_declarer_holds_12_cards_and_puts_back_any_two() -> None:
    state = declarer_at(18, "s")
    assert state.phase == Phase.DISCARD and state.picked_up
    assert state.hand(FOREHAND) == CardSet.parse("CJ SJ HA HT HK H8 H7 DK DQ D9 D8 D7")
    assert len(state.legal_actions()) == 66  # any 2 of 12, jacks and trumps included
    assert "CJ.SJ" in legal(state)
    state.apply("DK.DQ")
    assert state.phase == Phase.DECLARE
    assert state.skat == CardSet.parse("DK DQ") and len(state.hand(FOREHAND)) == 10


def test_the_declarer_can_only_put_away_cards_he_holds() -> None:
    state = declarer_at(18, "s")
    with pytest.raises(IllegalActionError, match="Forehand does not hold CA"):
        state.validate("CA.D7")


def test_the_discard_comes_before_the_declaration() -> None:
    state = declarer_at(18, "s")
    with pytest.raises(IllegalActionError, match="must put two cards into the skat first"):
        state.validate("H")
    with pytest.raises(IllegalActionError, match="must declare the game now"):
        declarer_at(18, "s D7.D8").validate("HA")


def test_a_game_after_pickup_cannot_be_hand_or_carry_announcements() -> None:
    state = declarer_at(18, "s D7.D8")
    assert legal(state) == ["D", "H", "S", "C", "G", "N", "NO"]
    for text in ("HH", "CHS", "GO", "NOH"):
        with pytest.raises(
            IllegalActionError, match="a Hand game cannot be declared after picking up"
        ):
            state.validate(text)


def test_a_game_that_needs_the_skat_cannot_be_declared_before_picking_it_up() -> None:
    state = declarer_at(18)
    with pytest.raises(IllegalActionError, match="Hearts needs the skat: pick it up first"):
        state.validate("H")
    with pytest.raises(IllegalActionError, match="Null Ouvert needs the skat"):
        state.validate("NO")


def test_hand_games_may_announce_schneider_schwarz_or_ouvert() -> None:
    codes = legal(declarer_at(18))[1:]
    assert codes == [
        "DH", "DHS", "DHSZ", "DO", "HH", "HHS", "HHSZ", "HO", "SH", "SHS", "SHSZ", "SO",
        "CH", "CHS", "CHSZ", "CO", "GH", "GHS", "GHSZ", "GO", "NH", "NOH",
    ]  # fmt: skip


def test_null_ouvert_may_be_played_with_or_without_the_skat() -> None:
    assert "NOH" in legal(declarer_at(18))
    assert "NO" in legal(declarer_at(18, "s D7.D8"))


def test_a_hand_game_leaves_the_skat_unseen_until_the_end() -> None:
    state = declarer_at(18, "HH")
    assert not state.picked_up and state.phase == Phase.PLAY
    assert state.view(FOREHAND).skat is None
    assert state.skat == CardSet.parse("DK DQ")


def test_the_declaration_must_reach_the_bid_and_a_refusal_says_why() -> None:
    # after the pickup Forehand holds CJ SJ: "with 2"; the best a game can reach is
    # with 2, game 3, schneider 4, schwarz 5: Hearts 50, Clubs 60, Diamonds 45
    state = declarer_at(60, "s D7.D8")
    with pytest.raises(
        IllegalActionError, match="Hearts can reach at most 50, less than the bid 60"
    ):
        state.validate("H")
    with pytest.raises(
        IllegalActionError, match="Diamonds can reach at most 45, less than the bid 60"
    ):
        state.validate("D")
    assert legal(state) == ["C", "G"]
    state.apply("C")
    assert state.phase == Phase.PLAY


def test_a_hand_game_may_count_on_matadors_the_unseen_skat_could_hold() -> None:
    # Forehand's own CJ SJ _ _ HA HT HK: with HJ and DJ from the skat he would be "with 7";
    # Hearts Hand can then reach with 7, game 8, hand 9, schneider 10, schwarz 11 = 110
    state = declarer_at(110)
    assert "HH" in legal(state)
    state = declarer_at(120)
    with pytest.raises(
        IllegalActionError, match="Hearts Hand can reach at most 110, less than the bid 120"
    ):
        state.validate("HH")
    assert "HHS" in legal(state)  # announcing Schneider adds a level: 120


def test_a_null_cannot_be_declared_over_its_fixed_value() -> None:
    with pytest.raises(IllegalActionError, match="Null is worth 23, less than the bid 24"):
        declarer_at(24, "s D7.D8").validate("N")
    assert "NO" in legal(declarer_at(46, "s D7.D8"))
    with pytest.raises(IllegalActionError, match="Null Hand is worth 35, less than the bid 36"):
        declarer_at(36).validate("NH")
    assert "NOH" in legal(declarer_at(59))
    assert "NOH" not in legal(declarer_at(60))


def test_a_declarer_who_can_reach_nothing_must_still_declare_a_game() -> None:
    # bid 264 after picking up: no game can reach it, every game may be declared (and is lost)
    state = declarer_at(264, "s D7.D8")
    assert legal(state) == ["D", "H", "S", "C", "G", "N", "NO"]
    state.apply("G")
    assert state.phase == Phase.PLAY


def test_only_the_declarer_picks_up_or_declares() -> None:
    state = declarer_at(18)
    with pytest.raises(IllegalActionError, match="it is Forehand's turn, not Middlehand's"):
        state.apply("s", seat=1)
    with pytest.raises(IllegalActionError, match="must pick up the skat \\(s\\) or declare"):
        state.validate("CJ")
