"""``skat arena --variant strohmann|officers|tournee``: the duplicate arena of a variant's
computer players (:mod:`skat.ai.variant_arena`).  ``--agents``, ``--deals``, ``--seed``,
``--jobs`` (the deals played in that many processes: the figures do not depend on it),
``--out FILE`` (every game as a JSON record, :mod:`skat.cli.variantarenafile`) and
``--resume`` (go on with the complete deals in ``--out FILE``) apply; the options of
three-handed Skat's arena are refused with one line."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from skat.ai.arena import DEFAULT_BUDGET
from skat.ai.engine import DEFAULT_TIMEOUT
from skat.ai.variant_arena import VARIANTS, VariantArenaReport, play_deal
from skat.ai.variants import AGENT_KINDS
from skat.cli.errors import UserError
from skat.cli.progress import Progress
from skat.cli.variantarenafile import VariantArenaFile, deal_lines, read_variant_arena, rewrite
from skat.core.language import N_, SaidError, say, say_n

_SKAT_ONLY: dict[str, object] = {
    "deal_range": None,
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
    variant, names, deals, jobs = _options(args)
    done = _done(args, variant, names)
    report = VariantArenaReport(variant, (names[0], names[1]))
    for index in sorted(done.deals):
        if index < deals:
            report.add_deal(done.deals[index])
    todo = [i for i in range(deals) if i not in done.deals]
    progress = Progress(len(todo), sys.stderr, command="skat arena", unit="deals")
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
    try:
        for index, games in _played(variant, names, args.seed, todo, jobs):
            if out is not None:
                out.write(
                    "".join(
                        f"{line}\n" for line in deal_lines(variant, names, args.seed, index, games)
                    )
                )
                out.flush()
            report.add_deal(games)
            progress.step()
    except KeyboardInterrupt:
        progress.close()
        lang = getattr(args, "words", None) or "en"
        if args.out:
            said = say(lang, N_("cli.variant-arena.interrupted-kept"), path=args.out)
        else:
            said = say(lang, N_("cli.variant-arena.interrupted"))
        print(f"skat arena: {said}", file=sys.stderr)
        return 130
    finally:
        progress.close()
        if out is not None:
            out.close()
    if len(report.deal_diffs) < 1:  # pragma: no cover - deals >= 1
        return 0
    print(f"arena: {variant}, {names[0]} (A) vs {names[1]} (B), seed {args.seed}")
    print(report.table())
    print(report.last_line())
    return 0


def _options(args: argparse.Namespace) -> tuple[str, list[str], int, int]:
    """The variant, the two agents, the deals and the processes, checked (one-line errors)."""
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
    jobs: int = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise UserError.said(N_("cli.arena.jobs-must-be-at"), jobs=jobs)
    return variant, names, deals, jobs


def _done(args: argparse.Namespace, variant: str, names: list[str]) -> VariantArenaFile:
    """The complete deals of ``--out`` to go on with (``--resume``), the file tidied."""
    if not args.resume:
        if args.out and os.path.isfile(args.out) and os.path.getsize(args.out):
            raise UserError.said(N_("cli.arena.already-holds-games-resume"), out=args.out)
        return VariantArenaFile()
    if not args.out:
        raise UserError.said(N_("cli.arena.resume-needs-out-file"))
    try:
        done = read_variant_arena(args.out, variant, names, args.seed)
    except SaidError as exc:
        raise UserError.said(N_("cli.arena.error-2"), exc=exc, hint="") from None
    if os.path.exists(args.out):
        rewrite(args.out, done)
    if done.dropped:
        lang = getattr(args, "words", None) or "en"
        said = say_n(
            lang,
            N_("cli.variant-arena.dropped"),
            N_("cli.variant-arena.dropped.plural"),
            done.dropped,
            path=args.out,
        )
        print(f"skat arena: {said}", file=sys.stderr)
    return done


def _played(
    variant: str, names: list[str], seed: int, todo: list[int], jobs: int
) -> Iterator[tuple[int, list[Any]]]:
    """Each deal of ``todo`` played, in order (in ``jobs`` processes)."""
    if jobs == 1 or len(todo) < 2:
        for index in todo:
            yield index, play_deal(variant, names, seed, index)
        return
    with ProcessPoolExecutor(min(jobs, len(todo))) as pool:
        played = pool.map(play_deal, *zip(*[(variant, names, seed, i) for i in todo], strict=True))
        yield from zip(todo, played, strict=True)
