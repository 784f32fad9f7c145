"""The message catalogs (docs/translating.md): every message id the code says is in every
language's catalog, none is left over, each translation keeps its message's placeholders, and
each compiled ``.mo`` is its ``.po`` (Babel, the catalogs' tool, reads and extracts here)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from skat.core.language import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE, choose, say

babel = pytest.importorskip("babel.messages.pofile")
from babel.messages.extract import extract_from_dir  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PYTHON = {"say": (2,), "say_n": (2, 3), "N_": None}  # skat.core.language
JAVASCRIPT = {"t": None, "tn": (1, 2)}  # the web pages' words (common.js)
OPTIONS = {"javascript": {"parse_template_string": "true"}}  # babel.cfg's: t() inside `${…}` too
EXAMPLES = "example."  # the messages of the examples in skat.core.language and the docs
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def used_ids() -> set[str]:
    """Every message id the sources say (what ``pybabel extract`` finds with babel.cfg)."""
    found = {EXAMPLES + "bids", EXAMPLES + "tricks", EXAMPLES + "tricks.plural"}
    for pattern, method, keywords in (
        ("**.py", "python", PYTHON),
        ("**/static/**.js", "javascript", JAVASCRIPT),
    ):
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / "src" / "skat"),
            [(pattern, method)],
            options_map={pattern: OPTIONS.get(method, {})},
            keywords=keywords,
            comment_tags=(),
        ):
            found.update(m for m in ([message] if isinstance(message, str) else message) if m)
    return found


def read(lang: str) -> dict[str, tuple[str, ...]]:
    """A language's ``.po``: message id (each plural form's id too) -> its translations."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        cat = babel.read_po(f)
    out: dict[str, tuple[str, ...]] = {}
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for mid in m.id if isinstance(m.id, tuple) else (m.id,):
            out[mid] = strings
    return out


def test_the_catalogs_are_english_german_and_danish() -> None:
    assert LANGUAGES[0] == SOURCE and {"en", "de", "da"} <= set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_the_code_says_is_in_the_catalog(lang: str) -> None:
    have = read(lang)
    missing = sorted(used_ids() - {k for k, v in have.items() if all(v)})
    assert not missing, f"{lang}: {len(missing)} message ids without a translation: {missing[:20]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_of_the_catalog_is_unused(lang: str) -> None:
    unused = sorted(set(read(lang)) - used_ids())
    assert not unused, f"{lang}: {len(unused)} message ids nothing says: {unused[:20]}"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != SOURCE])
def test_each_translation_keeps_its_placeholders(lang: str) -> None:
    english = read(SOURCE)
    wrong = [
        key
        for key, strings in read(lang).items()
        if key in english
        for s in strings
        if {p for p in PLACEHOLDER.findall(s)}
        - {p for e in english[key] for p in PLACEHOLDER.findall(e)}
    ]
    assert not wrong, f"{lang}: placeholders the English message does not have: {wrong[:20]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_is_its_po_file(lang: str) -> None:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    for key, strings in read(lang).items():
        if key.endswith(".plural"):
            continue
        plural = f"{key}.plural"
        if len(strings) > 1:
            got = tuple(compiled.ngettext(key, plural, n) for n in (1, 2))
            assert got == strings[:2], f"{lang}: {key}: run pybabel compile (docs/translating.md)"
        else:
            assert compiled.gettext(key) == strings[0], (
                f"{lang}: {key}: run pybabel compile (docs/translating.md)"
            )


def test_the_language_is_the_first_that_names_one() -> None:
    assert choose("da", {"LANG": "de_DE.UTF-8"}) == "da"
    assert choose(None, {"SKAT_LANG": "", "LANG": "da_DK.UTF-8"}) == "da"
    assert choose(None, {"LANGUAGE": "fr_FR", "LANG": "de_DE"}) == "en"  # not spoken: English
    assert choose(None, {}) == "en"
    assert say("xx", "example.bids", who="A", bid=18) == say("en", "example.bids", who="A", bid=18)
