"""Check that a game's cards were fixed before it was played (verifiable dealing).

``skat serve`` publishes a commitment (a sha256 hash) of every deal before the game and of
the series' seed before the first game; a game's JSON record carries the commitment and the
nonce that opens it (``meta.dealing``), and the table reveals the seed and salt when the
series is over.  This command recomputes the hashes from the record's cards (scheme in
docs/web.md, "Verifiable dealing").

examples:
  skat verify game-3.json
  skat verify game-3.json --commitment 9f2c…   (the hash you saw before the game)
  skat verify game-3.json --seed 123456 --salt 0a1b… --series 77e1…
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from skat.cli.errors import UserError, os_reason
from skat.core.language import N_, say
from skat.core.state import GameState
from skat.records.jsonerrors import JsonRecordError
from skat.records.jsonrecord import load_json
from skat.series.commitment import check_game, check_series, series_deal

NAME = "verify"
HELP = N_("help.verify")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "record", help=say(lang, "help.verify.record"), metavar=say(lang, "help.arg.record")
    )
    parser.add_argument(
        "--commitment",
        help=say(lang, "help.verify.commitment"),
        metavar=say(lang, "help.var.commitment"),
    )
    parser.add_argument(
        "--seed", type=int, help=say(lang, "help.verify.seed"), metavar=say(lang, "help.var.seed")
    )
    parser.add_argument(
        "--salt", help=say(lang, "help.verify.salt"), metavar=say(lang, "help.var.salt")
    )
    parser.add_argument(
        "--series", help=say(lang, "help.verify.series"), metavar=say(lang, "help.var.series")
    )


def run(args: argparse.Namespace) -> int:
    data = _read(args.record)
    try:
        game = load_json(data)
    except JsonRecordError as exc:
        raise UserError.said(N_("cli.verify.error"), record=args.record, exc=exc) from None
    state = game.state
    if not isinstance(state, GameState):
        raise UserError.said(N_("cli.verify.not-skat-game-record"), record=args.record)
    dealing = data.get("meta", {}).get("dealing")
    if not isinstance(dealing, dict) or not isinstance(dealing.get("nonce"), str):
        raise UserError.said(N_("cli.verify.record-carries-no-deal"), record=args.record)
    published = args.commitment or dealing.get("commitment")
    if not isinstance(published, str):
        raise UserError.said(N_("cli.verify.meta-dealing-commitment-missing"), record=args.record)
    ok = check_game(published, dealing["nonce"], state.deal)
    print(f"game commitment {published[:16]}…: {'the cards match' if ok else 'MISMATCH'}")
    if args.seed is not None or args.salt is not None or args.series is not None:
        ok = _check_seed(args, data, state, dealing) and ok
    return 0 if ok else 1


def _check_seed(
    args: argparse.Namespace, data: dict[str, Any], state: GameState, dealing: dict[str, Any]
) -> bool:
    if args.seed is None or args.salt is None:
        raise UserError.said(N_("cli.verify.give-both-seed-salt"))
    published = args.series or dealing.get("series")
    if not isinstance(published, str):
        raise UserError.said(N_("cli.verify.give-series-series-commitment"))
    number = data.get("meta", {}).get("series", {}).get("game")
    if type(number) is not int or number < 1:
        raise UserError.said(N_("cli.verify.meta-series-game-game"), record=args.record)
    seed_ok = check_series(published, args.salt, args.seed)
    print(
        f"series commitment {published[:16]}…: {'seed and salt match' if seed_ok else 'MISMATCH'}"
    )
    deal_ok = series_deal(args.seed, number) == state.deal
    verdict = "the seed deals these cards" if deal_ok else "MISMATCH: the seed deals other cards"
    print(f"game {number} from seed {args.seed}: {verdict}")
    return seed_ok and deal_ok


def _read(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError.said(N_("cli.verify.error-2"), path=path, value=os_reason(exc)) from None
    except ValueError as exc:
        raise UserError.said(N_("cli.verify.not-json"), path=path, exc=exc) from None
    if not isinstance(data, dict):
        raise UserError.said(N_("cli.verify.game-record-json-object"), path=path)
    return data
