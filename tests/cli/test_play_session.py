"""The game loop of `skat play` in-process, with a scripted player: the declaration menu,
the overbid warning, hints, claims, concessions, sorting and card input."""

from __future__ import annotations

from skat.ai.arena import make_agent
from skat.cli.board import Seating, calls, hand_line
from skat.cli.cardtext import CardStyle, guess_game, sorted_for
from skat.cli.commands import Context, InputError, parse_command
from skat.cli.menu import declaration_menu
from skat.cli.session import Options, Screen, Session, derived_seed
from skat.core import Card, CardSet, Deal, Declare, GameState, Phase, Rules
from skat.series import Series

# seed 1 (heuristic players): you are Rearhand and win the auction at 23
# holding ♠J ♦J ♥A ♥K ♥7 ♣Q ♠K ♠9 ♦10 ♦K; the skat is ♠7 ♥8
TO_DECLARE = ["18", "20", "22", "23", "s", "CQ SK"]


class Script:
    """A Ui answering from a list; ``None`` (the end of input) once the list is used up."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.out: list[str] = []
        self.screens: list[Screen] = []
        self.prompts: list[str] = []

    def event(self, text: str) -> None:
        self.out.append(text)

    def message(self, text: str) -> None:
        self.out.append(f"» {text}")

    def show(self, screen: Screen) -> None:
        self.screens.append(screen)

    def ask(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        return self.answers.pop(0) if self.answers else None

    def page(self, lines: list[str]) -> None:
        self.out.extend(lines)

    def busy(self, text: str) -> None:
        self.out.append(f"… {text}")


def session(
    answers: list[str], seed: int = 1, games: int = 1, rules: str = "isko"
) -> tuple[Session, Script]:
    ui = Script(answers)
    series = Series(("You", "Ann", "Bob"), Rules.parse(rules), seed=seed, games=games)
    s = Session(series, ui, Options(level="heuristic", seed=seed, review_analysis=False))
    s.run()
    return s, ui


def test_declaration_menu_lists_only_legal_contracts_with_their_values() -> None:
    deal = Deal.parse(
        "CJ SJ HA HT HK H8 H7 D9 D8 D7 CA CT CK CQ C9 SA ST SK SQ S9 "
        "HJ DJ C8 C7 S8 S7 HQ H9 DA DT  DK DQ"
    )
    g = GameState(deal)
    for call in ("p", "18", "y", "20", "y", "36", "y", "p"):
        g.apply(call)
    menu = declaration_menu(g)
    legal = g.legal_actions()
    assert [e.action for e in menu if not isinstance(e.action, Declare)] == [legal[0]]
    assert {e.action for e in menu} == set(legal)
    by_code = {str(e.action): e for e in menu}
    assert by_code["GH"].value == 96 and by_code["CH"].value == 48  # with 2, game 3, hand 4
    assert by_code["CH"].short == 0 and by_code["NOH"].value == 59
    assert "NH" not in by_code  # Null Hand is worth 35 < 36: the engine does not offer it
    assert by_code["DH"].value == 36 and by_code["DH"].short == 0  # 9 × 4 = 36 = the bid
    assert all(
        e.estimate
        for e in menu
        if isinstance(e.action, Declare) and e.value and e.action.contract.game_type != 5
    )


def test_an_overbid_declaration_asks_first_and_names_what_is_needed() -> None:
    _, ui = session([*TO_DECLARE, "H", "n", "H", "y"])
    assert (
        "» You declare Hearts: worth 20 with your cards (bid 23); it cannot be taken back. "
        "Below the bid 23: you must make Schneider." in ui.out
    )
    assert ui.prompts.count("sure? (y/n)") == 2
    assert ui.out.count("You play Hearts") == 1  # after the second "y" only


def test_the_menu_shows_the_values_and_marks_games_below_the_bid() -> None:
    _, ui = session([*TO_DECLARE])
    menu = [s for s in ui.screens if s.menu][-1].menu
    assert menu[1] == "  g   Grand     48" and menu[3] == "  s   Spades    22!"
    assert "! below the bid" in menu[-1]


def test_hint_is_what_the_chosen_level_would_play() -> None:
    s, ui = session(["hint"])
    line = next(x for x in ui.out if x.startswith("» hint: "))
    state = s.series.current or GameState(s.series.deal)
    agent = make_agent("heuristic", seed=derived_seed(1, "hint"))
    from skat.cli.board import action_text

    expected = action_text(agent.choose(state.view(2)), CardStyle(), "en")
    assert line == f"» hint: {expected}"


def test_claim_plays_out_the_rest_shows_it_and_a_failed_claim_gives_the_defenders_every_trick() -> (
    None
):
    s, ui = session([*TO_DECLARE, "H", "y", "claim", "y"])
    assert "You show the cards: the rest is claimed" in ui.out
    record = s.series.records[0]
    assert record.result.contract is not None and str(record.result.contract) == "H"
    assert not record.result.won and record.result.tricks == 0  # the first trick was lost
    at = next(i for i, x in enumerate(ui.out) if x.startswith("result: "))  # shown before it
    assert ui.out[at + 1].startswith("your cards shown for the claim: ♠J ♦J")
    first = ui.out[at + 2]  # the tricks follow, the first one lost by You
    assert first.startswith("trick 1: Ann ") and "  You " in first and not first.endswith("You")


def test_concede_ends_the_game_lost() -> None:
    s, ui = session([*TO_DECLARE, "G", "y", "concede", "y"])
    assert "You give up" in ui.out
    r = s.series.records[0].result
    assert r.resigned and not r.won and r.declarer == 2


def test_illegal_input_is_refused_with_the_reason_and_asked_again() -> None:
    _, ui = session(["17", "fish", "CJ", "p"])
    assert "» 17 is not a bid value (next: 18)" in ui.out
    assert "» not a bid, card or command: 'fish' (help lists them)" in ui.out
    assert any(x.startswith("» ") and "♣J" in x for x in ui.out)
    assert ui.prompts[:4] == ["bid 18 or more, or pass"] * 4


def test_the_end_of_input_quits_cleanly_saying_nothing_was_saved() -> None:
    s, ui = session([])
    assert s.series.records == []
    assert ui.out[-1] == (
        "» the input ended: the series was not saved (skat play --save FILE keeps a series)"
    )


def test_sort_changes_the_order_of_the_hand() -> None:
    _, ui = session(["sort N", "quit"])
    first, second = ui.screens[0], ui.screens[1]
    assert "(Hearts)" in first.hand_title and "(Null)" in second.hand_title
    assert first.cards != second.cards


def test_hand_sorted_for_the_game() -> None:
    hand = CardSet.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7")
    assert guess_game(hand) == "H"
    assert [str(c) for c in sorted_for(hand, "H")][:4] == ["CJ", "SJ", "HA", "HT"]
    assert [str(c) for c in sorted_for(hand, "N")][:2] == ["CJ", "SJ"]  # clubs, spades, ...
    assert [str(c) for c in sorted_for(hand, "D")][2:5] == ["D9", "D8", "D7"]


def test_card_input_in_every_notation() -> None:
    ctx = Context(
        Phase.PLAY,
        hand=[Card.parse("CJ"), Card.parse("ST")],
        menu=[],
        style=CardStyle(deck="german"),
    )
    for text in ("CJ", "♣J", "Kreuz-Bube", "Eichel-Unter", "Ei-U", "1"):
        assert parse_command(text, ctx).action == Card.parse("CJ")
    assert parse_command("2", ctx).action == Card.parse("ST")
    try:
        parse_command("3", ctx)
    except InputError as exc:
        assert str(exc) == "card number 3: your hand has cards 1 to 2"
    else:
        raise AssertionError("no error")


def test_legal_cards_are_marked_in_the_hand() -> None:
    g = GameState(seed=1)
    while g.phase != Phase.PLAY or not g.current_trick:
        g.apply(make_agent("heuristic", seed=0).choose(g.view(g.to_move)))
    view = g.view(g.to_move)
    cards = sorted_for(view.hand, view.contract.game_type.letter if view.contract else "G")
    numbers, names = hand_line(view, cards, CardStyle())
    legal = {a for a in view.legal_actions if isinstance(a, Card)}
    marks = numbers.split()
    assert len(marks) == len(legal) + (len(cards) - len(legal))  # "-" for each other card
    assert [m for m in marks if m != "-"] == [str(i) for i, c in enumerate(cards, 1) if c in legal]
    assert names.split() == [CardStyle().card(c) for c in cards]


def test_what_the_others_said_in_the_auction() -> None:
    g = GameState(seed=1)
    for call in ("18", "y", "20", "p"):
        g.apply(call)
    assert calls(g.view(2)) == {1: "20", 0: "pass"}
    assert calls(g.view(2), "de") == {1: "20", 0: "passe"}
    assert Seating(("a", "b", "c"), 2).human == 2


def test_open_cards_in_an_ouvert_game_are_shown_to_the_defenders() -> None:
    from skat.cli.board import table_lines

    deal = Deal.parse(
        "CJ SJ HA HT HK H8 H7 D9 D8 D7 CA CT CK CQ C9 SA ST SK SQ S9 "
        "HJ DJ C8 C7 S8 S7 HQ H9 DA DT  DK DQ"
    )
    g = GameState(deal)
    for action in ("p", "p", "18", "NOH"):
        g.apply(action)
    seating = Seating(("Ann", "You", "Bob"), human=1)
    lines = table_lines(g.view(1), seating, CardStyle(), "en")
    shown = next(line for line in lines if line.startswith("Ann (open): "))
    assert shown.split(": ")[1].split() == [
        CardStyle().card(c) for c in sorted_for(deal.hands[0], "N")
    ]
    assert "Ann: Null Ouvert Hand (bid 18)" in lines[1]


def test_spitze_is_offered_with_the_run_of_lowest_trumps() -> None:
    # after putting away CQ SK you hold HA HK H8 H7 and two jacks: Hearts with the 8 and 7
    s, ui = session([*TO_DECLARE, "H", "y", "spitze.2"], rules="isko,spitze=on")
    assert (
        "answer: spitze.1 = announce Spitze with 1 trump · "
        "spitze.2 = announce Spitze with 2 trumps · p = pass"
    ) in ui.prompts
    state = s.series.current
    assert state is not None and "spitze 2" in state.view(2).announcements


def test_kontra_and_re_under_rules_that_allow_them() -> None:
    # seed 4, pub rules: Bob plays Hearts; you say Kontra before your first card, he says Re
    s, ui = session(["p", "kontra", "p"], seed=4, rules="pub")
    assert "You say Kontra" in ui.out and "Bob says Re" in ui.out
    assert "answer: supra = say Supra · p = no" in ui.prompts
    assert "You say no" in ui.out
    state = s.series.current
    assert state is not None and state.view(2).kontra == 2


def test_kontra_is_refused_under_the_official_rules() -> None:
    _, ui = session(["p", "kontra"], seed=4)
    assert "» Kontra is not possible for Rearhand now" in ui.out


def test_forehand_alone_picks_up_the_skat_with_s_the_pick_up_says_18() -> None:
    # Middlehand and Rearhand passed: "s" picks up the skat at once (ISkO 3.2), in both languages
    from skat.core import Seat

    for lang, word in (("en", "pick up the skat (s"), ("de", "Skat aufnehmen (s")):
        series = Series(("You", "Ann", "Bob"), Rules.parse("isko"), seed=1, games=1)
        s = Session(series, Script([]), Options(level="heuristic", seed=1, lang=lang))
        s.seating = Seating(("You", "Ann", "Bob"), Seat.FOREHAND)
        state = GameState(seed=4)
        state.apply("p")
        state.apply("p")
        assert word in s._prompt(state)
        style = CardStyle(lang=lang)
        ctx = Context(Phase.BIDDING, hand=sorted(state.hand(0)), menu=[], style=style)
        action = parse_command("s", ctx).action
        assert action is not None
        s.apply(state, action, 0)  # the session applies what "s" stands for
        assert state.declarer == 0 and state.bid == 18 and state.phase == Phase.DISCARD
