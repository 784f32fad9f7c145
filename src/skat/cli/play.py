"""Play Skat in the terminal against two computer players.

You bid, hold or pass, pick up the skat (s) or play Hand (h), put two cards away, choose the
game by its letter and the announcements the rules allow (each with its value; no choice is
a number, so a late bid never declares), and play the cards (the legal ones are marked; type
a card as CJ, ♣J, Kreuz-Bube, or its number in your hand; Enter plays a single legal card).
Every declaration, concede, claim and quit asks once, saying what it means.  After every
game: the result as players say it, the list, and on request (r) the review with all hands,
the skat, every trick, the double-dummy mistakes and how the game could have been won.

Commands at any question: hint (what the computer would play), claim (show your cards and
claim the rest), concede, sort C|S|H|D|G|N, save FILE, help, quit.  When the output is not a
terminal (or with --plain) the game runs in a plain line mode for scripts and screen
readers: one event per line, every question one line ending in " >", one answer per line.

levels (--level): random, heuristic (answers at once), pimc-fast (the default with numba
installed: the heuristic's first tricks, double-dummy sampling from the fourth trick on and in
Null; milliseconds a card), pimc-easy, pimc-medium, pimc-hard, pimc-expert (double-dummy
sampling throughout: stronger, a second or more a card).  Without numba the default is
heuristic.

examples:
  skat play
  skat play --seed 7 --games 6 --level pimc-easy --lang de --deck german
  skat play --rules tournament --save friday.json        (resume: skat play --load friday.json)
  skat play --records games.jsonl && skat list games.jsonl
  skat play --review games.jsonl --id 7-2          (game 2 of the session with seed 7)
  skat play --replay games.jsonl --id 7-2 --from 12     (that deal again from move 12)
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import random
import sys
from typing import TYPE_CHECKING, Final

from skat.ai.arena import AGENTS, BASELINES, default_level
from skat.cli.cardtext import CardStyle
from skat.cli.errors import UserError, os_reason
from skat.cli.playfile import check_paths, load_play
from skat.cli.session import Options, Session, Ui
from skat.cli.speed import warn_if_slow
from skat.cli.words import all_yous
from skat.cli.words import players as players_named
from skat.core import GameState, Rules, Seat
from skat.core.language import LANGUAGES, N_, SaidError, say
from skat.series import Series

if TYPE_CHECKING:
    from skat.cli.gamefiles import Players

NAME = "play"
HELP = N_("help.play")

DEFAULT_LEVEL = default_level()

_LEVELS: Final = [name for name in AGENTS if name not in BASELINES]
"""The computer players offered by name (a measuring baseline is accepted, not offered)."""


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    """The options of ``skat play``, their help in ``lang`` (``skat play --lang da --help``)."""
    file = say(lang, "help.var.file")
    parser.add_argument(
        "--rules",
        default="isko",
        metavar=say(lang, "help.var.rules"),
        help=say(lang, "help.play.rules"),
    )
    parser.add_argument(
        "--level",
        metavar=say(lang, "help.var.level"),
        help=say(lang, "help.play.level", levels=", ".join(_LEVELS), default=DEFAULT_LEVEL),
    )
    parser.add_argument(
        "--seed", type=int, metavar=say(lang, "help.var.seed"), help=say(lang, "help.play.seed")
    )
    parser.add_argument(
        "--games",
        type=int,
        default=3,
        metavar=say(lang, "help.var.games"),
        help=say(lang, "help.play.games"),
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help=say(lang, "help.play.lang", languages=", ".join(LANGUAGES)),
    )
    parser.add_argument("--deck", choices=("french", "german"), help=say(lang, "help.play.deck"))
    parser.add_argument("--sheet", choices=("plain", "seeger"), help=say(lang, "help.play.sheet"))
    parser.add_argument("--plain", action="store_true", help=say(lang, "help.play.plain"))
    parser.add_argument("--save", metavar=file, help=say(lang, "help.play.save"))
    parser.add_argument("--load", metavar=file, help=say(lang, "help.play.load"))
    parser.add_argument("--records", metavar=file, help=say(lang, "help.play.records"))
    parser.add_argument("--review", metavar=file, help=say(lang, "help.play.review"))
    parser.add_argument("--replay", metavar=file, help=say(lang, "help.play.replay"))
    parser.add_argument(
        "--from", dest="start", type=int, default=1, metavar="N", help=say(lang, "help.play.from")
    )
    parser.add_argument("--id", metavar="ID", help=say(lang, "help.play.id"))
    parser.add_argument(
        "--no-analysis", action="store_true", help=say(lang, "help.play.no-analysis")
    )
    from skat.cli.variantplay import VARIANTS

    parser.add_argument("--variant", choices=VARIANTS, help=say(lang, "help.play.variant"))


def _check_level(level: str) -> None:
    """A one-line error for an unknown level; the numba warning for the PIMC levels."""
    if level not in AGENTS:
        known = ", ".join(_LEVELS)
        raise UserError.said(N_("cli.play.unknown-level-known"), level=level, known=known)
    if level.startswith("pimc"):
        warn_if_slow("skat play", "ai")


def _settings(args: argparse.Namespace, saved: dict[str, object]) -> None:
    """Fill what the command line left open from the saved settings, then the defaults."""
    lang = getattr(args, "words", None) or "en"  # skat --lang de, SKAT_LANG, the locale
    defaults = {"level": DEFAULT_LEVEL, "lang": lang, "deck": "french", "records": None}
    for key, default in defaults.items():
        if getattr(args, key) is None:
            setattr(args, key, saved.get(key, default))
    if args.sheet is None and saved.get("sheet") in ("plain", "seeger"):
        args.sheet = saved["sheet"]
    args.no_analysis = args.no_analysis or saved.get("no_analysis") is True


def run(args: argparse.Namespace) -> int:
    if args.load and not args.review and not getattr(args, "variant", None):
        from skat.cli.variantfile import variant_of_file

        try:  # a variant's saved series resumes as one
            args.variant = variant_of_file(args.load)
        except SaidError as exc:
            raise UserError.said(
                N_("cli.variantplay.cannot-load"), path=args.load, why=exc
            ) from None
    if getattr(args, "variant", None) and not args.review:  # Strohmann, Officers', Tournee
        from skat.cli.variantplay import run_variant

        return run_variant(args)
    saved: dict[str, object] = {}
    loaded: Series | None = None
    if args.replay and args.level is None:  # the computer players of the recorded game
        saved["level"] = _recorded_level(args.replay, args.id)
    if args.load and not args.review:
        try:
            loaded, saved = load_play(args.load)
        except OSError as exc:
            why = os_reason(exc)
            raise UserError.said(N_("cli.play.cannot-read"), load=args.load, why=why) from None
    _settings(args, saved)
    if args.review:
        return _review(args)
    if args.replay:
        return _replay(args)
    _check_level(args.level)
    series = _series(args, loaded)
    seed = series.seed
    sheet = args.sheet or (
        series.rules.score_sheet if series.rules.score_sheet in ("plain", "seeger") else "plain"
    )
    terminal = sys.stdin.isatty() and sys.stdout.isatty() and not args.plain
    check_paths(args.save, args.records)
    style = CardStyle(lang=args.lang, deck=args.deck, colour=terminal)
    options = Options(
        level=args.level,
        seed=seed,
        lang=args.lang,
        style=style,
        sheet=sheet,
        save_path=args.save,
        records_path=args.records,
        review_analysis=not args.no_analysis,
    )
    ui = _ui(terminal, args.lang)
    if not terminal:
        print(say(args.lang, "play.start_line", seed=seed, rules=series.rules, level=args.level))
    try:
        return Session(series, ui, options).run()
    finally:
        if not terminal:
            _no_colour_reset_at_exit()


def _series(args: argparse.Namespace, loaded: Series | None) -> Series:
    """The loaded series, or a new one from the options."""
    if loaded is not None:
        if len(loaded.players) != 3:
            raise UserError.said(N_("cli.play.skat-play-needs-series"), load=args.load)
        return loaded
    if args.games < 1:
        raise UserError.said(N_("cli.play.games-must-be-more"), games=args.games)
    rules = Rules.parse(args.rules)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    return Series(players_named(args.lang), rules, seed=seed, games=args.games)


def _no_colour_reset_at_exit() -> None:
    """The plain mode prints no escape codes, not even the colour reset that colorama (loaded
    by numba with the solver) writes at exit."""
    module = sys.modules.get("colorama.initialise")
    reset = getattr(module, "reset_all", None)
    if reset is not None:
        atexit.unregister(reset)


def _ui(terminal: bool, lang: str = "en") -> Ui:
    """The full screen on a terminal, else the plain line mode."""
    if terminal:
        with contextlib.suppress(ImportError):  # line editing for input(), where it exists
            import readline  # noqa: F401
        from skat.cli.screen import TerminalUi

        return TerminalUi(more=say(lang, "play.more"))
    from skat.cli.lines import LineUi

    return LineUi()


def _recorded_level(path: str, wanted: str | None) -> str:
    """The computer level a ``skat play`` JSON record names (else the default)."""
    from collections.abc import Mapping

    from skat.cli.replay import JsonItem, read_records

    for _, item in read_records([path]):
        if not isinstance(item, JsonItem) or not isinstance(item.data, Mapping):
            continue
        if wanted is not None and item.label != f"ID {wanted}":
            continue
        meta = item.data.get("meta")
        level = meta.get("level") if isinstance(meta, Mapping) else None
        return level if isinstance(level, str) and level in AGENTS else DEFAULT_LEVEL
    return DEFAULT_LEVEL


def _replay(args: argparse.Namespace) -> int:
    """``--replay FILE``: a recorded deal again, from move ``--from`` on with your moves."""
    from skat.cli.again import AgainSession, seed_and_number

    label, record, recorded = _replay_record(args)
    meta_id = label[3:] if label.startswith("ID ") else None
    seed, number = seed_and_number(meta_id, args.seed or 0)
    human, players = _replay_seats(record, recorded, args.lang)
    _check_level(args.level)
    terminal = sys.stdin.isatty() and sys.stdout.isatty() and not args.plain
    options = Options(
        level=args.level,
        seed=seed,
        lang=args.lang,
        style=CardStyle(lang=args.lang, deck=args.deck, colour=terminal),
        review_analysis=not args.no_analysis,
    )
    ui = _ui(terminal, args.lang)
    if not terminal:
        print(say(args.lang, "play.again_line", label=label, n=args.start, level=args.level))
    try:
        return AgainSession(record, players, human, args.start, number, ui, options).run()
    finally:
        if not terminal:
            _no_colour_reset_at_exit()


def _replay_record(args: argparse.Namespace) -> tuple[str, GameState, Players]:
    """The finished game ``--replay FILE`` (``--id``) names: its label, the game and its
    players; a one-line error when there is none."""
    from skat.cli.gamefiles import read_games

    found = next(iter(read_games([args.replay], args.id)), None)
    if found is None:
        if args.id:
            raise UserError.said(N_("cli.play.no-game-to-replay-id"), id=args.id)
        raise UserError.said(N_("cli.play.no-game-to-replay"))
    label, record, players = found
    if record.result is None or record.deal is None:
        raise UserError.said(N_("cli.play.record-not-finished-game"), label=label)
    return label, record, players


def _replay_seats(
    record: GameState, players: Players, lang: str
) -> tuple[Seat, tuple[str, str, str]]:
    """Your seat in the replayed game and the names by seat: the seat recorded as "You" (or
    "Du", named in your language), else the declarer's; the computer players named when the
    record names nobody."""
    you, *computers = players_named(lang)
    yours = [i for i, p in enumerate(players or ()) if p in all_yous()]
    if players is not None and yours:  # "You" or "Du": your seat, named in your language
        human = Seat(yours[0])
        players = tuple(you if i == human else p for i, p in enumerate(players))  # type: ignore[assignment]
    else:
        human = Seat(record.declarer if record.declarer is not None else 0)
    if players is None:
        others = iter(computers)
        players = tuple(you if s == human else next(others) for s in range(3))  # type: ignore[assignment]
    assert players is not None
    return human, players


def _review(args: argparse.Namespace) -> int:
    """The review of every recorded game (``--id``: one), of Skat or of a variant."""
    from skat.cli.gamefiles import read_any_games
    from skat.cli.review import review_lines
    from skat.cli.variantreview import variant_review_lines

    style = CardStyle(lang=args.lang, deck=args.deck)
    done = 0
    for label, state, players, _ in read_any_games([args.review], args.id):
        print(f"{label}:")
        if isinstance(state, GameState):
            names = players if players is not None and len(players) == 3 else None
            lines = review_lines(
                state,
                names or players_named(args.lang),
                style,
                args.lang,
                analysis=not args.no_analysis,
            )
        else:  # a variant's game: its own seats (two in Officers' Skat)
            seats = len(state.deal.hands) if hasattr(state.deal, "hands") else 2
            lines = variant_review_lines(
                state, players or players_named(args.lang)[:seats], style, args.lang
            )
        for line in lines:
            print(f"  {line}")
        done += 1
    if not done:
        if args.id:
            raise UserError.said(N_("cli.play.no-game-to-review-id"), id=args.id)
        raise UserError.said(N_("cli.play.no-game-to-review"))
    return 0
