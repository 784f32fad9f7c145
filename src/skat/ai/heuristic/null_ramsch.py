"""Card play in the games where tricks hurt: Null (declarer ducks, defenders force him over) and
Ramsch (everyone for himself, fewest points wins).
"""

from __future__ import annotations

from skat.ai.heuristic.evaluation import EFF_MASKS, NULL_RANK, null_caught
from skat.ai.heuristic.situation import PlaySituation, _points
from skat.core.cards import SUIT_MASKS, indices_of
from skat.core.contracts import EFFECTIVE_SUIT


def null_declarer_play(table: PlaySituation, legal: list[int]) -> int:
    """Null declarer: lead the card the defenders must overtake, from a suit it leaves without
    a hole (not the seven of 7-9 with the eight out); follow with the highest card that stays
    below the trick; dump the most dangerous card when void."""
    null = NULL_RANK
    if not table.trick:

        def risk(i: int) -> tuple[int, int, int]:
            suit_cards = table.unseen & SUIT_MASKS[i >> 3]
            lower = sum(1 for j in indices_of(suit_cards) if null[j] < null[i])
            return (lower, null_caught(table.hand & ~(1 << i), table.unseen).bit_count(), null[i])

        return min(legal, key=risk)
    led_suit = table.trick[0] >> 3
    _pos, best = table.winning()
    following = [i for i in legal if i >> 3 == led_suit]
    if following:
        under = [i for i in following if null[i] < null[best]]
        if under:
            return max(under, key=lambda i: null[i])
        return (
            min(following, key=lambda i: null[i])
            if table.after_me()
            else max(following, key=lambda i: null[i])
        )
    return _null_dump(table, legal)


def _null_dump(table: PlaySituation, legal: list[int]) -> int:
    """The most dangerous card to get rid of in Null: high cards with low unseen cards below."""
    null = NULL_RANK

    def danger(i: int) -> tuple[int, int]:
        suit_cards = table.unseen & SUIT_MASKS[i >> 3]
        lower = sum(1 for j in indices_of(suit_cards) if null[j] < null[i])
        return (lower, null[i])

    return max(legal, key=danger)


def null_defender_play(table: PlaySituation, legal: list[int]) -> int:
    """Null defender: lead low where the declarer must go over it; keep the trick low while
    the declarer is still to play; under the declarer's card when he is winning."""
    null = NULL_RANK
    d = table.declarer
    if not table.trick:
        declarer_cards = table.possible(d)

        def score(i: int) -> tuple[int, int]:
            theirs = declarer_cards & SUIT_MASKS[i >> 3]
            if not theirs:
                return (2, null[i])
            below = sum(1 for j in indices_of(theirs) if null[j] < null[i])
            if table.open_hand >= 0:
                return (0 if below == 0 else 1, null[i])
            return (1, null[i])

        return min(legal, key=score)
    led_suit = table.trick[0] >> 3
    pos, best = table.winning()
    winner = (table.trick_leader + pos) % 3
    following = [i for i in legal if i >> 3 == led_suit]
    if d in table.after_me():
        if following:
            return min(following, key=lambda i: null[i])
        return max(legal, key=lambda i: null[i])
    if winner == d:
        under = [i for i in following if null[i] < null[best]]
        if under:
            return max(under, key=lambda i: null[i])
        if not following:
            return max(legal, key=lambda i: null[i])
    if following:
        return (
            max(following, key=lambda i: null[i])
            if winner != d
            else min(following, key=null.__getitem__)
        )
    return max(legal, key=lambda i: null[i])


def ramsch_play(table: PlaySituation, legal: list[int]) -> int:
    """Ramsch (everyone for himself, fewest points wins): lead low, stay under the trick,
    dump high cards when void or when the trick is lost anyway."""
    if not table.trick:
        plain = [i for i in legal if not table.is_trump(i)] or legal
        masks = EFF_MASKS[table.gt]
        eff = EFFECTIVE_SUIT[table.gt]
        return min(
            plain,
            key=lambda i: (
                _points(i) >= 10,
                (table.hand & masks[eff[i]]).bit_count(),
                table.power(i),
                _points(i),
            ),
        )
    led = table.led_suit
    _pos, best = table.winning()
    best_key = table.key(best, led)
    following = [i for i in legal if EFFECTIVE_SUIT[table.gt][i] == led]
    if following:
        under = [i for i in following if table.key(i, led) < best_key]
        if under:
            return max(under, key=lambda i: (table.power(i), _points(i)))
        if not table.after_me():  # the trick is ours anyway: get rid of the highest card
            return max(following, key=lambda i: (table.power(i), -_points(i)))
        return min(following, key=lambda i: (table.power(i), _points(i)))
    plain = [i for i in legal if not table.is_trump(i)]
    if plain:
        return max(plain, key=lambda i: (_points(i), table.power(i)))
    return min(legal, key=table.power)
