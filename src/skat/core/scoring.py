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
        for word, on in (
            ("hand", c.hand),
            ("schneider", self.schneider or c.schneider_announced),
            ("announced", c.schneider_announced),
            ("schwarz", self.schwarz or c.schwarz_announced),
            ("announced", c.schwarz_announced),
            ("ouvert", c.ouvert),
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
        c = self.contract
        if c is None:
            return "eingepasst" if de else "passed in"
        words = _DE if de else _EN
        if c.game_type == NULL:
            text = f"{c.describe(lang)} = {_null_value(c)}"
            base_value = _null_value(c)
        else:
            base_value = (
                self.rules.grand_ouvert_base
                if c.game_type == GRAND and c.ouvert
                else c.game_type.base_value
            )
            parts = [f"{words[w]} {n}" for w, n in self.levels()]
            name = c.game_type.german if de else c.game_type.english
            text = ", ".join(parts) + f", × {name} {base_value} = {base_value * self.level}"
        if self.overbid:
            text += f" < {words['bid']} {self.bid}: {words['overbid']}"
        if self.resigned:
            text += f" ({words['resigned']})"
        if not self.won:
            factor = -self.score // self.value if self.value else 2
            if factor == 1:
                text += f", {words['lost']} {_signed(self.score)}"
            else:
                text += f", {words['lost']} {factor} × {self.value} = {_signed(self.score)}"
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
}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _null_value(c: Contract) -> int:
    return c.null_value


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
) -> Result:
    """Score a finished game.

    ``cards`` are the declarer's 12 cards (hand and skat as dealt or discarded) for the matadors;
    ``points`` his card points including the skat; ``tricks``/``defender_tricks`` the tricks each
    party took (remaining tricks given to a party on resignation included).  A lost game's
    Schneider and Schwarz reached on the board count only when at least one trick was completed
    (``trick_complete``); the levels a winner reached (e.g. after the defenders gave up) count.

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
    if gt == NULL:
        won = not declarer_resigned and (defenders_resigned or tricks == 0)
        value = contract.null_value
        overbid = value < bid
        if overbid:
            value = min((v for v in (23, 35, 46, 59) if v >= bid), default=bid)
    else:
        if declarer_resigned or defenders_resigned:
            won = defenders_resigned
        else:
            won = (
                points >= 61
                and (not contract.schneider_announced or points >= 90)
                and (not contract.schwarz_announced or defender_tricks == 0)
            )
        if won:
            schneider = points >= 90
            schwarz = defender_tricks == 0
        elif trick_complete:  # a loser's levels count once a trick was completed
            schneider = points <= 30
            schwarz = tricks == 0
        m = matadors(gt, mask)
        level = (
            abs(m)
            + 1
            + contract.hand
            + (schneider or contract.schneider_announced)
            + contract.schneider_announced
            + (schwarz or contract.schwarz_announced)
            + contract.schwarz_announced
            + contract.ouvert
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
        value if won else -lost_factor * value,
        declarer_resigned or defenders_resigned,
        rules,
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
