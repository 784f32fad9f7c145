"""Write the decisions of game records as training samples to a compressed .npz.

Every FILE holds ISS records (.sgf, .sgf.bz2: one a line, as the ISS archive ships them) or
JSON game records (.json: one record or a list; .jsonl: one a line).  Each record is replayed
with the engine first (an ISS record's R[...] fields and a JSON record's result must agree
with the engine's); records that do not replay, disagree, hide cards or are not Skat are
skipped, and so is every deal seen before.  Each decision of a seat becomes one sample: the
observation vector that seat had (the environments' 2,083 floats, here 0/1 bytes), the mask
of the legal action ids, the id it chose, its seat and what it was paid at the end under
--reward (list, seeger or points; add _zero_sum for rewards that sum to 0).  The arrays and
their types are the schema of docs/env.md (skat.env.records.SCHEMA).

The last line counts the samples, the games used and the records skipped:

  OUT: N samples of G games (R records: D duplicate, S skipped, I invalid)

An existing OUT is kept unless --force.  Needs numpy (pip install 'skat[env]').

examples:
  skat samples tests/data/iss/real.sgf --out samples.npz
  skat samples games.sgf.bz2 more.jsonl --out samples.npz --reward seeger
  skat selfplay --agent heuristic --deals 1000 --out h && skat samples h/*.jsonl --out h.npz
"""

from __future__ import annotations

import argparse
from pathlib import Path

from skat.cli.errors import UserError
from skat.core.language import N_, say

NAME = "samples"
HELP = N_("help.samples")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "files",
        nargs="+",
        type=Path,
        metavar=say(lang, "help.var.file"),
        help=say(lang, "help.samples.files"),
    )
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar=say(lang, "help.var.out"),
        help=say(lang, "help.samples.out"),
    )
    parser.add_argument(
        "--reward",
        default="list",
        help=say(lang, "help.samples.reward"),
        metavar=say(lang, "help.var.reward"),
    )
    parser.add_argument("--force", action="store_true", help=say(lang, "help.samples.force"))


def run(args: argparse.Namespace) -> int:
    out: Path = args.out
    if out.suffix != ".npz":
        raise UserError.said(N_("cli.samples.out-must-name-npz"), value=str(out))
    if out.exists() and not args.force:
        raise UserError.said(N_("cli.samples.exists-force-overwrites-it"), out=out)
    for path in args.files:
        if not path.is_file():
            raise UserError.said(N_("cli.samples.no-such-file"), path=path)
    try:
        from skat.env.records import write_npz
        from skat.env.rewards import check_reward
    except ImportError as exc:
        raise UserError.said(
            N_("cli.samples.not-installed-pip-install"), value=exc.name or "numpy"
        ) from None
    check_reward(args.reward)  # a ValueError: one line
    stats = write_npz(args.files, out, reward=args.reward)
    print(
        f"{out}: {stats['samples']} samples of {stats['used']} games "
        f"({stats['records']} records: {stats['duplicate']} duplicate, "
        f"{stats['skipped']} skipped, {stats['invalid']} invalid)"
    )
    return 0
