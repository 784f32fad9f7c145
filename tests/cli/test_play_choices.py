"""Every choice the terminal offers is reachable by its own key, in English and German, with
either pack: a menu letter is never read again as a word of another question (``n`` the Null
key is no "no", ``s`` the Schneider key no pick-up), and the end of the input is a quit that
asks once, never a silent loss.  In-process (fast); the pseudo-terminal runs are in
``test_play_declare_terminal.py``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from skat.cli.cardtext import CardStyle
from skat.cli.commands import Context, parse_command
from skat.cli.declaring import DeclarationDialog
from skat.cli.main import main
from skat.cli.menu import declaration_menu
from skat.cli.session import Options, Session
from skat.core import PICK_UP, Declare, GameState, Phase, Rules
from skat.core.actions import SHOW_SKAT
from skat.series import Series, load_series

from .test_play_session import Script

# seed 11, game 1: You are Rearhand; Bob passes, "18" wins the auction (Ann passes).
SEED_11 = ["--seed", "11", "--games", "1", "--no-analysis"]


def play_main(args: list[str], script: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``skat play ARGS`` in-process in the plain mode with ``script`` as its whole input."""
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(script.encode()), "utf-8"))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", "--plain", *args]) == 0
    return out.getvalue().splitlines()


@pytest.mark.parametrize(
    ("keys", "declared"),
    [
        ("n\n\n", "You play Null"),
        ("n\no\n", "You play Null Ouvert"),
        ("n\nno\n", "You play Null Ouvert"),  # the word of the flag as well
    ],
)
def test_null_and_null_ouvert_are_declared_after_picking_up_the_skat(
    keys: str, declared: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reproduction of issue 30: ``18 s 8 9 n Enter`` declared nothing ("n" was read as
    "no"/pass and "Rearhand must declare the game now" was asked again)."""
    script = "18\ns\n8 9\n" + keys.replace("no\n", "o\n") + "y\nquit\ny\n"
    lines = play_main(SEED_11, script, monkeypatch)
    assert declared in lines
    assert not any("must declare the game now" in line for line in lines)


def test_null_ouvert_typed_as_its_code_is_declared_not_read_as_no(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = play_main(SEED_11, "18\ns\n8 9\nNO\ny\nquit\ny\n", monkeypatch)
    assert "You play Null Ouvert" in lines


def test_a_flag_a_game_does_not_have_is_refused_by_the_menu_not_read_as_pick_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hand, Null, then "s" (Schneider, which Null has not): before, the "s" fell through to
    the pick-up and the Hand game was lost."""
    lines = play_main(SEED_11, "18\nh\nn\ns\nz\n\ny\nquit\ny\n", monkeypatch)
    assert "You pick up the skat" not in lines
    assert "'s'? Null: Enter = Hand 35 · o Ouvert 59 · b back" in lines
    assert "You play Null Hand" in lines


@pytest.mark.parametrize("line", ["p", "y", "ja", "passe", "nein", "j", "18", "CJ"])
def test_a_word_of_another_question_at_the_menu_says_what_the_menu_offers(
    line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = play_main(SEED_11, f"18\nh\n{line}\nquit\ny\n", monkeypatch)
    said = lines[lines.index("choose the game: g c s h d n · b back >") + 1]
    assert said.startswith(f"{line!r}? choose the game: g c s h d n") or said.startswith(
        f"{line} is no choice here"
    )


def _menus(lang: str, deck: str, rules: str = "isko") -> list[tuple[GameState, DeclarationDialog]]:
    """The dialog of the declarer of some deals, at the skat (Hand) and after picking up."""
    out = []
    for seed in range(12):
        g = GameState(seed=seed, rules=Rules.parse(rules))
        while g.phase == Phase.BIDDING:  # the lowest bid, then everyone passes
            legal = g.legal_actions()
            g.apply(legal[0] if g.bid == 0 and not g.history[1:] else "p")
        if g.phase != Phase.SKAT:
            continue
        out.append((g.copy(), DeclarationDialog(declaration_menu(g), lang, deck, g.bid)))
        g.apply("s")
        g.apply(g.legal_actions()[0])
        out.append((g, DeclarationDialog(declaration_menu(g), lang, deck, g.bid)))
    assert len(out) >= 10
    return out


@pytest.mark.parametrize(("lang", "deck"), [("en", "french"), ("de", "french"), ("de", "german")])
def test_every_declaration_of_the_menu_is_reached_by_its_keys(lang: str, deck: str) -> None:
    """Each game key and each announcement key yields that declaration's own action, whatever
    other parsers would make of the letters."""
    for state, dialog in _menus(lang, deck):
        legal = {a for a in state.legal_actions() if isinstance(a, Declare)}
        reached = set()
        for row in dialog.rows:
            for flag, entry in row.entries:
                dialog.step, dialog.row = "game", None
                got = dialog.read(row.key)
                if len(row.entries) > 1:
                    assert got == "", (row.key, got)
                    got = dialog.read(flag)
                assert got == entry.action, (row.key, flag, got)
                reached.add(got)
        assert reached == legal


def test_the_start_of_the_menu_offers_showing_the_skat_when_the_rules_allow_it() -> None:
    for lang in ("en", "de"):
        state, dialog = _menus(lang, "french", "isko,show_skat=on")[0]
        assert dialog.step == "start" and "(o)" in dialog.prompt()
        assert dialog.read("o") == SHOW_SKAT and dialog.read("s") == PICK_UP
        assert SHOW_SKAT in state.legal_actions()
    _plain_state, plain = _menus("en", "french")[0]
    assert "(o)" not in plain.prompt() and plain.read("o") is None  # no such key here


@pytest.mark.parametrize("phase", [Phase.DECLARE, Phase.SKAT])
def test_contract_codes_are_read_before_yes_and_no_when_declaring(phase: Phase) -> None:
    ctx = Context(phase, hand=[], menu=[], style=CardStyle())
    assert str(parse_command("NO", ctx).action) == "NO"
    assert str(parse_command("N", ctx).action) == "N"
    assert str(parse_command("NOH", ctx).action) == "NOH"
    if phase == Phase.SKAT:
        assert parse_command("s", ctx).action == PICK_UP  # the pick-up keeps its letter


def test_sure_says_what_it_expects_on_an_unknown_answer() -> None:
    _s, ui = _session(["quit", "quit", "n", "p", "quit", "y"])
    assert "» 'quit'? y (yes) or n (no)" in ui.out
    assert "You pass" in ui.out


class Tty(Script):
    """A Ui in an interactive terminal: ``None`` is a Ctrl-D, the reading goes on after it."""

    interactive = True

    def ask(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        if not self.answers:
            raise AssertionError(f"asked once more: {prompt!r}")
        return self.answers.pop(0)


def _session(
    answers: list[str | None], ui: Script | None = None, save: str | None = None, games: int = 1
) -> tuple[Session, Script]:
    ui = ui or Script([])
    ui.answers = list(answers)  # type: ignore[arg-type]
    series = Series(("You", "Ann", "Bob"), Rules.parse("isko"), seed=1, games=games)
    s = Session(
        series, ui, Options(level="heuristic", seed=1, review_analysis=False, save_path=save)
    )
    assert s.run() == 0
    return s, ui


def test_ctrl_d_in_a_terminal_asks_once_like_quit_and_no_plays_on() -> None:
    _s, ui = _session([None, "n", "p", None, "y"], Tty([]))
    quit_said = [x for x in ui.out if x.startswith("» You quit: ")]
    assert (
        quit_said
        == [
            "» You quit: the game in progress ends unfinished "
            "(the series is not saved: type save FILE to keep it).",
        ]
        * 2
    )
    assert "You pass" in ui.out and ui.out[-1] == "» bye"


def test_a_second_ctrl_d_at_the_question_confirms_the_quit() -> None:
    _, ui = _session([None, None], Tty([]))
    assert ui.prompts[-1] == "sure? (y/n)" and ui.out[-1] == "» bye"


def test_ctrl_d_at_a_declaration_question_asks_to_quit_then_asks_the_question_again() -> None:
    _s, ui = _session(["18", "20", "22", "23", "h", "g", "", None, "n", "y", "quit", "y"], Tty([]))
    declared = [x for x in ui.out if x.startswith("» You declare Grand Hand")]
    assert len(declared) == 2 and "You play Grand Hand" in ui.out


def test_the_end_of_piped_input_says_the_series_was_not_saved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = play_main(SEED_11, "18\n", monkeypatch)
    assert lines[-1] == (
        "the input ended: the series was not saved (skat play --save FILE keeps a series)"
    )


def test_the_end_of_piped_input_saves_the_series_where_the_player_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "friday.json"
    lines = play_main([*SEED_11, "--save", str(path)], "18\ns\n", monkeypatch)
    assert lines[-1] == f"the input ended: saved to {path}"
    current = load_series(path).current
    assert current is not None and [str(e.action) for e in current.history][-2:] == ["p", "s"]


def test_save_during_the_game_keeps_the_series_saved_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "later.json"
    _s, ui = _session(["p", f"save {path}", "quit", "y"])
    assert f"» saved to {path}" in ui.out
    assert "» You quit: the game in progress ends unfinished (saved to " + str(path) + ")." in (
        ui.out
    )
    assert load_series(path).current is not None


def test_quit_between_games_asks_once_when_the_series_is_not_saved() -> None:
    s, ui = _session(["p", "concede", "y", "q", "n", "q", "y"], games=2)
    asked = [x for x in ui.out if x.startswith("» You quit the series after game 1 of 2")]
    assert len(asked) == 2 and ui.out[-1] == "» bye"
    assert len(s.series.records) == 1


def test_quit_between_games_of_a_saved_series_ends_at_once(tmp_path: Path) -> None:
    path = str(tmp_path / "s.json")
    _s, ui = _session(["p", "concede", "y", "q"], save=path, games=2)
    assert not any(x.startswith("» You quit") for x in ui.out)
    assert ui.out[-1] == f"» saved to {path}"


def test_the_last_list_is_shown_when_the_input_ends_after_the_last_game() -> None:
    _s, ui = _session(["p", "concede", "y"])
    assert any(x.startswith("the series is over") for x in ui.out)


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ("pub", {"kontra", "rekontra", "supra", "resupra", "p"}),
        ("isko,spitze=on", {"spitze.1", "spitze.2", "p"}),
        ("isko,open_play=on", {"open"}),
        ("isko,ramsch=schieberamsch", {"s", "p", "GH"}),
    ],
)
def test_every_answer_the_terminal_names_is_read_back_as_itself(
    rules: str, expected: set[str]
) -> None:
    """The Kontra/Re/Supra answers, Spitze, laying open, the Schieberamsch push: the terminal
    names each by its key (``answer: p = no · rekontra = say Re``); that key, typed in either
    language and pack, is that answer and no other."""
    import random

    from skat.core import Card

    named: set[str] = set()
    for seed in range(60):
        g = GameState(seed=seed, rules=Rules.parse(rules))
        rnd = random.Random(seed)
        while not g.is_over:
            legal = g.legal_actions()
            if g.phase in (Phase.PLAY, Phase.ANSWER, Phase.PUSH):
                for a in legal:
                    if isinstance(a, Card):
                        continue
                    named.add(str(a))
                    for lang, deck in (("en", "french"), ("de", "french"), ("de", "german")):
                        ctx = Context(g.phase, hand=[], menu=[], style=CardStyle(lang, deck))
                        assert parse_command(str(a), ctx).action == a, (str(a), lang, deck)
            low = legal[:1] + legal[-1:] if g.phase == Phase.BIDDING else legal  # 18 or pass
            g.apply(rnd.choice(low))
    assert expected <= named  # the deals met these questions


def test_the_schieberamsch_question_names_grand_hand_and_it_is_declared() -> None:
    """Seed 5: everyone passes, You (Forehand) are asked first whether to take the skat."""
    ui = Script([])
    series = Series(("You", "Ann", "Bob"), Rules.parse("isko,ramsch=schieberamsch"), seed=5)
    session_ = Session(series, ui, Options(level="heuristic", seed=5, review_analysis=False))
    ui.answers = ["p", "GH", "y", "quit", "y"]
    session_.run()
    push = "take the skat (s), push it on (p) or play Grand Hand (GH)"
    assert ui.prompts[1] == push
    sure = [x for x in ui.out if x.startswith("» You declare Grand Hand")]
    assert sure == ["» You declare Grand Hand: worth ≈72 with your cards; it cannot be taken back."]
    assert "You play Grand Hand" in ui.out


def test_pushing_the_skat_on_is_told_as_a_push_not_a_pass() -> None:
    ui = Script([])
    series = Series(("You", "Ann", "Bob"), Rules.parse("isko,ramsch=schieberamsch"), seed=5)
    session_ = Session(series, ui, Options(level="heuristic", seed=5, review_analysis=False))
    ui.answers = ["p", "p", "quit", "y"]
    session_.run()
    assert ui.out[1:7] == [
        "Bob passes",
        "You pass",
        "Ann passes",  # the bidding, then the skat goes round: Forehand first
        "Ann pushes the skat on",
        "Bob pushes the skat on",
        "You push the skat on",
    ]


CLAIM = "48\ns\n8 9\ng\ny\nDA\n1\n1\n1\n1\nclaim\n"  # seed 11: Grand, a claim at trick 6


@pytest.mark.parametrize(
    ("rules", "means"),
    [
        (
            "isko",
            "You show your cards and claim every remaining trick: the rest is played out open; "
            "if the defenders take a trick, the claim fails and every trick from the claim on "
            "is theirs (ISkO 4.4).",
        ),
        (
            "iss",
            "You show your cards: the rest is played out open and counts as played (these "
            "rules: showing the cards changes nothing by itself).",
        ),
    ],
)
def test_the_claim_question_says_what_a_claim_means_under_the_rules(
    rules: str, means: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = play_main([*SEED_11, "--rules", rules], CLAIM + "maybe\nn\nclaim\ny\n\n\n", monkeypatch)
    assert lines.count(means) == 2  # asked once per claim typed
    assert "'maybe'? y (yes) or n (no)" in lines  # only yes or no answers it
    assert "You show the cards: the rest is claimed" in lines
    assert lines.index("You show the cards: the rest is claimed") > lines.index(
        "'maybe'? y (yes) or n (no)"
    )
    assert any(line.startswith("your cards shown for the claim: ") for line in lines)


def test_a_defender_is_told_what_his_claim_means() -> None:
    from skat.cli.session import claim_words
    from skat.cli.words import say

    g = GameState(seed=11)
    for a in ("p", "18", "p", "s", "S8.H9", "G"):
        g.apply(a)
    defender = next(s for s in range(3) if s != g.declarer)
    assert say("de", claim_words(g, defender)).startswith(
        "Du legst die Karten auf und beanspruchst alle übrigen Stiche für die Gegenspieler"
    )


def test_a_defender_giving_up_is_told_when_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Online rules (OSkO): a concession counts only when both defenders give up."""
    lines = play_main(
        ["--seed", "4", "--games", "1", "--rules", "online", "--no-analysis"],
        "p\nconcede\ny\n",
        monkeypatch,
    )
    assert (
        "You give up: the game goes on until your partner gives up too "
        "(these rules: both defenders must)"
    ) in lines


def test_a_record_played_again_in_german_names_you_in_german(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = Path(__file__).parent.parent / "data" / "play" / "declarer_at_18.jsonl"
    args = ["--replay", str(record), "--from", "4", "--lang", "de", "--no-analysis"]
    lines = play_main(args, "h\ng\n\nj\naufgeben\nj\n\n", monkeypatch)
    assert "Du reizt 18" in lines and "Du spielst Grand Hand" in lines
    assert any(line.startswith("Ergebnis: Du verlierst Grand Hand") for line in lines)
    assert not any("You " in line for line in lines)


def test_ctrl_c_stops_at_once_and_says_what_was_kept(tmp_path: Path) -> None:
    class Interrupt(Script):
        def ask(self, prompt: str) -> str | None:
            raise KeyboardInterrupt

    _, ui = _session([], Interrupt([]))
    assert ui.out[-1] == (
        "» interrupted: the series was not saved (skat play --save FILE keeps a series)"
    )
    path = str(tmp_path / "kept.json")
    _, ui = _session([], Interrupt([]), save=path)
    assert ui.out[-1] == f"» interrupted: saved to {path}"
    assert load_series(path).current is not None
