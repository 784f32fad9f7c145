"""The rules a game and a series are played under: a frozen set of options with named presets.

Every option is declared once in :data:`OPTIONS` (name, default, the values it takes, what it
needs, what it means); the official ISkO rules are the defaults and every house rule is off.
The string form is a preset name followed by the options that differ from it, and it
round-trips:

>>> r = Rules.parse("isko")
>>> r == ISKO, str(r)
(True, 'isko')
>>> r = Rules.parse("isko,kontra=on,ramsch=schieberamsch,bock=on")
>>> r.kontra, r.ramsch, r.bock, str(r)
(True, 'schieberamsch', True, 'isko,kontra=on,ramsch=schieberamsch,bock=on')
>>> Rules.parse(str(r)) == r
True
>>> str(Rules.parse("pub")), Rules.parse("pub").kontra
('pub', True)
>>> Rules.parse("isko,kontra=maybe")
Traceback (most recent call last):
...
skat.core.rules.RulesError: rules option kontra takes on or off, not 'maybe'
>>> Rules.parse("isko,supra=on")
Traceback (most recent call last):
...
skat.core.rules.RulesError: rules option supra=on needs kontra=on
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Final, Literal, NamedTuple, get_args

from skat.core.language import N_, SOURCE, say


class RulesError(ValueError):
    """Unknown preset or option, a bad value, or options that contradict each other.

    ``key`` names the kind of error (one of :data:`RULES_ERRORS`) and ``params`` its values, so
    that an application can word it in its own language without reading the English text.

    >>> try:
    ...     Rules.parse("isko,kontra=maybe")
    ... except RulesError as err:
    ...     print(err, "|", err.key, err.params)
    rules option kontra takes on or off, not 'maybe' | takes_switch {'option': 'kontra', 'given': "'maybe'"}
    """

    def __init__(
        self, message: str, key: str = "", params: dict[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.key = key
        self.params: dict[str, object] = dict(params or {})

    def __reduce__(self) -> tuple[type[RulesError], tuple[str, str, dict[str, object]]]:
        return (type(self), (str(self), self.key, self.params))

    def describe(self, lang: str = "en") -> str:
        """The error in ``lang`` (its own text when its kind is none of :data:`RULES_ERRORS`).

        >>> try:
        ...     Rules.parse("isko,bock=-1")
        ... except RulesError as err:
        ...     print(err.describe("de"))
        Regeloption bock nimmt on oder off, nicht '-1'
        """
        if self.key not in RULES_ERRORS:
            return str(self)
        return rules_error_words(self.key, self.params, lang)


RULES_ERRORS: Final[dict[str, str]] = {
    "empty": N_("rules.error.empty"),
    "unknown_preset": N_("rules.error.unknown_preset"),
    "unknown_option": N_("rules.error.unknown_option"),
    "no_value": N_("rules.error.no_value"),
    "twice": N_("rules.error.twice"),
    "needs": N_("rules.error.needs"),
    "excluded": N_("rules.error.excluded"),
    "takes_switch": N_("rules.error.takes_switch"),
    "takes_one_of": N_("rules.error.takes_one_of"),
    "takes_set": N_("rules.error.takes_set"),
    "takes_number": N_("rules.error.takes_number"),
    "takes_positive": N_("rules.error.takes_positive"),
}
"""The message id of each kind of :class:`RulesError` (its words in every catalog); a tuple
value (the choices of ``takes_one_of``) is joined with "or"."""


def rules_error(key: str, **params: object) -> RulesError:
    """The :class:`RulesError` of kind ``key`` with ``params``, worded in English.

    >>> str(rules_error("twice", given="'bock'"))
    "rules option 'bock' given twice"
    """
    return RulesError(rules_error_words(key, params, SOURCE), key, params)


def rules_error_words(key: str, params: Mapping[str, object], lang: str = "en") -> str:
    """The words of the rules error of kind ``key`` with ``params`` in ``lang``: choices
    joined with "or", a preset's reason to exclude an option in ``lang`` too.

    >>> rules_error_words("takes_one_of", {"option": "ramsch", "choices": ("off", "ramsch"),
    ...                   "given": "'x'"}, "da")
    "regelindstillingen ramsch tager off eller ramsch, ikke 'x'"
    """
    word = " " + say(lang, "rules.or") + " "
    values = {
        k: word.join(v) if isinstance(v, tuple) else _reason_words(v, lang)
        for k, v in params.items()
    }
    return say(lang, RULES_ERRORS[key], **values)


def _reason_words(value: object, lang: str) -> object:
    """A preset's reason to exclude an option (its English words) in ``lang``; any other
    value as it is."""
    key = _REASON_KEYS.get(value) if isinstance(value, str) else None
    return say(lang, key) if key is not None else value


class Option(NamedTuple):
    """One rules option: its default, the values it takes, and what it needs to make sense."""

    name: str
    default: bool | int | str | frozenset[str]
    choices: tuple[str, ...] | tuple[int, ...] | None
    needs: tuple[str, object] | None
    scope: str  # "game" (the engine) or "series" (lists, rounds, money)
    doc: str
    """What it means, in English (:meth:`describe` says it in another language)."""

    def describe(self, lang: str = "en") -> str:
        """What it means in ``lang`` (its English :attr:`doc` for an option of no catalog).

        >>> _BY_NAME["bock"].describe("da")
        'bockrunder: efter aftalte hændelser tæller næste runde dobbelt.'
        """
        key = _OPTION_KEYS.get(self.name)
        return say(lang, key) if key is not None else self.doc


Claim = Literal["isko", "iss"]
ResignMode = Literal["one", "both", "after_claim"]
ResignLevels = Literal["isko", "rest"]
DeclarerResign = Literal["isko", "any"]
KontraTiming = Literal["trick", "lead"]
KontraEligibility = Literal["any", "bid"]
RamschKind = Literal["off", "ramsch", "schieberamsch", "gewinner"]
RamschSkat = Literal["last_trick", "loser"]
RamschLoss = Literal["highest", "everyone"]
OpenValue = Literal["level", "double"]
RamschRoundKind = Literal["same", "schieberamsch"]
RamschTens = Literal["high", "low"]
ScoreSheet = Literal["plain", "seeger", "bierlachs", "danish"]
SeegerBonus = Literal["all", "active"]
BockTrigger = Literal["6060", "kontra_re", "grand_hand", "value100", "list_total"]
"""The values of the word options, each declared once: the :class:`Rules` fields are typed with
them and :data:`OPTIONS` takes its choices from them."""

_BOCK_TRIGGERS: Final[tuple[str, ...]] = get_args(BockTrigger)

_OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "claim",
        "isko",
        get_args(Claim),
        None,
        "game",
        N_("rules.option.claim"),
    ),
    Option(
        "resign",
        "one",
        get_args(ResignMode),
        None,
        "game",
        N_("rules.option.resign"),
    ),
    Option(
        "resign_levels",
        "isko",
        get_args(ResignLevels),
        None,
        "game",
        N_("rules.option.resign_levels"),
    ),
    Option(
        "declarer_resign",
        "isko",
        get_args(DeclarerResign),
        None,
        "game",
        N_("rules.option.declarer_resign"),
    ),
    Option(
        "lost_hand_single",
        False,
        None,
        None,
        "game",
        N_("rules.option.lost_hand_single"),
    ),
    Option(
        "grand_ouvert_base",
        24,
        (24, 36),
        None,
        "game",
        N_("rules.option.grand_ouvert_base"),
    ),
    Option(
        "kontra",
        False,
        None,
        None,
        "game",
        N_("rules.option.kontra"),
    ),
    Option(
        "kontra_timing",
        "trick",
        get_args(KontraTiming),
        ("kontra", True),
        "game",
        N_("rules.option.kontra_timing"),
    ),
    Option(
        "kontra_eligibility",
        "any",
        get_args(KontraEligibility),
        ("kontra", True),
        "game",
        N_("rules.option.kontra_eligibility"),
    ),
    Option(
        "supra",
        False,
        None,
        ("kontra", True),
        "game",
        N_("rules.option.supra"),
    ),
    Option(
        "ramsch",
        "off",
        get_args(RamschKind),
        None,
        "game",
        N_("rules.option.ramsch"),
    ),
    Option(
        "ramsch_skat",
        "last_trick",
        get_args(RamschSkat),
        ("ramsch", "on"),
        "game",
        N_("rules.option.ramsch_skat"),
    ),
    Option(
        "jungfrau",
        True,
        None,
        ("ramsch", "on"),
        "game",
        N_("rules.option.jungfrau"),
    ),
    Option(
        "durchmarsch",
        True,
        None,
        ("ramsch", "on"),
        "game",
        N_("rules.option.durchmarsch"),
    ),
    Option(
        "jungfrau_penalty",
        0,
        (0, 15),
        ("ramsch", "on"),
        "game",
        N_("rules.option.jungfrau_penalty"),
    ),
    Option(
        "ramsch_loss",
        "highest",
        get_args(RamschLoss),
        ("ramsch", "on"),
        "game",
        N_("rules.option.ramsch_loss"),
    ),
    Option(
        "ramsch_tens",
        "high",
        get_args(RamschTens),
        ("ramsch", "on"),
        "game",
        N_("rules.option.ramsch_tens"),
    ),
    Option(
        "ramsch_ten_points",
        10,
        (10, 1),
        ("ramsch", "on"),
        "game",
        N_("rules.option.ramsch_ten_points"),
    ),
    Option(
        "schieberamsch_jacks",
        False,
        None,
        ("ramsch", "schieberamsch"),
        "game",
        N_("rules.option.schieberamsch_jacks"),
    ),
    Option(
        "schieberamsch_grand_hand",
        True,
        None,
        ("ramsch", "schieberamsch"),
        "game",
        N_("rules.option.schieberamsch_grand_hand"),
    ),
    Option(
        "spitze",
        False,
        None,
        None,
        "game",
        N_("rules.option.spitze"),
    ),
    Option(
        "schenken",
        False,
        None,
        None,
        "game",
        N_("rules.option.schenken"),
    ),
    Option(
        "open_play",
        False,
        None,
        None,
        "game",
        N_("rules.option.open_play"),
    ),
    Option(
        "open_value",
        "level",
        get_args(OpenValue),
        ("open_play", True),
        "game",
        N_("rules.option.open_value"),
    ),
    Option(
        "auto_concede",
        False,
        None,
        None,
        "game",
        N_("rules.option.auto_concede"),
    ),
    Option(
        "jump_delay",
        0,
        None,
        None,
        "game",
        N_("rules.option.jump_delay"),
    ),
    Option(
        "disconnect_concede",
        0,
        None,
        None,
        "game",
        N_("rules.option.disconnect_concede"),
    ),
    Option(
        "show_skat",
        False,
        None,
        None,
        "game",
        N_("rules.option.show_skat"),
    ),
    Option(
        "bid_jumps",
        True,
        None,
        None,
        "game",
        N_("rules.option.bid_jumps"),
    ),
    Option(
        "score_sheet",
        "plain",
        get_args(ScoreSheet),
        None,
        "series",
        N_("rules.option.score_sheet"),
    ),
    Option(
        "seeger_bonus",
        "all",
        get_args(SeegerBonus),
        ("score_sheet", "seeger"),
        "series",
        N_("rules.option.seeger_bonus"),
    ),
    Option(
        "bock",
        False,
        None,
        None,
        "series",
        N_("rules.option.bock"),
    ),
    Option(
        "bock_triggers",
        frozenset({"6060", "kontra_re", "grand_hand", "value100"}),
        _BOCK_TRIGGERS,
        ("bock", True),
        "series",
        N_("rules.option.bock_triggers"),
    ),
    Option(
        "ramsch_rounds",
        False,
        None,
        None,
        "series",
        N_("rules.option.ramsch_rounds"),
    ),
    Option(
        "ramsch_rounds_every",
        1,
        (1, 3),
        ("ramsch_rounds", True),
        "series",
        N_("rules.option.ramsch_rounds_every"),
    ),
    Option(
        "ramsch_rounds_kind",
        "same",
        get_args(RamschRoundKind),
        ("ramsch_rounds", True),
        "series",
        N_("rules.option.ramsch_rounds_kind"),
    ),
    Option(
        "pot",
        0,
        None,
        None,
        "series",
        N_("rules.option.pot"),
    ),
)

_OPTION_KEYS: Final = {o.name: o.doc for o in _OPTIONS}
"""The message id of each option's meaning."""

OPTIONS: Final = tuple(o._replace(doc=say(SOURCE, o.doc)) for o in _OPTIONS)
"""Every option of the rules, its meaning (``doc``) in English."""

_BY_NAME: Final = {o.name: o for o in OPTIONS}


@dataclass(frozen=True)
class Rules:
    """Options of the game and the series; the defaults are the official ISkO rules.

    Each field is documented in :data:`OPTIONS` (and the rules table in ``docs/rules.md``).
    """

    claim: Claim = "isko"
    resign: ResignMode = "one"
    resign_levels: ResignLevels = "isko"
    declarer_resign: DeclarerResign = "isko"
    lost_hand_single: bool = False
    grand_ouvert_base: int = 24
    kontra: bool = False
    kontra_timing: KontraTiming = "trick"
    kontra_eligibility: KontraEligibility = "any"
    supra: bool = False
    ramsch: RamschKind = "off"
    ramsch_skat: RamschSkat = "last_trick"
    jungfrau: bool = True
    durchmarsch: bool = True
    jungfrau_penalty: int = 0
    ramsch_loss: RamschLoss = "highest"
    ramsch_tens: RamschTens = "high"
    ramsch_ten_points: int = 10
    schieberamsch_jacks: bool = False
    schieberamsch_grand_hand: bool = True
    spitze: bool = False
    schenken: bool = False
    open_play: bool = False
    open_value: OpenValue = "level"
    auto_concede: bool = False
    jump_delay: int = 0
    disconnect_concede: int = 0
    show_skat: bool = False
    bid_jumps: bool = True
    score_sheet: ScoreSheet = "plain"
    seeger_bonus: SeegerBonus = "all"
    bock: bool = False
    bock_triggers: frozenset[BockTrigger] = frozenset(
        {"6060", "kontra_re", "grand_hand", "value100"}
    )
    ramsch_rounds: bool = False
    ramsch_rounds_every: int = 1
    ramsch_rounds_kind: RamschRoundKind = "same"
    pot: int = 0

    def __post_init__(self) -> None:
        for opt in OPTIONS:
            value = getattr(self, opt.name)
            needs = opt.needs
            if (
                needs is not None
                and value != opt.default
                and not _satisfied_by(self.__dict__, needs)
            ):
                want = "on" if needs[1] is True else needs[1]
                raise rules_error(
                    "needs", option=opt.name, value=_show(value), needed=f"{needs[0]}={want}"
                )
            _check_value(opt, value)

    @staticmethod
    def parse(text: str) -> Rules:
        """Read ``preset[,option=value...]``; values ``on/off``, numbers, words, or sets joined
        with ``+``.  Unknown options, bad values, repeated options and options whose
        prerequisite is off are errors naming the option."""
        if not isinstance(text, str) or not text.strip():
            raise rules_error("empty")
        parts = [p.strip() for p in text.split(",")]
        name = parts[0].lower()
        if name not in PRESETS:
            raise rules_error("unknown_preset", given=repr(parts[0]), known=", ".join(PRESETS))
        changes = _changes(parts[1:])
        _check_excluded(name, changes)
        values = {f.name: getattr(PRESETS[name], f.name) for f in fields(Rules)}
        values.update(changes)
        if values["ramsch"] == "gewinner" and "ramsch_skat" not in changes:
            values["ramsch_skat"] = "loser"  # Gewinner-Ramsch: the skat to the most points
        for opt in OPTIONS:  # options of the preset whose prerequisite was turned off go too
            needs = opt.needs
            if needs is not None and opt.name not in changes and not _satisfied_by(values, needs):
                values[opt.name] = opt.default
        return Rules(**values)

    @property
    def preset(self) -> str:
        """Name of the nearest preset (the one with fewest differing options) that allows
        every option of these rules (``old`` excludes Kontra, Ramsch and Bock)."""
        allowed = [n for n in PRESETS if not _excluded_by(n, dict(_diff(PRESETS[n], self)))]
        return min(allowed, key=lambda n: (len(_diff(PRESETS[n], self)), list(PRESETS).index(n)))

    def __str__(self) -> str:
        name = self.preset
        diff = _diff(PRESETS[name], self)
        if self.ramsch == "gewinner" and PRESETS[name].ramsch != "gewinner":
            # the skat of Gewinner-Ramsch goes to the loser unless said otherwise
            diff = [(k, v) for k, v in diff if k != "ramsch_skat"]
            if self.ramsch_skat != "loser":
                diff.append(("ramsch_skat", self.ramsch_skat))
        return ",".join([name] + [f"{k}={_show(v)}" for k, v in diff])

    def describe(self, lang: str = "en") -> list[tuple[str, str, str]]:
        """(option, value, meaning) for every option, for a rules table, the meaning in
        ``lang``."""
        return [(o.name, _show(getattr(self, o.name)), o.describe(lang)) for o in OPTIONS]


def _excluded_by(preset: str, changes: dict[str, object]) -> list[str]:
    """The options in ``changes`` that the rule set ``preset`` excludes, as ``name=value``."""
    banned = EXCLUDED.get(preset, ())
    return [
        f"{k}={_show(v)}" for k, v in changes.items() if k in banned and v != _BY_NAME[k].default
    ]


def _check_excluded(preset: str, changes: dict[str, object]) -> None:
    bad = _excluded_by(preset, changes)
    if bad:
        raise rules_error(
            "excluded",
            preset=preset,
            option=bad[0],
            reason=EXCLUDED[preset][bad[0].split("=")[0]],
            mix=f"isko,lost_hand_single=on,grand_ouvert_base=36,{bad[0]}",
        )


def _check_set(opt: Option, value: object) -> None:
    if not isinstance(value, frozenset) or not value <= set(opt.choices or ()):
        raise rules_error(
            "takes_set",
            option=opt.name,
            choices="+".join(map(str, opt.choices or ())),
            given=repr(value),
        )


def _changes(parts: list[str]) -> dict[str, object]:
    """The options ``key=value`` given after the preset, read."""
    changes: dict[str, object] = {}
    for part in parts:
        key, sep, raw = part.partition("=")
        key = key.strip().lower()
        if not sep:
            raise rules_error("no_value", given=repr(part), option=key)
        if key not in _BY_NAME:
            raise rules_error("unknown_option", given=repr(key), known=", ".join(sorted(_BY_NAME)))
        if key in changes:
            raise rules_error("twice", given=repr(key))
        changes[key] = _value(_BY_NAME[key], raw.strip().lower())
    return changes


def _check_value(opt: Option, value: object) -> None:
    """Raise :class:`RulesError` unless ``value`` is one ``opt`` takes."""
    if isinstance(opt.default, bool):
        if not isinstance(value, bool):
            raise rules_error("takes_switch", option=opt.name, given=repr(value))
    elif isinstance(opt.default, frozenset):
        _check_set(opt, value)
    elif opt.choices is not None and value not in opt.choices:
        raise rules_error(
            "takes_one_of", option=opt.name, choices=tuple(map(str, opt.choices)), given=repr(value)
        )
    elif isinstance(opt.default, int) and (not isinstance(value, int) or value < 0):
        raise rules_error("takes_positive", option=opt.name, given=repr(value))


def _satisfied_by(values: dict[str, object], needs: tuple[str, object]) -> bool:
    value = values[needs[0]]
    if needs[1] == "on":  # any value but "off"
        return value not in ("off", False, 0)
    return bool(value == needs[1])


def _value(opt: Option, raw: str) -> object:
    if isinstance(opt.default, bool):
        return _switch(opt, raw)
    if isinstance(opt.default, frozenset):
        return _word_set(opt, raw)
    if isinstance(opt.default, int):
        return _number(opt, raw)
    if opt.choices is not None and raw not in opt.choices:
        raise rules_error(
            "takes_one_of", option=opt.name, choices=tuple(map(str, opt.choices)), given=repr(raw)
        )
    return raw


def _switch(opt: Option, raw: str) -> bool:
    if raw in ("on", "yes", "true", "1"):
        return True
    if raw in ("off", "no", "false", "0"):
        return False
    raise rules_error("takes_switch", option=opt.name, given=repr(raw))


def _word_set(opt: Option, raw: str) -> frozenset[str]:
    items = (
        frozenset(x.strip() for x in raw.split("+") if x.strip()) if raw != "none" else frozenset()
    )
    bad = sorted(items - set(map(str, opt.choices or ())))
    if bad:
        raise rules_error(
            "takes_set",
            option=opt.name,
            choices="+".join(map(str, opt.choices or ())),
            given=repr(bad[0]),
        )
    return items


def _number(opt: Option, raw: str) -> int:
    try:
        number = int(raw)
    except ValueError:
        raise rules_error("takes_number", option=opt.name, given=repr(raw)) from None
    if opt.choices is not None and number not in opt.choices:
        raise rules_error(
            "takes_one_of", option=opt.name, choices=tuple(map(str, opt.choices)), given=repr(raw)
        )
    if number < 0:
        raise rules_error("takes_positive", option=opt.name, given=repr(raw))
    return number


def _show(v: object) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    if isinstance(v, frozenset):
        return "+".join(sorted(v)) if v else "none"
    return str(v)


def _diff(base: Rules, other: Rules) -> list[tuple[str, object]]:
    return [
        (f.name, getattr(other, f.name))
        for f in fields(Rules)
        if getattr(base, f.name) != getattr(other, f.name)
    ]


ISKO: Final = Rules()
"""The International Skat Order (ISkO), valid since 1 January 1998."""

TOURNAMENT: Final = Rules(score_sheet="seeger")
"""ISkO as clubs and tournaments play it (SkWO): Seeger-Fabian lists; no Kontra or Re, no
Ramsch, no Bock, no Spitze; Schneider, Schwarz and Ouvert announced only in Hand games (as
the contracts allow).  Lists and tournaments default to it."""

ISS: Final = Rules(claim="iss", declarer_resign="any", resign="both", resign_levels="rest")
"""As played on the International Skat Server: showing cards is not a binding claim, the
defenders give up when both resign, and giving up hands every remaining card to the other side."""

ISS2: Final = Rules(claim="iss", declarer_resign="any", resign="after_claim", resign_levels="rest")
"""The second ISS server: one defender's resignation after a claim ends the game."""

OLD: Final = Rules(lost_hand_single=True, grand_ouvert_base=36)
"""The Skatordnung before 1998 (docs/variants/old.md): lost Hand games single, Grand Ouvert
base 36 without an Ouvert level; Kontra, Ramsch and Bock excluded (:data:`EXCLUDED`)."""

ONLINE: Final = Rules(
    claim="iss", resign="both", declarer_resign="isko", jump_delay=2, disconnect_concede=60
)
"""The online Skat order (OSkO, docs/variants/online.md): a concession counts only when both
defenders give up; laying the cards open is not a claim; a disconnect past the waiting time
(``disconnect_concede`` seconds) counts as giving up; the answer to a jump bid waits
``jump_delay`` seconds."""

PUB: Final = Rules(
    kontra=True,
    supra=True,
    ramsch="ramsch",
    bock=True,
    ramsch_rounds=True,
    ramsch_rounds_kind="schieberamsch",
)
"""A pub (Kneipe) table: Kontra/Re/Supra/Resupra, Ramsch when all pass, Bock rounds and
Ramsch rounds played as Schieberamsch with Grand Hand allowed."""

DANISH: Final = Rules(bid_jumps=False, score_sheet="danish")
"""The Danish Skat Union (docs/variants/danish.md): every bid step said from 18 up, and the
Danish tournament list (the defenders of a lost game each score its value)."""

PRESETS: Final[dict[str, Rules]] = {
    "isko": ISKO,
    "tournament": TOURNAMENT,
    "iss": ISS,
    "iss2": ISS2,
    "old": OLD,
    "online": ONLINE,
    "pub": PUB,
    "danish": DANISH,
}
"""The named presets, in the order the string form prefers them."""

_NOT_IN_OLD: Final = say(SOURCE, "rules.excluded.old")
_SCHENKEN_IN_OLD: Final = say(SOURCE, "rules.excluded.old_schenken")
_REASON_KEYS: Final = {
    _NOT_IN_OLD: N_("rules.excluded.old"),
    _SCHENKEN_IN_OLD: N_("rules.excluded.old_schenken"),
}
"""The message id of each reason of :data:`EXCLUDED` (by its English words)."""
EXCLUDED: Final[dict[str, dict[str, str]]] = {
    "old": {
        **{name: _NOT_IN_OLD for name in ("kontra", "supra", "ramsch", "bock", "ramsch_rounds")},
        "schenken": _SCHENKEN_IN_OLD,
    },
}
"""Options a preset's rule set excludes (with the reason): ``old,kontra=on`` is an error."""
