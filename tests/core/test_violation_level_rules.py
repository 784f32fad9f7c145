"""ISkO 4.1.5: "Ist der Alleinspieler gezwungen, eine höhere Gewinnstufe zu erreichen, muss ihm
bei unberechtigtem Ausspielen oder einem anderen Regelverstoß der Gegenpartei die fällige
Gewinnstufe ausnahmsweise zuerkannt werden" -- when the defenders give up (ISkO 4.3.3 refers
to 4.1.3 to 4.1.6) or break a rule and the declarer needs a higher level to reach his bid,
that level is his while it can still be reached (docs/variants/house-rules.md)."""

from __future__ import annotations

from skat.core import GameState

from ._support import make_deal

# Forehand holds CJ but not SJ (in Rearhand): Clubs Hand "with 1, game 2, hand 3" = 36.
DEAL = make_deal(
    "CJ HJ CA C9 SA SQ S8 HT HQ DQ",
    "CT CK C8 C7 ST H9 DA D9 D8 D7",
    "SJ DJ CQ SK S9 HA HK H7 DT DK",
    "S7 H8",
)


def _clubs_hand(bid: str, *answers: str) -> GameState:
    state = GameState(DEAL)
    for action in (bid, "y", "p", "p", "CH", *answers):
        state.apply(action)
    return state


def test_isko_4_1_5_defenders_resign_schneider_due_for_the_bid() -> None:
    state = _clubs_hand("48", "RE.1")
    r = state.result
    assert r is not None
    # with 1, game 2, hand 3 = 36 < 48: Schneider is due, 4 × 12 = 48, won
    assert (r.won, r.overbid, r.schneider, r.value, r.score) == (True, False, True, 48, 48)


def test_isko_4_1_5_defenders_violation_schwarz_due_for_the_bid() -> None:
    state = _clubs_hand("60", "violation.1.revoke")
    r = state.result
    assert r is not None
    # 36 < 60: Schneider (48) is not enough, Schwarz gives 5 × 12 = 60
    assert (r.won, r.overbid, r.schneider, r.schwarz, r.value) == (True, False, True, True, 60)


def test_isko_4_1_5_no_level_due_when_even_schwarz_falls_short() -> None:
    state = _clubs_hand("72", "RE.2")
    r = state.result
    assert r is not None
    assert (r.won, r.overbid, r.value, r.score) == (False, True, 72, -144)


def test_isko_4_1_5_level_not_due_once_the_defenders_have_more_than_30() -> None:
    # the defenders take DQ DA DT (24) and HQ H9 HA (14): 38 card points, out of Schneider
    state = _clubs_hand("48", "DQ", "DA", "DT", "CT", "CQ", "HJ", "HQ", "H9", "HA", "RE.1")
    r = state.result
    assert r is not None and 120 - r.points >= 38
    assert (r.won, r.overbid, r.schneider, r.value) == (False, True, False, 48)


def test_online_rules_player_who_left_scores_as_his_party_giving_up() -> None:
    """A player whose connection is gone past the waiting time (``violation.<seat>.left``, the
    web table's ``disconnect_concede``) ends the game as his party's giving up, under
    ``resign=both`` too (docs/variants/online.md)."""
    from skat.core import Rules

    online = Rules.parse("online")
    for seat, text in ((1, "RE.1"), (0, "RE.0")):  # a defender, the declarer (9+ cards)
        left = GameState(DEAL, rules=online)
        gave_up = GameState(DEAL)  # ISkO: one defender's giving up ends the game
        for action in ("18", "y", "p", "p", "CH"):
            left.apply(action)
            gave_up.apply(action)
        left.apply(f"violation.{seat}.left")
        gave_up.apply(text)
        a, b = left.result, gave_up.result
        assert a is not None and b is not None
        assert (a.won, a.value, a.score, a.schneider) == (b.won, b.value, b.score, b.schneider)
        assert a.violation == "left"
