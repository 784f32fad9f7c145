"""A bad ``--rules`` string in a German session is answered in German (issue 17: "with
--lang de every message, error and help is German"), whatever shape the core's error has."""

from __future__ import annotations

import re

import pytest

from skat.cli.main import main
from skat.cli.ruleswords import german_rules_error
from skat.core.rules import RULES_ERRORS, Rules, RulesError

BAD_RULES = [
    "",
    "foo",
    "isko,kontra",
    "isko,nonsense=1",
    "isko,kontra=on,kontra=off",
    "isko,kontra=vielleicht",
    "isko,ramsch=nein",
    "isko,bock=-1",
    "isko,bock=x",
    "old,kontra=on",
    "isko,supra=on",
]
ENGLISH = re.compile(
    r"\b(rules|option|preset|takes|unknown|known|not|needs|write|given|twice|excludes)\b"
)


@pytest.mark.parametrize("text", BAD_RULES)
def test_every_rules_error_has_german_words(text: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.parse(text)
    german = german_rules_error(info.value)
    assert info.value.key in RULES_ERRORS
    assert german != str(info.value)
    assert not ENGLISH.search(german), german


def test_german_session_says_a_bad_rules_string_in_german(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "de", "value", "CH", "--rules", "isko,kontra=vielleicht"]) == 2
    err = capsys.readouterr().err
    assert err == "skat value: Fehler: Regeloption kontra nimmt on oder off, nicht 'vielleicht'\n"


def test_english_session_keeps_the_core_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "value", "CH", "--rules", "isko,kontra=vielleicht"]) == 2
    assert "rules option kontra takes on or off, not 'vielleicht'" in capsys.readouterr().err


def test_every_kind_of_rules_error_has_german_words() -> None:
    from skat.cli.ruleswords import KEYS as GERMAN

    assert set(GERMAN) == set(RULES_ERRORS)


def test_rules_error_keeps_its_kind_through_pickle() -> None:
    import pickle

    with pytest.raises(RulesError) as info:
        Rules.parse("isko,kontra=vielleicht")
    again = pickle.loads(pickle.dumps(info.value))
    assert (str(again), again.key, again.params) == (
        str(info.value),
        info.value.key,
        info.value.params,
    )
