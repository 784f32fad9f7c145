"""Game types, contracts, trump order and the tables the engine and solver share.

>>> c = Contract.parse("CHS")
>>> c, c.game_type.base_value, c.hand, c.schneider_announced
(Contract.parse('CHS'), 12, True, True)
>>> str(Contract.parse("GO")), Contract.parse("GO").describe()
('GO', 'Grand Ouvert')
>>> Contract.parse("NOH").null_value
59
"""

from __future__ import annotations

import itertools
from enum import IntEnum
from typing import Final, TypeAlias

from skat.core.cards import CARDS, JACKS_MASK, SUIT_MASKS, Card, Suit
from skat.core.language import N_, SaidError, say


class ContractParseError(SaidError):
    """A contract in notation could not be read."""


class GameType(IntEnum):
    """The six kinds of game: four suits (their value equals the suit's index order), Grand, Null."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3
    GRAND = 4
    NULL = 5

    @property
    def letter(self) -> str:
        """ISS letter: ``D H S C G N``."""
        return "DHSCGN"[self]

    @property
    def base_value(self) -> int:
        """Base value (Grundwert): 9 10 11 12 24, and 23 for Null (its fixed value)."""
        return (9, 10, 11, 12, 24, 23)[self]

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit of a suit game, else ``None``."""
        return Suit(int(self)) if self <= 3 else None

    @property
    def is_suit(self) -> bool:
        """Diamonds, Hearts, Spades or Clubs."""
        return self <= 3

    def describe(self, lang: str = "en") -> str:
        """Its name in ``lang``: ``Clubs``, ``Kreuz``, ``klør``; ``Null``, ``nolo``.

        >>> [GameType(5).describe(lang) for lang in ("en", "de", "da")]
        ['Null', 'Null', 'nolo']
        """
        return say(lang, _GAME_KEYS[self])

    @property
    def english(self) -> str:
        """English name."""
        return self.describe("en")

    @property
    def german(self) -> str:
        """German name."""
        return self.describe("de")


_GAME_KEYS: Final = (
    N_("suit.diamonds"),
    N_("suit.hearts"),
    N_("suit.spades"),
    N_("suit.clubs"),
    N_("game.grand"),
    N_("game.null"),
)


DIAMONDS, HEARTS, SPADES, CLUBS, GRAND, NULL = tuple(GameType)

_LETTERS: Final = {"D": 0, "H": 1, "S": 2, "C": 3, "G": 4, "N": 5}


class Contract:
    """A declared game: type plus Hand and the announcements.

    Suit and Grand Ouvert imply Hand, Schneider and Schwarz announced; Schwarz announced implies
    Schneider announced; announcements need Hand.  Instances are interned: build them with
    :meth:`make` or :meth:`parse`.

    >>> Contract.make(GRAND, ouvert=True) is Contract.parse("GOHSZ")
    True
    >>> Contract.make(CLUBS, schneider=True)
    Traceback (most recent call last):
    ...
    skat.core.contracts.ContractParseError: Schneider can be announced only in a Hand game
    """

    __slots__ = ("code", "game_type", "hand", "ouvert", "schneider_announced", "schwarz_announced")

    game_type: GameType
    hand: bool
    schneider_announced: bool
    schwarz_announced: bool
    ouvert: bool
    code: str

    def __init__(self) -> None:
        raise TypeError("use Contract.make() or Contract.parse()")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Contract is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Contract.parse, (self.code,))

    @staticmethod
    def make(
        game_type: GameType | int,
        *,
        hand: bool = False,
        schneider: bool = False,
        schwarz: bool = False,
        ouvert: bool = False,
    ) -> Contract:
        """The contract with these flags; implied flags are filled in, impossible ones refused."""
        gt = GameType(game_type)
        if gt == NULL:
            if schneider or schwarz:
                raise ContractParseError.of(N_("core.parse.null_announce"))
        else:
            if ouvert:
                hand = schneider = schwarz = True
            if schwarz:
                schneider = True
            if schneider and not hand:
                raise ContractParseError.of(N_("core.parse.schneider_hand"))
        return _CONTRACTS[(gt, hand, schneider, schwarz, ouvert)]

    @staticmethod
    def parse(text: str) -> Contract:
        """Read ISS notation: type letter ``G C S H D N`` and modifiers ``H O S Z`` in any order.

        >>> [str(Contract.parse(t)) for t in ("g", "CH", "DHS", "NO", "NOH", "SHZ", "HO")]
        ['G', 'CH', 'DHS', 'NO', 'NOH', 'SHSZ', 'HO']
        """
        if not isinstance(text, str):
            raise ContractParseError.of(N_("core.parse.contract"), text=repr(text))
        t = text.strip().upper()
        if not t or t[0] not in _LETTERS or len(set(t[1:])) != len(t) - 1:
            raise ContractParseError.of(N_("core.parse.contract"), text=repr(text))
        flags = set(t[1:])
        if not flags <= {"H", "O", "S", "Z"}:
            raise ContractParseError.of(N_("core.parse.contract"), text=repr(text))
        try:
            return Contract.make(
                _LETTERS[t[0]],
                hand="H" in flags,
                schneider="S" in flags,
                schwarz="Z" in flags,
                ouvert="O" in flags,
            )
        except ContractParseError as exc:  # name the text: "... only in a Hand game: 'CS'"
            raise ContractParseError(f"{exc}: {text!r}") from None

    @staticmethod
    def all() -> tuple[Contract, ...]:
        """Every distinct contract (29 of them: five per suit and Grand, four Nulls)."""
        return _ALL

    @property
    def null_value(self) -> int:
        """Fixed value of a Null game: 23, Hand 35, Ouvert 46, Ouvert Hand 59 (0 otherwise)."""
        if self.game_type != NULL:
            return 0
        return (23, 35, 46, 59)[self.hand + 2 * self.ouvert]

    def describe(self, lang: str = "en") -> str:
        """Spoken name: ``Clubs Hand Schneider announced`` / ``Kreuz Hand Schneider angesagt``
        / ``klør hånd skrædder meldt``."""
        return " ".join(say(lang, key) for key in self.words(announced=True))

    def words(self, *, announced: bool) -> list[str]:
        """The message ids of its spoken name: the game, Ouvert, Hand and the announcement
        (``Schneider announced``, or without ``announced`` the level alone, as on the list).

        >>> Contract.parse("CHS").words(announced=False)
        ['suit.clubs', 'game.hand', 'game.schneider']
        """
        words = [_GAME_KEYS[self.game_type], *([N_("game.ouvert")] if self.ouvert else [])]
        if self.ouvert and self.game_type != NULL:
            return words
        if self.hand:
            words.append(N_("game.hand"))
        if self.schwarz_announced:
            words.append(N_("game.schwarz_announced") if announced else N_("game.schwarz"))
        elif self.schneider_announced:
            words.append(N_("game.schneider_announced") if announced else N_("game.schneider"))
        return words

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Contract.parse({self.code!r})"


_Key: TypeAlias = tuple[GameType, bool, bool, bool, bool]
"""(game type, Hand, Schneider announced, Schwarz announced, Ouvert)."""


def _exists(gt: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool) -> bool:
    """Is this combination a contract?  Null: Hand and Ouvert freely, no announcements; suit
    and Grand: Schneider only Hand, Schwarz only with Schneider, Ouvert only with all three.

    >>> grand = GameType(4)
    >>> _exists(grand, True, True, False, False), _exists(grand, False, True, False, False)
    (True, False)
    """
    if gt == NULL:
        return not (schneider or schwarz)
    return not (
        (ouvert and not (hand and schneider and schwarz))
        or (schwarz and not schneider)
        or (schneider and not hand)
    )


def _code(gt: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool) -> str:
    """The canonical code: ``CO`` for a suit or Grand Ouvert (Hand, Schneider and Schwarz
    implied), else letter, ``O``, ``H``, ``S``, ``Z`` as they apply.

    >>> _code(GameType(1), True, True, False, False), _code(NULL, True, False, False, True)
    ('HHS', 'NOH')
    """
    if gt != NULL and ouvert:
        return gt.letter + "O"
    flags = ((ouvert, "O"), (hand, "H"), (schneider, "S"), (schwarz, "Z"))
    return gt.letter + "".join(letter for on, letter in flags if on)


def _make(key: _Key) -> Contract:
    """The one :class:`Contract` object of ``key`` (built without ``__init__``)."""
    gt, hand, schneider, schwarz, ouvert = key
    c = object.__new__(Contract)
    for name, value in (
        ("game_type", gt),
        ("hand", hand),
        ("schneider_announced", schneider),
        ("schwarz_announced", schwarz),
        ("ouvert", ouvert),
        ("code", _code(*key)),
    ):
        object.__setattr__(c, name, value)
    return c


def _build() -> tuple[dict[_Key, Contract], tuple[Contract, ...]]:
    flag = (False, True)
    keys = [k for k in itertools.product(GameType, flag, flag, flag, flag) if _exists(*k)]
    table = {key: _make(key) for key in keys}
    return table, tuple(table.values())


_CONTRACTS, _ALL = _build()


# ---------------------------------------------------------------------------------------------
# Tables by game type (index 0..5), shared by the engine and the solver.  Index 6 is the
# trick-taking of a Ramsch with low tens (jacks trump as in Grand, suits A K Q 10 9 8 7);
# a Ramsch with the usual tens uses the Grand tables (index 4).

RAMSCH_LOW_TENS: Final = 6
_TABLES: Final = range(7)

TRUMP_ORDER: Final[tuple[tuple[int, ...], ...]] = tuple(
    (
        (31, 23, 15, 7, *(8 * gt + r for r in (6, 5, 4, 3, 2, 1, 0)))
        if gt <= 3
        else (31, 23, 15, 7)
        if gt in (4, 6)
        else ()
    )
    for gt in _TABLES
)
"""Trump cards of each game type from the highest down (card indices)."""

TRUMP_MASKS: Final[tuple[int, ...]] = tuple(
    (JACKS_MASK | SUIT_MASKS[gt]) if gt <= 3 else JACKS_MASK if gt in (4, 6) else 0
    for gt in _TABLES
)
"""Mask of the trumps of each game type."""

_NULL_RANK_ORDER: Final = (0, 1, 2, 5, 7, 3, 4, 6)  # 7 8 9 10 J Q K A, low to high
_RAMSCH_LOW_TENS_ORDER: Final = (0, 1, 2, 5, 3, 4, 6)  # 7 8 9 10 Q K A, low to high


def _power_table(gt: int) -> tuple[int, ...]:
    power = [0] * 32
    for i in range(32):
        suit, rank = i >> 3, i & 7
        if gt == 5:
            power[i] = _NULL_RANK_ORDER.index(rank)
        elif rank == 7:
            power[i] = 100 + suit  # jacks: DJ < HJ < SJ < CJ
        elif gt == 6:
            power[i] = _RAMSCH_LOW_TENS_ORDER.index(rank)
        elif gt <= 3 and suit == gt:
            power[i] = 50 + rank
        else:
            power[i] = rank
    return tuple(power)


POWER: Final[tuple[tuple[int, ...], ...]] = tuple(_power_table(gt) for gt in _TABLES)
"""Strength of a card within its effective suit (trumps above 50) per game type."""

EFFECTIVE_SUIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        (4 if (i & 7) == 7 or (i >> 3) == gt else i >> 3)
        if gt <= 3
        else (4 if (i & 7) == 7 else i >> 3)
        if gt in (4, 6)
        else i >> 3
        for i in range(32)
    )
    for gt in _TABLES
)
"""Effective suit of each card per game type: 0..3 a plain suit, 4 trump."""


def _follow_table(gt: int) -> tuple[int, ...]:
    eff = EFFECTIVE_SUIT[gt]
    masks = []
    for led in range(32):
        m = 0
        for i in range(32):
            if eff[i] == eff[led]:
                m |= 1 << i
        masks.append(m)
    return tuple(masks)


FOLLOW_MASKS: Final[tuple[tuple[int, ...], ...]] = tuple(_follow_table(gt) for gt in _TABLES)
"""``FOLLOW_MASKS[gt][led]``: the cards that follow the led card; legal = ``hand & m or hand``."""

WIN_KEY: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            200 + POWER[gt][i]
            if EFFECTIVE_SUIT[gt][i] == 4
            else (100 + POWER[gt][i] if EFFECTIVE_SUIT[gt][i] == led_suit else 0)
            for i in range(32)
        )
        for led_suit in range(5)
    )
    for gt in _TABLES
)
"""``WIN_KEY[gt][led_suit][card]``: the highest key wins the trick."""


def trick_winner(game_type: int, cards: tuple[int, int, int]) -> int:
    """Position (0, 1, 2) in the trick of the card that wins it.

    >>> trick_winner(GRAND, (CARDS[30].index, CARDS[7].index, CARDS[29].index))  # CA DJ CT
    1
    >>> trick_winner(NULL, (Card.parse("HT").index, Card.parse("HJ").index, Card.parse("CA").index))
    1
    """
    keys = WIN_KEY[game_type][EFFECTIVE_SUIT[game_type][cards[0]]]
    a, b, c = keys[cards[0]], keys[cards[1]], keys[cards[2]]
    if a >= b:
        return 0 if a >= c else 2
    return 1 if b >= c else 2


def matadors(game_type: int, mask: int) -> int:
    """Matadors (Spitzen) of the declarer's cards: ``+n`` "with n", ``-n`` "without n"; 0 in Null.

    >>> matadors(CLUBS, Card.parse("CJ").bit | Card.parse("SJ").bit)
    2
    >>> matadors(GRAND, Card.parse("HJ").bit)
    -2
    """
    order = TRUMP_ORDER[game_type]
    if not order:
        return 0
    has_top = bool(mask >> order[0] & 1)
    n = 0
    for idx in order:
        if bool(mask >> idx & 1) != has_top:
            break
        n += 1
    return n if has_top else -n


def best_case_matadors(game_type: int, mask: int, unknown: int = 2) -> int:
    """The most matadors (by absolute count) possible when ``unknown`` of the declarer's 12 cards
    are still hidden (the skat in a Hand game): for the "arithmetically possible" check.

    >>> best_case_matadors(CLUBS, Card.parse("CJ").bit | Card.parse("HJ").bit)  # SJ may be in skat
    4
    >>> best_case_matadors(GRAND, Card.parse("DJ").bit)  # without 3, or skat fills CJ SJ: with 2
    3
    """
    order = TRUMP_ORDER[game_type]
    if not order:
        return 0
    fills = unknown
    with_run = 0
    for idx in order:  # "with": the hidden cards fill the first gaps of the run from the top
        if not mask >> idx & 1:
            if fills == 0:
                break
            fills -= 1
        with_run += 1
    without = 0
    for idx in order:  # "without": the hidden cards hold none of the missing top trumps
        if mask >> idx & 1:
            break
        without += 1
    return max(with_run, without)


def game_cards(game_type: int) -> tuple[Card, ...]:
    """All 32 cards sorted for showing a hand in this game: trumps first, then suits."""
    if game_type == NULL:
        order = [8 * s + r for s in (3, 2, 1, 0) for r in reversed(_NULL_RANK_ORDER)]
    else:
        trumps = list(TRUMP_ORDER[game_type])
        rest = [
            8 * s + r
            for s in (3, 2, 1, 0)
            for r in (6, 5, 4, 3, 2, 1, 0)
            if 8 * s + r not in trumps
        ]
        order = trumps + rest
    return tuple(CARDS[i] for i in order)
