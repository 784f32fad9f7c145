"""Start the web Skat server: a lobby, tables with friends and computer players, history.

Open http://localhost:8000/ in a browser, create a table (rules, series length, who sits
where: a person or a computer level), and send the invite link to the others.  Everything is
kept in an SQLite database in the data folder (default ./skat-data), or in PostgreSQL with
--database postgresql://user@host/db; stop the server at any time and start it again: every
table continues where it was.

Needs the web extra: pip install 'skat[web]'.

examples:
  skat serve
  skat serve --port 8080 --data /var/lib/skat
  skat serve --host 0.0.0.0 --database postgresql://skat@localhost/skat
  skat serve --iss-port 7000      (ISS clients and bots too: docs/iss-protocol.md)
"""

from __future__ import annotations

import argparse
import asyncio

from skat.cli.errors import UserError
from skat.cli.speed import warn_if_slow

NAME = "serve"
HELP = "the web Skat server: lobby, tables, computer players, history"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--data",
        default="skat-data",
        help="data folder of the SQLite database (./skat-data), or a SQLite file (.sqlite3)",
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help="postgresql://user@host/db or sqlite:///path instead of --data",
    )
    parser.add_argument(
        "--computer-delay",
        type=float,
        default=0.8,
        metavar="S",
        help="seconds a computer player waits before it moves (default 0.8)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=10.0,
        metavar="N",
        help="messages a second one connection may send on average (default 10; bursts of 3 N)",
    )

    parser.add_argument(
        "--tables-per-minute",
        type=float,
        default=10.0,
        metavar="N",
        help="tables one client address may create a minute, after a first 20 (default 10; "
        "0: no limit)",
    )
    parser.add_argument(
        "--sockets-per-address",
        type=int,
        default=64,
        metavar="N",
        help="open connections one client address may hold (default 64; 0: no limit)",
    )

    parser.add_argument(
        "--iss-port",
        type=int,
        metavar="PORT",
        help="also speak the ISS text protocol on this port (same tables; default: off)",
    )
    parser.add_argument(
        "--iss-games",
        type=int,
        default=36,
        metavar="N",
        help="games of a series at a table made over ISS (default 36)",
    )


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise UserError(f"--port must be 1 to 65535, not {args.port}")
    if args.iss_port is not None and not 0 < args.iss_port < 65536:
        raise UserError(f"--iss-port must be 1 to 65535, not {args.iss_port}")
    if args.iss_port == args.port:
        raise UserError("--iss-port must differ from --port (the web port)")
    if not 1 <= args.iss_games <= 1000:
        raise UserError(f"--iss-games must be 1 to 1000, not {args.iss_games}")
    if args.computer_delay < 0:
        raise UserError("--computer-delay must be >= 0")
    if args.rate <= 0:
        raise UserError("--rate must be > 0")
    if args.tables_per_minute < 0:
        raise UserError("--tables-per-minute must be >= 0 (0: no limit)")
    if args.sockets_per_address < 0:
        raise UserError("--sockets-per-address must be >= 0 (0: no limit)")
    try:  # the web extra is loaded only here, so every other command runs without it
        import uvicorn

        from skat.server.app import create_app
        from skat.server.hub import Settings
        from skat.server.storage import StorageError, open_storage
    except ImportError as exc:
        raise UserError(
            f"skat serve needs the web extra: pip install 'skat[web]' ({exc})"
        ) from None
    if args.database is not None and "://" not in args.database:
        raise UserError(
            f"--database takes a URL (postgresql://user@host/db or sqlite:///path), not "
            f"{args.database!r}; a data folder or SQLite file is --data"
        )
    try:
        store = open_storage(args.database or args.data)
    except StorageError as exc:
        raise UserError(str(exc)) from None
    app = create_app(
        store,
        Settings(
            computer_delay=args.computer_delay,
            rate=args.rate,
            burst=3 * args.rate,
            tables_per_minute=args.tables_per_minute,
            sockets_per_address=args.sockets_per_address,
        ),
    )
    warn_if_slow("skat serve (the analysis of each game)", "web")
    print(f"skat serve: http://{args.host}:{args.port}/ (data: {store.where}; Ctrl-C stops)")
    if args.iss_port is None:
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
        return 0
    from skat.iss.server import IssServer, IssSettings

    iss = IssServer(app.state.hub, IssSettings(games=args.iss_games))
    print(f"skat serve: ISS protocol on {args.host}:{args.iss_port}")
    server = uvicorn.Server(
        uvicorn.Config(app, host=args.host, port=args.port, log_level="warning")
    )

    async def both() -> None:
        listener = await iss.serve(args.host, args.iss_port)
        async with listener:
            await server.serve()

    try:
        asyncio.run(both())
    except OSError as exc:
        raise UserError(f"--iss-port {args.iss_port}: {exc.strerror or exc}") from None
    return 0
