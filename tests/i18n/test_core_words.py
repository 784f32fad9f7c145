"""The core's and libraries' words in every catalog language: a Danish scoring explanation, a
Danish Tournee result, Danish actions, cards, seats and list names have no English word; an
unknown language speaks English (docs/translating.md)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from skat.ai.dds import cost_words, mistake_words, value_words
from skat.core.actions import (
    ACTION_KINDS,
    SCHENKEN,
    SHOW_CARDS,
    Action,
    Resign,
    Violation,
    describe,
)
from skat.core.cards import CARDS, Card, CardSet, Rank, Suit
from skat.core.contracts import Contract, GameType
from skat.core.language import LANGUAGES
from skat.core.rules import OPTIONS, Rules, RulesError
from skat.core.scoring import Result, score, score_ramsch
from skat.core.seats import Seat
from skat.core.sheets import list_game
from skat.env.action_ids import NUM_ACTIONS
from skat.env.action_ids import describe as describe_id
from skat.records.iss import RecordError, read_iss
from skat.records.replay import replay
from skat.series.export import Row, ScoreList
from skat.series.settlement import Payment
from skat.variants.registry import find_variant, variant_names
from skat.variants.tournee_scoring import GUCKSER, SOLO, TOURNEE, TourneeResult

NAMES = ("Ann", "Bob", "Cid")
REAL = Path(__file__).resolve().parent.parent / "data" / "iss" / "real.sgf"
"""Real ISS records (tests/records' fixtures)."""
SHARED = {
    # Skat's own words, the same in English and Danish (the Dansk Skat Union's words)
    "grand",
    "kontra",
    "re",
    "supra",
    "resupra",
    "ramsch",
    "durchmarsch",
    "spitze",
    "points",
    "point",
    "tournee",
    "solo",
    "guckser",
    "normal",
    "bock",
    "isko",
    "skat",
    *(n.lower() for n in NAMES),
}
"""Words a Danish sentence may share with the English one."""


CODES = re.compile(r"\b(?:[CSHD][789TQKAJ]|[GCSHDN][HOSZ]*)\b")
"""Cards and contracts in notation (``DQ``, ``CHS``): the same in every language."""


def words(text: str) -> set[str]:
    """The words of ``text``, lower case (numbers, codes and signs left out)."""
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", CODES.sub(" ", text))}


def english_in(danish: str, english: str) -> set[str]:
    """The words of the English sentence that the Danish one has (Skat's shared words aside)."""
    return (words(danish) & words(english)) - SHARED


def results() -> list[Result]:
    """A result of every kind the explanation words: won, lost, overbid, Schneider announced,
    Schwarz, Kontra, Null, resigned, Schenken, a violation, Ramsch, Jungfrau, Durchmarsch,
    pushed, passed in."""
    hand = CardSet.parse("CJ SJ HA HT H7 S8 S9 D7 D8 D9 DT DA")
    kontra = Rules(kontra=True)
    return [
        score(Contract.parse("CH"), bid=18, cards=hand, points=75, tricks=6, defender_tricks=4),
        score(Contract.parse("S"), bid=18, cards=CardSet.parse("HJ DJ"), points=28, tricks=3,
              defender_tricks=7, declarer=1),
        score(Contract.parse("H"), bid=60, cards=hand, points=80, tricks=7, defender_tricks=3,
              declarer=0),
        score(Contract.parse("GHS"), bid=18, cards=hand, points=100, tricks=9,
              defender_tricks=1, declarer=2, multiplier=4, kontra=2, rules=kontra),
        score(Contract.parse("DHSZ"), bid=18, cards=hand, points=120, tricks=10,
              defender_tricks=0, declarer=0),
        score(Contract.parse("G"), bid=18, cards=hand, points=40, tricks=4, defender_tricks=6,
              declarer=0, declarer_resigned=True),
        score(Contract.parse("G"), bid=18, cards=hand, points=0, tricks=0, defender_tricks=0,
              declarer=1, schenken=True, outcome=(True, False, False)),
        score(Contract.parse("C"), bid=18, cards=hand, points=0, tricks=0, defender_tricks=0,
              declarer=1, violation=(0, "revoke"), outcome=(True, False, False)),
        score(Contract.parse("NO"), bid=46, cards=hand, points=0, tricks=0, defender_tricks=10,
              declarer=2),
        score(Contract.parse("NH"), bid=35, cards=hand, points=10, tricks=1, defender_tricks=9,
              declarer=0),
        score_ramsch("ramsch", seat_points=(90, 30, 0), seat_tricks=(7, 3, 0)),
        score_ramsch("schieberamsch", seat_points=(60, 40, 20), seat_tricks=(5, 3, 2), pushes=2),
        score_ramsch("ramsch", seat_points=(120, 0, 0), seat_tricks=(10, 0, 0)),
        score_ramsch("gewinner", seat_points=(60, 40, 20), seat_tricks=(5, 3, 2)),
        Result(None),
    ]  # fmt: skip


@pytest.mark.parametrize("result", results(), ids=lambda r: str(r.contract or r.ramsch))
def test_a_scoring_explanation_in_danish_has_no_english_word(result: Result) -> None:
    for names in (None, NAMES):
        danish, english = result.explain("da", names=names), result.explain("en", names=names)
        assert danish != english or not words(english) - SHARED, danish
        assert not english_in(danish, english), (danish, english)


def test_a_scoring_explanation_in_danish_reads_as_players_say_it() -> None:
    hand = CardSet.parse("CJ SJ HA HT H7 S8 S9 D7 D8 D9 DT DA")
    won = score(Contract.parse("CH"), bid=18, cards=hand, points=75, tricks=6, defender_tricks=4,
                declarer=0)  # fmt: skip
    assert won.explain("da") == "med 2, spil 3, hånd 4, × klør 12 = 48"
    assert won.explain("da", names=NAMES) == (
        "Ann vinder klør hånd med 75 points: med 2, spil 3, hånd 4 × 12 = 48"
    )
    lost = score(Contract.parse("S"), bid=18, cards=CardSet.parse("HJ DJ"), points=28, tricks=3,
                 defender_tricks=7)  # fmt: skip
    assert lost.explain("da") == "uden 2, spil 3, skrædder 4, × spar 11 = 44, tabt 2 × 44 = −88"
    assert Result(None).explain("da") == "alle passer"
    ramsch = score_ramsch("ramsch", seat_points=(60, 40, 20), seat_tricks=(5, 3, 2))
    assert ramsch.explain("da") == "ramsch (60 40 20), forhånd −60"


def tournee_results() -> list[TourneeResult]:
    return [
        TourneeResult(Contract.parse("C"), declarer=0, bid=24, won=False, points=55, matadors=2,
                      level=3, value=24, score=-48, kind=TOURNEE, base=8, second_card=True),
        TourneeResult(Contract.parse("GO"), declarer=1, bid=30, won=True, points=120,
                      matadors=-1, level=6, value=144, score=144, kind=GUCKSER, base=24,
                      schneider=True, schwarz=True),
        TourneeResult(Contract.parse("HHS"), declarer=2, bid=80, won=False, points=70,
                      matadors=1, level=5, value=50, score=-100, kind=SOLO, base=10,
                      overbid=True, resigned=True),
        TourneeResult(Contract.parse("N"), declarer=0, bid=23, won=True, value=23, score=23,
                      kind=SOLO, base=23),
        TourneeResult(None),
    ]  # fmt: skip


@pytest.mark.parametrize("result", tournee_results(), ids=lambda r: str(r.contract))
def test_a_tournee_result_in_danish_has_no_english_word(result: TourneeResult) -> None:
    for names in (None, NAMES):
        danish, english = result.explain("da", names=names), result.explain("en", names=names)
        assert not english_in(danish, english), (danish, english)
        assert danish != result.explain("de", names=names)


def test_a_tournee_result_in_danish_reads_as_players_say_it() -> None:
    lost = tournee_results()[0]
    assert lost.explain("da") == (
        "klør tournee (andet kort): med 2, spil 3, × 8 = 24, tabt 2 × 24 = −48"
    )
    assert lost.game_name_in("da") == "klør tournee (andet kort)"


def _every_kind() -> list[Action]:
    table_events: list[Action] = [SHOW_CARDS, Resign(0), Resign(0, consent=2), SCHENKEN[1]]
    table_events += [Violation(2, kind) for kind in ("revoke", "wrong_lead", "left")]
    return [a for kind in ACTION_KINDS if kind.ids for a in kind.ids[:2]] + table_events


@pytest.mark.parametrize("action", _every_kind(), ids=str)
def test_every_kind_of_action_has_danish_words(action: Action) -> None:
    danish, english = describe(action, "da"), describe(action, "en")
    assert danish and danish != english
    assert not english_in(danish, english), (danish, english)


def test_every_action_id_is_described_in_danish() -> None:
    for action_id in range(NUM_ACTIONS):
        danish, english = describe_id(action_id, "da"), describe_id(action_id, "en")
        assert not english_in(danish, english), (action_id, danish, english)


def test_cards_suits_ranks_seats_and_games_have_danish_names() -> None:
    assert [s.describe("da") for s in Suit] == ["ruder", "hjerter", "spar", "klør"]
    assert [r.describe("da") for r in Rank] == [
        "syv", "otte", "ni", "dame", "konge", "ti", "es", "knægt",
    ]  # fmt: skip
    assert Card.parse("CJ").describe("da") == "klør knægt"
    assert [s.describe("da") for s in Seat] == ["forhånd", "mellemhånd", "baghånd"]
    assert [g.describe("da") for g in GameType][4:] == ["grand", "nolo"]
    assert Contract.parse("NOH").describe("da") == "nolo åben hånd"
    assert Contract.parse("CHZ").describe("da") == "klør hånd sort meldt"
    for card in CARDS:
        assert not english_in(card.describe("da"), card.describe("en"))


def test_the_list_names_games_in_danish() -> None:
    lost = Result(Contract.parse("CHS"), declarer=0, won=False, value=36, score=-288, kontra=2,
                  multiplier=4)  # fmt: skip
    assert list_game(lost, "da") == "klør hånd skrædder re"
    assert list_game(Result(None), "da") == "alle passer"
    ramsch = score_ramsch("schieberamsch", seat_points=(60, 40, 20), seat_tricks=(5, 3, 2))
    assert list_game(ramsch, "da") == "skubberamsch"


def test_the_printed_list_speaks_danish() -> None:
    rows = (
        Row(1, "Ann", "Bob", "G", "won", 72, "normal", (0, 72, 0)),
        Row(2, "Bob", "", "passed", "", 0, "bock", (0, 0, 0)),
    )
    page = ScoreList(title="Skat", rules="isko", players=NAMES, rows=rows).to_html("da")
    english = ScoreList(title="Skat", rules="isko", players=NAMES, rows=rows).to_html("en")
    text = re.sub(r"<[^>]+>|\{[^}]*\}", " ", page.split("<body>")[1])
    plain = re.sub(r"<[^>]+>|\{[^}]*\}", " ", english.split("<body>")[1])
    assert not english_in(text, plain), english_in(text, plain)
    assert "<th>Spilfører</th>" in page and "<td>vundet</td>" in page


def test_the_double_dummy_words_in_danish() -> None:
    assert mistake_words(2, "Bob", "♣10", "♣9", cost_words(1, False, "da"), "da") == (
        "stik 2: Bob ♣10, bedre ♣9 (kostede 1 point)"
    )
    assert cost_words(7, False, "da") == "7 points" and cost_words(1, True, "da") == "spillet"
    danish, english = value_words(120, "da"), value_words(120)
    assert not english_in(danish, english), danish


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_names_every_card_and_game(lang: str) -> None:
    for card in CARDS:
        assert card.describe(lang)
    for contract in Contract.all():
        assert contract.describe(lang) and list_game(Result(contract, 0), lang)


def test_an_unknown_language_speaks_english() -> None:
    hand = CardSet.parse("CJ SJ HA HT H7 S8 S9 D7 D8 D9 DT DA")
    won = score(Contract.parse("CH"), bid=18, cards=hand, points=75, tricks=6, defender_tricks=4)
    assert won.explain("xx") == won.explain("en")
    assert describe(CARDS[0], "xx") == describe(CARDS[0]) == "play the Seven of Diamonds"
    assert Seat(0).describe("xx") == "Forehand"


@pytest.mark.parametrize(
    "text", ["", "foo", "isko,foo=on", "isko,kontra", "isko,bock=on,bock=off", "isko,supra=on",
             "old,kontra=on", "isko,kontra=maybe", "isko,ramsch=x", "isko,pot=x", "isko,pot=-1"]
)  # fmt: skip
def test_a_rules_error_in_danish_has_no_english_word(text: str) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.parse(text)
    error = caught.value
    danish, english = error.describe("da"), error.describe("en")
    assert english == str(error) and danish != english
    typed = {w for v in error.params.values() for w in words(re.sub(r"[_=,]", " ", str(v)))}
    assert not english_in(danish, english) - typed - {"on", "off"}, (danish, english)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_rules_option_means_something_in_every_language(lang: str) -> None:
    for option in OPTIONS:
        assert option.describe(lang) != option.doc == option.describe("en"), option.name


def test_a_record_summary_in_danish_has_no_english_word() -> None:
    records = {r.id: r for r in read_iss(REAL) if not isinstance(r, RecordError)}
    for name in ("541932", "8"):
        rep = replay(records[name])
        danish, english = rep.summary("da"), rep.summary("en")
        assert not english_in(danish, english) - {"id", "foo", "ben"}, (danish, english)
    assert replay(records["8"]).summary("da") == (
        "ID 8: straf: baghånd (Ben) overskred tiden under reizningen"
    )


def test_payments_and_variants_have_danish_words() -> None:
    assert Payment("Ann", "Bob", Fraction(3, 2)).describe("da") == "Ann betaler Bob 1.50"
    assert str(Payment("Ann", "Bob", Fraction(3, 2))) == "Ann pays Bob 1.50"
    for name in variant_names():
        variant = find_variant(name)
        assert variant.title_in("en") == variant.title and variant.title_in("da")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_in_every_pack(lang: str) -> None:
    for pack in ("french", "german"):
        names = {card.describe(lang, pack) for card in CARDS}
        assert len(names) == 32, (lang, pack)
    assert Card.parse("HA").describe("da", "german") == "hjerter daus"
    assert Card.parse("SQ").describe("de", "german") == Card.parse("SQ").german_pack == "Grün-Ober"


AREA = (
    "core/",
    "records/replay.py",
    "series/",
    "variants/",
    "ai/dds.py",
    "env/action_ids.py",
    "tournament/render.py",
    "tournament/pdf.py",
)
"""The rules engine and its libraries: the files whose words this module checks."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_the_engine_says_is_translated(lang: str) -> None:
    babel = pytest.importorskip("babel.messages.extract")
    from .test_catalogs import PYTHON, ROOT, read

    have = {key for key, strings in read(lang).items() if all(strings)}
    said = {
        m
        for file, _line, message, _comments, _context in babel.extract_from_dir(
            str(ROOT / "src" / "skat"), [("**.py", "python")], keywords=PYTHON, comment_tags=()
        )
        if file.replace("\\", "/").startswith(AREA)
        for m in ([message] if isinstance(message, str) else message)
        if m
    }
    assert len(said) > 150 and not said - have, sorted(said - have)[:20]
