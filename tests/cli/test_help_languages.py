"""Every subcommand's help and usage errors in every language of the catalogs (issue 38): with
``--lang de`` and ``--lang da`` no English word is left, neither the subcommand's own words
(message ids ``help.*``, ``about.*`` of ``skat.po``) nor argparse's (the ``argparse`` domain,
whose message ids are argparse's own phrases, :mod:`skat.cli.argwords`)."""

from __future__ import annotations

import argparse
import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from skat.cli.argwords import DOMAIN, argparse_words
from skat.cli.main import ABOUT, COMMANDS, build_parser, main, subcommand
from skat.core.language import LOCALE_DIR, say

babel = pytest.importorskip("babel.messages.pofile")
from babel.messages.extract import extract_from_file  # noqa: E402

TRANSLATED = ("de", "da")

ENGLISH_WORDS = frozenset(
    """
    the of and with from default file files show this usage options required invalid choice
    expected unrecognized following player game games seed number write only every each
    which when or without cards card tricks record records deal deals table tables out your
    you are its than then there their one two error that may instead after before until
    """.split()  # noqa: SIM905
)
"""English words that are neither German nor Danish words (nor the command names and
values that every language keeps, such as ``players``, ``list`` or ``help``)."""

USAGE = {"de": "Aufruf: skat", "da": "brug: skat"}
ERROR = {"en": ": error: ", "de": ": Fehler: ", "da": ": fejl: "}


def english_words(text: str) -> list[str]:
    """The English words of ``text``: its words less the example commands, the quoted program
    output, options (``--seed``), file names, values joined by punctuation (``won,lost``)."""
    lines = [
        line
        for line in text.splitlines()
        if not re.match(r"\s+(skat |bzcat |diff: |\S+: N samples)", line)
    ]
    kept = re.sub(r"(?<![\w])-\S+", " ", "\n".join(lines))  # options and their values
    kept = re.sub(r"\S+[,=:/.\\]\S+", " ", kept)  # file names, URLs, A,B lists
    kept = re.sub(r"\w+(-\w+)+", " ", kept)  # names such as thirty-one, skat-game
    return [w for w in re.findall(r"[A-Za-z]+", kept) if w.lower() in ENGLISH_WORDS]


def parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[str, ...]]:
    """The command path of ``parser`` and of each subcommand under it."""
    yield path
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from parsers(sub, (*path, name))


PATHS = sorted(parsers(build_parser("en")))


def _helps(lang: str) -> dict[tuple[str, ...], str]:
    """Every (sub)command's ``--help`` in ``lang``."""
    out: dict[tuple[str, ...], str] = {}
    with argparse_words(lang):
        root = build_parser(lang)
        for path in PATHS:
            parser = root
            for name in path:
                parser = next(
                    a for a in parser._actions if isinstance(a, argparse._SubParsersAction)
                ).choices[name]
            out[path] = parser.format_help()
    return out


HELPS = {lang: _helps(lang) for lang in TRANSLATED}


def test_the_word_check_finds_english() -> None:
    english = _helps("en")
    assert english_words(english[("tournament", "seat")])
    assert english_words(english[()])
    assert not english_words("Spiele (1)  skat play --seed 7 --out games.jsonl  won,fewer_lost")


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "skat")
def test_every_help_has_no_english_word(lang: str, path: tuple[str, ...]) -> None:
    shown = HELPS[lang][path]
    assert shown.startswith(USAGE[lang])
    assert english_words(shown) == []


def _wrong_value(path: tuple[str, ...]) -> list[str]:
    """A command line of ``path`` with a wrong option value (a choice or a number), else one
    missing its required arguments, else one with an unknown option."""
    parser = build_parser("en")
    for name in path:
        parser = next(
            a for a in parser._actions if isinstance(a, argparse._SubParsersAction)
        ).choices[name]
    for action in parser._actions:
        if action.option_strings and (action.choices is not None or action.type in (int, float)):
            return [*path, action.option_strings[-1], "nonsense"]
    if any(a.required for a in parser._actions):
        return list(path)
    return [*path, "--nonsense"]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("path", [p for p in PATHS if p], ids=" ".join)
def test_usage_errors_have_no_english_word(
    lang: str, path: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in ([*path, "--no-such-option"], _wrong_value(path)):
        with pytest.raises(SystemExit) as done:
            main(["--lang", lang, *argv])
        assert done.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith(USAGE[lang]), err
        assert ERROR[lang] in err.splitlines()[-1]
        assert english_words(err) == [], (argv, err)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("de", "skat value: Fehler: Argument --points: ungültiger Wert (int): 'viele'"),
        ("da", "skat value: fejl: argument --points: ugyldig værdi (int): 'viele'"),
    ],
)
def test_a_wrong_value_is_said_in_the_language(
    lang: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", lang, "value", "--points", "viele"])
    assert capsys.readouterr().err.splitlines()[-1] == line


def test_the_lang_choices_are_the_catalogs_languages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "da", "--help"])
    out = capsys.readouterr().out
    assert "--lang {en,da,de}" in out and "Skat-system" in out


# argparse's own catalog


def argparse_ids() -> set[str]:
    """Every message id of the running Python's argparse.py (``pybabel extract`` of it)."""
    found: set[str] = set()
    for _line, message, _comments, _context in extract_from_file("python", argparse.__file__):
        found.update([message] if isinstance(message, str) else [m for m in message if m])
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_argparse_phrase_is_translated(lang: str) -> None:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        catalog = {m.id: m.string for m in babel.read_po(f) if m.id}
    have = {
        i
        for key, strings in catalog.items()
        for i in (key if isinstance(key, tuple) else (key,))
        if all(strings if isinstance(strings, tuple) else (strings,))
    }
    assert argparse_ids() - have == set()
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    for key, strings in catalog.items():
        if isinstance(key, tuple):
            assert tuple(compiled.ngettext(key[0], key[1], n) for n in (1, 2)) == strings[:2]
        else:
            assert compiled.gettext(key) == strings, f"{lang}: run pybabel compile -D argparse"


def test_argparse_is_asked_through_its_gettext_hook_not_patched() -> None:
    saved = gettext.textdomain()  # the process's domain is restored after the block
    with argparse_words("da"):
        assert argparse._ is gettext.gettext  # type: ignore[attr-defined]
        assert argparse.ngettext is gettext.ngettext
        assert gettext.gettext("usage: ") == "brug: "
    assert gettext.textdomain() == saved
    assert gettext.gettext("usage: ") == "usage: "


# every subcommand's own errors

WRONG = [
    ["tournament", "check", "{tmp}/none.json"],
    ["tournament", "new", "{tmp}", "Cup"],
    ["season", "standings", "{tmp}/none.json"],
    ["value", "CH", "--points", "130", "--matadors", "1"],
    ["solve", "--deal", "x"],
    ["verify", "{tmp}/none.json"],
    ["arena", "--agents", "heuristic"],
    ["arena-merge", "{tmp}/none.jsonl"],
    ["selfplay", "--agent", "heuristic", "--deals", "1", "--out", "{tmp}/d", "--first", "-1"],
    ["serve", "--port", "0"],
    ["play", "--level", "nobody"],
    ["samples", "x.sgf", "--out", "x.txt"],
    ["thirty-one", "--players", "12"],
    ["iss", "--server", "nohost", "--user", "u", "--password-file", "{tmp}/pw"],
    ["list", "{tmp}/none.jsonl"],
    ["replay", "{tmp}/none.sgf"],
    ["analyse", "{tmp}/none.sgf"],
]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("argv", WRONG, ids=lambda a: " ".join(a[:2]))
def test_subcommand_errors_are_said_in_the_language(
    lang: str, argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(["--lang", "en", *words]) == 2
    english = capsys.readouterr().err.strip()
    assert main(["--lang", lang, *words]) == 2
    said = capsys.readouterr().err.strip()
    assert said.startswith(f"skat {argv[0]}{ERROR[lang]}"), said
    assert len(said.splitlines()) == 1 and said != english
    assert english_words(said) == [], said


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "player name ' Bad' holds a control character or outer spaces"),
        ("de", "der Spielername ' Bad' enthält ein Steuerzeichen oder äußere Leerzeichen"),
        ("da", "spillernavnet ' Bad' indeholder et kontroltegn eller mellemrum i enderne"),
    ],
)
def test_the_tournament_librarys_errors_are_said_in_the_language(
    lang: str, line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cup = str(tmp_path / "cup.json")
    assert main(["tournament", "new", cup, "Cup"]) == 0
    assert main(["--lang", lang, "tournament", "players", cup, "--add", " Bad"]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said == f"skat tournament{ERROR[lang]}{line}"
    assert lang == "en" or english_words(said) == []


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_english_description_is_the_modules_docstring(name: str) -> None:
    """The CLI reference shows each module's docstring: the English catalog says the same."""
    assert say("en", ABOUT[name]) == subcommand(name).__doc__
    assert say("de", ABOUT[name]) != say("en", ABOUT[name]) != say("da", ABOUT[name])
