"""Tournee Skat's values and scoring: the three kinds of game, their base values
(:func:`base_value`), the levels, the bid ladder (:data:`TOURNEE_BIDS`) and the result of a game
(:class:`TourneeResult`, :func:`score_tournee`).  The rules are in ``docs/variants/tournee.md``.

A Solo's suit and Grand Ouvert base values are those of Skat (ISkO 4.1.2:
:attr:`skat.core.contracts.GameType.base_value`); the other values are Tournee Skat's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from skat.core.cards import CardSet
from skat.core.contracts import GRAND, NULL, Contract, GameType, matadors
from skat.core.language import N_, say
from skat.core.rules import ISKO, Rules
from skat.core.scoring import Result, level_words

__all__ = [
    "DECLARER_SCHNEIDER",
    "GRAND_NULL_BASE",
    "GUCKSER",
    "GUCKSER_CONTRACTS",
    "KINDS",
    "SCHNEIDER_POINTS",
    "SOLO",
    "SOLO_BASE",
    "SOLO_CONTRACTS",
    "TOURNEE",
    "TOURNEE_BASE",
    "TOURNEE_BIDS",
    "TOURNEE_CONTRACTS",
    "TourneeResult",
    "base_value",
    "fixed_levels",
    "max_level",
    "score_tournee",
]


# ------------------------------------------------------------------------------ values

TOURNEE: Final = "tournee"
SOLO: Final = "solo"
GUCKSER: Final = "guckser"
KINDS: Final = (TOURNEE, SOLO, GUCKSER)
"""The three kinds of game (how the trump is chosen and what happens to the skat)."""

TOURNEE_BASE: Final = (5, 6, 7, 8)
"""Base values of a Tournée in Diamonds, Hearts, Spades, Clubs."""
SOLO_BASE: Final = tuple(GameType(suit).base_value for suit in range(4))
"""Base values of a suit Solo in Diamonds, Hearts, Spades, Clubs."""
GRAND_NULL_BASE: Final[dict[tuple[str, int, bool], int]] = {
    (TOURNEE, GRAND, False): 12,
    (GUCKSER, GRAND, False): 16,
    (GUCKSER, NULL, False): 15,
    (GUCKSER, NULL, True): 30,
    (SOLO, GRAND, False): 20,
    (SOLO, GRAND, True): GRAND.base_value,
    (SOLO, NULL, False): 20,
    (SOLO, NULL, True): 40,
}
"""The base values of Grand and the fixed values of Null, by kind of game, game type and
Ouvert (a Grand Ouvert Solo is worth Skat's Grand)."""

SCHNEIDER_POINTS: Final = 91
"""Card points the declarer needs to make the defenders Schneider (in Germany 90)."""
DECLARER_SCHNEIDER: Final = 30
"""The declarer with this many card points or fewer is Schneider (he is out with 31)."""


def base_value(kind: str, contract: Contract) -> int:
    """The base value (Grundwert) of a declared game; for Null its fixed value.

    >>> base_value(TOURNEE, Contract.parse("S")), base_value(SOLO, Contract.parse("GO"))
    (7, 24)
    >>> base_value(GUCKSER, Contract.parse("NO")), base_value(SOLO, Contract.parse("NH"))
    (30, 20)
    """
    gt = contract.game_type
    if gt in (GRAND, NULL):
        return GRAND_NULL_BASE[kind, gt, contract.ouvert and kind != TOURNEE]
    return (TOURNEE_BASE if kind == TOURNEE else SOLO_BASE)[gt]


def fixed_levels(contract: Contract) -> int:
    """Levels a contract always counts besides the matadors: game and the announcements."""
    return 1 + 2 * contract.schneider_announced + 2 * contract.schwarz_announced


def max_level(contract: Contract, matadors_count: int) -> int:
    """The highest level reachable: every level not yet fixed may still be made."""
    # game, Schneider and Schwarz may be made; the announcements count when they were made
    return abs(matadors_count) + 3 + contract.schneider_announced + contract.schwarz_announced


# the contracts of each kind of game
SOLO_CONTRACTS: Final = tuple(
    c
    for c in Contract.all()
    if c.hand and (c.game_type == NULL or c.game_type == GRAND or not c.ouvert)
)
GUCKSER_CONTRACTS: Final = tuple(Contract.parse(t) for t in ("G", "N", "NO"))
TOURNEE_CONTRACTS: Final = tuple(Contract.parse(t) for t in ("D", "H", "S", "C", "G"))


def _ladder() -> tuple[int, ...]:
    values: set[int] = set()
    kinds = (
        (TOURNEE, TOURNEE_CONTRACTS),
        (SOLO, SOLO_CONTRACTS),
        (GUCKSER, GUCKSER_CONTRACTS),
    )
    for kind, contracts in kinds:
        for c in contracts:
            base = base_value(kind, c)
            if c.game_type == NULL:
                values.add(base)
                continue
            tops = 4 if c.game_type == GRAND else 11
            for m in range(1, tops + 1):
                low = m + fixed_levels(c)
                for level in range(low, max_level(c, m) + 1):
                    values.add(base * level)
    low_game = TOURNEE_BASE[0] * 2  # Diamonds Tournée with or without one
    return tuple(sorted(v for v in values if v >= low_game))


_NO_LEVEL: Final = ("hand", "ouvert")
"""Skat's levels that Tournee Skat does not count."""

TOURNEE_BIDS: Final[tuple[int, ...]] = _ladder()
"""Every legal bid: the possible game values of Tournee Skat, from 10 (Diamonds Tournée with
or without one) to 216 (Grand Ouvert with four).

>>> TOURNEE_BIDS[:8], TOURNEE_BIDS[-1]
((10, 12, 14, 15, 16, 18, 20, 21), 216)
"""


@dataclass(frozen=True)
class TourneeResult(Result):
    """The outcome of a Tournee Skat game: a :class:`~skat.core.scoring.Result` plus the kind
    of game (``tournee``, ``solo``, ``guckser``), its base value, and whether a Tournée was
    played on the second card ("passt mir nicht").  ``contract.hand`` marks a Solo; there is no
    Hand level."""

    kind: str = ""
    base: int = 0
    second_card: bool = False

    def levels(self) -> list[tuple[str, int]]:
        """The level steps as (word, running count), e.g. ``[('with', 2), ('game', 3)]``:
        Skat's steps without Hand and Ouvert (no levels in Tournee Skat).

        >>> r = TourneeResult(Contract.parse("GO"), matadors=-1, schneider=True, schwarz=True)
        >>> [n for _, n in r.levels()], r.levels()[2:4]
        ([1, 2, 3, 4, 5, 6], [('schneider', 3), ('announced', 4)])
        """
        words = [word for word, _ in super().levels() if word not in _NO_LEVEL]
        m = abs(self.matadors)
        return [(word, m + i) for i, word in enumerate(words)]

    @property
    def game_name(self) -> str:
        """The game as players name it: ``Clubs Tournée``, ``Grand Guckser``, ``Null Ouvert
        Solo``, ``Hearts Solo Schneider announced``."""
        return self.game_name_in("en")

    def game_name_in(self, lang: str = "en") -> str:
        """:attr:`game_name` in ``lang``: ``Kreuz-Tournee``, ``Grand-Gucki``,
        ``Null-Ouvert-Solo``, ``Herz-Solo Schneider angesagt``; ``klør tournee``."""
        c = self.contract
        if c is None:
            return say(lang, "game.passed_in")
        name = c.game_type.describe(lang)
        if c.ouvert:
            name = say(lang, "variant.tournee.ouvert", game=name)
        name = say(lang, _KIND_WORDS[self.kind], game=name)
        if c.schwarz_announced and not c.ouvert:
            name += " " + say(lang, "game.schwarz_announced")
        elif c.schneider_announced and not c.ouvert:
            name += " " + say(lang, "game.schneider_announced")
        if self.second_card:
            name += " (" + say(lang, "variant.tournee.second_card") + ")"
        return name

    def explain(self, lang: str = "en", *, names: Sequence[str] | None = None) -> str:
        """The result in players' words in ``lang`` (``en``, ``de``, ``da`` …), after the
        declarer's name if given.

        >>> r = TourneeResult(Contract.parse("C"), declarer=0, bid=24, won=False, points=55,
        ...     matadors=2, level=3, value=24, score=-48, kind=TOURNEE, base=8, second_card=True)
        >>> r.explain()
        'Clubs Tournée (second card): with 2, game 3, × 8 = 24, lost 2 × 24 = −48'
        >>> r.explain("de")
        'Kreuz-Tournee (zweite Karte): mit 2, Spiel 3, × 8 = 24, verloren 2 × 24 = −48'
        >>> r.explain("da")
        'klør tournee (andet kort): med 2, spil 3, × 8 = 24, tabt 2 × 24 = −48'
        """
        c = self.contract
        if c is None:
            return self.game_name_in(lang)
        game = self.game_name_in(lang)
        if c.game_type == NULL:
            text = f"{game} = {self.base}"
        else:
            parts = ", ".join(f"{level_words(w, lang)} {n}" for w, n in self.levels())
            text = f"{game}: {parts}, × {self.base} = {self.base * self.level}"
        if self.overbid:
            bid, overbid = say(lang, "score.bid"), say(lang, "score.overbid")
            text += f" < {bid} {self.bid}: {overbid}"
        if self.resigned:
            text += " (" + say(lang, "score.resigned") + ")"
        if not self.won:
            factor = -self.score // self.value if self.value else 1
            lost = say(lang, "score.lost")
            if factor == 1:
                text += f", {lost} −{self.value}"
            else:
                text += f", {lost} {factor} × {self.value} = −{-self.score}"
        if names is not None and self.declarer is not None:
            return f"{names[self.declarer]}: {text}"
        return text


_KIND_WORDS: Final = {
    TOURNEE: N_("variant.tournee.tournee"),
    SOLO: N_("variant.tournee.solo"),
    GUCKSER: N_("variant.tournee.guckser"),
}
"""The message ids of the game's name by kind (``{game}`` the game type's name)."""


def _level(contract: Contract, matadors_count: int, schneider: bool, schwarz: bool) -> int:
    """The levels made: matadors, game, Schneider (made or announced), Schneider announced,
    Schwarz (made or announced), Schwarz announced; no Hand level."""
    return (
        abs(matadors_count)
        + 1
        + (schneider or contract.schneider_announced)
        + contract.schneider_announced
        + (schwarz or contract.schwarz_announced)
        + contract.schwarz_announced
    )


def score_tournee(
    kind: str,
    contract: Contract,
    *,
    bid: int,
    cards: CardSet | int,
    points: int,
    tricks: int,
    defender_tricks: int,
    second_card: bool = False,
    declarer: int | None = None,
    declarer_resigned: bool = False,
    defenders_resigned: bool = False,
    trick_complete: bool = True,
    rules: Rules = ISKO,
) -> TourneeResult:
    """Score a finished Tournee Skat game (the arguments are those of
    :func:`~skat.core.scoring.score`, plus the kind of game and the second-card flag).

    >>> r = score_tournee(SOLO, Contract.parse("SH"), bid=44, cards=CardSet.parse("CJ SJ HJ"),
    ...                   points=92, tricks=8, defender_tricks=2)
    >>> r.value, r.score, r.schneider, r.explain()
    (55, 55, True, 'Spades Solo: with 3, game 4, schneider 5, × 11 = 55')
    """
    mask = cards.mask if isinstance(cards, CardSet) else cards
    gt = contract.game_type
    base = base_value(kind, contract)
    m = level = 0
    schneider = schwarz = False
    if gt == NULL:
        won = not declarer_resigned and (defenders_resigned or tricks == 0)
        value = base
    else:
        if declarer_resigned or defenders_resigned:
            won = defenders_resigned
        else:
            won = (
                points >= 61
                and (not contract.schneider_announced or points >= SCHNEIDER_POINTS)
                and (not contract.schwarz_announced or defender_tricks == 0)
            )
        if won:
            schneider = points >= SCHNEIDER_POINTS
            schwarz = defender_tricks == 0
        elif trick_complete:
            schneider = points <= DECLARER_SCHNEIDER
            schwarz = tricks == 0
        m = matadors(gt, mask)
        level = _level(contract, m, schneider, schwarz)
        value = base * level
    overbid = value < bid
    if overbid:
        won = False
        value = -(-bid // base) * base
    doubled = kind == GUCKSER or (kind == TOURNEE and second_card)
    return TourneeResult(
        contract,
        declarer=declarer,
        bid=bid,
        won=won,
        points=points,
        tricks=tricks,
        defender_tricks=defender_tricks,
        matadors=m,
        level=level,
        value=value,
        overbid=overbid,
        schneider=schneider,
        schwarz=schwarz,
        score=value if won else -(2 if doubled else 1) * value,
        resigned=declarer_resigned or defenders_resigned,
        rules=rules,
        kind=kind,
        base=base,
        second_card=second_card,
    )
