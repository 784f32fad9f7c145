"""Play on an ISS server (the International Skat Server's text protocol) with a computer player.

The client logs in, then creates a table and invites two users (--invite), joins a table
(--join, e.g. a web table with a free place named after the user) or waits for an
invitation.  It plays --games games with the chosen agent, appends every finished game's
record (ISS format, one line each) to --records, and logs in again after a dropped
connection (the server puts it back at its place).  It speaks to `skat serve
--iss-port` and is written for the real ISS: what only the real server can confirm is listed
in docs/iss-protocol.md.

examples:
  skat iss --server localhost:7000 --user bot1 --password-file pw.txt --agent pimc-hard \\
      --invite bot2,bot3 --games 3
  skat iss --server localhost:7000 --user bot2 --password-file pw.txt --agent heuristic --games 3
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from skat.cli.errors import UserError, os_reason
from skat.core.language import N_, say

NAME = "iss"
HELP = N_("help.iss")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "--server", required=True, metavar="HOST:PORT", help=say(lang, "help.iss.server")
    )
    parser.add_argument(
        "--user", required=True, help=say(lang, "help.iss.user"), metavar=say(lang, "help.var.user")
    )
    parser.add_argument(
        "--password-file", required=True, metavar="F", help=say(lang, "help.iss.password-file")
    )
    parser.add_argument(
        "--agent",
        default="heuristic",
        help=say(lang, "help.iss.agent"),
        metavar=say(lang, "help.var.agent"),
    )
    parser.add_argument(
        "--games", type=int, default=1, metavar="N", help=say(lang, "help.iss.games")
    )
    parser.add_argument("--invite", metavar="U1,U2", help=say(lang, "help.iss.invite"))
    parser.add_argument(
        "--join", metavar=say(lang, "help.var.table"), help=say(lang, "help.iss.join")
    )
    parser.add_argument(
        "--records", metavar=say(lang, "help.var.file"), help=say(lang, "help.iss.records")
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help=say(lang, "help.iss.seed"),
        metavar=say(lang, "help.var.seed"),
    )
    parser.add_argument(
        "--step-bids",
        action="store_true",
        help=say(lang, "help.iss.step-bids"),
    )


def run(args: argparse.Namespace) -> int:
    host, _, port_text = args.server.rpartition(":")
    if not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise UserError.said(N_("cli.iss.server-host-port-not"), server=args.server)
    if args.games < 1:
        raise UserError.said(N_("cli.iss.games-must-be"))
    try:
        password = Path(args.password_file).read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise UserError.said(
            N_("cli.iss.password-file"), password_file=args.password_file, strerror=os_reason(exc)
        ) from None
    if not password:
        raise UserError.said(N_("cli.iss.password-file-empty"), password_file=args.password_file)
    invite = [u for u in (args.invite or "").split(",") if u]
    if args.invite is not None and len(invite) != 2:
        raise UserError.said(N_("cli.iss.invite-names-two-users"))
    from skat.ai.agent import SafeAgent
    from skat.ai.arena import make_agent
    from skat.iss.client import ClientOptions, IssClient

    try:
        agent = make_agent(args.agent, seed=args.seed)
    except ValueError as exc:
        raise UserError.said(N_("cli.error.of"), error=exc) from None
    options = ClientOptions(
        host,
        int(port_text),
        args.user,
        password,
        games=args.games,
        invite=invite,
        join=args.join,
        records=Path(args.records) if args.records else None,
        step_bids=args.step_bids,
    )

    def say(text: str) -> None:
        print(f"skat iss {args.user}: {text}", file=sys.stderr, flush=True)

    client = IssClient(options, SafeAgent(agent, budget=None, name=args.agent), say)
    try:
        played = client.run()
    except ConnectionError as exc:
        raise UserError.said(N_("cli.error.of"), error=exc) from None
    print(f"skat iss {args.user}: played {played} games")
    return 0
