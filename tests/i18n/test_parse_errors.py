"""A card, a contract or an action that cannot be read is an error said in the user's language
(the terminal's and every subcommand's): the parse errors carry message ids."""

from __future__ import annotations

import pytest

from skat.cli.main import main
from skat.core import Bid, Card, CardSet, Contract, Discard
from skat.core.actions import parse_action
from skat.core.language import SaidError


@pytest.mark.parametrize(
    ("read", "english", "german", "danish"),
    [
        (lambda: Card.parse("XX"), "not a card: 'XX'", "keine Karte: 'XX'", "intet kort: 'XX'"),
        (
            lambda: Contract.parse("XX"),
            "not a contract: 'XX'",
            "kein Spiel: 'XX'",
            "intet spil: 'XX'",
        ),
        (
            lambda: Bid.of(19),
            "19 is not a bid value (next: 20)",
            "19 ist kein Reizwert (nächster: 20)",
            "19 er ingen reizværdi (næste: 20)",
        ),
        (
            lambda: parse_action("XYZ"),
            "not an action: 'XYZ'",
            "kein Zug: 'XYZ'",
            "intet træk: 'XYZ'",
        ),
        (
            lambda: Discard.parse("CJ"),
            "a discard is exactly two cards, not 'CJ'",
            "gedrückt werden genau zwei Karten, nicht 'CJ'",
            "der trykkes præcis to kort, ikke 'CJ'",
        ),
        (
            lambda: CardSet.parse("CJ CJ"),
            "card given twice: 'CJ'",
            "Karte zweimal angegeben: 'CJ'",
            "kort angivet to gange: 'CJ'",
        ),
    ],
)
def test_a_parse_error_is_said_in_every_language(read, english, german, danish) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SaidError) as caught:
        read()
    error = caught.value
    assert isinstance(error, ValueError)
    assert (str(error), error.describe("de"), error.describe("da")) == (english, german, danish)


def test_a_subcommand_says_a_bad_contract_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "value", "XX"]) == 2
    assert capsys.readouterr().err.strip() == "skat value: Fehler: kein Spiel: 'XX'"
