"""The rules as the lobby's form shows them: every option the core declares, read from
:data:`skat.core.rules.OPTIONS`, and the core's answer to a rules string.

The lobby draws one control per option (a switch, a choice, a set of words, a number) from
:func:`options_answer`; choosing a preset or changing a control asks :func:`rules_answer`,
which reads the string with :meth:`Rules.parse`, so the form shows exactly what the core
will play (a preset's defaults, what an option implies, what it needs).  No option, value or
preset is named here.

>>> form = options_answer()
>>> kontra = next(o for o in form["options"] if o["name"] == "kontra")
>>> kontra["kind"], kontra["default"], kontra["needs"], kontra["scope"]
('switch', 'off', None, 'game')
>>> supra = next(o for o in form["options"] if o["name"] == "supra")
>>> supra["needs"], [o["choices"] for o in form["options"] if o["name"] == "ramsch"]
(['kontra', 'on'], [['off', 'ramsch', 'schieberamsch', 'gewinner']])
>>> answer = rules_answer("pub,bock=off")
>>> answer["rules"], answer["options"], answer["values"]["kontra"], answer["values"]["ramsch"]
('pub,bock=off', 'bock=off', 'on', 'ramsch')
>>> rules_answer("isko,ramsch=gewinner")["values"]["ramsch_skat"]  # the core's implied default
'loser'
>>> rules_answer("isko,supra=on")["error"]
'rules option supra=on needs kontra=on'
"""

from __future__ import annotations

from typing import Any

from skat.core.rules import EXCLUDED, ISKO, OPTIONS, PRESETS, Option, Rules, RulesError


def _word(value: object) -> str:
    """A choice or a prerequisite's value as text (``True`` is ``on``)."""
    return "on" if value is True else str(value)


def _kind(option: Option) -> str:
    """The control an option needs: ``switch``, ``set`` (words joined by ``+``), ``choice``
    or ``number``."""
    if isinstance(option.default, bool):
        return "switch"
    if isinstance(option.default, frozenset):
        return "set"
    if option.choices is not None:
        return "choice"
    return "number"


def options_answer() -> dict[str, Any]:
    """Every rules option with its kind, default, choices and prerequisite (``needs``:
    ``[option, value]``; the value ``on`` means "anything but off"), and the options each
    preset excludes."""
    defaults = {name: value for name, value, _ in ISKO.describe()}  # every option's default
    return {
        "options": [
            {
                "name": o.name,
                "kind": _kind(o),
                "default": defaults[o.name],
                "choices": None if o.choices is None else [_word(c) for c in o.choices],
                "needs": None if o.needs is None else [o.needs[0], _word(o.needs[1])],
                "scope": o.scope,
                "doc": o.doc,
            }
            for o in OPTIONS
        ],
        "presets": list(PRESETS),
        "excluded": {name: sorted(EXCLUDED.get(name, {})) for name in PRESETS},
    }


def rules_answer(text: str) -> dict[str, Any]:
    """The core's reading of ``text`` (``preset[,option=value...]``): the canonical string,
    the preset it starts from, the options that differ from that preset (what the lobby's
    expert field shows), every option's value and what the preset excludes; or ``error``
    (the core's one line), ``key`` and ``params`` (a list of choices stays a list) when the
    string is refused, so that the page can word it in German."""
    try:
        rules = Rules.parse(text)
    except RulesError as err:
        return {
            "error": str(err),
            "key": err.key,
            "params": {
                k: [str(x) for x in v] if isinstance(v, tuple) else str(v)
                for k, v in err.params.items()
            },
        }
    preset = text.split(",", 1)[0].strip().lower()
    values = _values(rules)
    return {
        "rules": str(rules),
        "preset": preset,
        "options": ",".join(f"{k}={v}" for k, v in _beyond(preset, rules)),
        "values": values,
        "excluded": sorted(EXCLUDED.get(preset, {})),
    }


def _values(rules: Rules) -> dict[str, str]:
    """Every option's value as the rules string writes it."""
    return {name: value for name, value, _ in rules.describe()}


def _beyond(preset: str, rules: Rules) -> list[tuple[str, str]]:
    """The options to write after ``preset`` so that the string reads back as ``rules``: those
    that differ from the preset, and those the core would otherwise imply differently (an
    explicit ``ramsch_skat=last_trick`` beside ``ramsch=gewinner``).

    >>> _beyond("isko", Rules.parse("isko,ramsch=gewinner,ramsch_skat=last_trick"))
    [('ramsch', 'gewinner'), ('ramsch_skat', 'last_trick')]
    >>> _beyond("isko", Rules.parse("isko,ramsch=gewinner"))  # the skat to the loser: implied
    [('ramsch', 'gewinner')]
    >>> _beyond("pub", Rules.parse("pub"))
    []
    """
    want, base = _values(rules), _values(PRESETS[preset])

    def reads_back(names: list[str]) -> bool:
        try:
            return Rules.parse(",".join([preset, *(f"{k}={want[k]}" for k in names)])) == rules
        except RulesError:  # an option left without what it needs
            return False

    names = [k for k in want if want[k] != base[k]]
    if not reads_back(names):
        again = _values(Rules.parse(",".join([preset, *(f"{k}={want[k]}" for k in names)])))
        names += [k for k in want if again[k] != want[k] and k not in names]
    for k in list(names):  # what the core implies anyway is not written
        if reads_back([n for n in names if n != k]):
            names.remove(k)
    return [(k, want[k]) for k in want if k in names]
