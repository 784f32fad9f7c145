"""``skat arena --variant strohmann|officers|tournee``: the duplicate arena of a variant's
computer players (:mod:`skat.ai.variant_arena`).  Only ``--agents``, ``--deals`` and
``--seed`` apply; the options of three-handed Skat's arena are refused with one line."""

from __future__ import annotations

import argparse
import sys

from skat.ai.arena import DEFAULT_BUDGET
from skat.ai.engine import DEFAULT_TIMEOUT
from skat.ai.variant_arena import VARIANTS, run_variant_arena
from skat.ai.variants import AGENT_KINDS
from skat.cli.errors import UserError
from skat.cli.progress import Progress
from skat.core.language import N_

_SKAT_ONLY: dict[str, object] = {
    "deal_range": None,
    "out": None,
    "resume": False,
    "resume_any_code": False,
    "budget": DEFAULT_BUDGET,
    "contract": "bid",
    "void_passed": False,
    "blind": False,
    "engine_timeout": DEFAULT_TIMEOUT,
    "ray": None,
    "allow_fallbacks": False,
    "rules": "isko",
}
"""The options of three-handed Skat's arena and their defaults (any other value is refused)."""


def run(args: argparse.Namespace) -> int:
    """Play the variant arena and print its head line, table and last line."""
    variant = args.variant
    if variant not in VARIANTS:
        raise UserError.said(
            N_("cli.variant-arena.variant"), known=", ".join(VARIANTS), got=repr(variant)
        )
    for name, default in _SKAT_ONLY.items():
        if getattr(args, name, default) != default:
            option = "--" + name.replace("_", "-")
            raise UserError.said(N_("cli.variant-arena.skat-only"), option=option)
    names = [n.strip() for n in args.agents.split(",")]
    if len(names) != 2 or any(n not in AGENT_KINDS for n in names):
        raise UserError.said(
            N_("cli.variant-arena.agents"), known=", ".join(AGENT_KINDS), got=repr(args.agents)
        )
    deals = 100 if args.deals is None else args.deals
    if deals < 1:
        raise UserError.said(N_("cli.variant-arena.deals"), deals=deals)
    progress = Progress(deals, sys.stderr, command="skat arena", unit="deals")
    try:
        report = run_variant_arena(variant, names, deals, args.seed, on_deal=progress.step)
    except KeyboardInterrupt:
        progress.close()
        print("skat arena: interrupted; nothing kept", file=sys.stderr)
        return 130
    finally:
        progress.close()
    print(f"arena: {variant}, {names[0]} (A) vs {names[1]} (B), seed {args.seed}")
    print(report.table())
    print(report.last_line())
    return 0
