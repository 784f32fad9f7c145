"""The double-dummy value of a deal or a position (every hand open, best play by both
sides), the value of every legal card, and the best line trick by trick.

Give a position in the solver's notation, or a deal (32 cards in ISS order: Forehand's 10,
Middlehand's 10, Rearhand's 10, the skat) with the game and the declarer, or a recorded
game (ISS or JSON) and how many cards of its play to go forward.

The double-dummy value is the card points the declarer ends with when every hand is open
and both sides play perfectly, the skat (or the two cards put away) counted for him as the
rules count it; in Null: whether he stays without a trick.

A position with at most 6 tricks left is solved as plain Python, without importing numba:
that takes well under a second, where loading numba and the compiled solver alone takes
one to several seconds (docs/performance.md).  A whole deal is solved with numba.

examples:
  skat solve "G decl=0 hands=CJ.HA/HT.H7/HK.S7"
  skat solve --game H --declarer 0 --deal "CJ SJ HA HT HK H8 H7 D9 D8 D7 \\
      CA CT CK CQ C9 SA ST SK SQ S9  HJ DJ C8 C7 S8 S7 HQ H9 DA DT  DK DQ"
  skat solve --record tests/data/iss/real.sgf --id 9 --after 6
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Final

from skat.cli.errors import UserError
from skat.cli.gamefiles import read_games
from skat.cli.speed import warn_if_slow
from skat.cli.words import seat_name
from skat.core import CARDS, NULL, Card, CardSet, Contract, Deal, Phase, Seat
from skat.core.language import N_, say
from skat.core.steps import restarted

if TYPE_CHECKING:
    from skat.ai.dds import Position

NAME = "solve"
HELP = N_("help.solve")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "position",
        nargs="?",
        help=say(lang, "help.solve.position"),
        metavar=say(lang, "help.arg.position"),
    )
    parser.add_argument(
        "--deal", help=say(lang, "help.solve.deal"), metavar=say(lang, "help.var.deal")
    )
    parser.add_argument(
        "--game", help=say(lang, "help.solve.game"), metavar=say(lang, "help.var.game")
    )
    parser.add_argument(
        "--declarer",
        type=int,
        help=say(lang, "help.solve.declarer"),
        metavar=say(lang, "help.var.declarer"),
    )
    parser.add_argument(
        "--discard", help=say(lang, "help.solve.discard"), metavar=say(lang, "help.var.discard")
    )
    parser.add_argument(
        "--record", metavar=say(lang, "help.var.file"), help=say(lang, "help.solve.record")
    )
    parser.add_argument("--id", help=say(lang, "help.solve.id"), metavar=say(lang, "help.var.id"))
    parser.add_argument(
        "--after",
        type=int,
        default=0,
        help=say(lang, "help.solve.after"),
        metavar=say(lang, "help.var.after"),
    )


PLAIN_TRICKS: Final = 6
"""Positions with at most this many tricks left are solved without numba: the plain Python
solver needs under a second for them (docs/performance.md), less than numba's start-up."""


def tricks_left(args: argparse.Namespace) -> int | None:
    """The tricks left in the position asked for, read before the solver is imported (the
    most cards a hand holds; ``None`` when the position text cannot be read here).

    >>> tricks_left(argparse.Namespace(position="G decl=0 hands=CJ.HA/HT.H7/HK.S7", deal=None))
    2
    >>> tricks_left(argparse.Namespace(position=None, deal="...", record=None))
    10
    """
    if args.position is not None:
        for token in args.position.split():
            name, _, value = token.partition("=")
            if name == "hands":
                try:
                    return max(
                        len(CardSet.parse(h)) if h.strip() not in ("", "-") else 0
                        for h in value.split("/")
                    )
                except ValueError:
                    return None
        return None
    if args.deal is not None:
        return 10
    after: int = args.after
    return 10 if after < 0 else 10 - after // 3


def _small_without_numba(args: argparse.Namespace) -> bool:
    """Whether the position is small enough for plain Python; when it is and this process is
    the command's own (``skat solve`` run from the shell), numba is not imported."""
    tricks = tricks_left(args)
    small = tricks is not None and tricks <= PLAIN_TRICKS
    if small and getattr(args, "_own_process", False) and "skat.ai._kernel" not in sys.modules:
        os.environ["SKAT_NO_NUMBA"] = "1"  # read when the kernel is imported, just below
    return small


def run(args: argparse.Namespace) -> int:
    given = [x is not None for x in (args.position, args.deal, args.record)]
    if sum(given) != 1:
        raise UserError.said(N_("cli.solve.give-one-position-deal"))
    if not _small_without_numba(args):
        warn_if_slow("skat solve", "ai")
    from skat.ai.dds import Position, PositionError

    try:
        if args.position is not None:
            pos = Position.parse(args.position)
        elif args.deal is not None:
            pos = _from_deal(args)
        else:
            pos = _from_record(args)
    except PositionError as exc:
        raise UserError.said(N_("cli.error.of"), error=exc) from None
    for line in solve_lines(pos):
        print(line)
    return 0


def _from_deal(args: argparse.Namespace) -> Position:
    from skat.ai.dds import Position

    if args.game is None or args.declarer is None:
        raise UserError.said(N_("cli.solve.deal-needs-game-declarer"))
    if args.declarer not in (0, 1, 2):
        raise UserError.said(N_("cli.solve.declarer-seat-not"), declarer=args.declarer)
    deal = Deal.parse(args.deal)
    contract = Contract.parse(args.game)
    hands = [h.mask for h in deal.hands]
    d = args.declarer
    away = deal.skat
    if args.discard is not None:
        if contract.hand:
            raise UserError.said(N_("cli.solve.hand-game-puts-nothing"))
        away = CardSet.parse(args.discard)
        twelve = deal.hands[d] | deal.skat
        if len(away) != 2 or not away <= twelve:
            raise UserError.said(N_("cli.solve.discard-two-declarer-cards"), discard=args.discard)
        hands[d] = (twelve - away).mask
    gt = contract.game_type
    return Position(
        hands=(hands[0], hands[1], hands[2]),
        game_type=int(gt),
        declarer=d,
        declarer_points=0 if gt == NULL else away.points,
        schwarz=contract.schwarz_announced and gt != NULL,
    )


def _from_record(args: argparse.Namespace) -> Position:
    from skat.ai.dds import Position

    if args.after < 0:
        raise UserError.said(N_("cli.solve.after-must-be-more"), after=args.after)
    for label, state, _ in read_games([args.record], args.id):
        game = restarted(state)
        played = 0
        for ev in state.history:
            if game.phase == Phase.PLAY and isinstance(ev.action, Card):
                if played == args.after:
                    break
                played += 1
            game.apply(ev.action, ev.seat)
        if game.phase != Phase.PLAY or game.contract is None:
            raise UserError.said(N_("cli.solve.no-card-play-at"), label=label)
        if played < args.after:
            raise UserError.said(N_("cli.solve.only-cards-were-played"), label=label, played=played)
        print(f"{label}: {game.contract.describe()}, after {played} cards")
        return Position.from_state(game)
    if args.id:
        raise UserError.said(N_("cli.solve.no-game-id"), id=args.id)
    raise UserError.said(N_("cli.solve.no-game"))


def solve_lines(pos: Position) -> list[str]:
    """The verdict, every legal card's value and the best line of a position.

    >>> from skat.ai.dds import Position
    >>> print("\\n".join(solve_lines(Position.parse("G decl=0 hands=CJ.HA/HT.H7/HK.S7"))))
    Grand, declarer Forehand, Forehand to play
    double-dummy value 27: the card points the declarer ends with, skat included (27 still to come): lost
    cards (the declarer's points from here): HA 27  CJ 27
    best line:
      trick 9: Forehand HA  Middlehand H7  Rearhand HK
      trick 10: Forehand CJ  Middlehand HT  Rearhand S7
    """
    from skat.ai.dds import best_line, solve, solve_all, value_words

    names = [seat_name("en", s) for s in Seat]
    game = ("Diamonds", "Hearts", "Spades", "Clubs", "Grand", "Null")[pos.game_type]
    lines = [f"{game}, declarer {names[pos.declarer]}, {names[pos.to_move]} to play"]
    if pos.is_over:
        lines.append("the game is over in this position")
        return lines
    value = solve(pos)
    unit = "the declarer's points from here"
    if pos.game_type == NULL:
        lines.append(
            "double-dummy: the declarer "
            + ("stays without a trick (wins)" if value else "must take a trick (loses)")
        )
        unit = "1: no trick for the declarer"
    elif pos.schwarz:
        from skat.ai.dds import TRICKS, Solver

        left = (sum(m.bit_count() for m in pos.hands) + len(pos.trick)) // 3
        every = Solver().at_least(pos, left, TRICKS)
        lines.append(
            "double-dummy: Schwarz announced: the declarer "
            + ("takes every trick (wins)" if every else "cannot take every trick (loses)")
        )
    else:
        total = pos.declarer_points + value
        outcome = "won" if total >= 61 else "lost"
        lines.append(f"{value_words(total)} ({value} still to come): {outcome}")
    values = solve_all(pos)
    lines.append(f"cards ({unit}): " + "  ".join(f"{c} {v}" for c, v in values.items()))
    lines.append("best line:")
    trick: list[str] = [
        f"{names[(pos.leader + i) % 3]} {CARDS[c]}" for i, c in enumerate(pos.trick)
    ]
    seat = (pos.leader + len(pos.trick)) % 3
    number = (30 - sum(m.bit_count() for m in pos.hands) - len(pos.trick)) // 3 + 1
    current = pos
    for card in best_line(pos):
        trick.append(f"{names[seat]} {card}")
        current = current.play(card)
        seat = current.to_move
        if len(trick) == 3:
            lines.append(f"  trick {number}: " + "  ".join(trick))
            trick = []
            number += 1
    if trick:
        lines.append(f"  trick {number}: " + "  ".join(trick))
    return lines
