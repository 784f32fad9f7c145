"""Show the rules a preset (or a rules string) stands for: every option, its value, the
values it takes and what it means.  Without an argument: the presets and how each differs
from the official rules (isko).

examples:
  skat rules
  skat rules pub
  skat rules "isko,kontra=on,ramsch=schieberamsch" --brief
"""

from __future__ import annotations

import argparse
import textwrap

from skat.core import ISKO, PRESETS, Rules
from skat.core.language import N_, say
from skat.core.rules import OPTIONS

NAME = "rules"
HELP = N_("help.rules")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "preset",
        nargs="?",
        help=say(lang, "help.rules.preset"),
        metavar=say(lang, "help.arg.preset"),
    )
    parser.add_argument("--brief", action="store_true", help=say(lang, "help.rules.brief"))


def run(args: argparse.Namespace) -> int:
    if args.preset is None:
        print("presets (skat rules PRESET shows every option):")
        for name, rules in PRESETS.items():
            diff = _differences(rules, ISKO)
            print(f"  {name:<11} {'official ISkO rules' if name == 'isko' else 'isko, ' + diff}")
        return 0
    rules = Rules.parse(args.preset)
    print(f"rules {rules}")
    for opt in OPTIONS:
        value = _show(getattr(rules, opt.name))
        mark = "*" if getattr(rules, opt.name) != getattr(ISKO, opt.name) else " "
        choices = "/".join(map(str, opt.choices)) if opt.choices else "number"
        if isinstance(opt.default, bool):
            choices = "on/off"
        print(f"{mark} {opt.name:<24} {value:<18} ({opt.scope}: {choices})")
        if not args.brief:
            for line in textwrap.wrap(opt.doc, 74):
                print(f"    {line}")
    print("* differs from the official rules (isko)")
    return 0


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, frozenset):
        return "+".join(sorted(value)) if value else "none"
    return str(value)


def _differences(rules: Rules, base: Rules) -> str:
    """The options of ``rules`` that differ from ``base`` as ``name=value``.

    >>> _differences(PRESETS["pub"], ISKO)
    'kontra=on, supra=on, ramsch=ramsch, bock=on, ramsch_rounds=on, ramsch_rounds_kind=schieberamsch'
    """
    out = [
        f"{o.name}={_show(getattr(rules, o.name))}"
        for o in OPTIONS
        if getattr(rules, o.name) != getattr(base, o.name)
    ]
    return ", ".join(out) or "(no differences)"
