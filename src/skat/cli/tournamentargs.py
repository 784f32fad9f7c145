"""The arguments of ``skat tournament`` and its commands, their help in the user's language
(the message ids ``help.tournament.*`` of the catalogs): :func:`add_arguments`.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="skat tournament")
>>> add_arguments(parser, "da")
>>> parser.parse_args(["seat", "cup.json", "--by", "plan"]).by
'plan'
"""

from __future__ import annotations

import argparse

from skat.core.language import say
from skat.tournament import DSKV_TIEBREAKS, KONTRA_SETTINGS, TEAM_MODES, TIEBREAKS


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    """The commands of ``skat tournament`` and their options, their help in ``lang``."""
    sub = parser.add_subparsers(dest="action", metavar=say(lang, "help.var.action"), required=True)
    p = sub.add_parser("new", help=say(lang, "help.tournament.new"))
    p.add_argument(
        "file", help=say(lang, "help.tournament.new.file"), metavar=say(lang, "help.arg.file")
    )
    p.add_argument(
        "name", help=say(lang, "help.tournament.new.name"), metavar=say(lang, "help.arg.name")
    )
    p.add_argument(
        "--series",
        type=int,
        default=2,
        help=say(lang, "help.tournament.new.series"),
        metavar=say(lang, "help.var.series"),
    )
    p.add_argument(
        "--deals",
        type=int,
        default=12,
        help=say(lang, "help.tournament.new.deals"),
        metavar=say(lang, "help.var.deals"),
    )
    p.add_argument(
        "--time-limit",
        type=int,
        metavar=say(lang, "help.var.min"),
        help=say(lang, "help.tournament.new.time-limit"),
    )
    p.add_argument(
        "--rules",
        default="tournament",
        help=say(lang, "help.tournament.new.rules"),
        metavar=say(lang, "help.var.rules"),
    )
    p.add_argument(
        "--kontra",
        choices=KONTRA_SETTINGS,
        help=say(lang, "help.tournament.new.kontra"),
    )
    p.add_argument(
        "--teams", choices=TEAM_MODES, default="apart", help=say(lang, "help.tournament.new.teams")
    )
    p.add_argument(
        "--tiebreaks",
        default=",".join(DSKV_TIEBREAKS),
        help=say(lang, "help.tournament.new.tiebreaks", tiebreaks=", ".join(TIEBREAKS)),
        metavar=say(lang, "help.var.tiebreaks"),
    )
    p.add_argument(
        "--loss-fees", default="", metavar="A,B,..", help=say(lang, "help.tournament.new.loss-fees")
    )
    p.add_argument(
        "--table-fee",
        default="",
        metavar="3=X,4=Y",
        help=say(lang, "help.tournament.new.table-fee"),
    )
    p.add_argument(
        "--entry-fee",
        default="0",
        help=say(lang, "help.tournament.new.entry-fee"),
        metavar=say(lang, "help.var.entry_fee"),
    )
    p.add_argument(
        "--prizes", default="", metavar="A,B,..", help=say(lang, "help.tournament.new.prizes")
    )
    p.add_argument("--force", action="store_true", help=say(lang, "help.tournament.new.force"))

    p = sub.add_parser("players", help=say(lang, "help.tournament.players"))
    p.add_argument("file", metavar=say(lang, "help.arg.file"))
    p.add_argument(
        "--add",
        action="append",
        default=[],
        metavar=say(lang, "help.var.name"),
        help=say(lang, "help.tournament.players.add"),
    )
    p.add_argument(
        "--club",
        default="",
        help=say(lang, "help.tournament.players.club"),
        metavar=say(lang, "help.var.club"),
    )
    p.add_argument(
        "--team",
        default="",
        help=say(lang, "help.tournament.players.team"),
        metavar=say(lang, "help.var.team"),
    )
    p.add_argument(
        "--category",
        action="append",
        default=[],
        help=say(lang, "help.tournament.players.category"),
        metavar=say(lang, "help.var.category"),
    )
    p.add_argument(
        "--remove",
        action="append",
        default=[],
        metavar=say(lang, "help.var.name"),
        help=say(lang, "help.tournament.players.remove"),
    )
    p.add_argument(
        "--import",
        dest="import_csv",
        metavar=say(lang, "help.var.csv"),
        help=say(lang, "help.tournament.players.import"),
    )
    p.add_argument(
        "--withdraw",
        action="append",
        default=[],
        metavar=say(lang, "help.var.name"),
        help=say(lang, "help.tournament.players.withdraw"),
    )
    p.add_argument(
        "--after", type=int, metavar="K", help=say(lang, "help.tournament.players.after")
    )
    p.add_argument(
        "--game",
        type=int,
        metavar="G",
        help=say(lang, "help.tournament.players.game"),
    )
    p.add_argument(
        "--substitute",
        metavar=say(lang, "help.var.old-new"),
        help=say(lang, "help.tournament.players.substitute"),
    )
    p.add_argument(
        "--leavers",
        choices=("count", "remove"),
        help=say(lang, "help.tournament.players.leavers"),
    )

    p = sub.add_parser("seat", help=say(lang, "help.tournament.seat"))
    p.add_argument("file", metavar=say(lang, "help.arg.file"))
    p.add_argument(
        "--series",
        type=int,
        help=say(lang, "help.tournament.seat.series"),
        metavar=say(lang, "help.var.series"),
    )
    p.add_argument("--by", choices=("lot", "plan", "standings"), default="lot")
    p.add_argument(
        "--seed",
        type=int,
        help=say(lang, "help.tournament.seat.seed"),
        metavar=say(lang, "help.var.seed"),
    )
    p.add_argument(
        "--plan", metavar=say(lang, "help.var.file"), help=say(lang, "help.tournament.seat.plan")
    )
    p.add_argument(
        "--override",
        metavar=say(lang, "help.var.reason"),
        help=say(lang, "help.tournament.seat.override"),
    )
    p.add_argument("--cards", action="store_true", help=say(lang, "help.tournament.seat.cards"))
    p.add_argument(
        "--html", metavar=say(lang, "help.var.out"), help=say(lang, "help.tournament.seat.html")
    )
    p.add_argument(
        "--pdf", metavar=say(lang, "help.var.out"), help=say(lang, "help.tournament.seat.pdf")
    )

    p = sub.add_parser("enter", help=say(lang, "help.tournament.enter"))
    p.add_argument("file", metavar=say(lang, "help.arg.file"))
    p.add_argument("--series", type=int, required=True, metavar=say(lang, "help.var.series"))
    p.add_argument("--table", type=int, required=True, metavar=say(lang, "help.var.table"))
    p.add_argument(
        "--list",
        dest="list_file",
        default="-",
        metavar=say(lang, "help.var.file"),
        help=say(lang, "help.tournament.enter.list"),
    )
    p.add_argument(
        "--replace",
        action="store_true",
        help=say(lang, "help.tournament.enter.replace"),
    )

    p = sub.add_parser("check", help=say(lang, "help.tournament.check"))
    p.add_argument("file", metavar=say(lang, "help.arg.file"))
    p.add_argument("--series", type=int, metavar=say(lang, "help.var.series"))
    p.add_argument("--table", type=int, metavar=say(lang, "help.var.table"))
    p.add_argument("--show", action="store_true", help=say(lang, "help.tournament.check.show"))

    p = sub.add_parser("standings", help=say(lang, "help.tournament.standings"))
    p.add_argument("file", metavar=say(lang, "help.arg.file"))
    p.add_argument(
        "--series",
        type=int,
        help=say(lang, "help.tournament.standings.series"),
        metavar=say(lang, "help.var.series"),
    )
    p.add_argument("--by", choices=("team", "club"), help=say(lang, "help.tournament.standings.by"))
    p.add_argument(
        "--category",
        help=say(lang, "help.tournament.standings.category"),
        metavar=say(lang, "help.var.category"),
    )
    p.add_argument(
        "--money", action="store_true", help=say(lang, "help.tournament.standings.money")
    )
    p.add_argument(
        "--prizes", action="store_true", help=say(lang, "help.tournament.standings.prizes")
    )
    p.add_argument("--format", choices=("text", "html", "csv"), default="text")

    p = sub.add_parser("export", help=say(lang, "help.tournament.export"))
    p.add_argument("file", metavar=say(lang, "help.arg.file"))
    p.add_argument(
        "out", help=say(lang, "help.tournament.export.out"), metavar=say(lang, "help.arg.out")
    )
    p = sub.add_parser("lot", help=say(lang, "help.tournament.lot"))
    p.add_argument("file", metavar=say(lang, "help.arg.file"))
    p.add_argument(
        "--seed",
        type=int,
        help=say(lang, "help.tournament.lot.seed"),
        metavar=say(lang, "help.var.seed"),
    )
    _add_who(sub, lang)


CHANGES = ("new", "players", "seat", "enter", "lot")
"""The commands that change the file: they hold its lock from reading to writing."""


def _add_who(sub: argparse._SubParsersAction[argparse.ArgumentParser], lang: str = "en") -> None:
    for name in CHANGES:
        sub.choices[name].add_argument(
            "--who",
            metavar=say(lang, "help.var.name"),
            help=say(lang, "help.tournament.who"),
        )
