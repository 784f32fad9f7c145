"""Actions a player can take and the events the state records.

Every action has a canonical text form that is also its ISS record form, and
:func:`parse_action` reads it back.  Actions are interned, immutable values; playing a card
is the :class:`~skat.core.cards.Card` itself.

>>> [str(a) for a in (Bid.of(18), HOLD, PASS, PICK_UP, Discard.parse("D9.DQ"))]
['18', 'y', 'p', 's', 'DQ.D9']
>>> parse_action("CHS"), parse_action("CJ"), parse_action("20"), parse_action("re.1")
(Declare.parse('CHS'), Card.parse('CJ'), Bid.of(20), Resign(seat=1))
>>> parse_action("xyz")
Traceback (most recent call last):
...
skat.core.actions.ActionParseError: not an action: 'xyz'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

from skat.core.bidding import BID_VALUES, OLD_BID_VALUES
from skat.core.cards import CARDS, Card, CardParseError, CardSet
from skat.core.contracts import Contract, ContractParseError
from skat.core.language import N_, SaidError, say, say_n
from skat.core.seats import seat_name


class ActionParseError(SaidError):
    """Text that is no action."""


class _Singleton:
    __slots__ = ()
    text = ""

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return type(self).__name__.upper() if self.text else type(self).__name__

    def __reduce__(self) -> str:
        return _SINGLETON_NAMES[self.text]


class Hold(_Singleton):
    """The answer "yes" (ja, hold) to a bid."""

    __slots__ = ()
    text = "y"

    def __repr__(self) -> str:
        return "HOLD"


class Pass(_Singleton):
    """Pass (passe) in the auction, as bidder or as answerer."""

    __slots__ = ()
    text = "p"

    def __repr__(self) -> str:
        return "PASS"


class PickUp(_Singleton):
    """The declarer takes the skat (instead of playing Hand)."""

    __slots__ = ()
    text = "s"

    def __repr__(self) -> str:
        return "PICK_UP"


class ShowCards(_Singleton):
    """The declarer lays his cards open and claims the remaining tricks."""

    __slots__ = ()
    text = "SC"

    def __repr__(self) -> str:
        return "SHOW_CARDS"


HOLD: Final = Hold()
PASS: Final = Pass()
PICK_UP: Final = PickUp()
SHOW_CARDS: Final = ShowCards()
_SINGLETON_NAMES: Final = {"y": "HOLD", "p": "PASS", "s": "PICK_UP", "SC": "SHOW_CARDS"}


class Bid:
    """Say a bid value (reizen): one of :data:`~skat.core.bidding.BID_VALUES`."""

    __slots__ = ("value",)
    value: int

    def __init__(self) -> None:
        raise TypeError("use Bid.of(value)")

    @staticmethod
    def of(value: int) -> Bid:
        """The bid of this value.

        >>> Bid.of(19)
        Traceback (most recent call last):
        ...
        skat.core.actions.ActionParseError: 19 is not a bid value (next: 20)
        """
        bid = _BIDS.get(value) if isinstance(value, int) else None
        if bid is None:
            higher = [v for v in BID_VALUES if isinstance(value, int) and v > value]
            if higher:
                raise ActionParseError.of(
                    N_("core.parse.bid_next"), value=repr(value), next=higher[0]
                )
            raise ActionParseError.of(N_("core.parse.bid"), value=repr(value))
        return bid

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Bid is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Bid.of, (self.value,))

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"Bid.of({self.value})"


def _make_bids() -> dict[int, Bid]:
    out = {}
    for v in sorted({*BID_VALUES, *OLD_BID_VALUES}):  # the old rules' ladder too
        b = object.__new__(Bid)
        object.__setattr__(b, "value", v)
        out[v] = b
    return out


_BIDS: Final = _make_bids()
BIDS: Final[tuple[Bid, ...]] = tuple(_BIDS[v] for v in BID_VALUES)
"""Bid actions in ladder order."""
ALL_BIDS: Final[tuple[Bid, ...]] = tuple(_BIDS.values())
"""Bid actions of every ladder (the old rules' 252 to 360 too)."""
OLD_BIDS: Final[tuple[Bid, ...]] = tuple(b for b in ALL_BIDS if b.value not in BID_VALUES)
"""The bids only the old rules' ladder has (252, 288, 324, 360), after :data:`BIDS`' ids."""


class Discard:
    """Put two cards into the skat (drücken) after picking it up."""

    __slots__ = ("cards", "mask")
    mask: int
    cards: CardSet

    def __init__(self) -> None:
        raise TypeError("use Discard.of(card, card) or Discard.parse(text)")

    @staticmethod
    def of(first: Card, second: Card) -> Discard:
        """The discard of two different cards."""
        if first is second:
            raise ActionParseError.of(N_("core.parse.discard_twice"), card=str(first))
        return _discard(first.bit | second.bit)

    @staticmethod
    def parse(text: str) -> Discard:
        """Read two cards, e.g. ``D9.DQ``."""
        try:
            cards = CardSet.parse(text)
        except CardParseError as exc:
            raise ActionParseError(str(exc), exc.key, exc.values) from None
        if len(cards) != 2:
            raise ActionParseError.of(N_("core.parse.discard_two"), text=repr(text))
        return _discard(cards.mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Discard is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Discard.parse, (str(self),))

    def __str__(self) -> str:
        return ".".join(c.name for c in self.cards)

    def __repr__(self) -> str:
        return f"Discard.parse({str(self)!r})"


_DISCARDS: dict[int, Discard] = {}


def _discard(mask: int) -> Discard:
    d = _DISCARDS.get(mask)
    if d is None:
        d = object.__new__(Discard)
        object.__setattr__(d, "mask", mask)
        object.__setattr__(d, "cards", CardSet(mask))
        _DISCARDS[mask] = d
    return d


DISCARDS: Final[dict[int, Discard]] = {
    (1 << i) | (1 << j): _discard((1 << i) | (1 << j)) for i in range(32) for j in range(i + 1, 32)
}
"""Every possible discard by its two-card mask."""


class Declare:
    """Declare the game (ansagen)."""

    __slots__ = ("contract",)
    contract: Contract

    def __init__(self) -> None:
        raise TypeError("use Declare.of(contract) or Declare.parse(text)")

    @staticmethod
    def of(contract: Contract) -> Declare:
        """The declaration of a contract."""
        return _DECLARES[contract.code]

    @staticmethod
    def parse(text: str) -> Declare:
        """Read a contract in ISS notation (``G``, ``CH``, ``NO``)."""
        try:
            return _DECLARES[Contract.parse(text).code]
        except ContractParseError as exc:
            raise ActionParseError(str(exc), exc.key, exc.values) from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Declare is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Declare.parse, (self.contract.code,))

    def __str__(self) -> str:
        return self.contract.code

    def __repr__(self) -> str:
        return f"Declare.parse({self.contract.code!r})"


def _make_declares() -> dict[str, Declare]:
    out = {}
    for c in Contract.all():
        d = object.__new__(Declare)
        object.__setattr__(d, "contract", c)
        out[c.code] = d
    return out


_DECLARES: Final = _make_declares()


class Resign(NamedTuple):
    """A seat gives up (aufgeben): the declarer alone, or the defenders (both, under ISkO).

    Under ISkO a declarer holding fewer than 9 cards gives up only with a defender's consent:
    ``Resign(0, consent=1)`` (text ``RE.0+1``).
    """

    seat: int
    consent: int = -1

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self))

    def __str__(self) -> str:
        return f"RE.{self.seat}" if self.consent < 0 else f"RE.{self.seat}+{self.consent}"

    def __repr__(self) -> str:
        if self.consent < 0:
            return f"Resign(seat={self.seat})"
        return f"Resign(seat={self.seat}, consent={self.consent})"


RESIGNS: Final = (Resign(0), Resign(1), Resign(2))


class Double(NamedTuple):
    """Kontra (level 1, a defender), Re (2, the declarer), Supra (3), Resupra (4): each doubles
    the score of the game, not its value."""

    level: int

    @property
    def name(self) -> str:
        """Kontra, Re, Supra or Resupra."""
        return self.describe("en")

    def describe(self, lang: str = "en") -> str:
        """Its name in ``lang`` (``Kontra``, ``kontra``).

        >>> Double(2).describe("de"), Double(1).describe("da")
        ('Re', 'kontra')
        """
        return say(lang, _DOUBLE_KEYS[self.level])

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self))

    def __str__(self) -> str:
        return ("", "kontra", "rekontra", "supra", "resupra")[self.level]


_DOUBLE_KEYS: Final = (
    N_("game.kontra"),
    N_("game.kontra"),
    N_("game.re"),
    N_("game.supra"),
    N_("game.resupra"),
)

KONTRA: Final = Double(1)
REKONTRA: Final = Double(2)
SUPRA: Final = Double(3)
RESUPRA: Final = Double(4)
DOUBLES: Final = (KONTRA, KONTRA, REKONTRA, SUPRA, RESUPRA)
"""``DOUBLES[n]`` is the double of level n (index 0 repeats Kontra for convenience)."""


class Spitze(NamedTuple):
    """The declarer announces Spitze: to win the last ``cards`` tricks with his lowest trumps
    (the 7 of trumps, the jack of diamonds in Grand, and the run above it); one level a card."""

    cards: int

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self))

    def __str__(self) -> str:
        return f"spitze.{self.cards}"


SPITZEN: Final = tuple(Spitze(n) for n in range(12))


class ShowSkat(_Singleton):
    """The declarer shows the skat to everybody while picking it up (house rule: one level)."""

    __slots__ = ()
    text = "showskat"

    def __repr__(self) -> str:
        return "SHOW_SKAT"


class LayOpen(_Singleton):
    """The declarer lays his cards open during the play (house rule: one level)."""

    __slots__ = ()
    text = "open"

    def __repr__(self) -> str:
        return "LAY_OPEN"


SHOW_SKAT: Final = ShowSkat()
LAY_OPEN: Final = LayOpen()
_SINGLETON_NAMES.update({"showskat": "SHOW_SKAT", "open": "LAY_OPEN"})


class Schenken(NamedTuple):
    """A defender offers to concede before the first trick (schenken); the declarer accepts
    (``y``) or refuses (``p``) and must then make the defenders Schneider (a second offer:
    Schwarz)."""

    seat: int

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self))

    def __str__(self) -> str:
        return f"schenken.{self.seat}"


SCHENKEN: Final = (Schenken(0), Schenken(1), Schenken(2))

VIOLATION_KINDS: Final = ("revoke", "wrong_lead", "looked_at_skat", "wrong_cards", "left")
"""Rule violations a real table records (ISkO 4.3): revoke (not following suit), leading out of
turn, looking at the skat, a wrong number of cards; and a player who left the game (his
connection gone past the waiting time of online rules: OSkO practice, ``disconnect_concede``)."""


class Violation(NamedTuple):
    """A rule violation recorded at a real table: the guilty seat's party loses."""

    seat: int
    kind: str

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self))

    def __str__(self) -> str:
        return f"violation.{self.seat}.{self.kind}"


Action = (
    Bid
    | Hold
    | Pass
    | PickUp
    | Discard
    | Declare
    | Card
    | ShowCards
    | Resign
    | Double
    | Spitze
    | ShowSkat
    | LayOpen
    | Schenken
    | Violation
)
"""Any action."""


def _say_card(a: Card, lang: str) -> str:
    return say(lang, "core.action.card", card=a.describe(lang))


def _say_discard(a: Discard, lang: str) -> str:
    first, second = (c.describe(lang) for c in a.cards)
    return say(lang, "core.action.discard", first=first, second=second)


def _say_declare(a: Declare, lang: str) -> str:
    return say(lang, "core.action.declare", game=a.contract.describe(lang))


def _say_resign(a: Resign, lang: str) -> str:
    if a.consent < 0:
        return say(lang, "core.action.resign")
    return say(lang, "core.action.resign_consent", who=seat_name(a.consent, lang))


def _say_spitze(a: Spitze, lang: str) -> str:
    return say_n(lang, "core.action.spitze", "core.action.spitze.plural", a.cards)


def violation_words(kind: str, lang: str = "en") -> str:
    """A kind of rule violation (:data:`VIOLATION_KINDS`) in ``lang``; another kind as it is.

    >>> violation_words("revoke", "de"), violation_words("wrong_lead"), violation_words("x_y")
    ('nicht bedient', 'lead out of turn', 'x y')
    """
    key = _VIOLATION_KEYS.get(kind)
    return say(lang, key) if key is not None else kind.replace("_", " ")


_VIOLATION_KEYS: Final = {
    "revoke": N_("score.violation.revoke"),
    "wrong_lead": N_("score.violation.wrong_lead"),
    "looked_at_skat": N_("score.violation.looked_at_skat"),
    "wrong_cards": N_("score.violation.wrong_cards"),
    "left": N_("score.violation.left"),
}


def _say_violation(a: Violation, lang: str) -> str:
    kind = violation_words(a.kind, lang)
    return say(lang, "core.action.violation", who=seat_name(a.seat, lang), kind=kind)


def _say_bid(a: Bid, lang: str) -> str:
    return say(lang, "core.action.bid", value=a.value)


def _say_double(a: Double, lang: str) -> str:
    return say(lang, "core.action.double", name=a.describe(lang))


def _fixed(key: str) -> Callable[[Any, str], str]:
    """The words of an action kind that says the same for each action: the message ``key``."""
    return lambda action, lang: say(lang, key)


class ActionKind(NamedTuple):
    """One kind of action, whole: its class, the actions the learning environment gives an
    id each (in order; none for the events that end a game or that the table records) and the
    words a player reads for an action of the kind (``words(action, lang)``)."""

    name: str
    type: type
    ids: tuple[Action, ...]
    words: Callable[[Any, str], str]


ACTION_KINDS: Final[tuple[ActionKind, ...]] = (
    ActionKind("card", Card, tuple(CARDS), _say_card),
    ActionKind("bid", Bid, BIDS, _say_bid),
    ActionKind("hold", Hold, (HOLD,), _fixed(N_("core.action.hold"))),
    ActionKind("pass", Pass, (PASS,), _fixed(N_("core.action.pass"))),
    ActionKind("pick_up", PickUp, (PICK_UP,), _fixed(N_("core.action.pick_up"))),
    ActionKind("show_skat", ShowSkat, (SHOW_SKAT,), _fixed(N_("core.action.show_skat"))),
    ActionKind(
        "discard",
        Discard,
        tuple(DISCARDS[(1 << i) | (1 << j)] for i in range(32) for j in range(i + 1, 32)),
        _say_discard,
    ),
    ActionKind("declare", Declare, tuple(_DECLARES.values()), _say_declare),
    ActionKind("double", Double, DOUBLES[1:], _say_double),
    ActionKind("spitze", Spitze, SPITZEN[1:], _say_spitze),
    ActionKind("lay_open", LayOpen, (LAY_OPEN,), _fixed(N_("core.action.lay_open"))),
    ActionKind("show_cards", ShowCards, (), _fixed(N_("core.action.show_cards"))),
    ActionKind("resign", Resign, (), _say_resign),
    ActionKind("schenken", Schenken, (), _fixed(N_("core.action.schenken"))),
    ActionKind("violation", Violation, (), _say_violation),
    ActionKind("old_bid", Bid, OLD_BIDS, _say_bid),
)
"""Every kind of action, in the order of the learning environment's ids: a new kind goes at
the end (its ids after all others, so that the ids of the others never change)."""

_KIND_OF: Final[dict[type, ActionKind]] = {k.type: k for k in reversed(ACTION_KINDS)}
"""The kind of each action class (the first kind of a class: ``bid`` for every bid)."""


def describe(action: Action, lang: str = "en") -> str:
    """The action as a player reads it in ``lang`` (``en``, ``de``, ``da`` …).

    >>> describe(SPITZEN[2]), describe(SPITZEN[2], "de")
    ('announce Spitze with 2 trumps', 'Spitze mit 2 Trümpfen ansagen')
    >>> describe(parse_action("GH")), describe(Card.parse("CJ"), "de")
    ('declare Grand Hand', 'Kreuz-Bube spielen')
    >>> describe(Resign(0, consent=2))
    "give up (with Rearhand's consent)"
    """
    kind = _KIND_OF.get(type(action))
    if kind is None:
        return str(action)
    return kind.words(action, lang)


class Event(NamedTuple):
    """One applied action: who did it and what.  The list of events is the game record."""

    seat: int
    action: Action

    def __str__(self) -> str:
        return f"{self.seat} {self.action}"


_WORDS: Final[dict[str, Action]] = {
    **dict.fromkeys(("y", "hold", "yes", "ja"), HOLD),
    **dict.fromkeys(("p", "pass", "passe"), PASS),
    **dict.fromkeys(("s", "skat", "pickup", "pick-up"), PICK_UP),
    "sc": SHOW_CARDS,
    "kontra": KONTRA,
    **dict.fromkeys(("rekontra", "re"), REKONTRA),
    "supra": SUPRA,
    "resupra": RESUPRA,
    **dict.fromkeys(("showskat", "show-skat"), SHOW_SKAT),
    **dict.fromkeys(("open", "lay-open"), LAY_OPEN),
}
"""The actions written as one word (lower case), with their synonyms."""

_SEATS: Final = ("0", "1", "2")


def _parse_resign(rest: str, text: str) -> Action | None:
    """``re.<seat>`` or ``re.<seat>+<seat>`` (the declarer resigns with a defender's consent).

    >>> _parse_resign("1+2", "re.1+2")
    Resign(seat=1, consent=2)
    """
    if rest in _SEATS:
        return RESIGNS[int(rest)]
    if len(rest) == 3 and rest[1] == "+" and rest[0] in _SEATS and rest[2] in _SEATS:
        return Resign(int(rest[0]), int(rest[2]))
    return None


def _parse_spitze(rest: str, text: str) -> Action | None:
    """``spitze.<n>``, n from 1 to 11.

    >>> _parse_spitze("12", "spitze.12") is None
    True
    """
    if rest.isascii() and rest.isdigit() and 1 <= int(rest) <= 11:
        return SPITZEN[int(rest)]
    return None


def _parse_schenken(rest: str, text: str) -> Action | None:
    """``schenken.<seat>``."""
    return SCHENKEN[int(rest)] if rest in _SEATS else None


def _parse_violation(rest: str, text: str) -> Action:
    """``violation.<seat>.<kind>``; any other text after ``violation.`` is an error."""
    parts = rest.split(".")
    if len(parts) == 2 and parts[0] in _SEATS and parts[1] in VIOLATION_KINDS:
        return Violation(int(parts[0]), parts[1])
    raise ActionParseError(
        f"not a violation: {text!r} (violation.<seat>.<{'|'.join(VIOLATION_KINDS)}>)"
    )


_PREFIXED: Final[tuple[tuple[str, Callable[[str, str], Action | None]], ...]] = (
    ("re.", _parse_resign),
    ("spitze.", _parse_spitze),
    ("schenken.", _parse_schenken),
    ("violation.", _parse_violation),
)
"""The actions written ``<prefix><rest>`` (lower case) and the parser of their rest (None:
not this form, try the others)."""


def parse_action(text: str) -> Action:
    """Read an action in its canonical (ISS) form.

    >>> parse_action("DH"), parse_action("passe"), parse_action("re.0+1"), parse_action("18")
    (Declare.parse('DH'), PASS, Resign(seat=0, consent=1), Bid.of(18))
    """
    if not isinstance(text, str):
        raise ActionParseError.of(N_("core.parse.action"), text=repr(text))
    t = text.strip()
    declare = _DECLARES.get(t)  # canonical codes first: "DH" is no card (HQ), "S" no pick-up
    if declare is not None:
        return declare
    low = t.lower()
    word = _WORDS.get(low)
    if word is not None:
        return word
    for prefix, parse in _PREFIXED:
        if low.startswith(prefix):
            action = parse(low[len(prefix) :], text)
            if action is not None:
                return action
    return _parse_play(t, text)


def _parse_play(t: str, text: str) -> Action:
    """A bid, a card, a discard (two cards) or a game: what is left after the words and the
    prefixed forms."""
    if t.isascii() and t.isdigit() and len(t) <= 9:  # not "²", "١٨" or 5000 digits
        return Bid.of(int(t))
    try:
        return Card.parse(t)
    except CardParseError:
        pass
    if "." in t or " " in t:
        return Discard.parse(t)
    try:
        return Declare.parse(t)
    except ActionParseError:
        raise ActionParseError.of(N_("core.parse.action"), text=repr(text)) from None
