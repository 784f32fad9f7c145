"""Compute a game's value the way players do, with the explanation and the list score.

Give the declarer's cards (10 in hand plus the 2 of the skat, or all 12), the contract in ISS
notation (G, C, S, H, D, N with H = Hand, S = Schneider announced, Z = Schwarz announced,
O = Ouvert), and what happened: card points and tricks.  Schwarz goes by tricks, not points.
Without a contract, every game is listed with the value it is worth with these cards (all 12,
or the 10 in hand before the skat is seen: then the matadors are those of the ten, and a jack
in the skat can still change them).

examples:
  skat value CH --cards "CJ SJ HA HT H7 S8 S9 D7 D8 D9" --skat "DT DA" --points 75
  skat value S --cards "HJ DJ SA ST SK SQ S9 S8 S7 CA" --skat "DA D7" --points 28 --lang de
  skat value CH --matadors 1 --points 74 --bid 46
  skat value --cards "CJ DJ HA HT HK H8 H7 D9 D8 D7" --skat "SA SQ"
  skat value --cards "CJ DJ HA HT HK H8 H7 D9 D8 D7"
"""

from __future__ import annotations

import argparse

from skat.cli.errors import UserError
from skat.cli.words import game_type_name
from skat.core import (
    GRAND,
    NULL,
    CardSet,
    Contract,
    GameType,
    Rules,
    score,
)
from skat.core.contracts import TRUMP_ORDER
from skat.core.declarations import declarations
from skat.core.language import LANGUAGES, N_, say

NAME = "value"
HELP = N_("help.value")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "contract",
        nargs="?",
        help=say(lang, "help.value.contract"),
        metavar=say(lang, "help.arg.contract"),
    )
    parser.add_argument(
        "--cards", help=say(lang, "help.value.cards"), metavar=say(lang, "help.var.cards")
    )
    parser.add_argument(
        "--skat", help=say(lang, "help.value.skat"), metavar=say(lang, "help.var.skat")
    )
    parser.add_argument(
        "--matadors",
        type=int,
        help=say(lang, "help.value.matadors"),
        metavar=say(lang, "help.var.matadors"),
    )
    parser.add_argument(
        "--points",
        type=int,
        help=say(lang, "help.value.points"),
        metavar=say(lang, "help.var.points"),
    )
    parser.add_argument(
        "--tricks",
        type=int,
        help=say(lang, "help.value.tricks"),
        metavar=say(lang, "help.var.tricks"),
    )
    parser.add_argument(
        "--bid",
        type=int,
        default=18,
        help=say(lang, "help.value.bid"),
        metavar=say(lang, "help.var.bid"),
    )
    parser.add_argument(
        "--rules",
        default="isko",
        help=say(lang, "help.value.rules"),
        metavar=say(lang, "help.var.rules"),
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help=say(lang, "help.value.lang")
    )


def run(args: argparse.Namespace) -> int:
    rules = Rules.parse(args.rules)
    if args.contract is None:
        if args.cards is None:
            raise UserError.said(N_("cli.value.give-contract-cards-skat"))
        held = CardSet.parse(args.cards)
        if len(held) == 10 and args.skat is None:
            print(_table(held, args.lang, rules, seen=False))
        else:
            twelve = _twelve(args)
            assert twelve is not None
            print(_table(twelve, args.lang, rules, seen=True))
        return 0
    twelve = _twelve(args)
    contract = Contract.parse(args.contract)
    if twelve is None and args.matadors is None and contract.game_type != NULL:
        raise UserError.said(N_("cli.value.give-declarer-cards-skat"))
    if args.matadors is not None:
        twelve = _cards_for_matadors(contract.game_type, args.matadors)
    assert twelve is not None or contract.game_type == NULL
    points, tricks = _played(args, contract)
    result = score(
        contract,
        bid=args.bid,
        cards=twelve if twelve is not None else 0,
        points=points,
        tricks=tricks,
        defender_tricks=10 - tricks,
        rules=rules,
    )
    lang = args.lang
    print(f"{contract.describe(lang)}: {result.explain(lang)}")
    word = say(lang, "play.won") if result.won else say(lang, "play.lost")
    sign = f"+{result.score}" if result.score > 0 else f"−{-result.score}"
    print(say(lang, "term.value_list", score=sign, outcome=word))
    return 0


def _played(args: argparse.Namespace, contract: Contract) -> tuple[int, int]:
    """The declarer's card points and tricks from the options, checked (and the bid)."""
    points = 61 if args.points is None else args.points
    if not 0 <= points <= 120:
        raise UserError.said(N_("cli.value.points-must-be-not"), points=points)
    tricks = args.tricks
    if tricks is None:
        tricks = 0 if contract.game_type == NULL else 5
    if not 0 <= tricks <= 10:
        raise UserError.said(N_("cli.value.tricks-must-be-not"), tricks=tricks)
    if args.bid < 18:
        raise UserError.said(N_("cli.value.bid-must-be-at"), bid=args.bid)
    return points, tricks


def _twelve(args: argparse.Namespace) -> CardSet | None:
    if args.cards is None:
        if args.skat is not None:
            raise UserError.said(N_("cli.value.skat-needs-cards"))
        return None
    cards = CardSet.parse(args.cards)
    skat = CardSet.parse(args.skat) if args.skat else CardSet()
    if args.skat and len(skat) != 2:
        raise UserError.said(N_("cli.value.skat-must-be-two"), value=len(skat))
    if not cards.isdisjoint(skat):
        raise UserError.said(N_("cli.value.card-both-cards-skat"), value=cards & skat)
    total = cards | skat
    if len(total) != 12:
        raise UserError.said(N_("cli.value.declarer-has-cards-skat"), value=len(total))
    return total


def _cards_for_matadors(game_type: GameType, n: int) -> CardSet:
    """Cards that give ``n`` matadors (+ with, − without) in this game."""
    if game_type == NULL:
        raise UserError.said(N_("cli.value.null-has-no-matadors"))
    limit = 4 if game_type == GRAND else 11
    if n == 0 or abs(n) > limit:
        raise UserError.said(N_("cli.value.matadors-must-be-not"), limit=limit, n=n)
    order = TRUMP_ORDER[game_type]
    if n > 0:
        mask = sum(1 << i for i in order[:n])
    else:
        mask = 1 << order[-n]
    return CardSet(mask)


def _table(cards: CardSet, lang: str, rules: Rules, *, seen: bool) -> str:
    """Every game's value with these cards, simple and Hand (Null: with and without Ouvert),
    from the core's :func:`~skat.core.declarations`: all 12 cards when ``seen``, else the 10
    in hand with the skat unseen.

    >>> print(_table(CardSet.parse("CJ DJ HA HT HK H8 H7 D9 D8 D7"), "en", Rules(), seen=False))
    game                    simple    Hand
    Diamonds (with 1)           18      27
    Hearts (with 1)             20      30
    Spades (with 1)             22      33
    Clubs (with 1)              24      36
    Grand (with 1)              48      72
    Null                        23      35
    Null Ouvert                 46      59
    the skat unseen: the matadors of these 10 cards (a jack in the skat can change them)
    """
    values = {
        o.contract: o
        for picked_up in (False, True)
        for o in declarations(cards, bid=18, rules=rules, picked_up=picked_up)
    }
    lines = [
        say(lang, "term.value_game").ljust(22)
        + say(lang, "term.value_simple").rjust(8)
        + say(lang, "play.flag_hand").rjust(8),
    ]
    for gt in (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GRAND):
        simple, hand = (values[Contract.make(gt, hand=h)] for h in (False, True))
        m = simple.matadors
        key = N_("term.value_with") if m > 0 else N_("term.value_without")
        name = say(lang, key, game=game_type_name(lang, gt), n=abs(m))
        lines.append(f"{name:<22}{simple.value:>8}{hand.value:>8}")
    for ouvert in (False, True):
        simple, hand = (values[Contract.make(NULL, hand=h, ouvert=ouvert)] for h in (False, True))
        name = game_type_name(lang, NULL)
        if ouvert:
            name += " " + say(lang, "play.flag_ouvert")
        lines.append(f"{name:<22}{simple.value:>8}{hand.value:>8}")
    if not seen:
        lines.append(say(lang, "term.value_unseen"))
    return "\n".join(lines)
