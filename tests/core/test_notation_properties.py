"""Hypothesis properties of the notations: everything written reads back, and junk fed to any
parser raises only that parser's ``ValueError`` subclass with a one-line message naming the bad
token -- never any other exception."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from skat.core import (
    BID_VALUES,
    CARDS,
    HOLD,
    PASS,
    PICK_UP,
    SHOW_CARDS,
    ActionParseError,
    Bid,
    Card,
    CardParseError,
    CardSet,
    Contract,
    ContractParseError,
    Deal,
    DealError,
    Declare,
    Discard,
    GameType,
    Resign,
    Rules,
    RulesError,
    parse_action,
)

cards = st.sampled_from(CARDS)
masks = st.integers(min_value=0, max_value=0xFFFFFFFF)
contracts = st.sampled_from(Contract.all())
packs = st.permutations(range(32))
rules = st.builds(
    Rules,
    claim=st.sampled_from(["isko", "iss"]),
    resign=st.sampled_from(["both", "one"]),
    lost_hand_single=st.booleans(),
    grand_ouvert_base=st.sampled_from([24, 36]),
)
actions = st.one_of(
    st.sampled_from([HOLD, PASS, PICK_UP, SHOW_CARDS]),
    st.sampled_from(BID_VALUES).map(Bid.of),
    cards,
    contracts.map(Declare.of),
    st.tuples(cards, cards).filter(lambda p: p[0] is not p[1]).map(lambda p: Discard.of(*p)),
    st.integers(min_value=0, max_value=2).map(Resign),
)

# ----------------------------------------------------------------------------- round trips


@given(cards, st.sampled_from(["name", "symbol", "german", "german_pack", "english"]))
def test_a_card_reads_back_from_each_of_its_notations(card: Card, form: str) -> None:
    text = getattr(card, form)
    assert Card.parse(text) is card
    assert Card.parse(text.lower()) is card
    assert Card.parse(f"  {text.upper()} ") is card


@given(masks, st.sampled_from([" ", ",", ".", ", ", "  "]))
def test_a_card_set_reads_back_from_its_text_and_symbols(mask: int, sep: str) -> None:
    s = CardSet(mask)
    assert CardSet.parse(str(s)) == s
    assert CardSet.parse(s.symbols()) == s
    assert CardSet.parse(sep.join(c.german for c in s)) == s
    assert len(s) == len(str(s).split()) and s.points == sum(c.points for c in s)


@given(contracts, st.randoms(use_true_random=False), st.booleans())
def test_a_contract_reads_back_with_its_modifiers_in_any_order_and_case(
    contract: Contract, rnd, lower: bool
) -> None:
    code = str(contract)
    assert Contract.parse(code) is contract
    modifiers = list(code[1:])
    rnd.shuffle(modifiers)
    text = code[0] + "".join(modifiers)
    assert Contract.parse(text.lower() if lower else text) is contract


@given(
    st.sampled_from(list(GameType)),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_every_contract_made_from_flags_reads_back_or_is_refused(
    game: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool
) -> None:
    try:
        c = Contract.make(game, hand=hand, schneider=schneider, schwarz=schwarz, ouvert=ouvert)
    except ContractParseError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert Contract.parse(str(c)) is c
    assert c.game_type is game and c.ouvert == ouvert
    if game != GameType.NULL:  # announcements imply Hand; Ouvert and Schwarz imply Schneider
        assert c.hand or not (schneider or schwarz or ouvert)
        assert c.schneider_announced == (schneider or schwarz or ouvert)


@given(packs)
def test_a_deal_reads_back_from_its_text_and_iss_form(pack: list[int]) -> None:
    deal = Deal.from_pack(pack)
    assert Deal.parse(str(deal)) == deal
    assert Deal.parse(deal.iss()) == deal
    assert Deal.parse(" ".join(c.symbol for h in (*deal.hands, deal.skat) for c in h)) == deal


@given(actions)
def test_an_action_reads_back_from_its_text(action) -> None:
    parsed = parse_action(str(action))
    assert parsed == action
    if not isinstance(action, Resign):
        assert parsed is action  # interned


@given(rules)
def test_rules_read_back_from_their_string(r: Rules) -> None:
    assert Rules.parse(str(r)) == r
    assert str(Rules.parse(str(r))) == str(r)


# ----------------------------------------------------------------------------- junk

_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")

# messages about a count or an empty input, which have no single bad token to name
_TOKENLESS = ("a deal is 32 cards", "empty rules string")


def _names_a_token(message: str, text: str) -> bool:
    haystack = text.lower()
    for quoted in _QUOTED.findall(message):
        fragment = ast.literal_eval(quoted)
        if fragment.strip().lower() in haystack:
            return True
    return any(number in text for number in re.findall(r"\d+", message))


def _check(parse: Callable[[str], object], error: type[ValueError], text: object) -> None:
    try:
        parse(text)  # type: ignore[arg-type]
    except error as exc:
        message = str(exc)
        assert message, "empty error message"
        assert len(message.splitlines()) == 1, message
        if isinstance(text, str) and not message.startswith(_TOKENLESS):
            assert _names_a_token(message, text), (message, text)


PARSERS: list[tuple[Callable[[str], object], type[ValueError]]] = [
    (Card.parse, CardParseError),
    (CardSet.parse, CardParseError),
    (Contract.parse, ContractParseError),
    (Deal.parse, DealError),
    (parse_action, ActionParseError),
    (Rules.parse, RulesError),
]

# text close to the notations, so the parsers get past their first check
NEAR = st.text(alphabet="CSHDGNOZJTAKQB987610♣♠♥♦-.,|= pyesrRE", max_size=12)
WORDS = st.lists(
    st.sampled_from(
        [
            *(c.name for c in CARDS[::3]),
            *(str(c) for c in Contract.all()[::2]),
            "isko",
            "iss",
            "old",
            "claim=iss",
            "resign=one",
            "lost_hand_single=on",
            "grand_ouvert_base=36",
            "grand_ouvert_base=25",
            "kontra=on",
            "x",
            "18",
            "19",
            "RE.1",
            "SC",
            "Kreuz-Bube",
            "♠10",
            "²",
            "١٨",
            "1" * 5000,
            "CJ",
            "CJ",
            "",
        ]
    ),
    max_size=34,
).flatmap(lambda ws: st.sampled_from([" ", ",", ".", "|", ", "]).map(lambda sep: sep.join(ws)))
JUNK = st.one_of(st.text(), NEAR, WORDS, st.binary().map(lambda b: b.decode("latin-1")))

junk_settings = settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])


@junk_settings
@given(JUNK)
@example("CS")
@example("NHS")
@example("²")
@example("1" * 5000)
@example("isko,grand_ouvert_base=20")
@example(" | ".join(["CJ"] * 32))
def test_junk_text_raises_only_the_parsers_own_error_naming_the_bad_token(text: str) -> None:
    for parse, error in PARSERS:
        _check(parse, error, text)


@junk_settings
@given(st.one_of(st.binary(), st.integers(), st.none(), st.lists(st.text(max_size=3))))
def test_junk_that_is_no_text_raises_only_the_parsers_own_error(junk: object) -> None:
    for parse, error in PARSERS:
        _check(parse, error, junk)
