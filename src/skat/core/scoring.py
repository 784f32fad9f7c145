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
>>> r.explain("da")
'med 2, spil 3, hånd 4, × klør 12 = 48'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from skat.core.actions import DOUBLES, violation_words
from skat.core.cards import CardSet
from skat.core.contracts import NULL, Contract, matadors
from skat.core.language import N_, say
from skat.core.questions import level_word, levels_of, said_names
from skat.core.rules import ISKO, Rules
from skat.core.seats import seat_name
from skat.core.values import (
    base_value,
    contract_value,
    max_value,
    ouvert_level,
    overbid_value,
)

__all__ = [
    "RAMSCH_WORDS",
    "Result",
    "base_value",
    "contract_value",
    "level_words",
    "max_value",
    "ouvert_level",
    "overbid_value",
    "score",
    "score_ramsch",
]


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
    (``open``, ``skat shown``, and those of the questions' kinds, e.g. ``spitze`` once per card);
    ``said`` is what the declarer said to the questions asked (by kind: ``(("spitze", 2),)``).

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
    said: tuple[tuple[str, int], ...] = ()
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

    def said_value(self, name: str) -> int:
        """What was said to the question kind ``name`` (a Spitze's cards), 0 for nothing.

        >>> Result(None, said=(("spitze", 2),)).said_value("spitze")
        2
        """
        return dict(self.said).get(name, 0)

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
            ("ouvert", ouvert_level(c, self.rules)),
            *(
                (extra, extra != "open" or self.rules.open_value == "level")
                for extra in self.extra_levels
            ),
        ):
            if on:
                n += 1
                steps.append((word, n))
        return steps

    def explain(self, lang: str = "en", *, names: Sequence[str] | None = None) -> str:
        """The result in players' words in ``lang`` (``en``, ``de``, ``da`` …).

        With the players' ``names`` (Forehand, Middlehand, Rearhand) the explanation starts
        with who played what and his card points (Augen).

        >>> Result(None).explain(), Result(None).explain("de")
        ('passed in', 'eingepasst')
        >>> r = Result(Contract.parse("H"), 0, won=True, points=78, matadors=2, level=3, value=30)
        >>> r.explain(names=("Ann", "Bob", "Cid"))
        'Ann wins Hearts with 78 card points: with 2, game 3 × 10 = 30'
        >>> r.explain("de", names=("Ann", "Bob", "Cid"))
        'Ann gewinnt Herz mit 78 Augen: mit 2, Spiel 3 × 10 = 30'
        >>> r.explain("da", names=("Ann", "Bob", "Cid"))
        'Ann vinder hjerter med 78 points: med 2, spil 3 × 10 = 30'
        """
        c = self.contract
        if self.ramsch is not None:
            return self._explain_ramsch(lang, names)
        if c is None:
            return say(lang, "game.passed_in")
        text = self._explain_value(lang, named=names is not None)
        text += self._explain_end(lang)
        if names is not None and self.declarer is not None:
            who = names[self.declarer]
            if c.game_type == NULL:
                key = N_("score.won_null") if self.won else N_("score.lost_null")
                return say(lang, key, who=who, text=text)
            key = N_("score.won_named") if self.won else N_("score.lost_named")
            return say(lang, key, who=who, game=c.describe(lang), points=self.points, text=text)
        return text

    def _explain_value(self, lang: str, named: bool) -> str:
        """The levels and the value (the game's name only when not named in front)."""
        c = self.contract
        assert c is not None
        if c.game_type == NULL:
            return f"{c.describe(lang)} = {c.null_value}"
        base = base_value(c, self.rules)
        parts = ", ".join(f"{level_words(w, lang)} {n}" for w, n in self.levels())
        doubled = f" × 2 = {self.value}" if self.value == 2 * base * self.level else ""
        if named:
            return f"{parts} × {base} = {base * self.level}{doubled}"
        name = c.game_type.describe(lang)
        return f"{parts}, × {name} {base} = {base * self.level}{doubled}"

    def _explain_end(self, lang: str) -> str:
        """Overbid, how the game ended, the loss and the Kontra multiplier."""
        text = ""
        if self.overbid:
            bid, overbid = say(lang, "score.bid"), say(lang, "score.overbid")
            text += f" < {bid} {self.bid}: {overbid}"
        if self.schenken:
            text += " (" + say(lang, "score.schenken") + ")"
        elif self.violation is not None:
            kind = violation_words(self.violation, lang)
            text += " (" + say(lang, "score.violation") + f": {kind})"
        elif self.resigned:
            text += " (" + say(lang, "score.resigned") + ")"
        base_score = self.score // self.multiplier
        lost = say(lang, "score.lost")
        if not self.won:
            factor = -base_score // self.value if self.value else 2
            if factor == 1:
                text += f", {lost} {_signed(base_score)}"
            else:
                text += f", {lost} {factor} × {self.value} = {_signed(base_score)}"
        if self.multiplier > 1:
            name = DOUBLES[self.kontra].describe(lang)
            text += f", {name} × {self.multiplier} = {_signed(self.score)}"
        return text

    def _explain_ramsch(self, lang: str, names: Sequence[str] | None) -> str:
        kind = self.ramsch or "ramsch"
        key = RAMSCH_WORDS.get(kind)
        pts = " ".join(f"{p}" for p in self.seat_points)
        text = f"{say(lang, key) if key else kind} ({pts})"
        for seat, entry in enumerate(self.ramsch_scores):
            if entry:
                who = names[seat] if names is not None else seat_name(seat, lang)
                text += f", {who} {_signed(entry)}"
        extras = []
        if self.durchmarsch:
            extras.append(say(lang, "score.durchmarsch"))
        if self.jungfrau:
            extras.append(say(lang, "score.jungfrau") + f" × {2**self.jungfrau}")
        if self.pushes:
            extras.append(say(lang, "score.pushed") + f" × {2**self.pushes}")
        if extras:
            text += f" ({', '.join(extras)})"
        return text

    def __str__(self) -> str:
        return self.explain()

    def to_dict(self, *, every: bool = False) -> dict[str, Any]:
        """The result as JSON values: the one serialisation the records and saved series use.

        Always ``passed`` and ``seat_scores``; a declared game its declarer, contract (ISS
        notation), bid, won, score, value, level, matadors, overbid, points, tricks (the
        declarer's and ``defender_tricks``), schneider, schwarz, resigned, and the house rules'
        fields (``kontra``, ``multiplier``, what was said to each recorded question kind by
        its name, e.g. ``spitze``, ``extra_levels``, ``schenken``, ``violation``, ``violator``,
        ``required``) when they differ from their defaults; a
        Ramsch its kind (``ramsch``), ``seat_points``, ``ramsch_scores``, ``jungfrau``,
        ``durchmarsch``, ``pushes`` and ``multiplier``.  ``every``: every field, ``None`` where
        it does not apply (for comparing a record field by field).  :meth:`from_dict` reads it
        back.

        >>> Result(None).to_dict()
        {'passed': True, 'seat_scores': [0, 0, 0]}
        >>> r = Result(Contract.parse("G"), 1, bid=18, won=True, value=48, score=48, kontra=1,
        ...            multiplier=2)
        >>> d = r.to_dict()
        >>> d["contract"], d["seat_scores"], d["kontra"], "spitze" in d
        ('G', [0, 48, 0], 1, False)
        >>> Result.from_dict(d) == r
        True
        """
        game = self.contract is not None
        ramsch = self.ramsch is not None
        full: dict[str, Any] = {
            "passed": self.passed,
            "seat_scores": list(self.seat_scores),
            "declarer": self.declarer if game else None,
            "contract": str(self.contract) if self.contract is not None else None,
            "bid": self.bid,
            "won": self.won,
            "score": self.score,
            "value": self.value,
            "level": self.level,
            "matadors": self.matadors,
            "overbid": self.overbid,
            "points": self.points,
            "tricks": self.tricks,
            "defender_tricks": self.defender_tricks,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "resigned": self.resigned,
            "kontra": self.kontra,
            "multiplier": self.multiplier,
            **{name: self.said_value(name) for name in said_names()},
            "extra_levels": list(self.extra_levels),
            "schenken": self.schenken,
            "violation": self.violation,
            "violator": self.violator,
            "required": self.required,
            "ramsch": self.ramsch,
            "seat_points": list(self.seat_points) if ramsch else None,
            "ramsch_scores": list(self.ramsch_scores) if ramsch else None,
            "jungfrau": self.jungfrau,
            "durchmarsch": self.durchmarsch,
            "pushes": self.pushes,
        }
        if every:
            return full
        out = {"passed": full["passed"], "seat_scores": full["seat_scores"]}
        if game:
            out.update((key, full[key]) for key in _GAME_KEYS)
            out.update((k, full[k]) for k, default in _house_defaults() if full[k] != default)
        elif ramsch:
            out.update((key, full[key]) for key in _RAMSCH_KEYS)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Rules = ISKO) -> Result:
        """The result :meth:`to_dict` wrote, from a game record or a saved series (the older
        saved form, with ``declarer``, ``contract`` and ``ramsch`` always present and the
        Ramsch scores only in ``seat_scores``, reads too).  Missing fields take their
        defaults; a field of the wrong kind raises one :class:`ValueError` naming it.

        >>> Result.from_dict({"passed": False, "seat_scores": [0, -60, 0], "ramsch": "ramsch",
        ...                   "declarer": None, "contract": None}).ramsch_scores
        (0, -60, 0)
        >>> Result.from_dict({"contract": "XYZ", "declarer": 0})
        Traceback (most recent call last):
        ...
        ValueError: contract: not a contract: 'XYZ'
        """
        return _result_from_dict(cls, data, rules)


_LEVEL_WORDS: Final = {
    "with": N_("score.with"),
    "without": N_("score.without"),
    "game": N_("score.game"),
    "hand": N_("score.hand"),
    "schneider": N_("score.schneider"),
    "announced": N_("score.announced"),
    "schwarz": N_("score.schwarz"),
    "ouvert": N_("score.ouvert"),
    "open": N_("score.open"),
    "skat shown": N_("score.skat_shown"),
}
"""The message ids of the level steps' words (:meth:`Result.levels`)."""

RAMSCH_WORDS: Final = {
    "ramsch": N_("game.ramsch"),
    "schieberamsch": N_("game.schieberamsch"),
    "gewinner": N_("game.gewinner"),
}
"""The message ids of the kinds of Ramsch' names."""


def level_words(word: str, lang: str = "en") -> str:
    """A level step's word (:meth:`Result.levels`) in ``lang``: the scoring's own, a question
    kind's, or the word itself.

    >>> level_words("without", "da"), level_words("spitze", "de"), level_words("xyz")
    ('uden', 'Spitze', 'xyz')
    """
    key = _LEVEL_WORDS.get(word)
    return say(lang, key) if key is not None else level_word(word, lang) or word


_GAME_KEYS: Final = (
    "declarer",
    "contract",
    "bid",
    "won",
    "score",
    "value",
    "level",
    "matadors",
    "overbid",
    "points",
    "tricks",
    "defender_tricks",
    "schneider",
    "schwarz",
    "resigned",
)
_HOUSE_DEFAULTS: Final[tuple[tuple[str, object], ...]] = (
    ("kontra", 0),
    ("multiplier", 1),
    ("extra_levels", []),
    ("schenken", False),
    ("violation", None),
    ("violator", None),
    ("required", 0),
)


def _house_defaults() -> tuple[tuple[str, object], ...]:
    """The house rules' fields and their defaults, what the question kinds recorded (0) after
    the multiplier."""
    said = tuple((name, 0) for name in said_names())
    return (*_HOUSE_DEFAULTS[:2], *said, *_HOUSE_DEFAULTS[2:])


_RAMSCH_KEYS: Final = (
    "ramsch",
    "seat_points",
    "ramsch_scores",
    "jungfrau",
    "durchmarsch",
    "pushes",
    "multiplier",
)
_INT_FIELDS: Final = (
    "bid",
    "points",
    "tricks",
    "defender_tricks",
    "matadors",
    "level",
    "value",
    "score",
    "multiplier",
    "kontra",
    "jungfrau",
    "pushes",
    "required",
)
_BOOL_FIELDS: Final = (
    "won",
    "overbid",
    "schneider",
    "schwarz",
    "resigned",
    "schenken",
    "durchmarsch",
)


def _get(data: Mapping[str, Any], key: str, kind: type, default: Any) -> Any:
    """``data[key]`` checked to be of ``kind`` (or ``None`` when the default is), else the
    default; a bool never passes for an int."""
    value = data.get(key, default)
    if value is None and default is None:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{key} must be {_KIND_NAMES[kind]}, not {value!r}")
    return value


_KIND_NAMES: Final[dict[type, str]] = {
    int: "a whole number",
    bool: "true or false",
    str: "a text",
    list: "a list",
}


def _three_ints(data: Mapping[str, Any], key: str) -> tuple[int, int, int] | None:
    value = _get(data, key, list, None)
    if value is None:
        return None
    if len(value) != 3 or not all(type(v) is int for v in value):
        raise ValueError(f"{key} must be three whole numbers, not {value!r}")
    return (value[0], value[1], value[2])


def _said_from(data: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """What the registered question kinds recorded, each under its name (0: nothing)."""
    values = ((name, _get(data, name, int, 0)) for name in said_names())
    return tuple((name, value) for name, value in values if value)


def _result_from_dict(cls: type[Result], data: Mapping[str, Any], rules: Rules) -> Result:
    if not isinstance(data, Mapping):
        raise ValueError(f"a result must be an object, not {data!r}")
    text = _get(data, "contract", str, None)
    try:
        contract = None if text is None else Contract.parse(text)
    except ValueError as exc:
        raise ValueError(f"contract: {exc}") from None
    declarer = _get(data, "declarer", int, None)
    if declarer is not None and declarer not in (0, 1, 2):
        raise ValueError(f"declarer must be a seat 0, 1 or 2, not {declarer}")
    ramsch = _get(data, "ramsch", str, None)
    if (contract is None) != (declarer is None) and ramsch is None:
        raise ValueError("a contract needs a declarer and a declarer a contract")
    seat_scores = _three_ints(data, "seat_scores") or (0, 0, 0)
    ramsch_scores = _three_ints(data, "ramsch_scores")
    if ramsch_scores is None:  # the older saved form: the Ramsch scores are the seat scores
        ramsch_scores = seat_scores if ramsch is not None else (0, 0, 0)
    extra = _get(data, "extra_levels", list, [])
    if not all(isinstance(x, str) for x in extra):
        raise ValueError(f"extra_levels must be texts, not {extra!r}")
    ints = {key: _get(data, key, int, 1 if key == "multiplier" else 0) for key in _INT_FIELDS}
    said = _said_from(data)
    bools = {key: _get(data, key, bool, False) for key in _BOOL_FIELDS}
    if ramsch is not None and "won" not in data:
        bools["won"] = bools["durchmarsch"]
    return cls(
        contract,
        declarer,
        rules=rules,
        ramsch=ramsch,
        seat_points=_three_ints(data, "seat_points") or (0, 0, 0),
        ramsch_scores=ramsch_scores,
        extra_levels=tuple(extra),
        said=said,
        violation=_get(data, "violation", str, None),
        violator=_get(data, "violator", int, None),
        **ints,
        **bools,
    )


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
    said: tuple[tuple[str, int], ...] = (),
    made: bool = True,
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
    ``extra_levels`` add one level each; what was ``said`` to the questions asked adds the
    levels of its kinds (a Spitze one a card), and the game is lost when not ``made``;
    ``required`` 1/2 makes Schneider/Schwarz count as announced
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
    else:
        if said:
            extra_levels = (*extra_levels, *levels_of(said))
        if outcome is not None:
            won, schneider, schwarz = outcome
        else:
            ended = (declarer_resigned, defenders_resigned, trick_complete, made)
            won, schneider, schwarz = _suit_outcome(points, tricks, defender_tricks, sa, za, ended)
        m = matadors(gt, mask)
        level = abs(m) + 1 + contract.hand + (schneider or sa) + sa + (schwarz or za) + za
        level, value = _level_value(contract, level, extra_levels, rules)
    overbid = value < bid
    if overbid:
        value = overbid_value(contract, bid, rules)
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
        said=said,
        extra_levels=extra_levels,
        schenken=schenken,
        violation=violation[1] if violation else None,
        violator=violation[0] if violation else None,
        required=required,
    )


def _level_value(
    contract: Contract, level: int, extra_levels: tuple[str, ...], rules: Rules
) -> tuple[int, int]:
    """(level, value) of a suit game or Grand with the Ouvert level and the extra levels; a
    game laid open counts double instead of a level when ``rules.open_value`` says so."""
    if extra_levels:
        doubled = "open" in extra_levels and rules.open_value == "double"
        level += len(extra_levels) - doubled
    else:
        doubled = False
    if contract.ouvert:
        level += ouvert_level(contract, rules)
    return level, base_value(contract, rules) * level << doubled


def _suit_outcome(
    points: int,
    tricks: int,
    defender_tricks: int,
    sa: bool,
    za: bool,
    ended: tuple[bool, bool, bool, bool],
) -> tuple[bool, bool, bool]:
    """(won, schneider, schwarz) of a suit game or Grand on the board.

    ``ended`` = (declarer resigned, defenders resigned, a trick completed, what he said made).
    The declarer wins with 61 card points, 90 with Schneider announced, every trick with
    Schwarz announced, or when the defenders gave up; a winner's levels count even when a
    failed announcement (Spitze) loses the game; a loser's once a trick was completed.
    """
    declarer_resigned, defenders_resigned, trick_complete, made = ended
    if declarer_resigned or defenders_resigned:
        won = defenders_resigned
    else:
        won = points >= 61 and (not sa or points >= 90) and (not za or defender_tricks == 0)
    if won:
        return made, points >= 90, defender_tricks == 0
    if trick_complete:
        return False, points <= 30, tricks == 0
    return False, False, False


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
    fewest points win 23 (ties: all of them) and nobody loses.  House rules: a Jungfrau adds
    a fixed ``rules.jungfrau_penalty`` (15) instead of doubling; ``rules.ramsch_loss`` =
    ``everyone``: every player loses his own card points.

    >>> r = score_ramsch("ramsch", seat_points=(60, 40, 20), seat_tricks=(5, 3, 2))
    >>> r.ramsch_scores, r.explain()
    ((-60, 0, 0), 'Ramsch (60 40 20), Forehand −60')
    >>> score_ramsch("ramsch", seat_points=(90, 30, 0), seat_tricks=(7, 3, 0)).ramsch_scores
    (-180, 0, 0)
    >>> fixed = Rules(ramsch="ramsch", jungfrau_penalty=15)
    >>> score_ramsch("ramsch", seat_points=(90, 30, 0), seat_tricks=(7, 3, 0), rules=fixed).ramsch_scores
    (-105, 0, 0)
    >>> everyone = Rules(ramsch="ramsch", ramsch_loss="everyone")
    >>> score_ramsch("ramsch", seat_points=(60, 40, 20), seat_tricks=(5, 3, 2), rules=everyone).ramsch_scores
    (-60, -40, -20)
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
        high = max(seat_points) if rules.ramsch_loss == "highest" else 0
        penalty = rules.jungfrau_penalty * jungfrau
        for seat, p in enumerate(seat_points):
            if p >= high and p:
                scores[seat] = -(p + penalty if penalty else p * 2**jungfrau) * factor
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
