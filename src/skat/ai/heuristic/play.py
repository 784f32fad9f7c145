"""Card play: the rule for each seat and game (:func:`play_card`); as declarer of a suit game
or Grand draw trumps and cash winners, as defender cash aces and lead through the declarer.
"""

from __future__ import annotations

from collections.abc import Sequence

from skat.ai.heuristic.evaluation import ACE, EFF_MASKS, JACK, KING, QUEEN, TEN
from skat.ai.heuristic.null_ramsch import null_declarer_play, null_defender_play, ramsch_play
from skat.ai.heuristic.situation import PlaySituation, _highest_points, _lowest, _points
from skat.core.cards import CARDS, Card, indices_of
from skat.core.contracts import EFFECTIVE_SUIT, GRAND, NULL, TRUMP_ORDER
from skat.core.state import View


def play_card(view: View, cards: Sequence[Card]) -> Card:
    """The card to play: declarer, defender, Null or Ramsch rules."""
    table = PlaySituation(view)
    legal = [c.index for c in cards]
    if len(legal) == 1:
        return CARDS[legal[0]]
    reserve = _spitze_reserve(view, table)
    pool = [i for i in legal if i not in reserve] or legal
    if view.contract is None:
        choice = ramsch_play(table, pool)
    elif table.gt == NULL:
        if table.seat == table.declarer:
            choice = null_declarer_play(table, pool)
        else:
            choice = null_defender_play(table, pool)
    elif table.seat == table.declarer:
        choice = declarer_play(table, pool)
    else:
        choice = defender_play(table, pool)
    return CARDS[choice]


def _spitze_reserve(view: View, table: PlaySituation) -> set[int]:
    """The lowest trumps kept for the last tricks when Spitze was announced."""
    if table.seat != table.declarer or table.gt == NULL:
        return set()
    for a in view.announcements:
        if a.startswith("spitze "):
            n = int(a.split()[1])
            return set(TRUMP_ORDER[table.gt][-n:])
    return set()


def declarer_play(table: PlaySituation, legal: list[int]) -> int:
    """Declarer of a suit game or Grand: draw trumps, cash winners, then short suits;
    following, take the trick cheaply when it can be held, else play the cheapest card."""
    if not table.trick:
        return _declarer_lead(table, legal)
    return _take_or_duck(table, legal, partner=-1)


def _declarer_lead(table: PlaySituation, legal: list[int]) -> int:
    gt = table.gt
    trump_mask = EFF_MASKS[gt][4]
    my_trumps = [i for i in legal if trump_mask >> i & 1]
    opp_trumps = table.unseen & trump_mask
    defenders = [s for s in range(3) if s != table.seat]
    if my_trumps and opp_trumps:
        top = max(indices_of(opp_trumps) + my_trumps, key=table.power)
        if top in my_trumps:
            return top
        enough = 2 if gt == GRAND else 3  # Grand: two jacks draw the defenders' jacks
        if len(my_trumps) >= enough and len(my_trumps) > opp_trumps.bit_count() // 2:
            return _trump_to_draw(table, my_trumps, opp_trumps)
    winner = _sure_winner(table, legal, defenders)
    if winner is not None:
        return winner
    plain = [i for i in legal if not trump_mask >> i & 1]
    if not plain:
        return max(my_trumps, key=table.power) if not opp_trumps else _lowest(my_trumps, table)
    # a low card of the shortest suit, not a lone ten
    by_suit: dict[int, list[int]] = {}
    for i in plain:
        by_suit.setdefault(EFFECTIVE_SUIT[gt][i], []).append(i)

    def rank(suit: int) -> tuple[int, int]:
        cards = by_suit[suit]
        lone_ten = len(cards) == 1 and cards[0] & 7 == TEN
        return (lone_ten, len(cards))

    suit = min(by_suit, key=rank)
    return _lowest(by_suit[suit], table)


def _sure_winner(table: PlaySituation, legal: list[int], defenders: list[int]) -> int | None:
    """A plain card neither defender can beat, the one with most points (equal points: of the
    longer suit, so that an ace comes before its ten)."""
    gt = table.gt
    masks = EFF_MASKS[gt]
    winners = [
        i
        for i in legal
        if not table.is_trump(i) and not table.can_be_beaten(i, EFFECTIVE_SUIT[gt][i], defenders)
    ]
    if not winners:
        return None
    return max(
        winners,
        key=lambda i: (
            _points(i),
            (table.hand & masks[EFFECTIVE_SUIT[gt][i]]).bit_count(),
            table.power(i),
        ),
    )


def _trump_to_draw(table: PlaySituation, my_trumps: list[int], opp_trumps: int) -> int:
    """The trump a declarer leads to draw trumps while the defenders hold the top one: the
    lowest trump, unless a defender's trump ace or ten could take it; then the lowest jack
    (they must spend a jack on it and cannot win it with a full card)."""
    low = _lowest(my_trumps, table)
    full = [
        i
        for i in indices_of(opp_trumps)
        if i & 7 in (ACE, TEN) and table.power(i) > table.power(low)
    ]
    jacks = [i for i in my_trumps if i & 7 == JACK]
    if full and jacks:
        return min(jacks, key=table.power)
    return low


def _take_or_duck(table: PlaySituation, legal: list[int], partner: int) -> int:
    """Follow to a trick: win it when worth it and safe, give points to a partner who holds
    it, else play the cheapest card."""
    led = table.led_suit
    pos, best = table.winning()
    winner_seat = (table.trick_leader + pos) % 3
    later = table.after_me()
    partner_wins = partner >= 0 and winner_seat == partner
    opponents_later = [s for s in later if s != partner]
    if partner_wins and not table.can_be_beaten(best, led, opponents_later):
        return _highest_points(legal, table)  # schmieren
    take = _take(table, legal, best, partner, opponents_later)
    if take is None and partner in later and _partner_may_take(table, legal, best, partner):
        picture = [i for i in legal if i & 7 in (QUEEN, KING) and not table.is_trump(i)]
        if picture:
            return min(picture, key=lambda i: (_points(i), table.power(i)))
    return _lowest(legal, table) if take is None else take


def _partner_may_take(table: PlaySituation, legal: list[int], best: int, partner: int) -> bool:
    """A defender who cannot follow the declarer's lead: may his partner, still to play,
    beat the declarer's card?  Then a queen or king thrown on it is a half-smear (the
    solver's choice in such tricks: the points go to the defenders when the partner wins)."""
    led = table.led_suit
    if any(EFFECTIVE_SUIT[table.gt][i] == led for i in legal):
        return False
    return table.can_be_beaten(best, led, [partner])


def _take(
    table: PlaySituation, legal: list[int], best: int, partner: int, opponents_later: list[int]
) -> int | None:
    """The card that takes the trick from ``best``, if one is worth it (``partner``: -1 for
    the declarer): a plain card nobody can beat (a declarer keeps an ace that may catch the
    ten later), a safe trump (:func:`_trump_to_take`); a declarer's highest trump for a
    trick of ten points or more that may be beaten.  None: duck."""
    led = table.led_suit
    beating = [i for i in legal if table.key(i, led) > table.key(best, led)]
    if not beating:
        return None
    trick_points = sum(_points(i) for i in table.trick)
    safe = [i for i in beating if not table.can_be_beaten(i, led, opponents_later)]
    if not safe:
        if trick_points >= 10 and partner < 0:  # a declarer fights for a full trick
            return max(beating, key=table.power)
        return None
    plain = [i for i in safe if not table.is_trump(i)]
    if plain:
        card = max(plain, key=lambda i: (_points(i), table.power(i)))
        if partner < 0 and _saves_ace(table, legal, card, trick_points):
            return None
        return card
    return _trump_to_take(table, legal, safe, best, partner, trick_points)


def _trump_to_take(
    table: PlaySituation, legal: list[int], safe: list[int], best: int, partner: int, points: int
) -> int | None:
    """The safe trump that takes the trick, if worth it: when the trick has points, every card
    wins, a defender plays last (but not a jack for a trump trick without points) or a
    defender can take the declarer's jack or full trump; the declarer ruffs with a full trump
    (its points banked before a jack can take it), anyone else with the cheapest."""
    led = table.led_suit
    cheap_jack = led == 4 and points < 3 and min(safe, key=table.power) & 7 == JACK
    last_takes = not table.after_me() and partner >= 0 and not cheap_jack
    trump_lead = partner >= 0 and led == 4 and best & 7 in (JACK, ACE, TEN)
    if points >= 3 or len(safe) == len(legal) or last_takes or trump_lead:
        full = [i for i in safe if i & 7 in (ACE, TEN)]
        if partner < 0 and full:
            return min(full, key=table.power)
        return min(safe, key=lambda i: (table.power(i), _points(i)))
    return None


def _saves_ace(table: PlaySituation, legal: list[int], card: int, trick_points: int) -> bool:
    """Should a declarer keep his ace of the led suit for a later trick instead of taking this
    one?  When the trick holds no full card, the suit's ten is still out (the ace may catch it
    later) and a low card of the suit can be given (the double-dummy solver's choice in such
    tricks, issue 35)."""
    if card & 7 != ACE or trick_points >= 10:
        return False
    ten = card - ACE + TEN
    if not table.unseen >> ten & 1:
        return False
    return any(i != card and table.led_suit == EFFECTIVE_SUIT[table.gt][i] for i in legal)


def defender_play(table: PlaySituation, legal: list[int]) -> int:
    """Defender of a suit game or Grand: cash aces, lead through the declarer; following,
    give points to the partner, take the declarer's tricks."""
    partner = 3 - table.seat - table.declarer
    if table.trick:
        return _take_or_duck(table, legal, partner)
    return _defender_lead(table, legal, partner)


def _defender_lead(table: PlaySituation, legal: list[int], partner: int) -> int:
    gt = table.gt
    trump_mask = EFF_MASKS[gt][4]
    d = table.declarer
    plain = [i for i in legal if not trump_mask >> i & 1]
    if not plain:
        return _lowest(legal, table)
    declarer_void = table.voids[d]
    declarer_trumps = table.possible(d) & trump_mask
    single = _singleton_lead(table, legal, plain)
    if single is not None:
        return single
    # sure winners first (an ace the declarer cannot trump)
    for i in sorted(plain, key=lambda i: -_points(i)):
        led = EFFECTIVE_SUIT[gt][i]
        if declarer_void >> led & 1 and declarer_trumps:
            continue
        if not table.can_be_beaten(i, led, [d]) and (i & 7) in (ACE, TEN):
            return i
    top = _top_trump_lead(table, legal, declarer_trumps)
    if top is not None:
        return top
    by_suit: dict[int, list[int]] = {}
    for i in plain:
        by_suit.setdefault(EFFECTIVE_SUIT[gt][i], []).append(i)
    declarer_next = (table.seat + 1) % 3 == d

    def score(suit: int) -> tuple[bool, bool, bool, int]:
        cards = by_suit[suit]
        ruffed = bool(declarer_void >> suit & 1 and declarer_trumps)
        partner_void = bool(table.voids[partner] >> suit & 1)
        # lone tens and unguarded tens are poor leads
        bare_ten = any(i & 7 == TEN for i in cards) and not any(i & 7 == ACE for i in cards)
        length = -len(cards) if declarer_next else len(cards)
        return (ruffed, bare_ten and len(cards) <= 2, not partner_void, length)

    suit = min(by_suit, key=score)
    cards = by_suit[suit]
    non_ten = [i for i in cards if i & 7 not in (TEN, ACE)] or cards
    return _lowest(non_ten, table)


def _top_trump_lead(table: PlaySituation, legal: list[int], declarer_trumps: int) -> int | None:
    """A defender holding the highest trump still out leads it while the declarer may hold
    trumps: it draws one of his and cannot be taken (the solver's lead in such positions)."""
    trump_mask = EFF_MASKS[table.gt][4]
    mine = [i for i in legal if trump_mask >> i & 1]
    if not mine or not declarer_trumps or len(table.view.tricks) < 3:
        return None
    top = max(indices_of(table.unseen & trump_mask) + mine, key=table.power)
    return top if top in mine and top & 7 == JACK else None


def _singleton_lead(table: PlaySituation, legal: list[int], plain: list[int]) -> int | None:
    """A defender with trumps leads a low singleton in the first trick to ruff that suit
    later."""
    if len(table.view.tricks) > 0 or table.gt == GRAND:
        return None
    if not any(table.is_trump(i) for i in legal):
        return None
    eff = EFFECTIVE_SUIT[table.gt]
    lone = [
        i
        for i in plain
        if i & 7 not in (ACE, TEN) and (table.hand & EFF_MASKS[table.gt][eff[i]]).bit_count() == 1
    ]
    return min(lone, key=table.power) if lone else None
