"""Lives in a match of Scat: three pennies, "on the county", out; the deal passes left."""

from __future__ import annotations

import random

import pytest

from skat.thirtyone import KNOCK, IllegalActionError, Match, Round, Rules


def knock_round(m: Match, hands: list[str], dealer: int | None = None) -> None:
    """Replace the match's round by a written one where the player to move knocks and the
    others draw a card from the stock and throw it away."""
    n = len(hands)
    d = n - 1 if dealer is None else dealer
    stock = " ".join(f"D{r}" for r in range(2, 2 + n))
    active = [not o for o in m.out]
    m.round = Round.from_cards(
        hands, upcard="S2", stock=stock, dealer=d, rules=m.rules, active=active, lives=m.lives
    )
    m.apply(KNOCK)
    while not m.round.over:
        m.apply("stock")
        m.apply(str(m.round.hand(m.round.to_move)[-1]))


LOSER_ALONE = ["HK HQ H5", "SK S3 C3", "CA CK D9"]  # player 1 lowest (13)
KNOCKER_LOWEST = ["HK H3 H4", "SK SQ C3", "CA CK D9"]  # knocker 0 alone lowest (17)


def test_players_start_with_three_pennies() -> None:
    m = Match(3, rng=random.Random(1))
    assert m.lives == [3, 3, 3] and m.out == [False] * 3
    assert Match(3, Rules(lives=5), random.Random(1)).lives == [5, 5, 5]


def test_a_lost_life_is_a_penny_paid() -> None:
    m = Match(3, rng=random.Random(1))
    knock_round(m, LOSER_ALONE)
    assert m.lives == [3, 2, 3] and m.results[-1].losses == (0, 1, 0)


def test_a_knocker_alone_lowest_pays_two_pennies() -> None:
    m = Match(3, rng=random.Random(1))
    knock_round(m, KNOCKER_LOWEST)
    assert m.lives == [1, 3, 3]


def test_a_knocker_who_has_one_penny_pays_that_one_and_is_on_the_county() -> None:
    m = Match(3, rng=random.Random(1))
    m.lives = [1, 3, 3]
    knock_round(m, KNOCKER_LOWEST)
    assert m.lives == [0, 3, 3] and m.on_county(0) and not m.out[0]


def test_without_pennies_you_are_on_the_county_and_still_play() -> None:
    m = Match(3, rng=random.Random(1))
    m.lives = [3, 1, 3]
    knock_round(m, LOSER_ALONE)
    assert m.on_county(1) and not m.out[1]
    m.next_round()
    assert m.round.active == (True, True, True)


def test_losing_while_on_the_county_puts_you_out() -> None:
    m = Match(3, rng=random.Random(1))
    m.lives = [3, 0, 3]
    knock_round(m, LOSER_ALONE)
    assert m.out == [False, True, False]
    m.next_round()
    assert m.round.active == (True, False, True) and m.round.hand(1) == ()


def test_county_off_puts_you_out_with_the_last_penny() -> None:
    m = Match(3, Rules(county=False), random.Random(1))
    m.lives = [3, 1, 3]
    knock_round(m, LOSER_ALONE)
    assert m.out[1]


def test_the_deal_passes_to_the_left_skipping_players_who_are_out() -> None:
    m = Match(4, rng=random.Random(1), dealer=0)
    m.out = [False, True, False, False]
    knock_round(m, ["HK HQ H5", "", "SK S3 C3", "CA CK D9"], dealer=0)
    assert m.results[-1].knocker == 2  # the first player after the dealer who is still in
    assert m.next_round().dealer == 2


def test_the_last_player_in_wins_the_match() -> None:
    m = Match(2, rng=random.Random(1))
    m.lives = [3, 0]
    knock_round(m, ["HK HQ H5", "SK S3 C3"])
    assert m.over and m.winner == 0
    with pytest.raises(IllegalActionError, match="match is over"):
        m.next_round()


def test_next_round_only_after_the_round_is_over() -> None:
    m = Match(3, rng=random.Random(3))
    assert not m.round.over
    with pytest.raises(IllegalActionError, match="still being played"):
        m.next_round()


def test_the_match_view_shows_the_lives_and_who_is_out() -> None:
    m = Match(3, rng=random.Random(1))
    m.lives = [3, 0, 3]
    knock_round(m, LOSER_ALONE)
    v = m.view(0)
    assert v.lives == (3, 0, 3) and v.out == (False, True, False)


@pytest.mark.parametrize("players", [1, 10])
def test_two_to_nine_players(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 9 players"):
        Match(players)
