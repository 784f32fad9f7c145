"""Start the web Skat server: a lobby, tables with friends and computer players, history.

Open http://localhost:8000/ in a browser, create a table (rules, series length, who sits
where: a person or a computer level), and send the invite link to the others.  Everything is
kept in an SQLite database in the data folder (default ./skat-data), or in PostgreSQL with
--database postgresql://user@host/db; stop the server at any time and start it again: every
table continues where it was.

Needs the web extra: pip install 'skat[web]'.

Several processes share one PostgreSQL database with Redis between them: --workers N starts
N processes on the same port (any of them takes any connection; one owns each table, and the
others take its tables over when it dies).

examples:
  skat serve
  skat serve --port 8080 --data /var/lib/skat
  skat serve --host 0.0.0.0 --database postgresql://skat@localhost/skat
  skat serve --workers 4 --database postgresql://skat@localhost/skat --redis redis://localhost
  skat serve --host 127.0.0.1 --trust-proxy 127.0.0.1   (behind nginx on this machine)
  skat serve --iss-port 7000      (ISS clients and bots too: docs/iss-protocol.md)
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING, Any

from skat.cli.errors import UserError, os_reason
from skat.cli.speed import warn_if_slow
from skat.core.language import N_, say

if TYPE_CHECKING:  # the web extra is imported only when the server runs
    import uvicorn
    from starlette.applications import Starlette

    from skat.server.guards import WebLimits

NAME = "serve"
HELP = N_("help.serve")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help=say(lang, "help.serve.host"),
        metavar=say(lang, "help.var.host"),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=8000,
        help=say(lang, "help.serve.port"),
        metavar=say(lang, "help.var.port"),
    )
    parser.add_argument(
        "--data",
        default="skat-data",
        help=say(lang, "help.serve.data"),
        metavar=say(lang, "help.var.data"),
    )
    parser.add_argument(
        "--database",
        metavar=say(lang, "help.var.url"),
        help=say(lang, "help.serve.database"),
    )
    parser.add_argument(
        "--computer-delay",
        type=float,
        default=0.8,
        metavar="S",
        help=say(lang, "help.serve.computer-delay"),
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=10.0,
        metavar="N",
        help=say(lang, "help.serve.rate"),
    )

    parser.add_argument(
        "--tables-per-minute",
        type=float,
        default=10.0,
        metavar="N",
        help=say(lang, "help.serve.tables-per-minute"),
    )
    parser.add_argument(
        "--sockets-per-address",
        type=int,
        default=64,
        metavar="N",
        help=say(lang, "help.serve.sockets-per-address"),
    )
    parser.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar=say(lang, "help.var.addr"),
        help=say(lang, "help.serve.trust-proxy"),
    )
    parser.add_argument(
        "--site",
        action="append",
        default=[],
        metavar=say(lang, "help.var.url"),
        help=say(lang, "help.serve.site"),
    )
    parser.add_argument(
        "--hello-within",
        type=float,
        default=60.0,
        metavar="S",
        help=say(lang, "help.serve.hello-within"),
    )
    parser.add_argument(
        "--http-rate",
        type=float,
        default=50.0,
        metavar="N",
        help=say(lang, "help.serve.http-rate"),
    )
    parser.add_argument(
        "--socket-rate",
        type=float,
        default=5.0,
        metavar="N",
        help=say(lang, "help.serve.socket-rate"),
    )
    parser.add_argument(
        "--max-message",
        type=int,
        default=16384,
        metavar=say(lang, "help.var.bytes"),
        help=say(lang, "help.serve.max-message"),
    )
    parser.add_argument(
        "--pg-pool-size",
        type=int,
        default=8,
        metavar="N",
        help=say(lang, "help.serve.pg-pool-size"),
    )
    parser.add_argument(
        "--robot-tables",
        type=int,
        default=2,
        metavar="N",
        help=say(lang, "help.serve.robot-tables"),
    )
    parser.add_argument(
        "--robot-games",
        type=int,
        default=12,
        metavar="N",
        help=say(lang, "help.serve.robot-games"),
    )
    parser.add_argument(
        "--robot-levels",
        default="random,heuristic,pimc-fast,pimc-easy",
        metavar=say(lang, "help.var.list"),
        help=say(lang, "help.serve.robot-levels"),
    )
    parser.add_argument(
        "--agent-threads",
        type=int,
        default=2,
        metavar="N",
        help=say(lang, "help.serve.agent-threads"),
    )
    parser.add_argument(
        "--think-workers",
        type=int,
        metavar="N",
        help=say(lang, "help.serve.think-workers"),
    )
    parser.add_argument(
        "--no-analyse-ahead",
        dest="analyse_ahead",
        action="store_false",
        help=say(lang, "help.serve.no-analyse-ahead"),
    )
    parser.add_argument(
        "--redis",
        metavar=say(lang, "help.var.url"),
        help=say(lang, "help.serve.redis"),
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help=say(lang, "help.serve.workers"),
    )
    parser.add_argument(
        "--lease",
        type=float,
        default=5.0,
        metavar="S",
        help=say(lang, "help.serve.lease"),
    )
    parser.add_argument(
        "--reuse-port",
        action="store_true",
        help=say(lang, "help.serve.reuse-port"),
    )
    parser.add_argument(
        "--iss-port",
        type=int,
        metavar=say(lang, "help.var.port"),
        help=say(lang, "help.serve.iss-port"),
    )
    parser.add_argument(
        "--iss-games",
        type=int,
        default=36,
        metavar="N",
        help=say(lang, "help.serve.iss-games"),
    )
    parser.add_argument(
        "--iss-clock",
        type=int,
        default=120,
        metavar="S",
        help=say(lang, "help.serve.iss-clock"),
    )
    parser.add_argument(
        "--iss-ready-timeout",
        type=float,
        default=300.0,
        metavar="S",
        help=say(lang, "help.serve.iss-ready-timeout"),
    )
    parser.add_argument(
        "--iss-idle-timeout",
        type=float,
        default=600.0,
        metavar="S",
        help=say(lang, "help.serve.iss-idle-timeout"),
    )


def _check(args: argparse.Namespace) -> None:
    """One line for the first option out of range."""
    within, at_least = N_("cli.serve.within"), N_("cli.serve.at-least")
    unlimited = N_("cli.serve.at-least-unlimited")
    limits: list[tuple[bool, str, dict[str, object]]] = [
        (
            0 < args.port < 65536,
            within,
            {"option": "--port", "low": 1, "high": 65535, "value": args.port},
        ),
        (args.computer_delay >= 0, at_least, {"option": "--computer-delay", "low": 0}),
        (args.rate > 0, N_("cli.serve.positive"), {"option": "--rate"}),
        (args.tables_per_minute >= 0, unlimited, {"option": "--tables-per-minute"}),
        (args.sockets_per_address >= 0, unlimited, {"option": "--sockets-per-address"}),
        (
            1 <= args.pg_pool_size <= 1000,
            within,
            {"option": "--pg-pool-size", "low": 1, "high": 1000, "value": args.pg_pool_size},
        ),
        (
            args.think_workers is None or 1 <= args.think_workers <= 64,
            within,
            {"option": "--think-workers", "low": 1, "high": 64, "value": args.think_workers},
        ),
        (args.hello_within > 0, N_("cli.serve.positive-seconds"), {"option": "--hello-within"}),
        (args.http_rate >= 0, unlimited, {"option": "--http-rate"}),
        (args.socket_rate >= 0, unlimited, {"option": "--socket-rate"}),
        (
            4096 <= args.max_message <= 16 * 1024 * 1024,
            N_("cli.serve.within-bytes"),
            {"option": "--max-message", "low": 4096, "high": 16777216, "value": args.max_message},
        ),
        (args.robot_tables >= 0, unlimited, {"option": "--robot-tables"}),
        (args.robot_games >= 1, at_least, {"option": "--robot-games", "low": 1}),
        (args.agent_threads >= 1, at_least, {"option": "--agent-threads", "low": 1}),
        (
            args.iss_port is None or 0 < args.iss_port < 65536,
            within,
            {"option": "--iss-port", "low": 1, "high": 65535, "value": args.iss_port},
        ),
        (args.iss_port != args.port, N_("cli.serve.iss-port-differ"), {}),
        (
            1 <= args.iss_games <= 1000,
            within,
            {"option": "--iss-games", "low": 1, "high": 1000, "value": args.iss_games},
        ),
        (
            5 <= args.iss_clock <= 3600,
            within,
            {"option": "--iss-clock", "low": 5, "high": 3600, "value": args.iss_clock},
        ),
        (
            1 <= args.iss_ready_timeout <= 86400,
            within,
            {
                "option": "--iss-ready-timeout",
                "low": 1,
                "high": 86400,
                "value": args.iss_ready_timeout,
            },
        ),
        (
            1 <= args.iss_idle_timeout <= 86400,
            within,
            {
                "option": "--iss-idle-timeout",
                "low": 1,
                "high": 86400,
                "value": args.iss_idle_timeout,
            },
        ),
    ]
    for ok, key, values in limits:
        if not ok:
            raise UserError.said(key, **values)


def run(args: argparse.Namespace) -> int:
    _check(args)
    _check_cluster(args)
    proxies = [a.strip() for arg in args.trust_proxy for a in arg.split(",") if a.strip()]
    if args.redis and not args.reuse_port:
        code = _start_cluster(args)
        if code is not None:
            return code
    try:  # the web extra is loaded only here, so every other command runs without it
        import uvicorn  # noqa: F401

        from skat.server.app import create_app  # noqa: F401
        from skat.server.guards import WebLimits
        from skat.server.hub import Settings  # noqa: F401
        from skat.server.storage import StorageError, open_storage
    except ImportError as exc:
        raise UserError.said(N_("cli.serve.skat-serve-needs-web"), exc=exc) from None
    if args.database is not None and "://" not in args.database:
        raise UserError.said(N_("cli.serve.database-takes-url-postgresql"), database=args.database)

    levels = _robot_levels(args)
    web = WebLimits(
        max_message=args.max_message,
        hello_within=args.hello_within,
        sites=_sites(args),
        http_rate=args.http_rate,
        socket_rate=args.socket_rate,
    )
    from skat.server.data_lock import hold_data

    try:
        store = open_storage(args.database or args.data, pool_size=args.pg_pool_size)
        held = hold_data(store)  # one server a SQLite folder (released when this one ends)
    except StorageError as exc:
        raise UserError.said(N_("cli.error.of"), error=exc) from None
    try:
        return _serve(args, store, proxies, levels, web)
    finally:
        held.release()


def _serve(
    args: argparse.Namespace,
    store: Any,
    proxies: list[str],
    levels: tuple[str, ...],
    web: WebLimits,
) -> int:
    """Serve ``store`` until stopped."""
    import uvicorn

    from skat.server.app import create_app
    from skat.server.guards import uvicorn_options
    from skat.server.hub import Settings
    from skat.server.thinking import default_workers

    app = create_app(
        store,
        Settings(
            computer_delay=args.computer_delay,
            rate=args.rate,
            burst=3 * args.rate,
            tables_per_minute=args.tables_per_minute,
            sockets_per_address=args.sockets_per_address,
            agent_threads=args.agent_threads,
            heavy_processes=args.think_workers or default_workers(),
            analysis_ahead=int(args.analyse_ahead),
            robot_tables_per_address=args.robot_tables,
            robot_max_games=args.robot_games,
            robot_levels=levels,
            settle_heap=True,
            warm_workers=True,
        ),
        redis=args.redis,
        lease=args.lease,
        web=web,
    )
    if args.reuse_port:  # a worker of --workers N: the port is shared (SO_REUSEPORT)
        from skat.server.cluster.supervisor import listening_socket

        sock = listening_socket(args.host, args.port)
        config = uvicorn.Config(
            app,
            log_level="warning",
            proxy_headers=bool(proxies),
            forwarded_allow_ips=proxies or None,
            **uvicorn_options(web),
        )
        uvicorn.Server(config).run(sockets=[sock])
        return 0
    warn_if_slow("skat serve (the analysis of each game)", "web")
    print(f"skat serve: http://{args.host}:{args.port}/ (data: {store.where}; Ctrl-C stops)")
    options = {
        "host": args.host,
        "port": args.port,
        "log_level": "warning",
        "proxy_headers": bool(proxies),  # X-Forwarded-For only from the proxies named
        "forwarded_allow_ips": proxies or None,
        **uvicorn_options(web),
    }
    if args.iss_port is None:
        uvicorn.run(app, **options)
        return 0
    return _with_iss(args, app, uvicorn.Server(uvicorn.Config(app, **options)))


def _robot_levels(args: argparse.Namespace) -> tuple[str, ...]:
    """``--robot-levels`` as a tuple; one line for a level that is not there."""
    from skat.server.table import computer_levels

    levels = tuple(x.strip() for x in args.robot_levels.split(",") if x.strip())
    unknown = sorted(set(levels) - set(computer_levels()))
    if unknown:
        raise UserError.said(
            N_("cli.serve.robot-levels-unknown-level"),
            value=unknown[0],
            value2=", ".join(computer_levels()),
        )
    return levels


def _sites(args: argparse.Namespace) -> tuple[str, ...]:
    """The origins of ``--site`` (repeatable or comma-separated); one line for one that is
    not an origin."""
    sites = tuple(a.strip() for arg in args.site for a in arg.split(",") if a.strip())
    for site in sites:
        if not site.startswith(("http://", "https://")) or site.count("/") > 3:
            raise UserError.said(N_("cli.serve.site-takes-origin-such"), site=site)
    return sites


def _with_iss(args: argparse.Namespace, app: Starlette, server: uvicorn.Server) -> int:
    """Serve the web port and the ISS port in one event loop (the same hub and tables)."""
    from skat.iss.server import IssServer, IssSettings

    settings = IssSettings(
        games=args.iss_games,
        clock=args.iss_clock,
        ready_timeout=args.iss_ready_timeout,
        idle_timeout=args.iss_idle_timeout,
    )
    iss = IssServer(app.state.hub, settings)
    print(f"skat serve: ISS protocol on {args.host}:{args.iss_port}")

    async def both() -> None:
        listener = await iss.serve(args.host, args.iss_port)
        async with listener:
            await server.serve()

    try:
        asyncio.run(both())
    except OSError as exc:
        raise UserError.said(
            N_("cli.serve.iss-port"), iss_port=args.iss_port, value=os_reason(exc)
        ) from None
    return 0


def _check_cluster(args: argparse.Namespace) -> None:
    if not 1 <= args.lease <= 600:
        raise UserError.said(N_("cli.serve.lease-must-be-seconds"), lease=args.lease)
    if args.workers < 1:
        raise UserError.said(N_("cli.serve.workers-must-be-not"), workers=args.workers)
    postgres = (args.database or "").startswith(("postgresql://", "postgres://"))
    if (args.workers > 1 or args.redis) and not (args.redis and postgres):
        raise UserError.said(N_("cli.serve.several-processes-share-postgresql"))


def _start_cluster(args: argparse.Namespace) -> int | None:
    """Make the cluster's tables once and check Redis; with ``--workers N`` run the workers
    (the exit status), else ``None``: this process serves."""
    try:
        from skat.server.cluster.supervisor import prepare, supervise
        from skat.server.storage import StorageError
    except ImportError as exc:
        raise UserError.said(N_("cli.serve.skat-serve-needs-web"), exc=exc) from None
    try:
        where = prepare(args.database, args.redis)
    except StorageError as exc:
        raise UserError.said(N_("cli.error.of"), error=exc) from None
    if args.workers == 1:
        return None
    print(
        f"skat serve: http://{args.host}:{args.port}/ with {args.workers} processes "
        f"(data: {where}; Redis {args.redis}; Ctrl-C stops)",
        flush=True,
    )
    return supervise(sys.argv[1:], args.workers)
