"""Game value and result: matadors, levels, overbid, won/lost, the list score, and the
explanation the way players say it.

>>> from skat.core.cards import CardSet
>>> from skat.core.contracts import Contract
>>> r = score(Contract.parse("CH"), bid=18, cards=CardSet.parse("CJ SJ HA HT H7 S8 S9 D7 D8 D9 DT DA"),
...           points=75, tricks=6, defender_tricks=4)
>>> r.value, r.score, r.explain()
(48, 48, 'with 2, game 3, hand 4, × Clubs 12 = 48')
>>> r.explain("de")
'mit 2, Spiel 3, Hand 4, × Kreuz 12 = 48'
"""

from __future__ import annotations

from dataclasses import dataclass

from skat.core.cards import CardSet
from skat.core.contracts import GRAND, NULL, Contract, matadors
from skat.core.rules import ISKO, Rules


@dataclass(frozen=True)
class Result:
    """The outcome of one game.

    ``points`` are the declarer's card points with the skat, ``tricks`` his tricks.
    ``schneider``/``schwarz`` say whether the losing party was made Schneider (30 points or fewer)
    or Schwarz (no trick) on the board; announced levels count in ``level`` whatever happened.
    ``score`` is the declarer's entry on the list: + value if won, − 2 × value if lost, times
    ``multiplier`` (2 for Kontra, 4 Re, 8 Supra, 16 Resupra); Bock rounds are the series' business.

    ``required`` is 1 (2) when the declarer refused the defenders' Schenken and had to make them
    Schneider (Schwarz): it counts as announced.  ``extra_levels`` are house-rule levels
    (``spitze`` once per card, ``open``, ``skat shown``).

    A Ramsch (all passed, ``ramsch`` names the kind) has no declarer: ``seat_points`` are the
    card points each seat took and ``seat_scores`` the list entries.  ``seat_scores`` is defined
    for every result: the declarer's score at his seat, 0 elsewhere.
    """

    contract: Contract | None
    declarer: int | None = None
    bid: int = 0
    won: bool = False
    points: int = 0
    tricks: int = 0
    defender_tricks: int = 0
    matadors: int = 0
    level: int = 0
    value: int = 0
    overbid: bool = False
    schneider: bool = False
    schwarz: bool = False
    score: int = 0
    resigned: bool = False
    rules: Rules = ISKO
    multiplier: int = 1
    kontra: int = 0
    spitze: int = 0
    extra_levels: tuple[str, ...] = ()
    schenken: bool = False
    violation: str | None = None
    violator: int | None = None
    ramsch: str | None = None
    seat_points: tuple[int, int, int] = (0, 0, 0)
    ramsch_scores: tuple[int, int, int] = (0, 0, 0)
    jungfrau: int = 0
    durchmarsch: bool = False
    pushes: int = 0
    required: int = 0

    @property
    def passed(self) -> bool:
        """All three passed and no Ramsch was played: no game."""
        return self.contract is None and self.ramsch is None

    @property
    def seat_scores(self) -> tuple[int, int, int]:
        """The list entry of each seat for this game (before any Bock doubling)."""
        if self.ramsch is not None:
            return self.ramsch_scores
        if self.declarer is None:
            return (0, 0, 0)
        out = [0, 0, 0]
        out[self.declarer] = self.score
        return (out[0], out[1], out[2])

    @property
    def defender_points(self) -> int:
        """Card points the defenders took (120 minus the declarer's when all cards are played)."""
        return 120 - self.points

    def levels(self) -> list[tuple[str, int]]:
        """The level steps as (word, running count), e.g. ``[('with', 2), ('game', 3), ...]``."""
        c = self.contract
        if c is None or c.game_type == NULL:
            return []
        m = self.matadors
        steps = [("with" if m > 0 else "without", abs(m)), ("game", abs(m) + 1)]
        n = abs(m) + 1
        sa = c.schneider_announced or self.required >= 1
        za = c.schwarz_announced or self.required >= 2
        for word, on in (
            ("hand", c.hand),
            ("schneider", self.schneider or sa),
            ("announced", sa),
            ("schwarz", self.schwarz or za),
            ("announced", za),
            ("ouvert", c.ouvert),
            *((extra, True) for extra in self.extra_levels),
        ):
            if on:
                n += 1
                steps.append((word, n))
        return steps

    def explain(self, lang: str = "en") -> str:
        """The result in players' words, English (``en``) or German (``de``).

        >>> Result(None).explain(), Result(None).explain("de")
        ('passed in', 'eingepasst')
        """
        de = lang == "de"
        words = _DE if de else _EN
        c = self.contract
        if self.ramsch is not None:
            return self._explain_ramsch(words)
        if c is None:
            return "eingepasst" if de else "passed in"
        if c.game_type == NULL:
            text = f"{c.describe(lang)} = {c.null_value}"
        else:
            base_value = (
                self.rules.grand_ouvert_base
                if c.game_type == GRAND and c.ouvert
                else c.game_type.base_value
            )
            parts = [f"{words.get(w, w)} {n}" for w, n in self.levels()]
            name = c.game_type.german if de else c.game_type.english
            text = ", ".join(parts) + f", × {name} {base_value} = {base_value * self.level}"
        if self.overbid:
            text += f" < {words['bid']} {self.bid}: {words['overbid']}"
        if self.schenken:
            text += f" ({words['schenken']})"
        elif self.violation is not None:
            text += f" ({words['violation']}: {words.get(self.violation, self.violation)})"
        elif self.resigned:
            text += f" ({words['resigned']})"
        base_score = self.score // self.multiplier
        if not self.won:
            factor = -base_score // self.value if self.value else 2
            if factor == 1:
                text += f", {words['lost']} {_signed(base_score)}"
            else:
                text += f", {words['lost']} {factor} × {self.value} = {_signed(base_score)}"
        if self.multiplier > 1:
            name = ("", "Kontra", "Re", "Supra", "Resupra")[self.kontra]
            text += f", {name} × {self.multiplier} = {_signed(self.score)}"
        return text

    def _explain_ramsch(self, words: dict[str, str]) -> str:
        kind = words.get(self.ramsch or "ramsch", self.ramsch or "")
        pts = " ".join(f"{p}" for p in self.seat_points)
        text = f"{kind} ({pts})"
        for seat, entry in enumerate(self.ramsch_scores):
            if entry:
                text += f", {words['seat' + str(seat)]} {_signed(entry)}"
        extras = []
        if self.durchmarsch:
            extras.append(words["durchmarsch"])
        if self.jungfrau:
            extras.append(f"{words['jungfrau']} × {2**self.jungfrau}")
        if self.pushes:
            extras.append(f"{words['pushed']} × {2**self.pushes}")
        if extras:
            text += f" ({', '.join(extras)})"
        return text

    def __str__(self) -> str:
        return self.explain()


_EN = {
    "with": "with",
    "without": "without",
    "game": "game",
    "hand": "hand",
    "schneider": "schneider",
    "announced": "announced",
    "schwarz": "schwarz",
    "ouvert": "ouvert",
    "bid": "bid",
    "overbid": "overbid",
    "lost": "lost",
    "resigned": "resigned",
    "spitze": "spitze",
    "open": "open",
    "skat shown": "skat shown",
    "schenken": "conceded",
    "violation": "violation",
    "revoke": "revoke",
    "wrong_lead": "lead out of turn",
    "looked_at_skat": "looked at the skat",
    "wrong_cards": "wrong number of cards",
    "ramsch": "Ramsch",
    "schieberamsch": "Schieberamsch",
    "gewinner": "Gewinner-Ramsch",
    "durchmarsch": "Durchmarsch",
    "jungfrau": "Jungfrau",
    "pushed": "pushed",
    "seat0": "Forehand",
    "seat1": "Middlehand",
    "seat2": "Rearhand",
}
_DE = {
    "with": "mit",
    "without": "ohne",
    "game": "Spiel",
    "hand": "Hand",
    "schneider": "Schneider",
    "announced": "angesagt",
    "schwarz": "Schwarz",
    "ouvert": "offen",
    "bid": "gereizt",
    "overbid": "überreizt",
    "lost": "verloren",
    "resigned": "aufgegeben",
    "spitze": "Spitze",
    "open": "offen",
    "skat shown": "Skat gezeigt",
    "schenken": "geschenkt",
    "violation": "Regelverstoß",
    "revoke": "nicht bedient",
    "wrong_lead": "falsch ausgespielt",
    "looked_at_skat": "in den Skat gesehen",
    "wrong_cards": "falsche Kartenzahl",
    "ramsch": "Ramsch",
    "schieberamsch": "Schieberamsch",
    "gewinner": "Gewinner-Ramsch",
    "durchmarsch": "Durchmarsch",
    "jungfrau": "Jungfrau",
    "pushed": "geschoben",
    "seat0": "Vorhand",
    "seat1": "Mittelhand",
    "seat2": "Hinterhand",
}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def score(
    contract: Contract,
    *,
    bid: int,
    cards: CardSet | int,
    points: int,
    tricks: int,
    defender_tricks: int,
    declarer: int | None = None,
    declarer_resigned: bool = False,
    defenders_resigned: bool = False,
    trick_complete: bool = True,
    rules: Rules = ISKO,
    multiplier: int = 1,
    kontra: int = 0,
    extra_levels: tuple[str, ...] = (),
    spitze: int = 0,
    spitze_made: bool = True,
    required: int = 0,
    outcome: tuple[bool, bool, bool] | None = None,
    schenken: bool = False,
    violation: tuple[int, str] | None = None,
) -> Result:
    """Score a finished game.

    ``cards`` are the declarer's 12 cards (hand and skat as dealt or discarded) for the matadors;
    ``points`` his card points including the skat; ``tricks``/``defender_tricks`` the tricks each
    party took (remaining tricks given to a party on resignation included).  A lost game's
    Schneider and Schwarz reached on the board count only when at least one trick was completed
    (``trick_complete``); the levels a winner reached (e.g. after the defenders gave up) count.

    House rules: ``multiplier`` (Kontra 2, Re 4, …) multiplies the score, not the value;
    ``extra_levels`` add one level each; a Spitze of ``spitze`` cards adds as many levels and
    loses the game when not made; ``required`` 1/2 makes Schneider/Schwarz count as announced
    (a refused Schenken); ``outcome`` = (won, schneider, schwarz) decides the game instead of the
    card points (an accepted Schenken, a rule violation).

    >>> from skat.core.contracts import Contract
    >>> r = score(Contract.parse("S"), bid=18, cards=CardSet.parse("HJ DJ SA ST"), points=28,
    ...           tricks=3, defender_tricks=7)
    >>> r.score, r.explain()
    (-88, 'without 2, game 3, schneider 4, × Spades 11 = 44, lost 2 × 44 = −88')
    """
    mask = cards.mask if isinstance(cards, CardSet) else cards
    gt = contract.game_type
    m = level = 0
    schneider = schwarz = False
    sa = contract.schneider_announced or required >= 1
    za = contract.schwarz_announced or required >= 2
    if gt == NULL:
        extra_levels = ()
        if outcome is not None:
            won = outcome[0]
        else:
            won = not declarer_resigned and (defenders_resigned or tricks == 0)
        value = contract.null_value
        overbid = value < bid
        if overbid:
            value = min((v for v in (23, 35, 46, 59) if v >= bid), default=bid)
    else:
        if spitze:
            extra_levels = (*extra_levels, *("spitze",) * spitze)
        if outcome is not None:
            won, schneider, schwarz = outcome
        else:
            if declarer_resigned or defenders_resigned:
                won = defenders_resigned
            else:
                won = points >= 61 and (not sa or points >= 90) and (not za or defender_tricks == 0)
            if won:  # the levels he reached count even when a failed Spitze loses the game
                schneider = points >= 90
                schwarz = defender_tricks == 0
                won = spitze_made
            elif trick_complete:  # a loser's levels count once a trick was completed
                schneider = points <= 30
                schwarz = tricks == 0
        m = matadors(gt, mask)
        level = (
            abs(m)
            + 1
            + contract.hand
            + (schneider or sa)
            + sa
            + (schwarz or za)
            + za
            + contract.ouvert
            + len(extra_levels)
        )
        base = rules.grand_ouvert_base if gt == GRAND and contract.ouvert else gt.base_value
        value = base * level
        overbid = value < bid
        if overbid:
            value = -(-bid // base) * base
    if overbid:
        won = False
    lost_factor = 1 if (rules.lost_hand_single and contract.hand) else 2
    return Result(
        contract,
        declarer,
        bid,
        won,
        points,
        tricks,
        defender_tricks,
        m,
        level,
        value,
        overbid,
        schneider,
        schwarz,
        (value if won else -lost_factor * value) * multiplier,
        declarer_resigned or defenders_resigned,
        rules,
        multiplier=multiplier,
        kontra=kontra,
        spitze=spitze,
        extra_levels=extra_levels,
        schenken=schenken,
        violation=violation[1] if violation else None,
        violator=violation[0] if violation else None,
        required=required,
    )


def score_ramsch(
    kind: str,
    *,
    seat_points: tuple[int, int, int],
    seat_tricks: tuple[int, int, int],
    pushes: int = 0,
    rules: Rules = ISKO,
) -> Result:
    """Score a Ramsch: everyone for himself, the most card points lose that many.

    Ties for the most points: all of them lose.  Each player without a trick (Jungfrau) doubles
    the loss (``rules.jungfrau``); a player who took every trick (Durchmarsch, ``rules.durchmarsch``)
    wins 120 instead.  Each push of the skat in Schieberamsch doubles.  In Gewinner-Ramsch the
    fewest points win 23 (ties: all of them) and nobody loses.

    >>> r = score_ramsch("ramsch", seat_points=(60, 40, 20), seat_tricks=(5, 3, 2))
    >>> r.ramsch_scores, r.explain()
    ((-60, 0, 0), 'Ramsch (60 40 20), Forehand −60')
    >>> score_ramsch("ramsch", seat_points=(90, 30, 0), seat_tricks=(7, 3, 0)).ramsch_scores
    (-180, 0, 0)
    """
    factor = 2**pushes
    jungfrau = sum(1 for t in seat_tricks if t == 0) if rules.jungfrau else 0
    durchmarsch = rules.durchmarsch and 10 in seat_tricks
    scores = [0, 0, 0]
    if durchmarsch:
        scores[seat_tricks.index(10)] = 120 * factor
        jungfrau = 0
    elif kind == "gewinner":  # nobody loses, so a Jungfrau doubles nothing
        jungfrau = 0
        low = min(seat_points)
        for seat, p in enumerate(seat_points):
            if p == low:
                scores[seat] = 23 * factor
    else:
        high = max(seat_points)
        for seat, p in enumerate(seat_points):
            if p == high:
                scores[seat] = -p * factor * 2**jungfrau
    return Result(
        None,
        rules=rules,
        won=durchmarsch,
        ramsch=kind,
        seat_points=seat_points,
        ramsch_scores=(scores[0], scores[1], scores[2]),
        jungfrau=jungfrau,
        durchmarsch=durchmarsch,
        pushes=pushes,
        multiplier=factor,
    )


def max_value(contract: Contract, matadors_count: int, rules: Rules = ISKO) -> int:
    """The highest value a contract can reach with ``matadors_count`` matadors (by count):
    the "arithmetically possible" bound for declaring over a bid.

    >>> max_value(Contract.parse("C"), 1), max_value(Contract.parse("GO"), 4)
    (48, 264)
    """
    gt = contract.game_type
    if gt == NULL:
        return contract.null_value
    # every level not yet fixed by the contract may still be reached on the board
    level = abs(matadors_count) + 1 + contract.hand + 1 + contract.schneider_announced + 1
    level += contract.schwarz_announced + contract.ouvert
    base = rules.grand_ouvert_base if gt == GRAND and contract.ouvert else gt.base_value
    return base * level
