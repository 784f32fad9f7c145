"""Go through played games card by card with the double-dummy solver.

For every card played: the declarer's card points from there with that card against the
best card's, and the points it lost; for the declarer: could the game have been won, with
which line, and the game's double-dummy value.  FILE holds ISS records or JSON game records
(found by content; - is stdin).

The double-dummy value is the card points the declarer ends with when every hand is open
and both sides play perfectly, the skat (or the two cards put away) counted for him as the
rules count it; in Null: whether he stays without a trick.

examples:
  skat analyse tests/data/iss/real.sgf --limit 3
  skat analyse games.jsonl --id 1234 --all
"""

from __future__ import annotations

import argparse
import sys

from skat.cli.cardtext import CardStyle
from skat.cli.errors import UserError
from skat.cli.gamefiles import read_games
from skat.cli.review import analysis_lines
from skat.cli.speed import warn_if_slow
from skat.cli.words import seat_name
from skat.core import NULL, Seat
from skat.core.language import N_, say

NAME = "analyse"
HELP = N_("help.analyse")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "files", nargs="+", metavar=say(lang, "help.var.file"), help=say(lang, "help.analyse.files")
    )
    parser.add_argument("--id", help=say(lang, "help.analyse.id"), metavar=say(lang, "help.var.id"))
    parser.add_argument(
        "--limit",
        type=int,
        default=0,
        help=say(lang, "help.analyse.limit"),
        metavar=say(lang, "help.var.limit"),
    )
    parser.add_argument("--all", action="store_true", help=say(lang, "help.analyse.all"))


def run(args: argparse.Namespace) -> int:
    if args.limit < 0:
        raise UserError.said(N_("cli.analyse.limit-must-be-no"), limit=args.limit)
    warn_if_slow("skat analyse", "ai")
    from skat.ai.dds import analyse, cost_words, mistake_words  # the solver: only when needed

    lang = getattr(args, "words", None) or "en"
    style = CardStyle(lang=lang)
    done = 0
    for label, state, players in read_games(args.files, args.id):
        if state.result is None or state.declarer is None:
            print(f"{label}: no game was played (passed in, or ended in the auction)")
            continue
        names = players or tuple(seat_name(lang, s) for s in Seat)
        print(f"{label}: {state.result.explain(lang, names=names)}")
        lines = analysis_lines(state, names, style, lang)  # the terminal review's words
        if args.all:  # every card, those that lost value in the same words
            result = analyse(state)
            for i, m in enumerate(result.moves):
                who, card = names[m.seat], style.card(m.card)
                trick = i // 3 + 1
                if m.loss > 0:
                    best = " ".join(style.card(c) for c in m.best_cards)
                    null = state.contract is not None and state.contract.game_type == NULL
                    text = mistake_words(
                        trick, who, card, best, cost_words(m.loss, null, lang), lang
                    )
                else:
                    text = say(lang, "play.trick") + f" {trick}: {who} {card}"
                print(f"  {text}")
            lines = lines[:1]
        for line in lines:
            print(f"  {line.strip()}" if line.startswith("  ") else f"  {line}")
        sys.stdout.flush()  # a game at a time into a file or pipe: progress, and kept on a kill
        done += 1
        if args.limit and done >= args.limit:
            break
    if done == 0:
        if args.id:
            raise UserError.said(N_("cli.analyse.no-game-id"), id=args.id)
        raise UserError.said(N_("cli.analyse.no-game"))
    return 0
